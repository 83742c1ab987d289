"""The bots' ladder's events and their fold (issue 18), as pure functions.

No Django here (importing this module loads none of it): the ladder's facts are events in one
stream per ruleset (``ladder/<ruleset>`` in the games event log), and everything the pages
show is folded from them. ``tournaments.ladder.service`` appends the events and keeps read
models in step with each append; ``fold`` rebuilds the same values from the stream alone, and
the tests hold the two to exact equality.

Events (dicts with a ``type``; the fields are the event's payload):

- ``bot_joined {bot, owner}``: a bot's owner opts it in (again, after it left);
- ``bot_paused {bot}``, ``bot_resumed {bot}``: its owner pauses it (it finishes any match it
  sits at, and is not seated again) and resumes it;
- ``bot_left {bot, reason}``: it leaves, ``reason`` being ``"owner"`` (its owner took it out),
  ``"disabled"`` (the bot or its owner's account was disabled) or ``"faults"`` (its seat was
  handed to a built-in bot for repeated faults in a ladder match). Its rating stays: a bot
  that joins again goes on from it. Its leaves for faults are counted (``Entry.fault_leaves``):
  it may join again ``rejoin_wait(fault_leaves, ...)`` seconds after the last of them;
- ``table_seated {match, seats, anchors}``: a match was created for these bots, ``seats`` in
  seat order (bot ids), ``anchors`` the house bots among them;
- ``match_rated {match, seats, scores, lowest_wins, taken_over}``: the match ended with these
  final game scores per seat; ``seats`` are the rating keys (``bot:<id>``) in seat order. The
  higher the game score, the better the place (the lower, with ``lowest_wins``: what the
  ruleset's ``lowest_wins(options)`` said of the match's options; an event without it is from
  before the field, when every ladder's highest score won), ties sharing. ``taken_over`` are the
  seats a house bot held at the match's end, read from the match's log: each is its bot's
  forfeit, rated last alone, and the house's play in it counts for nobody (an event without
  the field is from before it, when the house's finish was rated as the seat's bot's;
  docs/bots.md "The bots' ladder", ``tournaments.ratings.match_ratings``).

Ratings: OpenSkill's Bradley-Terry full-pairing model (``tournaments.ratings``, which says why),
one pool per ruleset, a key per bot, house anchors included: their ratings measure the
opposition, and a house bot of known strength (random, heuristic, Monte Carlo) pins the scale
when the pool is small. The leaderboard sorts by the ordinal mu - 3 sigma. Who sits at which
table is ``tournaments.ladder.seating``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence

from tournaments.ratings import Rating, match_ratings

ACTIVE, PAUSED, LEFT = "active", "paused", "left"
STATUSES = (ACTIVE, PAUSED, LEFT)
LEAVE_REASONS = ("owner", "disabled", "faults")
EVENT_TYPES = ("bot_joined", "bot_paused", "bot_resumed", "bot_left", "table_seated", "match_rated")


def stream_name(ruleset: str) -> str:
    return f"ladder/{ruleset}"


def key_of(bot: int) -> str:
    """The rating key of a bot: ``bot:<id>`` (the same key for a ladder bot and an anchor)."""
    return f"bot:{bot}"


def bot_of(key: str) -> int:
    kind, _, number = key.partition(":")
    if kind != "bot" or not number.isdigit():
        raise ValueError(f"not a bot's rating key: {key!r}")
    return int(number)


# ------------------------------------------------------------------ the fold
@dataclass(frozen=True)
class Entry:
    bot: int
    owner: int
    status: str
    reason: str = ""  # why it left; "" while it is in
    fault_leaves: int = 0  # how often it left for faults, ever: each doubles the wait to rejoin


@dataclass(frozen=True)
class Point:
    """A key's rating after one rated match: the chart's points, one per game."""

    match: int
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return Rating(self.mu, self.sigma).ordinal


@dataclass(frozen=True)
class Ladder:
    """What a ladder's stream says: entries by bot, ratings, games and rating history by key,
    the anchors ever seated, the tables seated (match -> bot ids) and the matches rated."""

    entries: Mapping[int, Entry] = field(default_factory=lambda: MappingProxyType({}))
    ratings: Mapping[str, Rating] = field(default_factory=lambda: MappingProxyType({}))
    games: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    history: Mapping[str, tuple[Point, ...]] = field(default_factory=lambda: MappingProxyType({}))
    anchors: frozenset[int] = frozenset()
    tables: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    rated: frozenset[int] = frozenset()


EMPTY = Ladder()


def rate(
    ratings: Mapping[str, Rating],
    games: Mapping[str, int],
    match: int,
    seats: Sequence[str],
    scores: Sequence[float],
    lowest_wins: bool = False,
    taken_over: Sequence[int] = (),
) -> dict[str, Point]:
    """The new rating point of each key ``match`` rates: the one computation that both the fold
    and the service's incremental update make, so the two agree to the last bit. Only the
    seats' own ratings are read; keys not rated yet start as newcomers. ``lowest_wins``: the
    lowest score is the best place. ``taken_over``: the seats a house bot held at the end, each
    its bot's forfeit (``tournaments.ratings.match_ratings``, which also says why a seat that
    played alone among forfeits is not rated, and so gets no point)."""
    known = {key: ratings[key] for key in seats if key in ratings}
    after = match_ratings(known, seats, scores, lowest_wins=lowest_wins, taken_over=taken_over)
    return {key: Point(match, after[key].mu, after[key].sigma, games.get(key, 0) + 1) for key in seats if key in after}


MAX_REJOIN_WAIT = 365 * 24 * 3600.0  # seconds: the doubling stops at a year


def rejoin_wait(fault_leaves: int, base_seconds: float) -> float:
    """The seconds a bot that has left a ladder for faults ``fault_leaves`` times waits, from its
    last such leave, before it may join again: ``base_seconds``, doubling on each repeat, at
    most ``MAX_REJOIN_WAIT`` (a year); 0 for a bot that never left for faults."""
    if fault_leaves <= 0 or base_seconds <= 0:
        return 0.0
    return min(float(base_seconds) * 2.0 ** min(fault_leaves - 1, 64), MAX_REJOIN_WAIT)


def fold(events: Iterable[Mapping], ladder: Ladder = EMPTY) -> Ladder:
    """The ladder after ``events`` (in stream order), from ``ladder``; neither is changed.

    Events that contradict what came before (a bot joining twice, a match rated twice or never
    seated, seats that are not the table's) raise ValueError: the service never appends them,
    so a stream that holds one was not written by it. Unknown event types are skipped."""
    entries = dict(ladder.entries)
    ratings = dict(ladder.ratings)
    games = dict(ladder.games)
    history = dict(ladder.history)
    anchors = set(ladder.anchors)
    tables = dict(ladder.tables)
    rated = set(ladder.rated)
    for event in events:
        kind = event.get("type")
        if kind == "bot_joined":
            bot, owner = _int(event, "bot"), _int(event, "owner")
            if bot in entries and entries[bot].status != LEFT:
                raise ValueError(f"bot {bot} joined the ladder twice")
            entries[bot] = Entry(bot, owner, ACTIVE, fault_leaves=_fault_leaves(entries, bot))
        elif kind in ("bot_paused", "bot_resumed"):
            bot = _int(event, "bot")
            before, after = (ACTIVE, PAUSED) if kind == "bot_paused" else (PAUSED, ACTIVE)
            if bot not in entries or entries[bot].status != before:
                raise ValueError(f"{kind} for bot {bot}, which is not {before}")
            entries[bot] = Entry(bot, entries[bot].owner, after, fault_leaves=entries[bot].fault_leaves)
        elif kind == "bot_left":
            bot, reason = _int(event, "bot"), event.get("reason")
            if bot not in entries or entries[bot].status == LEFT:
                raise ValueError(f"bot {bot} left a ladder it is not in")
            if reason not in LEAVE_REASONS:
                raise ValueError(f"bot_left reason must be one of {LEAVE_REASONS}, not {reason!r}")
            faults = entries[bot].fault_leaves + (reason == "faults")
            entries[bot] = Entry(bot, entries[bot].owner, LEFT, reason, faults)
        elif kind == "table_seated":
            match = _int(event, "match")
            seats = tuple(int(bot) for bot in event["seats"])
            if match in tables:
                raise ValueError(f"match {match} was seated twice")
            tables[match] = seats
            anchors.update(int(bot) for bot in event.get("anchors", ()))
        elif kind == "match_rated":
            match = _int(event, "match")
            if match in rated:
                raise ValueError(f"match {match} was rated twice")
            if match not in tables or [key_of(bot) for bot in tables[match]] != list(event["seats"]):
                raise ValueError(f"match {match} was rated with seats that are not its table's")
            lowest_wins = event.get("lowest_wins", False)
            if not isinstance(lowest_wins, bool):
                raise ValueError(f"match_rated lowest_wins must be true or false, not {lowest_wins!r}")
            taken_over = event.get("taken_over", [])
            if not _seat_list(taken_over):
                raise ValueError(f"match_rated taken_over must list seats once each, in order, not {taken_over!r}")
            points = rate(ratings, games, match, event["seats"], event["scores"], lowest_wins, taken_over)
            for key, point in points.items():
                ratings[key] = Rating(point.mu, point.sigma)
                games[key] = point.games
                history[key] = (*history.get(key, ()), point)
            rated.add(match)
    return Ladder(
        MappingProxyType(entries),
        MappingProxyType(ratings),
        MappingProxyType(games),
        MappingProxyType(history),
        frozenset(anchors),
        MappingProxyType(tables),
        frozenset(rated),
    )


def _seat_list(value: object) -> bool:
    """Whether ``value`` is a list of seat numbers, each once, in order."""
    return (
        isinstance(value, list)
        and all(isinstance(seat, int) and not isinstance(seat, bool) for seat in value)
        and value == sorted(set(value))
    )


def _fault_leaves(entries: Mapping[int, Entry], bot: int) -> int:
    return entries[bot].fault_leaves if bot in entries else 0


def _int(event: Mapping, name: str) -> int:
    value = event.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{event.get('type')}: {name} must be an id, not {value!r}")
    return value
