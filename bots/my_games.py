"""Your games and your bots' games (issue 33; docs/bots.md, "Your bots' games"): the one query
behind ``GET /api/v1/me/games/``, its JSON Lines export and the page ``/me/games/``.

A game is a match where the caller holds a seat in person or through a bot they own
(``games.service.access.held_by``), newest first (by match id: the order they were created).
Filters narrow it: one bot of the caller's, a ruleset, a result, a span of days. The result is
read from what a finished match records, its last event ``game_ended`` (``scores``,
``winners``, ``result``), which is the stream's head once the match is over (the platform
appends nothing after it: games.record.eventlog.shown_rows), so each test of it is one
indexed read, done in SQL so that a filter pages like the unfiltered list:

- ``won``: your seat is the only winner; ``drawn``: it shares first place with others;
- ``lost``: the game has winners and your seat is not one of them;
- ``cancelled``: the game ended without a winner (a fixed board cancelled);
- ``in_progress``: no result yet: the match is live, or its table has finished a board that
  another table still plays (a closed room, docs/api.md "Closed rooms"), whose scores are
  withheld until then, as the projector withholds them.

Nothing here names a ruleset or a table size (docs/architecture.md §3.2a): the largest table
bounds the winners a game can have (games.models.MOST_SEATS).
"""

import datetime
import functools
import operator
import re
import typing

from django.db.models import CharField, Exists, IntegerField, OuterRef, Q, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce, Concat
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games import api
from games.engine import RULESETS
from games.errors import ServiceError
from games.models import MOST_SEATS, Event, Match, Seat
from games.record import eventlog
from games.service import access

from .models import Bot

RESULTS = ("won", "lost", "drawn", "cancelled", "in_progress")
FILTERS = ("bot", "ruleset", "result", "since", "until")
DEFAULT_LISTED = 50
MOST_LISTED = 100  # a page of the list
MOST_EXPORTED = 500  # games in one export: a King game's line is about 80 kB, a Rifki game's 150 kB
LARGEST_ID = 10**18 - 1  # as config.urls.DatabaseId: what fits a 64-bit column
NO_WINNER = -1  # no seat has this index: "nobody" at a place of the winners' list
FORMAT = "kingrifki-games/1"  # one export line: docs/bots.md, "Your bots' games"
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class Filters(typing.NamedTuple):
    """What the caller asked for, checked: each filter None when not given."""

    bot: Bot | None = None
    ruleset: str | None = None
    result: str | None = None
    since: datetime.date | None = None
    until: datetime.date | None = None
    before: int | None = None

    def as_params(self):
        """The filters as query parameters (a next page's link keeps them)."""
        given = {
            "bot": self.bot.pk if self.bot else None,
            "ruleset": self.ruleset,
            "result": self.result,
            "since": self.since.isoformat() if self.since else None,
            "until": self.until.isoformat() if self.until else None,
        }
        return {name: value for name, value in given.items() if value is not None}


# ------------------------------------------------------------------ reading the filters
def refuse(field, problem, **details):
    raise ServiceError("invalid_input", problem=problem, field=field, **details)


def given(params, name):
    """A parameter's value, or None when absent or empty (an empty form field filters nothing)."""
    value = params.get(name)
    return value if value not in (None, "") else None


def whole_number(params, name, default, low, high):
    """An integer parameter from ``low`` to ``high`` (games.api.whole_number, for any mapping:
    the page reads request.GET, the API request.query_params; an empty form field is absent)."""
    return api.whole_number(given(params, name), name, default, low, high)


def one_of(params, name, allowed):
    value = given(params, name)
    if value is not None and value not in allowed:
        refuse(name, _("'%(field)s' must be one of %(allowed)s"), allowed=", ".join(allowed))
    return value


def day(params, name):
    value = given(params, name)
    if value is None:
        return None
    try:
        if ISO_DATE.fullmatch(value):
            return datetime.date.fromisoformat(value)
    except ValueError:
        pass  # 2025-02-30: the form of a date, but no day
    refuse(name, _("'%(field)s' must be a date written YYYY-MM-DD, such as 2025-03-31"))


def parse_filters(user, params):
    """The checked filters of ``params`` (a query's mapping), or ServiceError: 400 ``invalid_input``
    naming the ``field``, or 404 ``not_found`` for a bot that is not the caller's (someone else's
    bot is answered as one that does not exist: its id tells nothing)."""
    bot_id = whole_number(params, "bot", None, 1, LARGEST_ID)
    ruleset = one_of(params, "ruleset", sorted(RULESETS))
    result = one_of(params, "result", RESULTS)
    since, until = day(params, "since"), day(params, "until")
    before = whole_number(params, "before", None, 1, LARGEST_ID)
    if since and until and since > until:
        refuse("since", _("'since' (%(since)s) is after 'until' (%(until)s)"), since=str(since), until=str(until))
    bot = None
    if bot_id is not None:
        bot = Bot.objects.filter(pk=bot_id, owner=user).first()
        if bot is None:
            raise ServiceError("not_found", problem=_("you have no bot %(bot)s"), bot=bot_id)
    return Filters(bot, ruleset, result, since, until, before)


# ------------------------------------------------------------------ the query
def held(user, filters):
    """The seats a game is listed for: the filtered bot's, else the caller's and their bots'."""
    return Q(bot=filters.bot) if filters.bot is not None else access.held_by(user)


def ending():
    """The ``game_ended`` event at the head of the outer seat's match, with its winners as
    ``w0``, ``w1``, ... (NO_WINNER past the last): read in SQL on SQLite and PostgreSQL alike."""
    stream = Concat(Value("match/"), Cast(OuterRef("match_id"), CharField()))
    winners = {
        f"w{place}": Coalesce(Cast(KT(f"payload__winners__{place}"), IntegerField()), Value(NO_WINNER))
        for place in range(MOST_SEATS)
    }
    return Event.objects.filter(stream=stream, version=OuterRef("match__version"), type="game_ended").annotate(
        **winners
    )


def among_winners():
    return functools.reduce(operator.or_, (Q(**{f"w{place}": OuterRef("index")}) for place in range(MOST_SEATS)))


def seat_result(result):
    """The condition on a seat (of a finished match) that its result is ``result``."""
    alone = Q(w1=NO_WINNER)
    conditions = {
        "won": among_winners() & alone,
        "drawn": among_winners() & ~alone,
        "lost": ~Q(w0=NO_WINNER) & ~among_winners(),
        "cancelled": Q(w0=NO_WINNER),
    }
    return Exists(ending().filter(conditions[result]))


def closed_room():
    """A match whose cards another live match of its group still plays."""
    still_played = Match.objects.filter(cards_group=OuterRef("cards_group"), status=Match.Status.LIVE)
    return ~Q(cards_group="") & Exists(still_played)


def games(user, filters):
    """The caller's games that pass ``filters``, newest first (a queryset of Match)."""
    seats = Seat.objects.filter(held(user, filters), match=OuterRef("pk"))
    if filters.result not in (None, "in_progress"):
        seats = seats.filter(seat_result(filters.result))
    found = Match.objects.filter(Exists(seats))
    if filters.result == "in_progress":
        found = found.filter(Q(status=Match.Status.LIVE) | closed_room())
    elif filters.result is not None:
        found = found.filter(status=Match.Status.OVER).exclude(closed_room())
    if filters.ruleset:
        found = found.filter(ruleset=filters.ruleset)
    if filters.since:
        found = found.filter(created_at__gte=start_of(filters.since))
    if filters.until and filters.until < datetime.date.max:
        found = found.filter(created_at__lt=start_of(filters.until + datetime.timedelta(days=1)))
    if filters.before:
        found = found.filter(pk__lt=filters.before)
    return found.order_by("-pk")


def start_of(date):
    """The first moment of a UTC day (the owner's caps count UTC days too: docs/bots.md)."""
    return datetime.datetime.combine(date, datetime.time.min, tzinfo=datetime.UTC)


def page_of(user, filters, limit):
    """(up to ``limit`` matches, whether more follow them)."""
    rows = list(games(user, filters)[: limit + 1])
    return rows[:limit], len(rows) > limit


# ------------------------------------------------------------------ what each game shows
class Ending(typing.NamedTuple):
    scores: list
    winners: list
    at: datetime.datetime


def endings(matches):
    """{match id: Ending} for the finished matches among ``matches``: one query."""
    over = [m for m in matches if m.status == Match.Status.OVER]
    if not over:
        return {}
    heads = functools.reduce(operator.or_, (Q(stream=m.stream, version=m.version) for m in over))
    rows = Event.objects.filter(heads, type="game_ended").values_list("stream", "payload", "recorded_at")
    return {
        int(stream.removeprefix("match/")): Ending(payload.get("scores"), payload.get("winners") or [], at)
        for stream, payload, at in rows
    }


def result_of(index, ended):
    """A seat's result by the finished game's record (None: no result to show yet)."""
    if ended is None:
        return "in_progress"
    if not ended.winners:
        return "cancelled"
    if index not in ended.winners:
        return "lost"
    return "won" if len(ended.winners) == 1 else "drawn"


def is_exportable(row, closed):
    """Whether a match's cards may be exported: it is public (games.service.access.is_public) and
    no other table still plays its cards (``closed``: the groups still in play). Stricter than
    is_public alone, which a casual fixed board's own seats may pass while another table plays."""
    if row.status != Match.Status.OVER or (row.cards_group and row.cards_group in closed):
        return False
    return row.public_when_over or bool(row.cards_group)


def links(pk, exportable):
    """Where to see the game: its pages and API; the replay and the export once its cards are public."""
    return {
        "table": reverse("table", args=[pk]),
        "sheet": reverse("score-sheet", args=[pk]),
        "audit": reverse("audit", args=[pk]),
        "replay": reverse("match-replay", args=[pk]) if exportable else None,
        "match": reverse("api-match", args=[pk]),
        "export": reverse("api-match-export", args=[pk]) if exportable else None,
    }


def entries(user, filters, matches):
    """Each of ``matches`` as the list shows it (the API's JSON; the page shows the same facts).
    Three queries whatever their number: the seats, the endings and the boards still in play."""
    ids = [m.pk for m in matches]
    seats = {}
    for row in Seat.objects.filter(match_id__in=ids).select_related("user", "bot").order_by("match_id", "index"):
        seats.setdefault(row.match_id, []).append(row)
    mine = set(Seat.objects.filter(held(user, filters), match_id__in=ids).values_list("pk", flat=True))
    ended = endings(matches)
    closed = access.closed_cards_groups(m.cards_group for m in matches)
    listed = []
    for row in matches:
        exportable = is_exportable(row, closed)
        known = ended.get(row.pk) if row.status == Match.Status.OVER and row.cards_group not in closed else None
        listed.append(
            {
                "match": row.pk,
                "ruleset": row.ruleset,
                "num_seats": row.num_seats,
                "options": row.options,
                "event": row.event or None,
                "status": row.status,
                "created_at": row.created_at.isoformat(),
                "finished_at": ended[row.pk].at.isoformat() if row.pk in ended else None,
                "public": exportable,
                "seats": [
                    {"seat": s.index, "user": s.user.username if s.user else None, "bot": s.bot.name if s.bot else None}
                    for s in seats.get(row.pk, [])
                ],
                "yours": [
                    {
                        "seat": s.index,
                        "bot": s.bot.name if s.bot else None,
                        "bot_id": s.bot_id,
                        "score": known.scores[s.index] if known and known.scores else None,
                        "result": result_of(s.index, known),
                    }
                    for s in seats.get(row.pk, [])
                    if s.pk in mine
                ],
                "scores": known.scores if known else None,
                "links": links(row.pk, exportable),
            }
        )
    return listed


# ------------------------------------------------------------------ the export
class Export(typing.NamedTuple):
    lines: typing.Iterator[str]
    exported: int
    left_out: int


def export(user, filters, matches):
    """The JSON Lines of ``matches`` whose cards are public: one line a game, ``{"format",
    "game": its list entry, "seed", "events": [{"version", "recorded_at", "event"}]}``, the
    events up to the game's end as the match's log holds them (every hand: the game is public).
    A game whose cards are not public yet (live, held back by its tournament, or a board another
    table still plays) is left out, never redacted: ``left_out`` counts them."""
    listed = [entry for entry in entries(user, filters, matches) if entry["public"]]
    return Export(game_lines(listed), len(listed), len(matches) - len(listed))


def game_lines(listed):
    """One line per game, each read when it is written: the export is never whole in memory."""
    for entry in listed:
        row = Match.objects.get(pk=entry["match"])  # fresh: its head bounds the events read
        # Checked again as each line is written, with the one door's own rule: a game still
        # decided public is never less public later (a match never goes live again).
        if not access.is_public(row) or access.cards_still_in_play(row):
            continue
        events = [
            {"version": r.version, "recorded_at": r.recorded_at.isoformat(), "event": eventlog.as_engine_event(r)}
            for r in eventlog.shown_rows(row.stream, row.version)
        ]
        yield eventlog.canonical_json({"format": FORMAT, "game": entry, "seed": row.seed or None, "events": events})
