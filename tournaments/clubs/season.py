"""A club season's standings: a pure fold over its events' own standings (no Django).

A season is a series of a club's events (tournaments) with one standing. Its input is each
event's standings as that event's stream folds them (``tournaments.standings.Standings``) and
who each entrant is: an account, a person's ``user:<id>`` or a bot's ``bot:<id>``, the same
key in every event, so that someone who plays three club nights has one row. Its output is
one row per account, best first.

- **Points.** An account's points in an event are its points there, what that event's
  standings rank by first: table points, or matchpoints in a duplicate event
  (``standings.event_points``). Every event of a season scores alike (the same game, the same
  table points rule, duplicate or not; the service refuses a mismatch, and ``rows`` raises
  ValueError on one), so the numbers add up.
- **Scoring.** ``"sum"``: the season's total is the sum of the account's points over the events
  it played. ``"best"``: only its ``best_n`` best events count (the highest points; the lowest
  where fewer points rank higher, a game whose lowest score wins counted by game score). With
  N or fewer events played, every one counts: the best N of M is the sum when N >= M.
- **Ties.** Totals tie-broken by the season's tie-breaks, named and computed as an event's
  (``standings.TIE_BREAKS``) and ordered by the standings' own function
  (``standings.ordered_blocks``): game score, wins and opponents' points summed over every
  event the account played (each opponent counted with its season total), head to head over
  every meeting of the tied accounts in the season. Accounts still tied share a rank
  ("1, 2, 2, 4"), listed by name.
- **Who.** An account that took part in an event (a counted match or a bye) played it; one
  registered that never sat at a table did not. House bots that fill tables (unranked
  entrants) get no row, but they were opponents: each counts as a player of its own for its
  event (``house:<event>:<entrant>``), so opponents' points and head to head read every seat.
  A withdrawn entrant keeps the points it made.

Only the events given count: the caller passes the finished ones (their standings final).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from tournaments import standings as folds

SCORINGS = ("sum", "best")
TIE_BREAKS = folds.TIE_BREAKS


@dataclass(frozen=True)
class Settings:
    """How a season adds up its events: ``scoring`` "sum" or "best" (with ``best_n``), and the
    tie-breaks after the points, in order."""

    scoring: str = "sum"
    best_n: int | None = None
    tie_breaks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise ValueError(f"scoring is one of {SCORINGS}, not {self.scoring!r}")
        if self.scoring == "best" and not (isinstance(self.best_n, int) and self.best_n >= 1):
            raise ValueError(f"best N needs a whole number N of at least 1, not {self.best_n!r}")
        if any(name not in TIE_BREAKS for name in self.tie_breaks) or len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise ValueError(f"tie_breaks are distinct names of {TIE_BREAKS}, not {list(self.tie_breaks)}")


@dataclass(frozen=True)
class Event:
    """One event of the season: its id and name, its folded standings, and the account of each
    ranked entrant (entrant id -> ``user:<id>`` or ``bot:<id>``)."""

    id: int
    name: str
    standings: folds.Standings
    accounts: Mapping[int, str]


@dataclass(frozen=True)
class Row:
    """One line of a season's standings. ``points`` has one entry per event of the season, in
    its order: the account's points there, or None where it did not play; ``counted`` says which
    of them make the total (all it played, under "sum")."""

    rank: int
    account: str
    name: str
    kind: str
    total: float
    events_played: int
    points: tuple[float | None, ...]
    counted: tuple[bool, ...]
    tie_breaks: tuple[tuple[str, float], ...]

    @property
    def events_counted(self) -> int:
        return sum(self.counted)

    @property
    def cells(self) -> tuple[tuple[float | None, bool], ...]:
        """Each event's (points, counted), in the season's order: a table row's cells."""
        return tuple(zip(self.points, self.counted))


def best_of(points: Sequence[float], n: int | None, lowest_first: bool = False) -> list[int]:
    """The indices of the ``n`` best of ``points`` (all of them when ``n`` is None or at least
    their number), best first; the earlier of two equal points first."""
    order = sorted(range(len(points)), key=lambda i: (points[i] if lowest_first else -points[i], i))
    return order if n is None else order[:n]


def rows(settings: Settings, events: Sequence[Event]) -> list[Row]:
    """The season's standings over ``events``, in the season's order: one row per account that
    played any of them, best first."""
    configs = [event.standings.config for event in events if event.standings.config is not None]
    if not configs:
        return []
    config = _season_config(settings, configs)
    lowest_first = folds.points_lowest_first(config)
    keys: dict[str, int] = {}  # account -> the id the ordering reads (assigned below, by name)
    played: dict[str, dict[int, float]] = {}  # account -> {event index: points}
    names: dict[str, str] = {}
    kinds: dict[str, str] = {}
    sums: dict[str, list[float]] = {}  # account -> [matches, byes, game score, wins]
    results: list[tuple[folds.MatchResult, dict[int, str]]] = []
    for index, event in enumerate(events):
        standings = event.standings
        if standings.config is None:
            continue
        who = _who(event)
        totals = folds.entrant_totals(standings)
        points = folds.event_points(standings)
        for entrant_id, account in who.items():
            entrant_totals = totals[entrant_id]
            if entrant_totals.matches + entrant_totals.byes == 0:
                continue  # registered, never at a table: did not play this event
            played.setdefault(account, {})[index] = points[entrant_id]
            names[account] = standings.entrants[entrant_id].name  # the latest event's name
            kinds[account] = standings.entrants[entrant_id].kind
            tally = sums.setdefault(account, [0, 0, 0.0, 0])
            tally[0] += entrant_totals.matches
            tally[1] += entrant_totals.byes
            tally[2] += entrant_totals.game_score
            tally[3] += entrant_totals.wins
        results += [(result, who) for result in folds.counted_results(standings)]
    for number, account in enumerate(sorted(played, key=lambda a: (names[a].casefold(), a)), start=1):
        keys[account] = number
    n = settings.best_n if settings.scoring == "best" else None
    counted_events: dict[str, set[int]] = {}  # account -> the indices of the events that count
    for account, by_event in played.items():
        order = sorted(by_event)
        counted_events[account] = {order[i] for i in best_of([by_event[i] for i in order], n, lowest_first)}
    season_points = {keys[account]: sum(played[account][i] for i in counted_events[account]) for account in played}
    season_totals = {
        keys[account]: folds.EntrantTotals(
            matches=int(tally[0]),
            byes=int(tally[1]),
            table_points=season_points[keys[account]],
            game_score=tally[2],
            wins=int(tally[3]),
            matchpoints=0,
            matchpoints_possible=0,
        )
        for account, tally in sums.items()
    }
    counted = [
        replace(result, seats=tuple(keys[who[entrant]] for entrant in result.seats))
        for result, who in results
        if all(who.get(entrant) in keys for entrant in result.seats)
    ]
    ranked = [keys[account] for account in played if not account.startswith("house:")]
    blocks, values = folds.ordered_blocks(config, season_totals, season_points, counted, ranked)
    by_key = {number: account for account, number in keys.items()}
    out: list[Row] = []
    position = 1
    for block in blocks:
        for number in block:
            account = by_key[number]
            out.append(
                Row(
                    rank=position,
                    account=account,
                    name=names[account],
                    kind=kinds[account],
                    total=season_points[number],
                    events_played=len(played[account]),
                    points=tuple(played[account].get(i) for i in range(len(events))),
                    counted=tuple(i in counted_events[account] for i in range(len(events))),
                    tie_breaks=tuple((name, values[number][name]) for name in settings.tie_breaks),
                )
            )
        position += len(block)
    return out


def _who(event: Event) -> dict[int, str]:
    """Every entrant of the event as an account: the ranked ones as given, the house bots that
    filled tables each as a player of their own in this event."""
    who = {}
    for entrant in event.standings.entrants.values():
        if entrant.ranked:
            if entrant.id not in event.accounts:
                raise ValueError(f"event {event.id}: ranked entrant {entrant.id} has no account")
            who[entrant.id] = event.accounts[entrant.id]
        else:
            who[entrant.id] = f"house:{event.id}:{entrant.id}"
    if len(set(who.values())) != len(who):
        raise ValueError(f"event {event.id}: one account holds two entries")
    return who


def scoring_kind(ruleset: str, lowest_wins: bool, format: str, table_points: str) -> tuple[str, bool, str]:
    """What an event's points are: its game, whether its lowest score wins, and its points
    (matchpoints, or the table points rule). A season's events share it."""
    return (ruleset, lowest_wins, "matchpoints" if format == "duplicate" else table_points)


def _season_config(settings: Settings, configs: Sequence[folds.Config]) -> folds.Config:
    """The config the ordering reads: the events' shared scoring, the season's tie-breaks."""
    kinds = {scoring_kind(c.ruleset, c.lowest_wins, c.format, c.table_points) for c in configs}
    if len(kinds) != 1:
        raise ValueError(f"a season's events score alike; these score as {sorted(kinds)}")
    first = configs[0]
    return folds.Config(
        format="duplicate" if first.format == "duplicate" else "swiss",
        table_points=first.table_points,
        tie_breaks=tuple(settings.tie_breaks),
        rated=False,
        ruleset=first.ruleset,
        table_size=first.table_size,
        lowest_wins=first.lowest_wins,
    )


# Exports ------------------------------------------------------------------------------------


def season_csv(season_rows: Sequence[Row], event_names: Sequence[str], root_hash: str | None = None) -> str:
    """The season's rows as CSV, one table a spreadsheet opens: rank, name, kind, total, events
    played and counted, each event's points (empty where not played), the tie-breaks, and the
    root hash over every event's streams as a last column, the same on every row (as a
    tournament's sheet, tournaments.standings.standings_csv). Names that would start a
    formula get an apostrophe first."""
    tie_break_names = [f"tie_break_{name}" for name, _ in season_rows[0].tie_breaks] if season_rows else []
    hashed = [] if root_hash is None else [root_hash]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rank", "name", "kind", "total", "events_played", "events_counted"]
        + [folds.spreadsheet_text(name) for name in event_names]
        + tie_break_names
        + (["root_hash"] if hashed else [])
    )
    for row in season_rows:
        writer.writerow(
            [row.rank, folds.spreadsheet_text(row.name), row.kind, _plain(row.total), row.events_played]
            + [row.events_counted]
            + ["" if points is None else _plain(points) for points in row.points]
            + [_plain(value) for _, value in row.tie_breaks]
            + hashed
        )
    return out.getvalue()


def _plain(number: float) -> str:
    """2.0 -> "2", 2.5 -> "2.5", as a tournament's sheet writes its points."""
    return str(int(number)) if float(number).is_integer() else str(round(number, 6))
