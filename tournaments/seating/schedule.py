"""The schedule format every seating function speaks, and the reports on a schedule.

A *table* is a tuple of player ids in seat order: seat 0 first. Every table of a schedule seats
the same number (the ruleset's table size, ``table_size``). Seats matter (who deals and declares
first, who leads), so the same players in another order is another table. A *round* is a list
of tables, a *schedule* a list of rounds. Player ids are any hashable values; the round robin
numbers its players 0..n-1.
"""

from collections import Counter
from itertools import combinations

from . import _validation

Table = tuple
Round = list[Table]
Schedule = list[Round]


def meeting_report(schedule, *, table_size):
    """How often each pair of players shares a table in ``schedule`` (tables of ``table_size``).

    Returns a dict:

    * ``pair_counts``: {(a, b): meetings} for every pair that meets at least once;
    * ``max_meetings``: the most times any pair meets (0 for an empty schedule);
    * ``repeated_pairs``: [((a, b), meetings)] for the pairs that meet more than once, most
      meetings first;
    * ``never_met``: [(a, b)] for the pairs of players in the schedule that never meet.

    Within a pair, and in the lists, players come in sorted order when the ids can be sorted,
    else in order of first appearance in the schedule.
    """
    rounds = _validation.schedule("schedule", schedule, table_size)
    players = player_order(rounds)
    counts = pair_meetings(rounds, players)
    return {
        "pair_counts": counts,
        "max_meetings": max(counts.values(), default=0),
        "repeated_pairs": sorted(((pair, n) for pair, n in counts.items() if n > 1), key=lambda item: -item[1]),
        "never_met": [pair for pair in combinations(players, 2) if pair not in counts],
    }


def seat_counts(schedule, *, table_size):
    """{player: (times in seat 0, seat 1, …, one count a seat of ``table_size``)} over
    ``schedule``, players ordered as in ``meeting_report``."""
    rounds = _validation.schedule("schedule", schedule, table_size)
    counts = {player: [0] * table_size for player in player_order(rounds)}
    for round_ in rounds:
        for table in round_:
            for seat, player in enumerate(table):
                counts[player][seat] += 1
    return {player: tuple(seats) for player, seats in counts.items()}


def player_order(rounds):
    """Everyone seated in ``rounds``: sorted if the ids can be compared, else by first appearance,
    so that reports on the same schedule always list players the same way."""
    players = list(dict.fromkeys(player for round_ in rounds for table in round_ for player in table))
    try:
        return sorted(players)
    except TypeError:
        return players


def pair_meetings(rounds, players):
    """Counter {(a, b): meetings} with a before b in ``players``, pairs in that order too."""
    position = {player: index for index, player in enumerate(players)}
    counts = Counter()
    for round_ in rounds:
        for table in round_:
            counts.update(combinations(sorted(table, key=position.__getitem__), 2))
    return dict(sorted(counts.items(), key=lambda item: (position[item[0][0]], position[item[0][1]])))
