"""The bots' ladder (issue 18): a continuous rated arena per ruleset for outside bots.

Pure parts (no Django; importing the package loads none of it): ``fold`` (the events and what
they add up to), ``seating`` (who sits at which table), ``chart`` (a rating history's SVG
geometry). On the database: ``service`` (the events appended, the read models kept in step),
``tasks`` (the beat's tick, each finished match rated), ``checks`` (the settings read at start).
Over the service: ``api``, ``views`` and their ``urls``.
"""
