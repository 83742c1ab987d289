"""The replay page: a match's log stepped through on the table itself, drawn by the table's own
fragment (templates/games/_table.html), from a chosen seat's eyes.

``?deal=N`` opens at the start of deal N (by default deal 1), ``?v=`` at an event, ``?seat=``
chooses the eyes: ``spectator`` (the table as anyone watching saw it: no hand until its deal is
over), a seat from 0 as the addresses number them (its own hand; the picker says "Seat 1"),
or ``all`` (every hand). Who may see what is never decided here:

- a spectator's view is games.pages.replay_steps.spectator_view, for a public match only;
- a seat's view, and every hand for an arbiter, is games.service.access.seat_replay, which lets
  the table (and staff) replay each deal once it is over and anyone replay a public match;
- every hand of a public match, for someone who is not its arbiter, is each seat's own
  seat_replay put side by side: in a public match anyone may look from every seat, so the
  hands together show nothing that any one seat's replay would not.

A thin view: games.pages.table.table_context lays the view out, given it and a spectator's
request (the replay never offers an action), and the places round the table are turned so
that the chosen seat sits at the bottom.
"""

import copy

from django.contrib.auth.models import AnonymousUser
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.engine import RULESETS
from games.errors import ServiceError
from games.models import Match
from games.pages import compass, replay_steps
from games.pages.audit import card_view, seat_choices
from games.pages.table import closed_rooms_refused, table_context, trick_card, trick_played
from games.record import eventlog
from games.service import access
from games.templatetags.cards import by_suit

STEP_MS = 900  # a step every 0.9 s while it plays: a card at a time, slow enough to follow
SPECTATOR = "spectator"
EVERY_HAND = "all"


def as_spectator(request):
    """The request as nobody at the table makes it: the table's fragment offers no action."""
    spectator = copy.copy(request)
    spectator.user = AnonymousUser()
    return spectator


def parse_seat(raw):
    """``?seat=``: None (the default), the spectator, every hand, or a seat from 0; anything
    else is passed on as written, for seat_replay to refuse (400 invalid_seat)."""
    if raw in (None, ""):
        return None
    if raw in (SPECTATOR, EVERY_HAND):
        return raw
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else raw


def parse_step(raw):
    """``?v=``: None when absent, else the event asked for; what is not a number in range is 0,
    which spectator_view and seat_replay refuse saying the range (400 invalid_version)."""
    if raw in (None, ""):
        return None
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else 0


def default_seat(match, user):
    """The eyes a replay opens with: a public match as a spectator saw it (as the demo shows
    it); otherwise the viewer's own seat, else every hand for an arbiter, else seat 0 (which
    seat_replay refuses, with its reason, to anyone who may not see it)."""
    if access.is_public(match):
        return SPECTATOR
    own = access.enter(match, user).seat
    if own is not None:
        return own
    return EVERY_HAND if access.is_arbiter(match, user) else 0


def seen_by(match, user, seat, version):
    """(the view at ``version`` from ``seat``'s eyes, the seat it was actually seen from, and
    every hand shown as [cards or None] by seat): each view from the one redaction."""
    if seat == SPECTATOR:
        view, _last = replay_steps.spectator_view(match, version)
        return view, seat, [None] * match.num_seats
    if seat == EVERY_HAND:
        try:
            view = access.seat_replay(match, user, EVERY_HAND, version)["view"]
            return view, seat, view["hands"]
        except ServiceError as e:
            if e.code != "arbiter_only" or not access.is_public(match):
                raise
        view, _last = replay_steps.spectator_view(match, version)
        hands = [access.seat_replay(match, user, s, version)["view"]["hand"] for s in range(match.num_seats)]
        return view, seat, hands
    view = access.seat_replay(match, user, seat, version)["view"]
    return view, seat, [view["hand"] if s == seat else None for s in range(match.num_seats)]


def requested(match, user, query, rows, last):
    """(seat, version) the query names, each checked: ?v=, else the start of ?deal=, else the start
    of deal 1; a bad number is refused naming its parameter."""
    version = parse_step(query.get("v"))
    if version is None:
        deal = replay_steps.parse_deal(query.get("deal"))
        version = replay_steps.opening_version(rows, last) if deal is None else replay_steps.deal_version(rows, deal)
    seat = parse_seat(query.get("seat"))
    return (default_seat(match, user) if seat is None else seat), version


# The parameter each refusal is about (a refusal of ?deal= names it in its details).
REFUSED_PARAMETER = {
    "invalid_version": "v",
    "deal_not_over": "v",
    "invalid_seat": "seat",
    "arbiter_only": "seat",
    "not_replayable_yet": "seat",
}


def step_or_fallback(match, user, query, rows, last):
    """(view, seat, hands, version, refusal): the step asked for, else, after a refusal, the step
    without the parameter refused (an event refused falls back to the start of the deal, a
    seat to the default eyes), else the defaults, else no step (view None) and the refusal."""
    try:
        seat, version = requested(match, user, query, rows, last)
        return (*seen_by(match, user, seat, version), version, None)
    except ServiceError as e:
        if e.code == "board_in_play":
            raise  # worded as a page by closed_rooms_refused
        error = e
    refused = error.details.get("parameter") or REFUSED_PARAMETER.get(error.code)
    kept = {name: query.get(name) for name in ("seat", "v", "deal") if name != refused}
    for attempt in (kept, {}) if refused else ({},):
        try:
            seat, version = requested(match, user, attempt, rows, last)
            return (*seen_by(match, user, seat, version), version, error)
        except ServiceError:
            continue
    return None, None, None, None, error


def seat_options(match, user, names, seat):
    """The seat picker: the spectator (a public match), each seat numbered from 1, every hand."""
    options = [(SPECTATOR, _("Spectator"))] if access.is_public(match) else []
    options += seat_choices(names)
    if access.is_public(match) or access.is_arbiter(match, user) or seat == EVERY_HAND:
        options.append((EVERY_HAND, _("Every hand")))
    return [{"value": value, "label": label, "selected": value == str(seat)} for value, label in options]


def hands_shown(view, hands, names, trick_taking, seat):
    """The hands under the table, the seat's own first: each live hand the eyes chosen hold, and
    once a deal is over every hand as it was dealt (which the view then shows the table)."""
    last_deal = view.get("last_deal")
    over = bool(last_deal) and last_deal["deal"] == view["deal"] and view["phase"] in ("deal_over", "over")
    jokers = view["table"].get("jokers") or {}

    def groups(cards):
        if trick_taking:
            return [[card_view(c) for c in suit] for _suit, suit in by_suit(cards)]
        return [[card_view(c, jokers) for c in cards]]

    shown = []
    for i, name in sorted(enumerate(names), key=lambda seat_name: seat_name[0] != seat):
        live = hands[i]
        dealt = last_deal["dealt_hands"][i] if over else None
        if live is None and dealt is None:
            continue
        shown.append(
            {
                "index": i,
                "name": name,
                "live": groups(live) if live else None,
                "empty": live is not None and not live,
                "dealt": groups(dealt) if dealt else None,
            }
        )
    return shown


def step_context(request, match, query):
    rows = eventlog.shown_rows(match.stream, match.version)
    # The last event a stepper links to: the whole log of a public match, else the end of the
    # last deal that is over (seat_replay refuses a later one to anyone).
    last = len(rows) if access.is_public(match) else max(1, access.finished_through(rows))
    view, seat, hands, version, error = step_or_fallback(match, request.user, query, rows, last)
    if view is None:
        return {"match": match, "refusal": error, "replay": None, "view": None}
    view = {**view, "legal_actions": []}  # a past step takes no action, and names none
    context = table_context(as_spectator(request), match, view=view)
    # A past step has no clock running and takes no action; the fragment is not polled.
    context.update(clock=None, bot_timeout=None, your_turn=False, me=None, version=version)
    names = context["names"]
    game = RULESETS[view["ruleset"]]
    # The chosen seat at the bottom, the others round the table in the direction of play.
    place = compass.places(seat if isinstance(seat, int) else 0, match.num_seats, game.direction)
    for row in context["seats"]:
        row["place"] = place[row["index"]]
    if game.layout == "tricks":
        table = view["table"]
        plays = table["trick"]
        if not plays and table["tricks"] and rows[version - 1].type == replay_steps.unit_of(match.ruleset)["event"]:
            # The step that ends a trick shows its four cards still lying on the table, as they
            # lie there at a real table before they are gathered: the step a trick at a time lands on.
            plays = table["tricks"][-1]["plays"]
        context["trick"] = [trick_card(p, names, place) for p in plays]
        context["last_trick"] = table["tricks"] and trick_played(table["tricks"][-1], names, place)
    last = max(last, version)
    context["replay"] = {
        "version": version,
        "last": last,
        "seat": seat,
        "seats": seat_options(match, request.user, names, seat),
        "steps": replay_steps.stepper(rows, match.ruleset, version, last),
        "hands": hands_shown(view, hands, names, game.trick_taking, seat),
        "seat_name": names[seat] if isinstance(seat, int) else None,
        "step_ms": STEP_MS,
        # plays by itself only where nothing was named: the demo, the plain link from the table
        "autoplay": not any(query.get(name) for name in ("v", "deal", "seat")),
    }
    context["refusal"] = error  # said above the step it fell back to (the table's own "error" is an action's)
    return context


@require_GET
@closed_rooms_refused
def replay_page(request, pk):
    match = get_object_or_404(Match, pk=pk)
    access.enter(match, request.user)  # a closed room's outsider: refused as a page
    fragment = request.GET.get("fragment") == "1"
    context = step_context(request, match, request.GET)
    error = context["refusal"]
    return render(
        request,
        "games/_replay_step.html" if fragment else "games/replay.html",
        context,
        status=error.status if error is not None else 200,
    )
