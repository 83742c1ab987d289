"""Round robins: everyone plays every round, meeting as many different
opponents as possible, in each seat about equally often."""

from functools import lru_cache

from . import _validation
from ._spread import even_meetings
from .designs import DESIGN_TABLE_SIZE, EXACT_ROUNDS, exact_round_robin
from .seats import balance_seats


def round_robin(n_players, n_rounds=None, *, table_size):
    """A schedule for players 0..n_players−1: ``n_rounds`` rounds of n_players/table_size
    tables, each table a tuple of ``table_size`` players in seat order.

    * Exact for a single table, and at tables of four when ``n_players`` is in ``EXACT_ROUNDS``
      (4, 16, 28, 40, 76, 88, 112, 124): the
      first ``n_rounds`` rounds of a design in which every pair meets exactly once over
      ``EXACT_ROUNDS[n_players]`` rounds (fewer rounds: no pair meets twice; more rounds: the
      design starts again, so pairs meet k or k + 1 times, the best possible).
    * Otherwise heuristic: a seeded local search spreads the meetings as evenly as it can, the
      most meetings of any pair first, then the number of repeated pairs (``meeting_report`` says
      what it got).

    In both, seats are then reordered so that each player holds each seat equally often, give or
    take one (``seat_counts``). The same arguments always give the same schedule.

    ``n_rounds`` defaults to the rounds in which everyone meets everyone once: the exact design's
    length, else ⌈(n_players − 1) / (table_size − 1)⌉. Raises ValueError unless ``n_players`` is
    a positive multiple of ``table_size`` and ``n_rounds`` a whole number of at least 1.
    """
    _validation.player_count(n_players, table_size)
    if n_rounds is None:
        n_rounds = full_round_robin_rounds(n_players, table_size=table_size)
    _validation.whole_number("n_rounds", n_rounds, 1)
    return [list(round_) for round_ in _seated_schedule(n_players, n_rounds, table_size)]


def full_round_robin_rounds(n_players, *, table_size):
    """The rounds ``round_robin`` plays by default: enough for everyone to meet everyone (each
    round a player meets table_size − 1 others)."""
    _validation.player_count(n_players, table_size)
    if n_players == table_size:
        return 1
    exact = EXACT_ROUNDS.get(n_players) if table_size == DESIGN_TABLE_SIZE else None
    return exact or -(-(n_players - 1) // (table_size - 1))


@lru_cache(maxsize=64)
def _seated_schedule(n_players, n_rounds, table_size):
    """Cached, as tuples, because the heuristic search takes a fraction of a second and callers
    ask for the same schedule again and again (each round started, each page showing the draw)."""
    design = exact_round_robin(n_players, table_size)
    if design:
        rounds = [design[round_no % len(design)] for round_no in range(n_rounds)]
    else:
        # The seed names the table size only where it is not four, so that the schedules drawn
        # at tables of four stay the ones drawn before the size was a parameter.
        sized = "" if table_size == DESIGN_TABLE_SIZE else f" at tables of {table_size}"
        rounds = even_meetings(
            n_players, n_rounds, f"round robin of {n_players} players in {n_rounds} rounds{sized}", table_size
        )
    return tuple(tuple(round_) for round_ in balance_seats(rounds))
