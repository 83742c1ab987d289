"""Swiss pairing for tables of any size: each round, players of similar standing play together,
avoiding opponents they have already met."""

from collections.abc import Iterable, Mapping
from itertools import product

from . import _validation
from .schedule import seat_counts
from .seats import fairest_seat_order


def swiss_round(standing_order, history=(), seat_history=None, owners=None, *, table_size):
    """The tables of the next Swiss round, top table first, each a tuple of ``table_size``
    players in seat order.

    * ``standing_order``: the player ids (any hashable values), best first; a positive multiple
      of ``table_size`` of them (use ``with_byes`` or house bots first otherwise).
    * ``history``: the rounds played so far, as a schedule of these ids, or a mapping
      {(a, b): times a and b have met}, such as ``meeting_report(...)["pair_counts"]``. Players
      no longer in ``standing_order`` are ignored.
    * ``seat_history``: {player: (times in seat 0, 1, …)}, one count a seat, as ``seat_counts``
      returns. By
      default it is counted from ``history`` when that is a schedule, else nobody has sat
      anywhere yet.
    * ``owners``: {player: owner}; players of one owner (a person and their own bots) never sit
      at one table, where they would be two doors showing one owner two hands. Players missing
      from it, or whose owner is None (the house's built-in bots), have no owner.

    How: cut the standing into tables (the top ``table_size`` together, then the next, …), then make,
    one at a time, the best swap of two players at adjacent tables, until no swap helps. A swap is
    judged first on tablemates of one owner, then on the previous meetings among tablemates (fewer
    is better) and then on how far players sit from the table their standing gives them (the sum
    of squared distances, in tables), so players move only to keep owners apart or avoid repeats,
    and as little as they can. If tablemates of one owner remain when no adjacent swap helps, the
    best swap between any two tables that seats fewer of them is made, and the search goes on;
    there always is one while every owner has at most one player per table. If repeat meetings
    remain, the best swap that seats fewer of them between tables two apart is made, else three
    apart, and so on (the nearest that helps), and the search goes on: at larger tables, whose
    players met many others last round, neighbouring tables often share too many of them. Last, each table's
    seat order gives its players the seats they have held least. The same input always gives the
    same tables. Raises ValueError for a bad standing, history, seat history or owners, and
    OwnersTogether (a ValueError) when an owner has more players than there are tables.
    """
    players = _validation.distinct_players("standing_order", standing_order)
    size = _validation.table_size(table_size)
    if not players or len(players) % size:
        raise ValueError(
            f"standing_order must hold a positive multiple of {size} players, "
            f"got {len(players)}: add house bots or give byes first"
        )
    position = {player: index for index, player in enumerate(players)}
    met = _previous_meetings(history, position, size)
    seats_held = _seats_held(seat_history, history, size)
    owner_of = _validation.owners("owners", owners)
    _validation.owners_fit(owner_of, players, len(players) // size)
    # apart[i][j]: 1 if the players at standing positions i and j have one owner
    apart = [
        [int(i != j and a in owner_of and owner_of.get(b) == owner_of[a]) for j, b in enumerate(players)]
        for i, a in enumerate(players)
    ]
    tables = _tables_avoiding_repeats(len(players), met, apart, size)
    if _owner_clashes(tables, apart):
        raise _validation.OwnersTogether(
            "owners: no seating of this round keeps every owner's players at different tables"
        )
    return [fairest_seat_order([players[index] for index in table], seats_held) for table in tables]


def _previous_meetings(history, position, size):
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
        for round_ in _validation.schedule("history", history, size):
            for table in round_:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
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


def _seats_held(seat_history, history, size):
    """{player: seat counts}: ``seat_history`` checked, or counted from a schedule ``history``."""
    if seat_history is None:
        return {} if isinstance(history, Mapping) else seat_counts(history, table_size=size)
    if not isinstance(seat_history, Mapping):
        raise ValueError(f"seat_history must map each player to their {size} seat counts, got {seat_history!r}")
    for player, seats in seat_history.items():
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable) or len(seats := list(seats)) != size:
            raise ValueError(f"seat_history: {player!r} must have {size} seat counts, got {seats!r}")
        for count in seats:
            _validation.whole_number(f"seat_history: a seat count of {player!r}", count, 0)
    return {player: tuple(seats) for player, seats in seat_history.items()}


def _tables_avoiding_repeats(n_players, met, apart, size):
    """Tables of standing positions: the standing cut into tables of ``size``, then improved by the best swap
    between adjacent tables, one at a time, while one lowers (tablemates of one owner, repeat
    meetings, displacement). Among equally good swaps the first wins, trying players closest in
    the standing first, so that the lowest of one table trades with the highest of the next.

    When tablemates of one owner remain and no adjacent swap helps, the best swap between any
    two tables that lowers their number is made. One exists while each owner has at most one
    player per table: a player x sharing table t with an owner-mate can go to a table u without
    their owner, in exchange for a player of u who meets no more owner-mates at t than they
    leave at u (at tables of four: t keeps at most two other owners beside x's, and u's four
    players cannot all have more mates at t than at u). Should no swap lower them at another
    size, the tables are returned as they are and ``swiss_round`` refuses them."""
    tables = [list(range(start, start + size)) for start in range(0, n_players, size)]
    adjacent = [(upper, upper + 1) for upper in range(len(tables) - 1)]
    any_two = [(upper, lower) for upper in range(len(tables)) for lower in range(upper + 1, len(tables))]
    # Tables ``distance`` apart, nearest first: where no swap between neighbours avoids a
    # repeat meeting, one between tables further apart may, moving players as little as it can.
    further = [
        [(upper, upper + distance) for upper in range(len(tables) - distance)] for distance in range(2, len(tables))
    ]
    while True:
        swap = _best_swap(tables, adjacent, met, apart, size)
        if swap is None and _owner_clashes(tables, apart):
            swap = _best_swap(tables, any_two, met, apart, size, fewer_clashes=True)
        if swap is None and _repeats(tables, met):
            swap = next(
                (
                    found
                    for pairs in further
                    if (found := _best_swap(tables, pairs, met, apart, size, fewer_repeats=True))
                ),
                None,
            )
        if swap is None:
            return tables
        upper, lower, a, b = swap
        tables[upper][tables[upper].index(a)] = b
        tables[lower][tables[lower].index(b)] = a
        tables[upper].sort()
        tables[lower].sort()


def _best_swap(tables, pairs, met, apart, size, fewer_clashes=False, fewer_repeats=False):
    """(upper, lower, a, b): the swap between the tables of ``pairs`` that lowers (clashes,
    repeats, displacement) most, or None; with ``fewer_clashes`` only swaps that seat fewer
    tablemates of one owner count, with ``fewer_repeats`` only swaps that seat fewer repeat
    meetings (and no more tablemates of one owner)."""
    best_change, best_swap = (0, 0, 0), None
    for upper, lower in pairs:
        closest_first = sorted(product(tables[upper], tables[lower]), key=lambda ab: (abs(ab[1] - ab[0]), ab))
        for a, b in closest_first:
            change = _swap_change(tables, upper, lower, a, b, met, apart, size)
            if fewer_clashes and change[0] >= 0 or fewer_repeats and (change[0] > 0 or change[1] >= 0):
                continue
            if change < best_change:
                best_change, best_swap = change, (upper, lower, a, b)
    return best_swap


def _owner_clashes(tables, apart):
    return sum(apart[a][b] for table in tables for i, a in enumerate(table) for b in table[i + 1 :])


def _repeats(tables, met):
    return sum(met[a][b] for table in tables for i, a in enumerate(table) for b in table[i + 1 :])


def _swap_change(tables, upper, lower, a, b, met, apart, size):
    """(change in tablemates of one owner, in repeat meetings, in displacement) if a, at table
    ``upper``, and b, at table ``lower``, change places. A player's home table is their standing
    position // size."""
    stay_up = [x for x in tables[upper] if x != a]
    stay_down = [y for y in tables[lower] if y != b]

    def change(pairs):
        return sum(pairs[a][y] - pairs[b][y] for y in stay_down) + sum(pairs[b][x] - pairs[a][x] for x in stay_up)

    home_a, home_b = a // size, b // size
    displacement = (lower - home_a) ** 2 - (upper - home_a) ** 2 + (upper - home_b) ** 2 - (lower - home_b) ** 2
    return change(apart), change(met), displacement
