"""The bots' ladder's seating (issue 18), a pure function: free active bots in rating order,
neighbours at a table, one owner per table (docs/architecture.md §3.5), a short group completed
with anchors nearest in rating (``seat_tables``).

No Django here (importing this module loads none of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from tournaments.ratings import NEWCOMER


@dataclass(frozen=True)
class Candidate:
    """A ladder bot as the seating sees it: ``active`` (its entry is active and the bot is
    enabled) and ``free`` (it sits at no live ladder match); only bots that are both are seated."""

    bot: int
    owner: int
    ordinal: float = NEWCOMER.ordinal
    games: int = 0
    active: bool = True
    free: bool = True


@dataclass(frozen=True)
class Anchor:
    """A house bot that completes short tables (built-in: exempt from the one-owner rule, and
    free to sit at several tables at once; at most once per table, so its key is one seat)."""

    bot: int
    ordinal: float = NEWCOMER.ordinal


@dataclass(frozen=True)
class Table:
    bots: tuple[int, ...]  # ladder bots, best rated first
    anchors: tuple[int, ...]  # house bots completing it

    @property
    def seats(self) -> tuple[int, ...]:
        return self.bots + self.anchors


def seat_tables(
    candidates: Iterable[Candidate], anchors: Iterable[Anchor], table_size: int, max_tables: int
) -> list[Table]:
    """The tables to seat now, at most ``max_tables`` of ``table_size`` seats each.

    - Only active, free candidates are seated, each at most once. A bot listed twice, among
      the candidates or the anchors or in both, is a ValueError: the caller lists each once.
    - They are taken in rating order (ordinal, best first; newcomers at OpenSkill's default), and
      each table takes the best bot not yet seated and then its next neighbours down the list
      whose owner is not at the table yet: close ratings make informative games, and one
      owner never holds two seats of a table (docs/architecture.md §3.5).
    - A group that cannot be filled by ladder bots (the pool ran out, or only bots of owners
      already at it are left) is completed with anchors nearest in ordinal to the group's mean,
      each anchor at most once per table; a group needing more anchors than there are waits.
      Every table therefore seats at least one ladder bot.
    - When more tables could be seated than ``max_tables``, those whose bots have played the
      fewest ladder games (on average) go first, so that a long ladder's lower tables get their
      turn too; among equals, the better rated.
    The seat order within a table is the caller's to draw (the service shuffles it)."""
    if table_size < 2:
        raise ValueError(f"a table has at least two seats, not {table_size}")
    candidates, house = list(candidates), list(anchors)
    listed = [c.bot for c in candidates] + [a.bot for a in house]
    if len(set(listed)) != len(listed):
        raise ValueError(f"a bot is listed twice: {sorted(b for b in set(listed) if listed.count(b) > 1)}")
    pool = sorted((c for c in candidates if c.active and c.free), key=lambda c: (-c.ordinal, c.bot))
    groups: list[list[Candidate]] = []
    while pool:
        group = [pool.pop(0)]
        owners = {group[0].owner}
        index = 0
        while len(group) < table_size and index < len(pool):
            if pool[index].owner in owners:
                index += 1
                continue
            owners.add(pool[index].owner)
            group.append(pool.pop(index))
        groups.append(group)
    tables: list[tuple[float, int, Table]] = []
    for order, group in enumerate(groups):
        need = table_size - len(group)
        if need > len(house):
            continue
        centre = sum(c.ordinal for c in group) / len(group)
        chosen = sorted(house, key=lambda a: (abs(a.ordinal - centre), a.bot))[:need]
        mean_games = sum(c.games for c in group) / len(group)
        tables.append((mean_games, order, Table(tuple(c.bot for c in group), tuple(a.bot for a in chosen))))
    if len(tables) > max(max_tables, 0):
        tables = sorted(tables, key=lambda t: (t[0], t[1]))[: max(max_tables, 0)]
        tables.sort(key=lambda t: t[1])
    return [table for _, _, table in tables]
