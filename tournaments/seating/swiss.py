"""Swiss pairing for 4-player tables: each round, players of similar standing play together,
avoiding opponents they have already met."""
from collections.abc import Iterable, Mapping
from itertools import product

from . import _validation
from ._validation import SEATS_PER_TABLE
from .schedule import seat_counts
from .seats import fairest_seat_order


def swiss_round(standing_order, history=(), seat_history=None):
    """The tables of the next Swiss round, top table first, each a tuple of 4 players in seat
    order.

    * ``standing_order``: the player ids (any hashable values), best first; a positive multiple
      of 4 of them (use ``with_byes`` or house bots first otherwise).
    * ``history``: the rounds played so far, as a schedule of these ids, or a mapping
      {(a, b): times a and b have met}, such as ``meeting_report(...)["pair_counts"]``. Players
      no longer in ``standing_order`` are ignored.
    * ``seat_history``: {player: (times in seat 0, 1, 2, 3)}, as ``seat_counts`` returns. By
      default it is counted from ``history`` when that is a schedule, else nobody has sat
      anywhere yet.

    How: cut the standing into fours (the top four together, then the next four, …), then make,
    one at a time, the best swap of two players at adjacent tables, until no swap helps. A swap is
    judged first on the previous meetings among tablemates (fewer is better) and then on how far
    players sit from the table their standing gives them (the sum of squared distances, in
    tables), so players move only to avoid repeats, and as little as they can. Last, each table's
    seat order gives its players the seats they have held least. The same input always gives the
    same tables. Raises ValueError for a bad standing, history or seat history.
    """
    players = _validation.distinct_players("standing_order", standing_order)
    if not players or len(players) % SEATS_PER_TABLE:
        raise ValueError(f"standing_order must hold a positive multiple of {SEATS_PER_TABLE} players, "
                         f"got {len(players)}: add house bots or give byes first")
    position = {player: index for index, player in enumerate(players)}
    met = _previous_meetings(history, position)
    seats_held = _seats_held(seat_history, history)
    tables = _tables_avoiding_repeats(len(players), met)
    return [fairest_seat_order([players[index] for index in table], seats_held) for table in tables]


def _previous_meetings(history, position):
    """met[i][j]: how often the players at standing positions i and j have met."""
    met = [[0] * len(position) for _ in position]

    def add(a, b, times):
        if a in position and b in position:
            met[position[a]][position[b]] += times
            met[position[b]][position[a]] += times

    if isinstance(history, Mapping):
        for pair, times in history.items():
            a, b = _pair("history", pair)
            add(a, b, _validation.whole_number(f"history: the meetings of {pair!r}", times, 0))
    else:
        for round_ in _validation.schedule("history", history):
            for table in round_:
                for i, a in enumerate(table):
                    for b in table[i + 1:]:
                        add(a, b, 1)
    return met


def _pair(name, pair):
    """(a, b) from a key of a meeting counter: two different players, in a tuple, frozenset, …"""
    if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable) or len(members := list(pair)) != 2:
        raise ValueError(f"{name}: a pair must be two players, got {pair!r}")
    a, b = members
    if _validation.hashable(name, a) == _validation.hashable(name, b):
        raise ValueError(f"{name}: a pair must be two different players, got {pair!r}")
    return a, b


def _seats_held(seat_history, history):
    """{player: seat counts}: ``seat_history`` checked, or counted from a schedule ``history``."""
    if seat_history is None:
        return {} if isinstance(history, Mapping) else seat_counts(history)
    if not isinstance(seat_history, Mapping):
        raise ValueError(f"seat_history must map each player to their 4 seat counts, got {seat_history!r}")
    for player, seats in seat_history.items():
        if (isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable)
                or len(seats := list(seats)) != SEATS_PER_TABLE):
            raise ValueError(f"seat_history: {player!r} must have {SEATS_PER_TABLE} seat counts, got {seats!r}")
        for count in seats:
            _validation.whole_number(f"seat_history: a seat count of {player!r}", count, 0)
    return {player: tuple(seats) for player, seats in seat_history.items()}


def _tables_avoiding_repeats(n_players, met):
    """Tables of standing positions: the standing cut into fours, then improved by the best swap
    between adjacent tables, one at a time, while one lowers (repeat meetings, displacement).
    Among equally good swaps the first wins, trying players closest in the standing first, so
    that the lowest of one table trades with the highest of the next."""
    tables = [list(range(start, start + SEATS_PER_TABLE)) for start in range(0, n_players, SEATS_PER_TABLE)]
    while True:
        best_change, best_swap = (0, 0), None
        for upper in range(len(tables) - 1):
            closest_first = sorted(product(tables[upper], tables[upper + 1]), key=lambda ab: (abs(ab[1] - ab[0]), ab))
            for a, b in closest_first:
                change = _swap_change(tables, upper, a, b, met)
                if change < best_change:
                    best_change, best_swap = change, (upper, a, b)
        if best_swap is None:
            return tables
        upper, a, b = best_swap
        tables[upper][tables[upper].index(a)] = b
        tables[upper + 1][tables[upper + 1].index(b)] = a
        tables[upper].sort()
        tables[upper + 1].sort()


def _swap_change(tables, upper, a, b, met):
    """(change in repeat meetings, change in displacement) if a, at table ``upper``, and b, at
    the table below, change places. A player's home table is their standing position // 4."""
    stay_up = [x for x in tables[upper] if x != a]
    stay_down = [y for y in tables[upper + 1] if y != b]
    repeats = (sum(met[a][y] - met[b][y] for y in stay_down) + sum(met[b][x] - met[a][x] for x in stay_up))
    home_a, home_b = a // SEATS_PER_TABLE, b // SEATS_PER_TABLE
    displacement = ((upper + 1 - home_a) ** 2 - (upper - home_a) ** 2
                    + (upper - home_b) ** 2 - (upper + 1 - home_b) ** 2)
    return repeats, displacement
