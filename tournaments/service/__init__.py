"""The organiser's actions on a tournament: each validated, then appended to its stream.

As in games.service, ``check_*`` validates and raises ServiceError; ``do_*`` changes the
database in one transaction with the event that records the change. One module per subject,
each importing only those listed above it (docs/architecture.md §2.2):

- ``stream``: what every action stands on: the tournament's row locked, who may act on it,
  its stream appended to, and the seating it records read back.
- ``creation``: a tournament and its settings (ruleset, format, tie-breaks, clocks).
- ``entries``: registration, invitations and their answers, check-in, withdrawal (leaving
  one of the tournament's matches included).
- ``results``: a finished match's result recorded (once no table still plays its cards),
  a round closed, the event ended.
- ``rounds``: a round drawn and its matches created, and the autopilot that closes the
  finished round and starts the next.
- ``tables_with_cards``: the tables that play with real cards (score tables), their table
  codes, and the organiser's settling of their entries. Below ``rounds``, which makes them.
- ``rulings``: an arbiter's rulings on a match: adjusted scores, annulments, a deal
  replayed, penalties, a person's taken seat given back.
- ``director_calls``: a player's call to the director on a deal, and the organiser's answer
  (words, or a ruling through ``rulings``).
"""
