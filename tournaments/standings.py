"""Tournament standings: a pure projection folded from one tournament's event stream.

The event log is the truth and standings are a value derived from it: `fold` applies one event
and returns a new value, `rebuild` folds a whole stream, and the two always agree, so a live
scoreboard can fold events as they arrive while an audit rebuilds from the log. A value can be
stored as JSON (`to_checkpoint`) and folded on from later (`from_checkpoint`). No Django here:
the projection is plain data, testable and replayable anywhere.

Standings keep facts, not sums. Folding records who entered, how each round was drawn, and each
match's reported scores with the arbiter's rulings. Every number in a row is derived from those
facts when `ranking` is called, because several of them depend on facts that arrive later: an
opponent's later results raise your opponents' points, a later result on the same duplicate
board changes your matchpoints, and a ruling can change a match played rounds ago. A running
total would go stale; a value derived at read time cannot.

Scoring:

The tables seat as many players as the tournament's ruleset and options say (``RULESETS[r].
num_seats(options)``, fixed when the tournament is created): every drawn table has that many
seats, and every result and ruling that many numbers. Nothing below assumes a size.

Which game score is best is the ruleset's too: ``RULESETS[r].lowest_wins(options)`` (penalty
points, as in Kings in the Corner's pagat scoring) says the lowest, otherwise the highest is
(``Config.lowest_wins``). Below, "better" means that: places, wins, matchpoints and
head-to-head compare game scores turned so that more is better (``merits``), while every score
shown (results, game_score totals, "score" table points) stays as the engine counted it.

- "place" table points: n−1, n−2, …, 0 for the best..worst game score at a table of n (3/2/1/0 at
  four). Tied seats share the points of the places they span (two tied for 1st at four get
  (3+2)/2 = 2.5 each), so every match hands out exactly n(n−1)/2 points.
- "score" table points: the seat's game score itself (where the lowest wins, the fewest points
  rank first, and so do the fewest opponents' points).
- A bye is worth the average table points of a seat: (n−1)/2 under "place" (1.5 at four);
  under "score" there is no meaningful average game score, so a bye adds 0 (and never adds
  game score; where the lowest score wins, 0 penalty points rank a bye high: prefer "place").
- "duplicate" format: for every (board, seat) the results of all entrants who held that seat on
  that board are compared; an entrant earns 2 matchpoints for each result it beat and 1 for each
  it tied. The standings rank by total matchpoints; percentage = matchpoints / the most it
  could have earned. A bye earns no matchpoints and adds nothing to the maximum, so it leaves the
  percentage unchanged.
- An annulled match counts for nobody; an adjusted score replaces the reported one everywhere. A
  penalty makes a seat's score worse: it takes points off, or adds them where the lowest wins.
- A replayed match (the ruling "replay_match") is annulled and its table plays a replacement
  match with the same seats: the replacement's result counts in its place.

Tie-breaks, applied in the configured order after points (matchpoints in duplicate):

- "game_score": total game score over counted matches (the lowest first where the lowest wins).
- "wins": matches finished first outright (a shared first already splits the table points).
- "opponents_points": for every counted match, the final points of the opponents, summed
  (an opponent met twice counts twice; a bye adds nothing).
- "head_to_head": among the entrants still tied when it is reached, every time two of them
  shared a table counts +1 for the one that scored better and -1 for the other (0 each if level).
  Entrants of the tie that never met score 0.

Entrants who have taken part in no round yet (no counted match, no bye: registered late, or a
match annulled) rank below every entrant who has, whatever the points: under the "score" rule
points can be negative, and no game is not a result of 0. Among themselves they are tied.

Entrants tied on points and every tie-break share a rank and the next rank skips ("1, 2, 2, 4").
Unranked entrants (house bots that fill seats) follow the ranked ones without a rank, or are
left out. Withdrawn entrants keep their past results and their place, with a flag.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field, replace
from functools import reduce
from itertools import groupby
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from games.engine import RULESETS, EngineError
from games.engine.text import N_

FORMATS = ("round_robin", "swiss", "duplicate")
TABLE_POINTS = ("place", "score")
TIE_BREAKS = ("game_score", "opponents_points", "wins", "head_to_head")
KINDS = ("user", "bot", "house_bot")
MATCHPOINTS_PER_BEATEN = 2
MATCHPOINTS_PER_TIED = 1

Event = Mapping[str, Any]


@dataclass(frozen=True)
class Config:
    """How the tournament scores, from its tournament_created event."""

    format: str
    table_points: str
    tie_breaks: tuple[str, ...]
    rated: bool
    ruleset: str
    table_size: int  # the seats of every table: the ruleset's, with the tournament's options
    # Whether the lowest game score is best (penalty points): the ruleset's ``lowest_wins``
    # with the tournament's options. Every comparison of game scores reads it.
    lowest_wins: bool = False


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    kind: str
    ranked: bool
    withdrawn: bool = False


@dataclass(frozen=True)
class Table:
    """One table of a round's draw: which match it plays, on which board, with whom."""

    table: int
    match: int
    board: str | None
    seats: tuple[int, ...]
    replaces: int | None = None  # a replay ordered by a ruling: the annulled match it replaces


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    closed: bool = False
    replays: tuple[Table, ...] = ()  # replacement matches ordered by rulings, in order


@dataclass(frozen=True)
class MatchResult:
    """A reported match with the arbiter's rulings kept apart, so the record shows both."""

    match: int
    round: int
    table: int
    board: str | None
    seats: tuple[int, ...]
    reported: tuple[float, ...]
    adjustments: tuple[float, ...]  # one a seat, 0 until a ruling changes it
    annulled: bool = False
    # The seats a house bot held when the match ended (taken over, not given back): the
    # ratings count each as its entrant's forfeit (tournaments.ratings.match_ratings); the
    # standings count the scores as played.
    taken_over: tuple[int, ...] = ()

    @property
    def scores(self) -> tuple[float, ...]:
        """The game scores that count: reported plus adjustments."""
        return tuple(score + delta for score, delta in zip(self.reported, self.adjustments))


def _no_entries() -> Mapping:
    return MappingProxyType({})


@dataclass(frozen=True)
class Standings:
    """Everything fold has learnt about one tournament. Read-only: fold returns a new value."""

    config: Config | None = None
    entrants: Mapping[int, Entrant] = field(default_factory=_no_entries)
    rounds: Mapping[int, Round] = field(default_factory=_no_entries)
    results: Mapping[int, MatchResult] = field(default_factory=_no_entries)


@dataclass(frozen=True)
class EntrantTotals:
    """The sums over one entrant's counted matches and byes."""

    matches: int
    byes: int
    table_points: float
    game_score: float
    wins: int
    matchpoints: int
    matchpoints_possible: int


@dataclass(frozen=True)
class Row:
    """One line of the standings. rank is None for unranked entrants; matchpoints and
    percentage are None outside the duplicate format (percentage also before any board)."""

    rank: int | None
    entrant: int
    name: str
    kind: str
    ranked: bool
    withdrawn: bool
    matches: int
    byes: int
    table_points: float
    game_score: float
    matchpoints: int | None
    percentage: float | None
    tie_breaks: tuple[tuple[str, float], ...]


# Folding ------------------------------------------------------------------------------------


def empty() -> Standings:
    return Standings()


class Refusal(ValueError):
    """A refusal an arbiter's ruling can meet, with a sentence for people: ``str()`` is the
    English for programmers, as every ValueError here; ``msgid`` (marked with ``N_``, as the
    engine marks its display strings) says it for people with ``%(name)s`` placeholders filled
    from ``params``, translated where it is read (tournaments.service.rulings.check_ruling)."""

    def __init__(self, message: str, msgid: str, **params: Any) -> None:
        super().__init__(message)
        self.msgid, self.params = msgid, params


def rebuild(events: Iterable[Event]) -> Standings:
    return reduce(fold, events, empty())


def fold(standings: Standings, event: Event) -> Standings:
    """Apply one event. Unknown event types are ignored: the stream carries other facts.

    A known event that contradicts what came before (an unknown entrant, a table of three, a
    result for a match never drawn...) raises ValueError rather than bending the standings."""
    if not isinstance(event, Mapping):
        raise ValueError(f"an event is a mapping with a 'type', not {event!r}")
    event_type = event.get("type")
    apply = _APPLY.get(event_type) if isinstance(event_type, str) else None
    if apply is None:
        return standings
    if standings.config is None and apply is not _tournament_created:
        raise ValueError(f"{event['type']} before tournament_created")
    return apply(standings, event)


def _tournament_created(standings: Standings, event: Event) -> Standings:
    if standings.config is not None:
        raise ValueError("tournament_created twice")
    tie_breaks = tuple(_list(event, "tie_breaks"))
    for name in tie_breaks:
        _check_choice(event, "tie_breaks", name, TIE_BREAKS)
    if len(set(tie_breaks)) != len(tie_breaks):
        raise ValueError(f"tournament_created names a tie-break twice: {list(tie_breaks)}")
    ruleset = _choice(event, "ruleset", tuple(RULESETS))
    config = Config(
        format=_choice(event, "format", FORMATS),
        table_points=_choice(event, "table_points", TABLE_POINTS),
        tie_breaks=tie_breaks,
        rated=_flag(event, "rated"),
        ruleset=ruleset,
        table_size=_table_size(event, ruleset),
        lowest_wins=_lowest_wins(event, ruleset),
    )
    return replace(standings, config=config)


def _options(event: Event) -> dict:
    options = event.get("options")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"tournament_created 'options' must be a mapping, not {options!r}")
    return dict(options or {})


def _table_size(event: Event, ruleset: str) -> int:
    """The seats of the tournament's tables: what its ruleset plays with its options (the
    event's ``options``; without them, the ruleset's default)."""
    try:
        return RULESETS[ruleset].num_seats(_options(event))
    except EngineError as e:
        raise ValueError(f"tournament_created 'options': {e}") from e


def _lowest_wins(event: Event, ruleset: str) -> bool:
    """Whether the lowest game score wins the tournament's games: its ruleset's descriptor says,
    from the event's options (the engine's own game_ended winners agree)."""
    try:
        return RULESETS[ruleset].lowest_wins(_options(event))
    except EngineError as e:
        raise ValueError(f"tournament_created 'options': {e}") from e


def _entrant_registered(standings: Standings, event: Event) -> Standings:
    entrant_id = _integer(event, "entrant")
    if entrant_id in standings.entrants:
        raise ValueError(f"entrant {entrant_id} registered twice")
    name = _field(event, "name")
    if not isinstance(name, str):
        raise ValueError(f"entrant_registered 'name' must be a string, not {name!r}")
    entrant = Entrant(entrant_id, name, _choice(event, "kind", KINDS), _flag(event, "ranked"))
    if entrant.kind == "house_bot" and entrant.ranked:
        raise ValueError(f"house bot {entrant_id} registered as ranked; house bots never are")
    return replace(standings, entrants=_with(standings.entrants, entrant_id, entrant))


def _entrant_withdrawn(standings: Standings, event: Event) -> Standings:
    entrant = _known_entrant(standings, event, _integer(event, "entrant"))
    if entrant.withdrawn:
        raise ValueError(f"entrant {entrant.id} withdrawn twice")
    return replace(standings, entrants=_with(standings.entrants, entrant.id, replace(entrant, withdrawn=True)))


def _round_started(standings: Standings, event: Event) -> Standings:
    number = _integer(event, "round")
    if number in standings.rounds:
        raise ValueError(f"round {number} started twice")
    config = standings.config
    assert config is not None, "fold lets no round start before tournament_created"
    tables = tuple(_drawn_table(config, table) for table in _list(event, "tables"))
    byes = tuple(_entrant_id(event, "byes", entrant) for entrant in _list(event, "byes"))
    seated = [entrant for table in tables for entrant in table.seats] + list(byes)
    for entrant in seated:
        if _known_entrant(standings, event, entrant).withdrawn:
            raise ValueError(f"round {number} draws withdrawn entrant {entrant}")
    if len(set(seated)) != len(seated):
        raise ValueError(f"round {number} draws an entrant twice: {seated}")
    _check_new_tables(standings, number, tables)
    round_ = Round(number, tables, byes)
    return replace(standings, rounds=_with(standings.rounds, number, round_))


def _drawn_table(config: Config, table: Any) -> Table:
    if not isinstance(table, Mapping):
        raise ValueError(f"round_started tables hold mappings, not {table!r}")
    drawn = Table(
        table=_integer(table, "table"),
        match=_integer(table, "match"),
        board=_board(table),
        seats=_seats(table, config.table_size),
    )
    if config.format == "duplicate" and drawn.board is None:
        raise ValueError(f"duplicate tournament drew table {drawn.table} without a board")
    return drawn


def _check_new_tables(standings: Standings, number: int, tables: tuple[Table, ...]) -> None:
    """Match ids name a match for the whole tournament; table numbers name a table in a round."""
    matches = [table.match for table in tables]
    if len(set(matches)) != len(matches) or _drawn_matches(standings).intersection(matches):
        raise ValueError(f"round {number} reuses a match id: {matches}")
    numbers = [table.table for table in tables]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"round {number} numbers two tables alike: {numbers}")


def _drawn_matches(standings: Standings) -> set[int]:
    """Every match id drawn so far, replacements included."""
    return {table.match for round_ in standings.rounds.values() for table in round_.tables + round_.replays}


def _match_result(standings: Standings, event: Event) -> Standings:
    size = standings.config.table_size
    result = MatchResult(
        match=_integer(event, "match"),
        round=_integer(event, "round"),
        table=_integer(event, "table"),
        board=_board(event),
        seats=_seats(event, size),
        reported=_scores(event, size),
        adjustments=(0,) * size,
        taken_over=_taken_over(event, size),
    )
    if result.match in standings.results:
        raise ValueError(f"match {result.match} reported twice; corrections are rulings")
    for entrant in result.seats:
        _known_entrant(standings, event, entrant)
    drawn = _drawn_in_round(standings, result.round, result.match)
    if (drawn.table, drawn.board, drawn.seats) != (result.table, result.board, result.seats):
        raise ValueError(
            f"match_result for match {result.match} disagrees with the draw: table "
            f"{result.table}, board {result.board!r}, seats {list(result.seats)} against table "
            f"{drawn.table}, board {drawn.board!r}, seats {list(drawn.seats)}"
        )
    return replace(standings, results=_with(standings.results, result.match, result))


def _drawn_in_round(standings: Standings, number: int, match: int) -> Table:
    if number not in standings.rounds:
        raise ValueError(f"match_result for round {number}, which has not started")
    round_ = standings.rounds[number]
    for table in round_.tables + round_.replays:
        if table.match == match:
            return table
    raise ValueError(f"match_result for match {match}, which round {number} did not draw")


def _round_closed(standings: Standings, event: Event) -> Standings:
    number = _integer(event, "round")
    if number not in standings.rounds:
        raise ValueError(f"round_closed for round {number}, which has not started")
    round_ = standings.rounds[number]
    if round_.closed:
        raise ValueError(f"round {number} closed twice")
    return replace(standings, rounds=_with(standings.rounds, number, replace(round_, closed=True)))


def _ruling(standings: Standings, event: Event) -> Standings:
    kind = _field(event, "kind")
    if kind not in _RULINGS:
        raise ValueError(f"ruling of unknown kind {kind!r}; known: {sorted(_RULINGS)}")
    match = _integer(event, "match")
    if match not in standings.results:
        raise Refusal(
            f"{kind} ruling on match {match}, which has no result",
            N_("match %(match)s has no result to rule on"),
            match=match,
        )
    ruled = _RULINGS[kind](standings.config, standings.results[match], event)
    standings = replace(standings, results=_with(standings.results, match, ruled))
    return _replay(standings, ruled, event) if kind == "replay_match" else standings


def _replay(standings: Standings, annulled: MatchResult, event: Event) -> Standings:
    """The table of the annulled match plays again: the replacement joins the round's draw
    with the same table, board and seats, so its match_result is accepted and counts."""
    replacement = _integer(event, "replacement")
    if replacement in _drawn_matches(standings):
        raise ValueError(f"replay_match names match {replacement} as the replacement, which was drawn already")
    round_ = standings.rounds[annulled.round]
    replay = _integer(event, "replay")
    expected = 1 + sum(1 for table in round_.replays if table.table == annulled.table)
    if replay != expected:
        raise ValueError(
            f"replay_match numbers its replay {replay}; round {round_.number} table "
            f"{annulled.table} plays its replay {expected} next"
        )
    table = Table(annulled.table, replacement, annulled.board, annulled.seats, replaces=annulled.match)
    return replace(
        standings, rounds=_with(standings.rounds, round_.number, replace(round_, replays=round_.replays + (table,)))
    )


def _adjust_score(config: Config, result: MatchResult, event: Event) -> MatchResult:
    """A change to the game scores: one seat's ``delta``, or ``deltas`` for every seat of the
    table (what an assigned, weighted or split adjusted score comes to)."""
    seats = len(result.seats)
    if "deltas" in event:
        deltas = _list(event, "deltas")
        if len(deltas) != seats:
            raise Refusal(
                f"adjust_score deltas must hold {seats} numbers, one a seat, not {len(deltas)}",
                N_("deltas must hold %(seats)s numbers, one a seat, not %(given)s"),
                seats=seats,
                given=len(deltas),
            )
        values = [_number(event, "deltas", d) for d in deltas]
    else:
        values = [0.0] * seats
        values[_seat(event, seats)] = _number(event, "delta", _field(event, "delta"))
    return replace(result, adjustments=tuple(a + d for a, d in zip(result.adjustments, values)))


def _penalty(config: Config, result: MatchResult, event: Event) -> MatchResult:
    """A penalty of ``points`` to one seat (a revoke, a slow play): taken from its game score,
    or added to it where the lowest score wins (penalty points stay positive, as the engine
    counts them)."""
    seat = _seat(event, len(result.seats))
    points = _number(event, "points", _field(event, "points"))
    if points <= 0:
        raise Refusal(
            f"a penalty takes a positive number of points, not {points}",
            N_("a penalty takes a positive number of points, not %(points)s"),
            points=points,
        )
    adjustments = list(result.adjustments)
    adjustments[seat] += points if config.lowest_wins else -points
    return replace(result, adjustments=tuple(adjustments))


def _seat(event: Event, seats: int) -> int:
    """The event's seat, one of the ``seats`` of the match it rules on."""
    seat = _integer(event, "seat")
    if not 0 <= seat < seats:
        raise Refusal(
            f"{_what(event)} seat must be 0..{seats - 1}, not {seat}",
            N_("the seat must be 0 to %(last)s, not %(seat)s"),
            last=seats - 1,
            seat=seat,
        )
    return seat


def _annul_match(config: Config, result: MatchResult, event: Event) -> MatchResult:
    if result.annulled:
        raise Refusal(
            f"match {result.match} annulled twice",
            N_("match %(match)s is annulled already: a match cannot be annulled twice"),
            match=result.match,
        )
    return replace(result, annulled=True)


_APPLY: dict[str, Callable[[Standings, Event], Standings]] = {
    "tournament_created": _tournament_created,
    "entrant_registered": _entrant_registered,
    "entrant_withdrawn": _entrant_withdrawn,
    "round_started": _round_started,
    "match_result": _match_result,
    "round_closed": _round_closed,
    "ruling": _ruling,
}
_RULINGS: dict[str, Callable[[Config, MatchResult, Event], MatchResult]] = {
    "adjust_score": _adjust_score,
    "annul_match": _annul_match,
    "replay_match": _annul_match,  # and the replacement joins the draw: see _replay
    "penalty": _penalty,
}


# Reading event fields: each failure names the event and the field --------------------------


def _what(event: Event) -> str:
    """What to call the mapping being read: an event's type, or a table of a round's draw."""
    return event.get("type", "round_started table")


def _field(event: Event, name: str) -> Any:
    if name not in event:
        raise Refusal(f"{_what(event)} lacks {name!r}: {dict(event)!r}", N_("%(field)s is missing"), field=name)
    return event[name]


def _list(event: Event, name: str) -> list:
    value = _field(event, name)
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{_what(event)} {name!r} must be a list, not {value!r}")
    return list(value)


def _choice(event: Event, name: str, allowed: tuple[str, ...]) -> str:
    value = _field(event, name)
    _check_choice(event, name, value, allowed)
    return value


def _check_choice(event: Event, name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{_what(event)} {name!r} must be one of {allowed}, not {value!r}")


def _flag(event: Event, name: str) -> bool:
    value = _field(event, name)
    if not isinstance(value, bool):
        raise ValueError(f"{_what(event)} {name!r} must be true or false, not {value!r}")
    return value


def _integer(event: Event, name: str) -> int:
    value = _field(event, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal(
            f"{_what(event)} {name!r} must be an integer, not {value!r}",
            N_("%(field)s must be a whole number"),
            field=name,
        )
    return value


def _number(event: Event, name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Refusal(
            f"{_what(event)} {name!r} must hold finite numbers, not {value!r}",
            N_("%(field)s must hold finite numbers"),
            field=name,
        )
    return value


def _entrant_id(event: Event, name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{_what(event)} {name!r} must hold entrant ids, not {value!r}")
    return value


def _board(event: Event) -> str | None:
    board = _field(event, "board")
    if board is not None and not isinstance(board, str):
        raise ValueError(f"{_what(event)} 'board' must be a string or null, not {board!r}")
    return board


def _seats(event: Event, size: int) -> tuple[int, ...]:
    """The entrants of a table of ``size``, in seat order."""
    seats = tuple(_entrant_id(event, "seats", entrant) for entrant in _list(event, "seats"))
    if len(seats) != size:
        raise ValueError(f"{_what(event)} needs {size} seats, got {list(seats)}")
    if len(set(seats)) != size:
        raise ValueError(f"{_what(event)} seats an entrant twice: {list(seats)}")
    return seats


def _taken_over(event: Event, size: int) -> tuple[int, ...]:
    """The seats a house bot held at the match's end, in order (none in an event written
    before the field)."""
    if "taken_over" not in event:
        return ()
    seats = _list(event, "taken_over")
    if not all(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < size for seat in seats):
        raise ValueError(f"{_what(event)} 'taken_over' must hold seats 0 to {size - 1}, not {seats!r}")
    if seats != sorted(set(seats)):
        raise ValueError(f"{_what(event)} 'taken_over' must list each seat once, in order, not {seats!r}")
    return tuple(seats)


def _scores(event: Event, size: int) -> tuple[float, ...]:
    scores = tuple(_number(event, "scores", score) for score in _list(event, "scores"))
    if len(scores) != size:
        raise ValueError(f"{_what(event)} needs {size} scores, got {list(scores)}")
    return scores


def _known_entrant(standings: Standings, event: Event, entrant: int) -> Entrant:
    if entrant not in standings.entrants:
        raise ValueError(f"{_what(event)} names unknown entrant {entrant}")
    return standings.entrants[entrant]


def _with(mapping: Mapping, key: Any, value: Any) -> Mapping:
    """A read-only copy of mapping with key set: folded values never change under a reader."""
    return MappingProxyType({**mapping, key: value})


# Checkpoints: the folded value as JSON, to store and fold on from later ---------------------


def to_checkpoint(standings: Standings) -> dict:
    """The folded value as JSON-ready data: a stored checkpoint lets a reader fold on from it
    instead of replaying the whole stream. from_checkpoint(to_checkpoint(s)) == s."""
    return {
        "config": None if standings.config is None else _json_ready(standings.config),
        "entrants": [_json_ready(standings.entrants[key]) for key in sorted(standings.entrants)],
        "rounds": [_json_ready(standings.rounds[key]) for key in sorted(standings.rounds)],
        "results": [_json_ready(standings.results[key]) for key in sorted(standings.results)],
    }


def from_checkpoint(data: Mapping[str, Any]) -> Standings:
    """The value a checkpoint stored (see to_checkpoint)."""
    config = data["config"]
    entrants = [Entrant(**entrant) for entrant in data["entrants"]]
    rounds = [_round_from_json(round_) for round_ in data["rounds"]]
    results = [_result_from_json(result) for result in data["results"]]
    return Standings(
        config=None if config is None else _config_from_json(config),
        entrants=MappingProxyType({entrant.id: entrant for entrant in entrants}),
        rounds=MappingProxyType({round_.number: round_ for round_ in rounds}),
        results=MappingProxyType({result.match: result for result in results}),
    )


def _json_ready(record: Any) -> dict:
    """A record as a dict of JSON types: the value's tuples become lists."""
    return json.loads(json.dumps(asdict(record)))


def _config_from_json(data: Mapping[str, Any]) -> Config:
    # A checkpoint stored before configs named their table size was folded when every table
    # seated its ruleset's default number of players; one stored before configs said which
    # score wins asks the ruleset, as _tournament_created does, with the options the checkpoint
    # kept (its table size: those rulesets played with their other options at the defaults).
    table_size = data.get("table_size") or RULESETS[data["ruleset"]].default_seats
    lowest_wins = data.get("lowest_wins")
    if lowest_wins is None:
        ruleset = RULESETS[data["ruleset"]]
        lowest_wins = ruleset.lowest_wins({"players": table_size} if "players" in ruleset.flags else {})
    return Config(
        **{**data, "tie_breaks": tuple(data["tie_breaks"]), "table_size": table_size, "lowest_wins": lowest_wins}
    )


def _round_from_json(data: Mapping[str, Any]) -> Round:
    def tables(key: str) -> tuple[Table, ...]:
        return tuple(Table(**{**table, "seats": tuple(table["seats"])}) for table in data.get(key, ()))

    return Round(data["number"], tables("tables"), tuple(data["byes"]), data["closed"], tables("replays"))


def _result_from_json(data: Mapping[str, Any]) -> MatchResult:
    as_tuples = {name: tuple(data.get(name, ())) for name in ("seats", "reported", "adjustments", "taken_over")}
    return MatchResult(**{**data, **as_tuples})


# Deriving the numbers -----------------------------------------------------------------------


def merits(scores: Iterable[float], lowest_wins: bool) -> tuple[float, ...]:
    """The game scores turned so that more is better: negated where the lowest score wins.
    Every comparison of game scores here compares merits; what is shown stays the score."""
    return tuple(-score if lowest_wins else score for score in scores)


def points_at_table(scores: Iterable[float], rule: str, lowest_wins: bool = False) -> tuple[float, ...]:
    """Table points of each seat from the game scores at one table, under rule: under "place",
    the best score (the highest, or the lowest where the lowest wins) earns the most; under
    "score", the game score itself (ranked lowest first where the lowest wins)."""
    scores = tuple(scores)
    if rule == "score":
        return scores
    better = merits(scores, lowest_wins)
    return tuple(_place_points(merit, better) for merit in better)


def place_points(table_size: int) -> tuple[int, ...]:
    """The table points of 1st, 2nd, … last at a table of ``table_size``: n−1 down to 0."""
    return tuple(range(table_size - 1, -1, -1))


def bye_table_points(rule: str, table_size: int) -> float:
    """What a bye is worth: a seat's average table points under "place", nothing under "score"."""
    return sum(place_points(table_size)) / table_size if rule == "place" else 0


def _place_points(merit: float, table: tuple[float, ...]) -> float:
    """The mean of the place points spanned by everyone level with merit (at a table of merits)."""
    above = sum(other > merit for other in table)
    level = sum(other == merit for other in table)
    spanned = place_points(len(table))[above : above + level]
    return sum(spanned) / len(spanned)


def counted_results(standings: Standings) -> list[MatchResult]:
    """The results that count (annulled ones do not), in the order they were played."""
    counted = (result for result in standings.results.values() if not result.annulled)
    return sorted(counted, key=lambda result: (result.round, result.table, result.match))


def entrant_totals(standings: Standings) -> dict[int, EntrantTotals]:
    """Every entrant's sums, derived from the counted results and the draws' byes."""
    config = standings.config
    if config is None:
        return {}
    counted = counted_results(standings)
    played = _seats_played(counted)
    byes = Counter(entrant for round_ in standings.rounds.values() for entrant in round_.byes)
    earned, possible = _matchpoints(counted, config.lowest_wins) if config.format == "duplicate" else ({}, {})
    return {
        entrant: EntrantTotals(
            matches=len(played[entrant]),
            byes=byes[entrant],
            table_points=sum(
                points_at_table(result.scores, config.table_points, config.lowest_wins)[seat]
                for result, seat in played[entrant]
            )
            + byes[entrant] * bye_table_points(config.table_points, config.table_size),
            game_score=sum(result.scores[seat] for result, seat in played[entrant]),
            wins=sum(
                _won_outright(merits(result.scores, config.lowest_wins), seat) for result, seat in played[entrant]
            ),
            matchpoints=earned.get(entrant, 0),
            matchpoints_possible=possible.get(entrant, 0),
        )
        for entrant in standings.entrants
    }


def _seats_played(counted: list[MatchResult]) -> dict[int, list[tuple[MatchResult, int]]]:
    """Each entrant's counted results, with the seat it held in each."""
    played: dict[int, list[tuple[MatchResult, int]]] = defaultdict(list)
    for result in counted:
        for seat, entrant in enumerate(result.seats):
            played[entrant].append((result, seat))
    return played


def _won_outright(table: tuple[float, ...], seat: int) -> bool:
    """Whether seat's merit beats every other seat's at a table of merits."""
    return all(table[seat] > other for index, other in enumerate(table) if index != seat)


def _matchpoints(counted: list[MatchResult], lowest_wins: bool) -> tuple[dict[int, int], dict[int, int]]:
    """Matchpoints earned and possible per entrant, comparing everyone who held the same seat
    on the same board. Computed from all results at once because a later result on a board
    changes the matchpoints of everyone who played it before."""
    groups: dict[tuple[str | None, int], list[tuple[int, float]]] = defaultdict(list)
    for result in counted:
        for seat, (entrant, merit) in enumerate(zip(result.seats, merits(result.scores, lowest_wins))):
            groups[(result.board, seat)].append((entrant, merit))
    earned: dict[int, int] = defaultdict(int)
    possible: dict[int, int] = defaultdict(int)
    for group in groups.values():
        for index, (entrant, score) in enumerate(group):
            others = [other for position, (_, other) in enumerate(group) if position != index]
            earned[entrant] += MATCHPOINTS_PER_BEATEN * sum(score > other for other in others)
            earned[entrant] += MATCHPOINTS_PER_TIED * sum(score == other for other in others)
            possible[entrant] += MATCHPOINTS_PER_BEATEN * len(others)
    return earned, possible


# Ranking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Facts:
    """What the rows and tie-breaks read, derived once per ranking."""

    config: Config
    totals: dict[int, EntrantTotals]
    points: dict[int, float]
    counted: list[MatchResult]


def ranking(standings: Standings, *, include_unranked: bool = True) -> list[Row]:
    """The standings table: ranked entrants by points then the configured tie-breaks, then
    (unless include_unranked is False) the unranked entrants, ordered alike but without a rank."""
    config = standings.config
    if config is None:
        return []
    totals = entrant_totals(standings)
    facts = _Facts(
        config=config,
        totals=totals,
        points={entrant: _points(config, each) for entrant, each in totals.items()},
        counted=counted_results(standings),
    )
    ranked = [entrant.id for entrant in standings.entrants.values() if entrant.ranked]
    rows = _rows(standings, facts, ranked, numbered=True)
    if include_unranked:
        unranked = [entrant.id for entrant in standings.entrants.values() if not entrant.ranked]
        rows += _rows(standings, facts, unranked, numbered=False)
    return rows


def _points(config: Config, totals: EntrantTotals) -> float:
    """What the standings rank by first: matchpoints in duplicate, table points otherwise."""
    return totals.matchpoints if config.format == "duplicate" else totals.table_points


def _points_lowest_first(config: Config) -> bool:
    """Whether fewer points rank higher: only game scores counted as table points (the "score"
    rule) of a game the lowest score wins. Place points and matchpoints are more-is-better."""
    return config.lowest_wins and config.table_points == "score" and config.format != "duplicate"


def _tie_break_lowest_first(name: str, config: Config) -> bool:
    """Whether a lower value of the tie-break ranks higher: a total game score where the lowest
    wins, and opponents' points where points rank lowest first. Wins and head-to-head are
    counted from merits already, so more is better."""
    if name == "game_score":
        return config.lowest_wins
    if name == "opponents_points":
        return _points_lowest_first(config)
    return False


def _rows(standings: Standings, facts: _Facts, entrants: list[int], *, numbered: bool) -> list[Row]:
    blocks, tie_break_values = _ordered_blocks(facts, entrants)
    rows = []
    position = 1
    for block in blocks:
        for entrant in block:
            rank = position if numbered else None
            rows.append(_row(standings, facts, entrant, rank, tie_break_values[entrant]))
        position += len(block)
    return rows


def _ordered_blocks(facts: _Facts, entrants: list[int]) -> tuple[list[list[int]], dict[int, dict[str, float]]]:
    """Split the entrants into blocks of true ties, best first: those who took part before those
    who did not, then by points, then each tie-break in turn within each block still tied.
    Tie-breaks are evaluated per block because head-to-head only means something among the
    entrants it separates."""
    values: dict[int, dict[str, float]] = {entrant: {} for entrant in entrants}
    # Entrants who took part (a counted match or a bye) come before those who have not: points
    # can be negative (the "score" rule, game scores that go below zero), and 0 points from no
    # game at all is no result to rank above a played one.
    took_part = {entrant: int(facts.totals[entrant].matches + facts.totals[entrant].byes > 0) for entrant in entrants}
    points_lowest_first = _points_lowest_first(facts.config)
    blocks = [
        block
        for part in _split(entrants, took_part)
        for block in _split(part, facts.points, lowest_first=points_lowest_first)
    ]
    for name in facts.config.tie_breaks:
        refined = []
        for block in blocks:
            block_values = _TIE_BREAK_VALUES[name](block, facts)
            for entrant in block:
                values[entrant][name] = block_values[entrant]
            refined += _split(block, block_values, lowest_first=_tie_break_lowest_first(name, facts.config))
        blocks = refined
    return blocks, values


def _split(block: list[int], value: Mapping[int, float], *, lowest_first: bool = False) -> list[list[int]]:
    """Sort block by value, highest first (lowest first with ``lowest_first``), into runs of
    equal value (entrant id orders a run, for display only)."""
    sign = 1 if lowest_first else -1
    ordered = sorted(block, key=lambda entrant: (sign * value[entrant], entrant))
    return [list(run) for _, run in groupby(ordered, key=lambda entrant: value[entrant])]


def _game_score(block: list[int], facts: _Facts) -> dict[int, float]:
    return {entrant: facts.totals[entrant].game_score for entrant in block}


def _wins(block: list[int], facts: _Facts) -> dict[int, float]:
    return {entrant: facts.totals[entrant].wins for entrant in block}


def _opponents_points(block: list[int], facts: _Facts) -> dict[int, float]:
    return {
        entrant: sum(
            facts.points[opponent]
            for result in facts.counted
            if entrant in result.seats
            for opponent in result.seats
            if opponent != entrant
        )
        for entrant in block
    }


def _head_to_head(block: list[int], facts: _Facts) -> dict[int, float]:
    members = set(block)
    balance: dict[int, float] = {entrant: 0 for entrant in block}
    for result in facts.counted:
        table = merits(result.scores, facts.config.lowest_wins)
        for seat, entrant in enumerate(result.seats):
            if entrant not in members:
                continue
            for other_seat, other in enumerate(result.seats):
                if other in members and other != entrant:
                    mine, theirs = table[seat], table[other_seat]
                    balance[entrant] += (mine > theirs) - (mine < theirs)
    return balance


_TIE_BREAK_VALUES: dict[str, Callable[[list[int], _Facts], dict[int, float]]] = {
    "game_score": _game_score,
    "wins": _wins,
    "opponents_points": _opponents_points,
    "head_to_head": _head_to_head,
}


def _row(standings: Standings, facts: _Facts, entrant_id: int, rank: int | None, tie_breaks: dict) -> Row:
    entrant = standings.entrants[entrant_id]
    totals = facts.totals[entrant_id]
    duplicate = facts.config.format == "duplicate"
    return Row(
        rank=rank,
        entrant=entrant_id,
        name=entrant.name,
        kind=entrant.kind,
        ranked=entrant.ranked,
        withdrawn=entrant.withdrawn,
        matches=totals.matches,
        byes=totals.byes,
        table_points=totals.table_points,
        game_score=totals.game_score,
        matchpoints=totals.matchpoints if duplicate else None,
        percentage=_percentage(totals) if duplicate else None,
        tie_breaks=tuple((name, tie_breaks[name]) for name in facts.config.tie_breaks),
    )


def event_points(standings: Standings) -> dict[int, float]:
    """Each entrant's points, what its standing ranks by first: matchpoints in duplicate, table
    points otherwise (a club's season adds them up, tournaments.clubs.season)."""
    config = standings.config
    if config is None:
        return {}
    return {entrant: _points(config, totals) for entrant, totals in entrant_totals(standings).items()}


def points_lowest_first(config: Config) -> bool:
    """Whether fewer points rank higher under ``config`` (see _points_lowest_first)."""
    return _points_lowest_first(config)


def ordered_blocks(
    config: Config,
    totals: Mapping[int, EntrantTotals],
    points: Mapping[int, float],
    counted: Iterable[MatchResult],
    entrants: Iterable[int],
) -> tuple[list[list[int]], dict[int, dict[str, float]]]:
    """The one ordering of the standings, for rows that are not one tournament's: ``entrants``
    in blocks of true ties, best first, by ``points`` then ``config.tie_breaks`` read from
    ``totals`` and the ``counted`` results (whose seats name the same ids), with each entrant's
    tie-break values. A club's season ranks its rows with it (tournaments.clubs.season), so a
    season breaks ties exactly as an event does."""
    facts = _Facts(config=config, totals=dict(totals), points=dict(points), counted=list(counted))
    return _ordered_blocks(facts, list(entrants))


def _percentage(totals: EntrantTotals) -> float | None:
    if not totals.matchpoints_possible:
        return None
    return 100 * totals.matchpoints / totals.matchpoints_possible


# Exports ------------------------------------------------------------------------------------


def standings_csv(rows: list[Row], root_hash: str | None = None) -> str:
    """The ranked rows as CSV, for publishing: header, then one line per ranked row (unranked
    rows are skipped). Matchpoints and percentage columns appear for a duplicate tournament.

    Every line has the same columns, so a spreadsheet opens it as one table: the root hash (the
    event log's, to check a printed sheet against) is a last column, the same on every row,
    rather than a line of its own above the header. A name a spreadsheet would read as a
    formula (=, +, -, @ first) is written with a leading apostrophe, as OWASP advises."""
    ranked = [row for row in rows if row.rank is not None]
    duplicate = any(row.matchpoints is not None for row in ranked)
    tie_break_names = [f"tie_break_{name}" for name, _ in ranked[0].tie_breaks] if ranked else []
    hashed = [] if root_hash is None else [root_hash]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rank", "name", "kind", "matches", "byes", "table_points", "game_score"]
        + (["matchpoints", "percentage"] if duplicate else [])
        + tie_break_names
        + ["withdrawn"]
        + (["root_hash"] if hashed else [])
    )
    for row in ranked:
        writer.writerow(
            [row.rank, spreadsheet_text(row.name), spreadsheet_text(row.kind), row.matches, row.byes]
            + [_plain(row.table_points), _plain(row.game_score)]
            + ([row.matchpoints, _percent(row.percentage)] if duplicate else [])
            + [_plain(value) for _, value in row.tie_breaks]
            + ["yes" if row.withdrawn else "no"]
            + hashed
        )
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what Excel, LibreOffice and Sheets evaluate


def spreadsheet_text(text: str) -> str:
    """Text a spreadsheet shows as text: one that would start a formula gets an apostrophe first."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _plain(number: float) -> str:
    """2.0 -> "2", 2.5 -> "2.5": table points are mostly whole and read better so."""
    return str(int(number)) if float(number).is_integer() else str(number)


def _percent(percentage: float | None) -> str:
    return "" if percentage is None else f"{percentage:.2f}"


def results_json(events: Iterable[Event]) -> dict:
    """The full results of a tournament as JSON-ready data: its settings, entrants, every
    round's draw with each table's reported scores, rulings and table points, and the standings."""
    standings = rebuild(events)
    config = standings.config
    if config is None:
        return {"tournament": None, "entrants": [], "rounds": [], "standings": []}
    return {
        "tournament": _json_ready(config),
        "entrants": [_json_ready(standings.entrants[key]) for key in sorted(standings.entrants)],
        "rounds": [_round_json(standings, config, standings.rounds[key]) for key in sorted(standings.rounds)],
        "standings": [_row_json(row) for row in ranking(standings)],
    }


def _round_json(standings: Standings, config: Config, round_: Round) -> dict:
    return {
        "round": round_.number,
        "closed": round_.closed,
        "byes": list(round_.byes),
        "tables": [_table_json(standings, config, table) for table in round_.tables + round_.replays],
    }


def _table_json(standings: Standings, config: Config, table: Table) -> dict:
    drawn = {
        "table": table.table,
        "match": table.match,
        "board": table.board,
        "seats": list(table.seats),
        "replaces": table.replaces,
    }
    result = standings.results.get(table.match)
    if result is None:
        return drawn | dict.fromkeys(["reported", "adjustments", "scores", "table_points"]) | {"annulled": False}
    return drawn | {
        "reported": list(result.reported),
        "adjustments": list(result.adjustments),
        "scores": list(result.scores),
        "annulled": result.annulled,
        "table_points": list(points_at_table(result.scores, config.table_points, config.lowest_wins)),
    }


def _row_json(row: Row) -> dict:
    return asdict(row) | {"tie_breaks": dict(row.tie_breaks)}
