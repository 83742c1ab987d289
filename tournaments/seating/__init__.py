"""Seating and pairing for tables of any size: pure functions on player ids, no database and no
Django, standard library only. Every function that makes or reads tables takes ``table_size``,
the seats of a table, which the caller asks the ruleset for (``RULESETS[r].num_seats(options)``):
nothing here assumes a game.

A *schedule* is a list of rounds, a round a list of tables, a table a tuple of ``table_size``
player ids in seat order (seat 0 first; seats matter: they fix who deals, declares and leads
first).

* ``round_robin(n_players, n_rounds=None)``: everyone plays every round, meeting as many
  different opponents as possible (exactly once each for the counts in ``EXACT_ROUNDS`` at
  tables of four), seats balanced.
* ``swiss_round(standing_order, history=(), seat_history=None, owners=None)``: the next round's
  tables by standing, never two players of one owner at a table, avoiding repeat meetings, seats
  balanced.
* ``with_byes(players, round_no, bye_history, owners=None)`` and ``house_bots_needed(n_entrants)``:
  for entry counts that do not fill whole tables.
* ``duplicate_schedule(n_players, n_boards, tables_per_board=None)`` and
  ``comparison_groups(schedule)``: the same boards at several tables, and who is compared with
  whom on each.
* ``meeting_report(schedule)`` and ``seat_counts(schedule)``: how even a schedule is.

Every bad input raises ValueError with a message that says what was wrong; OwnersTogether, a
ValueError, when an owner has more players than a round has tables.
"""

from ._validation import OwnersTogether
from .byes import house_bots_needed, with_byes
from .designs import EXACT_ROUNDS
from .duplicate import BoardTable, comparison_groups, duplicate_schedule
from .round_robin import full_round_robin_rounds, round_robin
from .schedule import Round, Schedule, Table, meeting_report, seat_counts
from .swiss import swiss_round

__all__ = [
    "EXACT_ROUNDS",
    "BoardTable",
    "OwnersTogether",
    "Round",
    "Schedule",
    "Table",
    "comparison_groups",
    "duplicate_schedule",
    "full_round_robin_rounds",
    "house_bots_needed",
    "meeting_report",
    "round_robin",
    "seat_counts",
    "swiss_round",
    "with_byes",
]
