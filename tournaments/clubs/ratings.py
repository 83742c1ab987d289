"""A club's ratings: OpenSkill over the matches of its rated events, a pure fold (no Django).

Each match a finished, rated event of the club counted (its final result, the arbiter's
rulings applied: an annulled match is not rated, an adjusted score counts as adjusted) is rated
in the order the matches ended, across every event, by ``tournaments.ratings.rate_match``: the
model, the ties and the forfeits of the site's leaderboards and the ladder. People and bots
alike, each keyed by their account (``user:<id>``, ``bot:<id>``: one rating whatever event they
play); the house bots that fill tables are rated as opponents under a key of their own per entry
(``house:<entrant>``) and shown to nobody, as on the leaderboards.

A seat a house bot held at a match's end (taken over for faults or timeouts, or left by its
person) is not its account's play: the account is rated last alone at that table and the
house's play in the seat counts for nobody (``taken_over``, copied from the match's log into its
``match_result``; ``tournaments.ratings.match_ratings``).

One pool per game (ruleset), as the leaderboards keep: skill at King says little of Rifki.
Every rated match gives each key it rates one point of history: the rating after it. The whole
value is rebuilt from the events' streams each time (``tournaments.clubs.read``), so it never
disagrees with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from tournaments import ratings as openskill
from tournaments import standings as folds


@dataclass(frozen=True)
class RatedMatch:
    """One match to rate: its game, when it ended (any values that sort: the stream's record
    times), its event, its seats as rating keys in seat order, its final scores, which score
    wins, and the seats a house bot held at its end."""

    ruleset: str
    at: Any
    event: int
    match: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    lowest_wins: bool = False
    taken_over: tuple[int, ...] = ()


@dataclass(frozen=True)
class Point:
    """A key's rating after one rated match: a chart's point, one per game."""

    match: int
    event: int
    at: Any
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return openskill.Rating(self.mu, self.sigma).ordinal


def _empty() -> Mapping:
    return MappingProxyType({})


@dataclass(frozen=True)
class ClubRatings:
    """Ratings and their history by game (ruleset), then by key."""

    ratings: Mapping[str, Mapping[str, openskill.Rating]] = field(default_factory=_empty)
    history: Mapping[str, Mapping[str, tuple[Point, ...]]] = field(default_factory=_empty)


def event_matches(
    event: int,
    standings: folds.Standings,
    key_of: Callable[[int], str],
    ended_at: Mapping[int, Any],
) -> list[RatedMatch]:
    """The matches a folded event gives to rate: none unless it is rated; else each counted
    result with its seats as keys (``key_of(entrant id)``) and ``ended_at[match]``, when its
    result was recorded."""
    config = standings.config
    if config is None or not config.rated:
        return []
    return [
        RatedMatch(
            ruleset=config.ruleset,
            at=ended_at[result.match],
            event=event,
            match=result.match,
            seats=tuple(key_of(entrant) for entrant in result.seats),
            scores=result.scores,
            lowest_wins=config.lowest_wins,
            taken_over=result.taken_over,
        )
        for result in folds.counted_results(standings)
    ]


def rate(matches: Iterable[RatedMatch]) -> ClubRatings:
    """The ratings after every match, rated in the order they ended (then by match id)."""
    pools: dict[str, Mapping[str, openskill.Rating]] = {}
    history: dict[str, dict[str, list[Point]]] = {}
    for match in sorted(matches, key=lambda m: (m.at, m.match)):
        pool = pools.get(match.ruleset, MappingProxyType({}))
        updated = openskill.match_ratings(
            pool, match.seats, match.scores, lowest_wins=match.lowest_wins, taken_over=match.taken_over
        )
        pools[match.ruleset] = MappingProxyType({**pool, **updated})
        points = history.setdefault(match.ruleset, {})
        for key, rating in updated.items():
            games = len(points.get(key, ())) + 1
            points.setdefault(key, []).append(Point(match.match, match.event, match.at, rating.mu, rating.sigma, games))
    return ClubRatings(
        ratings=MappingProxyType(dict(pools)),
        history=MappingProxyType(
            {
                ruleset: MappingProxyType({key: tuple(points) for key, points in keys.items()})
                for ruleset, keys in history.items()
            }
        ),
    )
