"""OpenSkill ratings, one pool per ruleset, from the matches of rated tournaments.

A rating is (mu, sigma): the estimated skill and how unsure we are of it. The leaderboard sorts
by the ordinal mu - 3 * sigma, so a newcomer with one lucky win does not top players with a long
record.

Why OpenSkill's Bradley-Terry "full pairing" model: a match here is a table of players (four in
King and Rifki; any number the ruleset seats) ranked by game score, often with ties, and full
pairing reads it as the head-to-head comparisons it implies (six at a table of four),
so tied players share the result of the places they span, just as they share table points.
OpenSkill 6.2.0's Plackett-Luce model mishandles ties in a free-for-all (openskill.py issue
#155, unfixed in 6.2.0): with ranks 1, 1, 3, 4 the third-placed player gains exactly as much as
the two tied winners who beat it. Our tables tie often enough for that to matter.

Which score is best is the ruleset's: ``RULESETS[r].lowest_wins(options)`` says the lowest
(penalty points), and a match is then ordered lowest first (``rate_match(lowest_wins=True)``).

King and Rifki are different games, so a player's skill at one says little about the other:
each ruleset keeps its own pool (a `RatingBook` maps ruleset -> `Ratings`) and a match only
moves the pool of its own ruleset.

A seat a house bot held at the end of a match (taken over for faults or timeouts, or left by
its person, and not given back by a ruling) is a forfeit, and the house's play in it is rated
for nobody (``match_ratings``): the key that held the seat is rated as last alone, below every
other seat, so its skill can only fall from that match, and its uncertainty stays as it was
(a forfeit shows no skill to be surer of); the seats that played are rated among themselves
on their own scores, as if the forfeited seats had not been at the table. The ladder and the
rated tournaments both rate through ``rate_match``, each reading the forfeits from its own
stream (``match_rated`` and ``match_result`` carry ``taken_over``, copied from the match's log
when it ended), so a rebuild from the events gives the same ratings (docs/bots.md
"The bots' ladder").

Pure and deterministic: no Django, no clock, no randomness. Functions return new read-only
mappings and leave their inputs alone, and the same matches in the same order give the same
ratings, so a pool can always be rebuilt from the event log.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Hashable, Iterable, Mapping, NamedTuple, Sequence

from openskill.models import BradleyTerryFull

from tournaments import standings as standings_module

PEOPLE_KINDS = ("user",)
MODEL = BradleyTerryFull()  # OpenSkill's defaults: a newcomer starts at mu 25, sigma 25/3


class Rating(NamedTuple):
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A cautious skill estimate: mu less three standard deviations."""
        return self.mu - 3 * self.sigma


Key = Hashable
Ratings = Mapping[Key, Rating]
RatingBook = Mapping[str, Ratings]

NEWCOMER = Rating(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    key: Key
    name: str
    kind: str
    mu: float
    sigma: float
    ordinal: float


def rate_match(
    ratings: Ratings,
    seats: Sequence[Key],
    scores: Sequence[float],
    *,
    lowest_wins: bool = False,
    taken_over: Iterable[int] = (),
) -> Ratings:
    """The ratings after one match: ``ratings`` with the keys the match rates replaced
    (``match_ratings`` says which and how). Keys not yet rated start as newcomers."""
    updated = match_ratings(ratings, seats, scores, lowest_wins=lowest_wins, taken_over=taken_over)
    return MappingProxyType({**ratings, **updated})


def match_ratings(
    ratings: Ratings,
    seats: Sequence[Key],
    scores: Sequence[float],
    *,
    lowest_wins: bool = False,
    taken_over: Iterable[int] = (),
) -> dict[Key, Rating]:
    """The new rating of each key one match rates, and of no other.

    The higher a seat's game score (the lower, with ``lowest_wins``: the ruleset's
    ``lowest_wins(options)``, penalty points), the better its place, and equal scores tie.
    ``taken_over`` are the seats (indices into ``seats``) a house bot held at the match's end:

    - each such seat's key is rated as last alone, below every other seat of the table: its
      mu falls and its sigma is kept, so its ordinal falls too, whatever the house scored;
    - the other seats are rated among themselves on their own scores (when at least two of
      them played): the house's score in a forfeited seat moves nobody's rating.

    The seats are handed to OpenSkill in one canonical order (by place, then key), so the
    order they sat in cannot change a rating, not even in the last floating-point bit."""
    _check_match(seats, scores)
    forfeits = _check_taken_over(seats, taken_over)
    played = [seat for seat in range(len(seats)) if seat not in forfeits]
    merits = standings_module.merits(scores, lowest_wins)
    updated: dict[Key, Rating] = {}
    if len(played) >= 2:
        updated.update(_ranked_update(ratings, [seats[s] for s in played], [merits[s] for s in played]))
    for seat in sorted(forfeits):
        others = [seats[other] for other in range(len(seats)) if other != seat]
        last = _ranked_update(ratings, [*others, seats[seat]], [1.0] * len(others) + [0.0])[seats[seat]]
        updated[seats[seat]] = Rating(last.mu, ratings.get(seats[seat], NEWCOMER).sigma)
    return updated


def _ranked_update(ratings: Ratings, keys: Sequence[Key], merits: Sequence[float]) -> dict[Key, Rating]:
    """OpenSkill's ratings of ``keys`` after a table ranked by ``merits`` (more is better)."""
    order = sorted(range(len(keys)), key=lambda seat: (-merits[seat], repr(keys[seat])))
    teams = [[MODEL.rating(*ratings.get(keys[seat], NEWCOMER))] for seat in order]
    places: list[float] = [1 + sum(other > merits[seat] for other in merits) for seat in order]
    rated = MODEL.rate(teams, ranks=places)
    return {keys[seat]: Rating(team[0].mu, team[0].sigma) for seat, team in zip(order, rated)}


def _check_taken_over(seats: Sequence[Key], taken_over: Iterable[int]) -> frozenset[int]:
    """The forfeited seats: distinct seat indices of this table."""
    taken = list(taken_over)
    if not all(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats) for seat in taken):
        raise ValueError(f"taken_over must be seats 0 to {len(seats) - 1}, got {taken}")
    if len(set(taken)) != len(taken):
        raise ValueError(f"taken_over names a seat twice: {taken}")
    return frozenset(taken)


def _check_match(seats: Sequence[Key], scores: Sequence[float]) -> None:
    """A match of any size the draw made: at least two seats, a score for each."""
    if len(seats) < 2 or len(scores) != len(seats):
        raise ValueError(f"a match has two or more seats and a score for each, got {seats} and {scores}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a match seats a player twice: {list(seats)}")
    if not all(_is_finite_number(score) for score in scores):
        raise ValueError(f"scores must be finite numbers, got {list(scores)}")


def _is_finite_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def rate_tournament(
    book: RatingBook,
    events: Iterable[standings_module.Event],
    key_of: Callable[[int], Key] = lambda entrant: entrant,
) -> RatingBook:
    """The book after a tournament's matches, in the order they were played, if it is rated.

    Rate a tournament once, when it is over: its results are final then, arbiter rulings
    included (an annulled match is not rated, an adjusted score counts as adjusted). key_of
    turns the tournament's entrant ids into the keys the book rates (a user or bot id), since
    one player enters many tournaments; it must keep a table's seats apart (one built-in
    bot filling two seats as two house entrants needs two keys), or rate_match refuses the
    match. House bots are rated too: the leaderboard sets bots apart, and their ratings
    measure the opposition. A seat a house bot took over is the forfeit of the entrant who held
    it (each result's ``taken_over``, from its ``match_result``; ``match_ratings`` says how)."""
    standings = standings_module.rebuild(events)
    config = standings.config
    if config is None or not config.rated:
        return book
    ratings = book.get(config.ruleset, MappingProxyType({}))
    for result in standings_module.counted_results(standings):
        keys = [key_of(entrant) for entrant in result.seats]
        ratings = rate_match(ratings, keys, result.scores, lowest_wins=config.lowest_wins, taken_over=result.taken_over)
    return MappingProxyType({**book, config.ruleset: ratings})


def leaderboard(
    ratings: Ratings,
    names: Mapping[Key, str],
    kinds: Mapping[Key, str],
    *,
    bots_apart: bool = False,
) -> list[LeaderboardRow]:
    """Everyone rated, best ordinal first; equal ordinals share a rank ("1, 2, 2, 4").

    With bots_apart, people (kind "user") are ranked among themselves first, then bots among
    themselves, so a strong bot does not push people down the people's ranking."""
    for key in ratings:
        if key not in names or key not in kinds:
            raise ValueError(f"rated player {key!r} has no name or kind")
    if not bots_apart:
        return _ranked(ratings, list(ratings), names, kinds)
    people = [key for key in ratings if kinds[key] in PEOPLE_KINDS]
    bots = [key for key in ratings if kinds[key] not in PEOPLE_KINDS]
    return _ranked(ratings, people, names, kinds) + _ranked(ratings, bots, names, kinds)


def _ranked(
    ratings: Ratings, keys: list[Key], names: Mapping[Key, str], kinds: Mapping[Key, str]
) -> list[LeaderboardRow]:
    # Equal ordinals share a rank and are listed by name, as a reader looks for them (by key
    # alone, "bot:10" came before "bot:9").
    ordered = sorted(keys, key=lambda key: (-ratings[key].ordinal, names[key].casefold(), repr(key)))
    rows: list[LeaderboardRow] = []
    for position, key in enumerate(ordered, start=1):
        rating = ratings[key]
        tied_with_previous = rows and rows[-1].ordinal == rating.ordinal
        rank = rows[-1].rank if tied_with_previous else position
        rows.append(LeaderboardRow(rank, key, names[key], kinds[key], rating.mu, rating.sigma, rating.ordinal))
    return rows
