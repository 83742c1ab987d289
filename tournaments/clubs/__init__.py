"""Clubs (issue 34, docs/clubs.md): a club's members and organisers, its invitation links, its
events and seasons, and its ratings.

Pure parts (no Django; importing them loads none of it): ``season`` (a season's standings, folded
from its events' standings) and ``ratings`` (OpenSkill over the club's rated matches). On the
database: ``service`` (every change, ``check_*`` then ``do_*``), ``read`` (what the pages and the
API show: each event's standings through tournaments.projection, the ratings rebuilt from the
events' streams). Over them: ``api``, ``views``, ``forms`` and their ``urls``. The rows are
tournaments.models_clubs'.
"""
