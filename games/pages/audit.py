"""Pages for reading a match after the fact: its score sheet, and the audit replay with the
verification report. Thin views: who may see what is decided by games.service.access (seat_replay,
visible_state), the facts by the engine and games.record.audit; nothing here reads a hidden hand."""

import re
from collections import defaultdict

from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django_htmx.http import push_url

from games import refusals
from games.engine import RULESETS, EngineError
from games.engine.playout import GAME_RESULTS, contract_label, score_sheet_rows
from games.engine.records import say
from games.errors import ServiceError
from games.models import Match
from games.pages import replay_steps
from games.pages.table import closed_rooms_refused, match_seat_names
from games.record import eventlog, receipts
from games.record.api_verifier import verifier
from games.record.audit import verify_match
from games.service import access, states
from games.templatetags.cards import (
    DIRECTIONS,
    card_image,
    card_name,
    card_short,
    suit_colour,
    suit_name,
)

NUMBER = re.compile(r"[0-9]{1,9}")
CHECKS = {
    "chain": gettext_lazy("Hash chain"),
    "head": gettext_lazy("End of the log"),
    "seed": gettext_lazy("Seed commitment"),
    "rules": gettext_lazy("Every action re-checked by the rules"),
    "seal": gettext_lazy("Head sealed with the site's key"),
    "end": gettext_lazy("Nothing after the game's end"),
}


# ------------------------------------------------------------------ the score sheet
@closed_rooms_refused
def score_sheet(request, pk):
    match = get_object_or_404(Match, pk=pk)
    view = access.visible_state(match, request.user)  # scores, progress: as this viewer sees them
    # The view holds no record of past contracts; the engine's deal records do, and hold
    # nothing but contracts and scores (no card), so the sheet reads them from the replay.
    names = match_seat_names(match)  # one bot holding several seats is told apart by seat number
    sheet = score_sheet_rows(
        states.match_state(match, eventlog.shown_rows(match.stream, match.version)), gettext, names
    )
    for row in sheet["rows"]:
        row["who"] = names[row["seat"]] if row["seat"] is not None else ""
        if row["ledger"] is not None and row["ledger"]["winner"] is not None:
            row["ledger"]["winner_name"] = names[row["ledger"]["winner"]]
    winners = [names[s] for s in view.get("winners") or ()]
    return render(
        request, "games/sheet.html", {"match": match, "view": view, "sheet": sheet, "names": names, "winners": winners}
    )


# ------------------------------------------------------------------ the audit replay
@closed_rooms_refused
def audit(request, pk):
    """The replay at ?seat=&version= (or ?deal=, the start of that deal; by default the start of
    deal 1). A refusal keeps its status (403, 400) and is shown in place of the step, with the
    stepper at a place this viewer may see (see ``fallback_replay``); an htmx step marks it with
    X-Table-Refusal, the header the table page's refusals carry, so the page swaps it in as
    table.html does, and leaves the address at the last step shown."""
    match = get_object_or_404(Match, pk=pk)
    access.enter(match, request.user)  # a closed room's outsider sees neither its steps nor its report
    step = request.htmx and not request.htmx.history_restore_request
    # The end of the last deal that is over: the last event anyone may replay (the whole log
    # once the game is over). Who may replay it is for seat_replay to say.
    shown = eventlog.shown_rows(match.stream, match.version)
    last = max(1, access.finished_through(shown))
    error = None
    try:
        replay = requested_replay(match, request.user, request.GET, last, shown)
    except ServiceError as e:
        error, replay = e, fallback_replay(match, request.user, request.GET, last, e, shown)
    # The head the match row names, published so that an export (or a later copy of the log)
    # can be checked against it: tools/verify_export.py --head match/ID:VERSION:HASH.
    context = {
        "match": match,
        "error": error,
        "head": f"{match.stream}:{match.version}:{match.head_hash}",
        "shown_through": len(shown),
        "verifier_sha256": verifier()[1],  # the single-file verifier the page links (/api/v1/verifier/)
        "receipt_key": receipts.public_key_hex(),  # what the receipts of accepted actions are checked with
    }
    if replay is not None:
        context.update(step_context(match, request.user, replay, last, shown))
    if not step and error is None:
        findings = verify_match(match)
        context["report"] = {
            "ok": all(f.ok for f in findings),
            "checks": [{**f.as_json(), "label": CHECKS.get(f.check, f.check)} for f in findings],
        }
    response = render(
        request,
        "games/_audit_step.html" if step else "games/audit.html",
        context,
        status=error.status if error else 200,
    )
    if error is not None:
        response["X-Table-Refusal"] = "1"  # the page swaps this error response in (audit.html)
        if step:
            push_url(response, False)  # a refused step is no place to go back to
    patch_vary_headers(response, ["HX-Request"])
    return response


def requested_version(query, last, rows):
    """The event the query names: ?version=, else the start of ?deal=, else the start of deal 1
    (replay_steps.opening_version). A bad number is refused naming its parameter."""
    version = parse_version(query.get("version"))
    if version is not None:
        return version
    deal = replay_steps.parse_deal(query.get("deal"))
    if deal is not None:
        return replay_steps.deal_version(rows, deal)
    return replay_steps.opening_version(rows, last)


def requested_replay(match, user, query, last, rows):
    """The replay the query asks for (?seat=, ?version= or ?deal=), each defaulting as
    ``replay_for`` and ``requested_version`` say."""
    return replay_for(match, user, parse_seat(query.get("seat")), requested_version(query, last, rows))


# The parameter a refusal is about (its code, as seat_replay and parse_version give it; a
# refusal of ?deal= names its parameter in its details).
REFUSED_PARAMETER = {
    "invalid_version": "version",
    "version_not_a_number": "version",
    "deal_not_over": "version",
    "invalid_seat": "seat",
    "arbiter_only": "seat",
}


def refused_parameter(error):
    return error.details.get("parameter") or REFUSED_PARAMETER.get(error.code)


def fallback_replay(match, user, query, last, error, rows):
    """Where the stepper stands after a refusal: the query without the parameter refused, else
    the page's defaults, else None when this viewer may see no step at all. An event refused
    (past the end, not a number, of a deal not over) falls back to the last one this viewer may
    see, as near as can be to what was asked; a deal refused, to the start of deal 1.
    seat_replay decides each; nothing here restates who may see what."""
    refused = refused_parameter(error)
    kept = {name: query.get(name) for name in ("seat", "version", "deal") if name != refused}
    if refused == "version":
        kept = {"seat": kept.get("seat"), "version": str(last)}
    unseated = {name: value for name, value in kept.items() if name != "seat"}
    for attempt in (kept, unseated) if refused else ({},):
        try:
            return requested_replay(match, user, attempt, last, rows)
        except ServiceError:
            continue
    return None


def parse_seat(raw):
    if raw in (None, ""):
        return None
    return int(raw) if NUMBER.fullmatch(raw) else raw  # seat_replay refuses all but "all" and the match's seats


def parse_version(raw):
    if raw in (None, ""):
        return None
    if not NUMBER.fullmatch(raw):
        raise ServiceError("version_not_a_number")
    return int(raw)


def replay_for(match, user, seat, version):
    """games.service.access.seat_replay, the seat defaulting to every hand open (an arbiter who may), else
    the viewer's own seat, else seat 0: a default is never refused where another would be
    shown; a seat the viewer chose is refused (or not) exactly as seat_replay says."""
    if seat is not None:
        return safe_replay(match, user, seat, version)
    own = access.enter(match, user).seat or 0
    if access.is_arbiter(match, user):
        try:
            return safe_replay(match, user, "all", version)
        except ServiceError as e:
            if e.code != "arbiter_only":
                raise
    return safe_replay(match, user, own, version)


def safe_replay(match, user, seat, version):
    """seat_replay, or a replay that breaks on a corrupted log (the report says where): no
    engine message is shown, it could name a card."""
    try:
        return access.seat_replay(match, user, seat, version)
    except EngineError:
        return {"match": match.pk, "version": version, "seat": seat, "view": None, "events": []}


def may_open_every_hand(match, user):
    """Whether seat_replay would show this viewer every hand (at some version): asked of the
    service, which checks "all" before anything else, rather than restating its rule."""
    if not access.is_arbiter(match, user):
        return False
    try:
        access.seat_replay(match, user, "all", 1)
    except ServiceError as e:
        return e.code != "arbiter_only"
    return True


def step_context(match, user, replay, last, rows):
    names = match_seat_names(match)
    seat, version, view = replay["seat"], replay["version"], replay["view"]
    last = max(last, version)
    context = {
        "seat": seat,
        "version": version,
        "last": last,
        "previous": max(1, version - 1),
        "next": version + 1,
        # first, previous, next, last; a trick (or turn) back and on; every deal's start
        "steps": replay_steps.stepper(rows, match.ruleset, version, last),
        "seat_choices": seat_choices(names),
        "viewer_name": names[seat] if isinstance(seat, int) else None,
        "all_hands": seat == "all" or may_open_every_hand(match, user),
    }
    if view is None:
        return {**context, "broken": True}
    event = replay["events"][-1]["event"]
    table = view["table"]
    context = {
        **context,
        "view": view,
        "event": describe(event, names, view["ruleset"]),
        "event_type": event["type"],
        "seats": seat_panels(view, seat, names),
        "trick_taking": RULESETS[view["ruleset"]].trick_taking,
    }
    if not context["trick_taking"]:
        return {**context, **layout_context(view)}
    last_trick = table["tricks"][-1] if table["tricks"] and not table["trick"] else None
    return {
        **context,
        "contract": current_contract(view),
        "trick": [{**t, "name": names[t["seat"]]} for t in table["trick"]],
        "last_trick": last_trick
        and {**last_trick, "leader_name": names[last_trick["leader"]], "winner_name": names[last_trick["winner"]]},
    }


def seat_choices(names):
    """The seat picker's options: (the address's seat, from 0; the seat's name as every page of
    the match gives it, told apart by its number from 1 where one bot holds several seats,
    docs/pages.md "Seat numbers")."""
    return [(str(i), name) for i, name in enumerate(names)]


# The spaces of a layout game (the view's ``table["piles"]``): the base spaces by their side of
# the stock, the corners by their diagonal; as the piles list labels them, and in a sentence.
PILE_LABELS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "NE": gettext_lazy("North-east corner"),
    "SE": gettext_lazy("South-east corner"),
    "SW": gettext_lazy("South-west corner"),
    "NW": gettext_lazy("North-west corner"),
}
PILE_NAMES = {
    "N": gettext_lazy("the north pile"),
    "E": gettext_lazy("the east pile"),
    "S": gettext_lazy("the south pile"),
    "W": gettext_lazy("the west pile"),
    "NE": gettext_lazy("the north-east corner"),
    "SE": gettext_lazy("the south-east corner"),
    "SW": gettext_lazy("the south-west corner"),
    "NW": gettext_lazy("the north-west corner"),
}


def pile_name(pile):
    return PILE_NAMES.get(pile, pile)


def card_view(card, jokers=None):
    """A card for the page: its code, its printed face, its colour and its name; a joker (Freeman's
    variant) shows the card it stands for once played as one."""
    if card in JOKER_CARDS:
        named = (jokers or {}).get(card)
        if named is None:
            return {"card": card, "short": "★", "colour": "black", "name": _("joker"), "image": None}
        return {
            "card": card,
            "short": f"★{card_short(named)}",
            "colour": suit_colour(named),
            "name": _("joker as the %(card)s") % {"card": card_name(named)},
            "image": None,  # a joker has no face of its own: drawn as a star and the card it stands for
        }
    return {
        "card": card,
        "short": card_short(card),
        "colour": suit_colour(card),
        "name": card_name(card),
        "image": card_image(card),
    }


JOKER_CARDS = ("X1", "X2")


def layout_context(view):
    """The table of a game without tricks as the replayed view shows it: every pile's cards
    (bottom first), the stock's size (never its cards), the pot while chips are in play."""
    table = view["table"]
    jokers = table.get("jokers") or {}
    return {
        "piles": [
            {
                "pile": pile,
                "name": PILE_LABELS.get(pile, pile),
                "corner": len(pile) == 2,
                "cards": [card_view(c, jokers) for c in cards],
            }
            for pile, cards in table["piles"].items()
        ],
        "stock_size": table["stock_size"],
        "pot": table.get("pot"),
        "target": table.get("target"),
    }


def seat_panels(view, seat, names):
    """Each seat as the replay shows it: its live hand if the viewer saw it (None if hidden),
    and once the deal is over every hand as dealt, which the table then sees."""
    every_seat = range(view["num_seats"])
    hands = view["hands"] if seat == "all" else [view["hand"] if i == seat else None for i in every_seat]
    last_deal = view.get("last_deal")
    over = last_deal and last_deal["deal"] == view["deal"] and view["phase"] in ("deal_over", "over")
    table = view["table"]
    jokers = table.get("jokers") or {}

    def per_seat(key, i):
        values = table.get(key)
        return values[i] if values is not None else None

    return [
        {
            "index": i,
            "name": names[i],
            "hand": hands[i],
            "size": view["hand_sizes"][i],
            "dealt": last_deal["dealt_hands"][i] if over else None,
            "tricks": per_seat("tricks_won", i),
            "score": view["scores"][i],
            "to_act": view["to_act"] == i,
            # a game without tricks: its cards as the page shows them (jokers included), and
            # the hand's penalty points, or the chips paid and held
            "cards": [card_view(c, jokers) for c in hands[i]] if hands[i] is not None else None,
            "dealt_cards": [card_view(c) for c in last_deal["dealt_hands"][i]] if over else None,
            "penalty": per_seat("penalty_points", i),
            "paid": per_seat("paid", i),
            "chips": per_seat("chips", i),
        }
        for i in every_seat
    ]


def current_contract(view):
    """The contract in play, named as the score sheets name it."""
    c = view["table"].get("contract")
    if not c:
        return ""
    return contract_label(view["ruleset"], c, gettext)


REASONS = {
    "complete": gettext_lazy("all tricks played"),
    "penalties_exhausted": gettext_lazy("no penalty card left"),
    "forfeit": gettext_lazy("forfeited"),
    "slam": gettext_lazy("a King slam"),
    "failed_slam": gettext_lazy("a failed King slam"),
    "rifki_unguarded": gettext_lazy("the king or ace of hearts unguarded"),
    "trump_no_high_cards": gettext_lazy("a hand with no card above a ten"),
    "kiz_split": gettext_lazy("each player took one queen"),
}

# Why a turn cost a penalty (a turn_ended event's ``penalties``), in words.
PENALTIES = {
    "no_play": gettext_lazy("no play"),
    "hidden_king": gettext_lazy("a king held back from an empty corner"),
    "refused_draw": gettext_lazy("the draw refused"),
}

# What each event says, in words. Decisions carry the acting seat as "who".
EVENTS = {
    "game_started": gettext_lazy("The game started."),
    "deal_started": gettext_lazy("Deal %(deal)s was dealt; %(dealer)s deals."),
    "play": gettext_lazy("%(who)s played the %(card)s."),
    "trick": gettext_lazy("Trick %(number)s was won by %(winner)s."),
    "hand_ended_early": gettext_lazy("No penalty card is left after trick %(after_trick)s: the hand ends early."),
    "deal_ended": gettext_lazy("Deal %(deal)s ended (%(reason)s) with scores %(scores)s."),
    "deal_cancelled": gettext_lazy("Deal %(deal)s was cancelled: %(reason)s (%(who)s)."),
    "deal_cancelled_no_seat": gettext_lazy("Deal %(deal)s was cancelled: %(reason)s."),
    "auction_ended": gettext_lazy("The auction ended: %(winner)s holds the bid of %(tricks)s %(direction)s."),
    "auction_ended_no_bid": gettext_lazy("The auction ended: nobody bid."),
    "game_ended": gettext_lazy("The game ended (%(result)s). Final scores %(scores)s; won by %(winners)s."),
    "contract": gettext_lazy("%(who)s chose the contract %(contract)s."),
    "nominate": gettext_lazy("%(who)s named %(dealer)s the first dealer."),
    "choose": gettext_lazy("%(who)s chose to play %(mode)s%(trump)s."),
    "open_auction": gettext_lazy("%(who)s put the hand to auction."),
    "bid": gettext_lazy("%(who)s bid %(tricks)s %(direction)s."),
    "match": gettext_lazy("%(who)s matched the standing bid."),
    "pass": gettext_lazy("%(who)s passed."),
    "accept": gettext_lazy("%(who)s accepted."),
    "decline": gettext_lazy("%(who)s declined."),
    "counteroffer": gettext_lazy("%(who)s asked for %(tricks)s %(direction)s."),
    "ultimatum": gettext_lazy("%(who)s issued the ultimatum."),
    "take": gettext_lazy("%(who)s took the ultimatum."),
    "forfeit": gettext_lazy("%(who)s forfeited the hand."),
    "cancel": gettext_lazy("%(who)s cancelled the deal for want of high cards."),
    "declare_slam": gettext_lazy("%(who)s declared the King slam."),
    "action_fallback": gettext_lazy("%(who)s's bot failed (%(reason)s); the game's fallback move was played for it."),
    "seat_taken_over": gettext_lazy("%(who)s's seat is now played by the built-in %(by)s bot."),
    # People's clocks and leaving (issue 19): a person's fallback carries no bot request.
    "action_fallback_person": gettext_lazy("%(who)s ran out of time; the game's fallback move was played for them."),
    "seat_taken_over_left": gettext_lazy("%(who)s left the table; the built-in %(by)s bot plays the seat to the end."),
    "seat_taken_over_timeouts": gettext_lazy(
        "%(who)s ran out of time too often; the built-in %(by)s bot plays the seat."
    ),
    "seat_returned": gettext_lazy("By a ruling, %(who)s plays their seat again (%(reason)s)."),
    # A game without tricks (a turn of many moves; the stock and the piles).
    "deal_ended_hand": gettext_lazy("Hand %(deal)s ended: %(hand)s. Scores %(scores)s."),
    "deal_ended_pot": gettext_lazy("Hand %(deal)s ended: %(hand)s. The pot held %(pot)s; scores %(scores)s."),
    "turn_started": gettext_lazy("%(who)s's turn."),
    "play_to": gettext_lazy("%(who)s played the %(card)s onto %(pile)s."),
    "move": gettext_lazy("%(who)s moved %(from)s onto %(pile)s."),
    "end_turn": gettext_lazy("%(who)s ended the turn."),
    "end_turn_no_draw": gettext_lazy("%(who)s ended the turn without drawing."),
    "draw": gettext_lazy("%(who)s opened the turn with a draw."),
    "turn_ended": gettext_lazy("%(who)s's turn is over: %(penalties)s; %(draws)s."),
    "card_drawn": gettext_lazy("%(who)s drew the %(card)s."),
    "card_drawn_hidden": gettext_lazy("%(who)s drew a card."),
    "king_placed": gettext_lazy("The %(card)s %(who)s drew went at once to %(pile)s."),
    "card_placed": gettext_lazy("%(who)s had to put the drawn %(card)s in the empty space of %(pile)s."),
    "layout_king_cornered": gettext_lazy("The %(card)s turned up in %(from)s went to %(pile)s%(refill)s."),
}


def describe(event, names, ruleset):
    """One sentence for an event, with players by name and cards by their full names."""
    kind = event["type"]
    if kind == "auction_ended" and event.get("winner") is None:
        kind = "auction_ended_no_bid"
    elif kind == "deal_cancelled" and event.get("seat") is None:
        kind = "deal_cancelled_no_seat"
    elif kind == "action_fallback" and "request_id" not in event:
        kind = "action_fallback_person"
    elif kind == "seat_taken_over" and event.get("reason") in ("left", "timeouts"):
        kind = f"seat_taken_over_{event['reason']}"
    trick_taking = RULESETS[ruleset].trick_taking if ruleset in RULESETS else True
    if not trick_taking:
        kind = layout_event_kind(event, kind)
    text = EVENTS.get(kind)
    if text is None:
        return event["type"]

    def name(seat):
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("nobody")

    def scores(values):
        return ", ".join(f"{names[i]} {v}" for i, v in enumerate(values or ()))

    fields = {
        **event,
        "who": name(event.get("seat")),
        "dealer": name(event.get("dealer", event.get("declarer"))),
        "winner": name(event.get("winner")),
        "scores": scores(event.get("scores")),
        "winners": ", ".join(names[s] for s in event.get("winners") or ()) or _("nobody"),
        "reason": refusals.fault_reason(event.get("reason"))
        if event["type"] == "action_fallback"
        else REASONS.get(event.get("reason"), event.get("reason")),
        # Words, not the event's codes: "8 para cima", not "8 up".
        "direction": DIRECTIONS.get(event.get("direction"), event.get("direction")),
        "mode": DIRECTIONS.get(event.get("mode"), event.get("mode")),
        "result": gettext(GAME_RESULTS[event["result"]])
        if event.get("result") in GAME_RESULTS
        else event.get("result"),
    }
    if not trick_taking:
        fields.update(layout_event_fields(event, names, ruleset))
    elif event["type"] == "play":
        fields["card"] = card_name(event["card"])
    elif event["type"] == "contract":
        contract = {"name": event.get("name"), "trump": event.get("suit")}
        fields["contract"] = contract_label(ruleset, contract, gettext)
    elif event["type"] == "choose":
        trump = event.get("trump")
        fields["trump"] = (
            ""
            if event.get("mode") != "up"
            else _(" with %(suit)s as trumps") % {"suit": suit_name(trump)}
            if trump
            else _(" without trumps")
        )
    return text % defaultdict(str, fields)  # a field the event lacks reads as nothing


def layout_event_kind(event, kind):
    """The EVENTS key of an event of a game without tricks (some read differently by their fields)."""
    if kind == "deal_ended":
        return "deal_ended_pot" if "pot" in event else "deal_ended_hand"
    if kind == "play":
        return "play_to"
    if kind == "end_turn" and event.get("draw") is False:
        return "end_turn_no_draw"
    if kind == "card_drawn" and event.get("card") is None:
        return "card_drawn_hidden"  # another seat's draw, redacted: never say which card
    return kind


def layout_event_fields(event, names, ruleset):
    """The words of a layout game's event fields: cards and piles by name, a turn's penalties
    and draws, and a hand's end as the descriptor tells it."""
    fields = {"pile": pile_name(event.get("to")), "from": pile_name(event.get("from"))}
    card = event.get("card")
    if card is not None:
        named = event.get("as")
        fields["card"] = card_view(card, {card: named} if named else None)["name"]
    kind = event["type"]
    if kind == "turn_ended":
        penalties = [
            _("%(reason)s: %(amount)s")
            % {"reason": PENALTIES.get(p.get("reason"), p.get("reason")), "amount": p.get("amount")}
            for p in event.get("penalties") or ()
        ]
        fields["penalties"] = ", ".join(penalties) if penalties else _("no penalty")
        draws = event.get("draws") or 0
        fields["draws"] = (
            ngettext("%(count)s card to draw", "%(count)s cards to draw", draws) % {"count": draws}
            if draws
            else _("no draw")
        )
    elif kind == "layout_king_cornered":
        refill = event.get("refill")
        fields["refill"] = (
            _("; the %(card)s from the stock fills %(pile)s")
            % {"card": card_view(refill)["name"], "pile": fields["from"]}
            if refill
            else ""
        )
    elif kind == "deal_ended":
        fields["hand"] = say(RULESETS[ruleset].describe(event), gettext, names)
    return fields
