"""Round robins for 4-player tables: everyone plays every round, meeting as many different
opponents as possible, in each seat about equally often."""
from functools import lru_cache

from . import _validation
from ._spread import even_meetings
from .designs import EXACT_ROUNDS, exact_round_robin
from .seats import balance_seats


def round_robin(n_players, n_rounds=None):
    """A schedule for players 0..n_players−1: ``n_rounds`` rounds of n_players/4 tables, each
    table a tuple of 4 players in seat order.

    * Exact when ``n_players`` is in ``EXACT_ROUNDS`` (4, 16, 28, 40, 76, 88, 112, 124): the
      first ``n_rounds`` rounds of a design in which every pair meets exactly once over
      ``EXACT_ROUNDS[n_players]`` rounds (fewer rounds: no pair meets twice; more rounds: the
      design starts again, so pairs meet k or k + 1 times, the best possible).
    * Otherwise heuristic: a seeded local search spreads the meetings as evenly as it can, the
      most meetings of any pair first, then the number of repeated pairs (``meeting_report`` says
      what it got).

    In both, seats are then reordered so that each player holds each seat equally often, give or
    take one (``seat_counts``). The same arguments always give the same schedule.

    ``n_rounds`` defaults to the rounds in which everyone meets everyone once: the exact design's
    length, else ⌈(n_players − 1) / 3⌉. Raises ValueError unless ``n_players`` is a positive
    multiple of 4 and ``n_rounds`` a whole number of at least 1.
    """
    _validation.player_count(n_players)
    if n_rounds is None:
        n_rounds = full_round_robin_rounds(n_players)
    _validation.whole_number("n_rounds", n_rounds, 1)
    return [list(round_) for round_ in _seated_schedule(n_players, n_rounds)]


def full_round_robin_rounds(n_players):
    """The rounds ``round_robin`` plays by default: enough for everyone to meet everyone (each
    round a player meets 3 others)."""
    _validation.player_count(n_players)
    return EXACT_ROUNDS.get(n_players, -(-(n_players - 1) // 3))


@lru_cache(maxsize=64)
def _seated_schedule(n_players, n_rounds):
    """Cached, as tuples, because the heuristic search takes a fraction of a second and callers
    ask for the same schedule again and again (each round started, each page showing the draw)."""
    design = exact_round_robin(n_players)
    if design:
        rounds = [design[round_no % len(design)] for round_no in range(n_rounds)]
    else:
        rounds = even_meetings(n_players, n_rounds, seed=f"round robin of {n_players} players in {n_rounds} rounds")
    return tuple(tuple(round_) for round_ in balance_seats(rounds))
