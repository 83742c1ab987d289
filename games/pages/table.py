"""The table (issue 7): a person plays their seat in the browser, anyone else watches.

Thin views over games.service: what a viewer sees comes only from
``access.visible_state`` (the one redaction, docs/architecture.md §3.5) and every action goes
through ``playing.submit_action``, which checks seat, turn, version and legality exactly as
the API does. The page polls a fragment with htmx; the fragment carries the version it shows,
so an unchanged table costs one indexed read and a 204.
"""

import functools
import json
import math
import re
import uuid
from collections import Counter

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.accounts import throttles
from games.engine import RULESETS
from games.engine.rulesets import CLOCKWISE
from games.errors import ServiceError
from games.models import Event, Match
from games.pages import compass, decisions, piles
from games.record import eventlog
from games.service import access, clocks, playing
from games.templatetags.cards import seat_number

# ------------------------------------------------------------------ the table
# What the seat to act is deciding, by the engine's phase names (king.py, rifki.py).
# Every phase in which a seat acts (the engines' PHASE_ACTIONS) has its words; in the King's
# positive hand %(dealer)s is the dealer, the Beneficiary whose offer the others answer.
PHASES = {
    "play": gettext_lazy("play a card"),
    "contract": gettext_lazy("choose the contract"),
    "nominate_dealer": gettext_lazy("name the first dealer"),
    "positive_choice": gettext_lazy("choose how to play the positive hand"),
    "auction": gettext_lazy("bid or pass"),
    "auction_won": gettext_lazy("accept or decline the winning bid"),
    "no_bids": gettext_lazy("choose how to play the hand, as nobody bid"),
    "counteroffer": gettext_lazy("accept or refuse %(dealer)s's counter-offer"),
    "ultimatum": gettext_lazy("answer %(dealer)s's ultimatum: 8 up, or %(dealer)s plays the hand down"),
    "final_offer": gettext_lazy("answer %(dealer)s's ultimatum: 8 up, or %(dealer)s plays the hand down"),
    "declined": gettext_lazy("choose how to play the hand"),
    "name_trump": gettext_lazy("name the trumps"),
    "misdeal_claim": gettext_lazy("claim a misdeal or play on"),
}

# Refusals from the service (seat, turn, version, input), said plainly.
REFUSALS = {
    "not_your_seat": gettext_lazy("You hold no seat at this table, so you cannot act here."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "version_conflict": gettext_lazy(
        "The table moved on before your action arrived; nothing was played. Here is the table as it is now."
    ),
    "match_over": gettext_lazy("The game is over; no more actions are possible."),
    "invalid_input": gettext_lazy("That action could not be read; nothing was played."),
}


# A built-in bot's seat name when the built-in bots' own names cannot be told apart at a glance
# (one bot in several seats, or names that begin alike, as the house's "house-<strategy>" bots
# do): a short name by seat, the same on every page of the match (the table, the score sheet,
# the audit), with the bot's own name kept beside it (a title, a second line). Proper names, the
# same in every language; each begins with its own letter, so no two read alike when a phone
# cuts them short (docs/pages.md "At the table"). A webhook or polling bot is its author's
# program and keeps its name, as a person does.
SHORT_SEAT_NAMES = ("Alfa", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett")
GLANCE = 8  # the characters a phone's narrowest seat shows of a name


def at_a_glance(name):
    """What a reader takes in of a name: its first word, its first few characters."""
    return re.split(r"[\W_]+", name.casefold().strip() or "-")[0][:GLANCE]


def seat_names(rows):
    """Each seat's name: built-in bots whose names begin alike get their seat's short name (the
    bot's own name goes to ``row["bot_name"]``), then any name still held twice is told apart by
    seat number."""
    bots = [r for r in rows if r.get("builtin")]
    alike = Counter(at_a_glance(r["name"]) for r in bots)
    for r in bots:
        if alike[at_a_glance(r["name"])] > 1 and r["index"] < len(SHORT_SEAT_NAMES):
            r["bot_name"], r["name"] = r["name"], SHORT_SEAT_NAMES[r["index"]]
    count = Counter(r["name"] for r in rows)
    for r in rows:
        if count[r["name"]] > 1:
            r["name"] = _("%(name)s, seat %(seat)s") % {"name": r["name"], "seat": seat_number(r["index"])}
    return [r["name"] for r in rows]


def seat_name(seat):
    if seat.user_id:
        return seat.user.username
    if seat.bot_id:
        return seat.bot.name
    return _("open seat %(seat)s") % {"seat": seat_number(seat.index)}


def match_seat_names(match):
    """Every seat's name as every page of a match shows them (table, score sheet, audit)."""
    seats = match.seats.select_related("user", "bot").order_by("index")
    return seat_names([{"index": s.index, "name": seat_name(s), "builtin": built_in(s)} for s in seats])


def built_in(seat):
    """Whether a built-in bot (one of the site's strategies) holds the seat."""
    return bool(seat.bot_id) and seat.bot.kind == "builtin"


def table_context(request, match, error=None, view=None):
    """What the table templates show. ``view``, when given, is shown instead of the viewer's
    live ``access.visible_state`` (a replay passes a spectator's view of a past version)."""
    # The version is read before the state: a page never claims a newer version than the
    # cards it shows, so a poll re-renders rather than missing a change.
    match.refresh_from_db()
    replaying = view is not None
    if view is None:
        view = access.visible_state(match, request.user)
    seats = list(match.seats.select_related("user", "bot").order_by("index"))
    me = next((s.index for s in seats if request.user.is_authenticated and s.user_id == request.user.pk), None)
    to_act = view["to_act"]
    game, table = RULESETS[view["ruleset"]], view["table"]
    # The seat a row marks: the role a score sheet names (the dealer in King, the declarer in Rifki).
    role_seat, role_label = table.get(game.sheet_role), game.roles[game.sheet_role]
    place = compass.places(me or 0, match.num_seats, game.direction)
    in_piles = game.layout == "piles"
    rows = [
        {
            "index": s.index,
            "name": seat_name(s),
            "is_bot": bool(s.bot_id),
            "builtin": built_in(s),
            "is_you": s.index == me,
            "to_act": s.index == to_act,
            "role": s.index == role_seat,
            "cards": view["hand_sizes"][s.index],
            "tricks": None if in_piles else table["tricks_won"][s.index],
            "chips": piles.seat_chips(table, s.index) if in_piles else {},
            "score": view["scores"][s.index],
            "place": place[s.index],
        }
        for s in seats
    ]
    names = seat_names(rows)
    legal = view["legal_actions"]  # only ever the viewer's own, when it is their turn
    acting = seats[to_act] if to_act is not None else None
    last = table["tricks"][-1] if not in_piles and table["tricks"] else None
    context = {
        "match": match,
        "view": view,
        "version": match.version,
        "seats": rows,
        "clockwise": game.direction == CLOCKWISE,
        "me": me,
        # The hand and its form only on the viewer's own view (a replay may pass a spectator's).
        "seated": me is not None and view.get("seat") == me and not view["is_over"],
        "error": error,
        # A replay passes a past view: the room it shows is no one's to enter now.
        "closed_room": replaying is False and access.cards_still_in_play(match),
        "your_turn": me is not None and to_act == me and view.get("seat") == me,
        "status": piles.status_line(view, me, names) if in_piles else status_line(view, me, names),
        "playable": {a["card"] for a in legal if a["type"] == "play"},
        "trick": [] if in_piles else [trick_card(p, names, place) for p in table["trick"]],
        "last_trick": last and trick_played(last, names, place),
        "tricks_done": 0 if in_piles else len(table["tricks"]),
        "role_label": _(role_label),
        "deal_rows": [{"deal": i + 1, "scores": r} for i, r in enumerate(view["deal_scores"])],
        "winners": [names[s] for s in view.get("winners", [])],
        "names": names,
        "clock": clock(match, names[to_act]) if acting is not None else None,
        "bot_timeout": bot_time_limit(match, acting),
        "command_id": uuid.uuid4().hex,  # a double click repeats the command, not the move
    }
    # What the seat to act decides besides a card (games.pages.decisions) and the people's clocks
    # (games.service.clocks): each its own module and template include (_decision.html, _seat_clock.html).
    if in_piles:
        context.update(piles_context(view, table, legal))
    else:
        context.update(decisions.decision_context(view, names))
    context.update(table_clock_context(match, view, me))
    return context


def piles_context(view, table, legal):
    """A piles game's table (games.pages.piles): the piles, the hand with each card's targets, the
    turn's buttons, every move as a button, the pot, and the warning of an unplayed king."""
    return {
        "piles": piles.layout(table, legal),
        "pile_hand": piles.hand(view["hand"], legal),
        "turn_buttons": piles.turn_buttons(legal),
        "every_move": piles.every_move(legal),
        "pot": table.get("pot"),
        "chip_game": "chips" in table,
        "paid_game": "paid" in table,
        "king_warning": bool(table.get("king_warning")),
        "stock_size": table.get("stock_size", 0),
        "choices": None,
        "auction": None,
        "quotas": None,
    }


def trick_card(play, names, place):
    return {"name": names[play["seat"]], "card": play["card"], "place": place[play["seat"]]}


def bot_time_limit(match, seat):
    """The seconds a webhook or polling bot has for its turn; a built-in bot has no deadline
    (it plays at once, in the worker), and neither has a person."""
    if seat is None or not seat.bot_id or seat.bot.kind == "builtin":
        return None
    return match.bot_turn_timeout


def trick_played(trick, names, place):
    """A finished trick as [(who, card, where they sit)] in the order played (the view's trick
    says who played each card), and its winner and where the winner sits (the cards are
    gathered towards them)."""
    return {
        "cards": [{"name": names[p["seat"]], "card": p["card"], "place": place[p["seat"]]} for p in trick["plays"]],
        "winner": names[trick["winner"]],
        "winner_place": place[trick["winner"]],
    }


def status_line(view, me, names):
    to_act = view["to_act"]
    if view["is_over"]:
        return _("The game is over.")
    dealer = view["table"].get("dealer")
    what = str(PHASES.get(view["phase"], _("act"))) % {"dealer": names[dealer] if dealer is not None else ""}
    if to_act is None:
        return _("Waiting for the next deal.")
    if to_act == me:
        return _("Your turn: %(what)s.") % {"what": what}
    return _("Waiting for %(name)s to %(what)s.") % {"name": names[to_act], "what": what}


def clock(match, name):
    """How long the seat to act has had its turn: since the last event was recorded.

    The page counts on from the seconds given here, so a phone's wrong clock does not matter.
    """
    since = (
        Event.objects.filter(stream=match.stream, version=match.version).values_list("recorded_at", flat=True).first()
    )
    seconds = max(0, int((timezone.now() - since).total_seconds())) if since else 0
    shown = format_html(
        '<time data-elapsed="{}" datetime="PT{}S">{}</time>', seconds, seconds, f"{seconds // 60}:{seconds % 60:02d}"
    )
    # Safe: the name is escaped and the time built by format_html.
    return mark_safe(_("%(name)s has been thinking for %(time)s") % {"name": conditional_escape(name), "time": shown})


def table_clock_context(match, view, me):
    """Extra context for the table page: ``clocks`` (each person seat's clock by seat index,
    with its m:ss), ``timed_question`` (the seconds a timed question's turn has, when one is
    asked) and ``choices`` without the timed question's default answer, which the clock gives
    (so that no person ever clicks it: docs/misdeal-question.md)."""
    seat_clocks = clocks.match_clocks(match, view)
    for clock in seat_clocks.values():
        clock["move_text"] = clocks.minutes(clock["move"]) if clock["move"] is not None else ""
        clock["bank_text"] = clocks.minutes(clock["bank"]) if clock["bank"] else ""
    context = {"clocks": seat_clocks, "timed_question": None}
    timed = clocks.TIMED_QUESTIONS.get(view.get("phase"))
    if timed is not None and view.get("to_act") is not None and not view.get("is_over"):
        acting = seat_clocks.get(view["to_act"])
        seconds = acting["move"] if acting else None
        claims = view["to_act"] == me and any(a != timed for a in view["legal_actions"])
        context["timed_question"] = {"seconds": seconds, "may_claim": claims}
        if claims:
            context["choices"] = [
                {"label": decisions.choice_label(view, a), "json": json.dumps(a, sort_keys=True)}
                for a in view["legal_actions"]
                if a != timed
            ]
        else:
            # Nothing to answer: the seat asked that holds a card above a ten, every other seat
            # and a spectator see the very same words, with no turn of their own (no "Your
            # turn", no title, no sound), so the page never tells who may claim.
            context.update(choices=[], playable=set(), your_turn=False, status=waiting_for_the_question(seconds))
    mine = seat_clocks.get(me) if me is not None else None
    if mine is not None and mine["taken_over"]:
        # A house bot plays this seat now: its person gets no buttons (the service refuses them too).
        context.update(choices=[], playable=set(), your_turn=False, timed_question=None)
    context["my_seat_taken"] = bool(mine and mine["taken_over"])
    return context


def waiting_for_the_question(seconds):
    """The status line of every seat with nothing to answer to a timed question, with its countdown
    (static/js/clock.js counts it down in seconds inside #timed-question)."""
    if seconds is None:  # a bot is asked: it answers at once, on no clock
        return _("Waiting for the misdeal question.")
    left = math.ceil(seconds)  # as the page counts down (static/js/clock.js)
    shown = format_html(
        '<span id="timed-question"><time data-countdown="{}" datetime="PT{}S">{}</time></span>', left, left, left
    )
    # Safe: the countdown is built by format_html; the sentence is the site's own.
    return mark_safe(_("Waiting for the misdeal question (%(seconds)s s)") % {"seconds": shown})


def get_match(pk):
    return get_object_or_404(Match, pk=pk)


def closed_rooms_refused(view):
    """A page of a match that answers a closed room's outsider (access.enter's 403
    ``board_in_play``) with a page saying so, in its status, instead of a server error: the
    door is the service's, this only words it. An htmx request gets the notice alone."""

    @functools.wraps(view)
    def page(request, pk, *args, **kwargs):
        try:
            return view(request, pk, *args, **kwargs)
        except ServiceError as e:
            if e.code == "not_found":
                raise Http404(e.message) from e  # a friends' score table, by its match id (access.enter)
            if e.code != "board_in_play":
                raise
            template = "games/_closed_room.html" if request.htmx else "games/closed_room.html"
            response = render(request, template, {"match_id": pk, "error": e}, status=e.status)
            response["X-Table-Refusal"] = "1"
            return response

    return page


@require_GET
@closed_rooms_refused
def table(request, pk):
    return render(request, "games/table.html", table_context(request, get_match(pk)))


@never_cache
@require_GET
@closed_rooms_refused
def table_live(request, pk):
    """The table fragment, or 204 when the client already shows this version."""
    match = get_match(pk)
    if match.cards_group:
        access.enter(match, request.user)  # even "unchanged" answers a closed room's own only
    if request.GET.get("v") == str(match.version):
        return HttpResponse(status=204)
    return render(request, "games/_table.html", table_context(request, match))


@require_POST
@throttles.limit_posts("actions")
@closed_rooms_refused
def table_act(request, pk):
    """Submit one action for the viewer's seat; answer with the table as it now is.

    Refusals keep their HTTP status (403, 409, 422, 400) and show their reason in the table;
    nothing is stored for them (the service appends only legal actions at the expected version).

    An accepted action's receipt (games.record.receipts) comes back in the ``X-Receipt`` header, as
    canonical JSON: the page's script keeps it in the browser (static/js/receipts.js), from
    where the player downloads "my receipts". The site keeps no copy to hand out later: a
    receipt re-made from the log at download time would prove nothing after a rollback, and
    one kept in the database could be rolled back with the log (docs/audit.md "Receipts").
    """
    match = get_match(pk)
    error, status, answer = None, 200, None
    try:
        if not request.user.is_authenticated:
            raise ServiceError("not_your_seat")
        action, expected = read_action(request.POST)
        answer = playing.submit_action(match.pk, request.user, action, expected, request.POST.get("command_id") or None)
    except ServiceError as e:
        error, status = refusal(e), e.status
    if not request.htmx:
        if error is None:
            return redirect("table", match.pk)  # a plain form post: back to the page, no resubmission
        return render(request, "games/table.html", table_context(request, match, error), status=status)
    response = render(request, "games/_table.html", table_context(request, match, error), status=status)
    if error is not None:
        response["X-Table-Refusal"] = "1"  # the page swaps this error response in (table.html)
    else:
        response[RECEIPT_HEADER] = eventlog.canonical_json(answer["receipt"])  # ASCII: names, numbers, hex, a time
    return response


RECEIPT_HEADER = "X-Receipt"


def read_action(data):
    """The action posted: a pile target sends ``to`` with the ``card`` played (and the card a
    joker stands for, ``as``) or the pile moved (``from``); a card button sends ``card``; any
    other choice its action as JSON. A pile or card that is none is refused here (400)."""
    try:
        if "to" in data:
            action = piles.read_pile_action(data.get("card"), data["to"], data.get("from"), data.get("as"))
        elif "action" in data or not data.get("card"):
            action = json.loads(data.get("action", ""))
        else:
            action = {"type": "play", "card": data["card"]}
        expected = int(data.get("expected_version", ""))
    except piles.BadPile as e:
        raise ServiceError("bad_pile", problem=str(e)) from None
    except ValueError:
        raise ServiceError(
            "invalid_input", problem=gettext_lazy("the action is JSON, the expected version a number")
        ) from None
    return action, expected


def refusal(error):
    known = REFUSALS.get(error.code)
    if known is not None:
        return str(known)
    if error.status == 422:  # a move the rules forbid: say which rule, in the reader's language
        # The error's message is already the rule broken or the refusal's sentence (games.refusals).
        return _("That move is not allowed: %(reason)s") % {"reason": error.message}
    return error.message
