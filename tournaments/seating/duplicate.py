"""Duplicate: the same deals (a "board") are played at several tables, so that a player's result
on a board can be compared with everyone else who held the same seat, and so the same cards, on
that board. The comparison itself (the scoring) is done elsewhere."""

from collections.abc import Iterable
from typing import NamedTuple

from . import _validation
from .round_robin import round_robin


class BoardTable(NamedTuple):
    """One table in a round of a duplicate event: the board it plays and its players in seat
    order."""

    board: int
    table: tuple


def duplicate_schedule(n_players, n_boards, tables_per_board=None, *, table_size):
    """Rounds of ``BoardTable(board, table)`` for players 0..n_players−1 and boards
    0..n_boards−1.

    The structure: each round the n_players/table_size tables form groups of ``tables_per_board``
    consecutive tables (by default one group of all the tables), and each group plays its own
    board, the boards in number order. A round thus plays (tables / tables_per_board) boards, and
    the event lasts n_boards / that many rounds. Each board is played in one round only, at the
    tables of one group, so:

    * nobody plays a board twice;
    * each seat of a board is held by exactly ``tables_per_board`` players, one per table: the
      seat's comparison group (see ``comparison_groups``); a player is compared with the players
      in the same seat at the other tables of their group.

    The players are seated by ``round_robin(n_players, rounds)``, so the company varies as much
    as possible and everyone holds each seat about equally often: everyone is compared in every
    seat, in varied company.

    For example 12 entrants, 4 boards: 3 tables and 4 rounds; in round r all 3 tables play board
    r, and the group of (board r, seat s) is the 3 players in seat s in round r.

    Raises ValueError unless n_players is a positive multiple of table_size, tables_per_board divides the
    number of tables, and n_boards is a positive multiple of the boards a round plays (so that
    every table plays in every round).
    """
    _validation.player_count(n_players, table_size)
    n_tables = n_players // table_size
    if tables_per_board is None:
        tables_per_board = n_tables
    _validation.whole_number("tables_per_board", tables_per_board, 1)
    if n_tables % tables_per_board:
        divisors = [d for d in range(1, n_tables + 1) if n_tables % d == 0]
        raise ValueError(
            f"tables_per_board must divide the {n_tables} tables evenly, got {tables_per_board}; "
            f"choose one of {divisors}"
        )
    boards_per_round = n_tables // tables_per_board
    _validation.whole_number("n_boards", n_boards, 1)
    if n_boards % boards_per_round:
        raise ValueError(
            f"n_boards must be a multiple of the {boards_per_round} boards played each round "
            f"({n_tables} tables, {tables_per_board} per board), got {n_boards}"
        )

    schedule = []
    for round_no, round_ in enumerate(round_robin(n_players, n_boards // boards_per_round, table_size=table_size)):
        first_board = round_no * boards_per_round
        schedule.append(
            [BoardTable(first_board + index // tables_per_board, table) for index, table in enumerate(round_)]
        )
    return schedule


def comparison_groups(schedule, *, table_size):
    """{(board, seat): [players who held that seat on that board]}, for a schedule of rounds of
    (board, table) pairs such as ``duplicate_schedule`` returns. Groups are in board then seat
    order (boards in order of first play when they cannot be sorted), players in order of play.

    Raises ValueError if the schedule is malformed or someone plays a board twice, since their
    two results on it could not both be compared fairly.
    """
    if isinstance(schedule, (str, bytes)) or not isinstance(schedule, Iterable):
        raise ValueError(f"schedule must be a list of rounds, got {schedule!r}")
    groups, played = {}, set()
    for round_no, round_ in enumerate(schedule):
        boards, tables = _boards_and_tables(round_no, round_)
        _validation.schedule("schedule", [tables], table_size)
        for board, table in zip(boards, tables):
            for seat, player in enumerate(table):
                if (board, player) in played:
                    raise ValueError(f"schedule: player {player!r} plays board {board!r} twice")
                played.add((board, player))
                groups.setdefault((board, seat), []).append(player)
    try:
        return dict(sorted(groups.items()))
    except TypeError:
        return groups


def _boards_and_tables(round_no, round_):
    if isinstance(round_, (str, bytes)) or not isinstance(round_, Iterable):
        raise ValueError(f"schedule: round {round_no} must be a list of (board, table) pairs, got {round_!r}")
    boards, tables = [], []
    for entry in round_:
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Iterable) or len(entry := tuple(entry)) != 2:
            raise ValueError(f"schedule: round {round_no} has an entry that is not a (board, table) pair: {entry!r}")
        boards.append(_validation.hashable("schedule: a board", entry[0]))
        tables.append(entry[1])
    return boards, tables
