"""The hand records page: every deal of every board a duplicate or fixed-board tournament's
tables share, one board to a printed page or all on a compact sheet, or as a JSON download
(docs/tournaments.md, "Hand records for duplicate with cards"). Thin: the deals are
tournaments.hand_records'; this puts them into the page's words (seats from 1 with their compass
points as on the table cards, the ruleset's roles, cards by suit). Only a free arbiter may read
it (``hand_records.check_reader``): anyone else gets the refusal page and no card."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from rest_framework.renderers import JSONRenderer

from games.engine import RULESETS
from games.errors import ServiceError
from games.pages import compass
from games.templatetags.cards import SUIT_SYMBOLS, by_suit, card_short, seat_number, suit_colour

from . import hand_records
from .views_organiser import organiser_only
from .wallboard import COMPASS_POINTS


def bounded(text, least, most, default):
    """A whole number from the query string within [least, most], or ``default``."""
    return min(max(int(text), least), most) if text.isdigit() and len(text) < 4 else default


@never_cache
@require_GET
@organiser_only
def hand_records_page(request, tournament):
    """?compact=1 for the compact sheet, ?deals=N for a game without a fixed number of deals,
    ?redeals=N to add each deal's first redeals (a game that can cancel a deal), ?export=json
    for the download."""
    try:
        hand_records.check_reader(tournament, request.user)
    except ServiceError as e:
        return render(
            request,
            "tournaments/refused.html",
            {"tournament": tournament, "error": e, "every_hand": True},
            status=e.status,
        )
    if not hand_records.has_hand_records(tournament):
        error = ServiceError("not_found", problem=_("this tournament's tables share no boards: it has no hand records"))
        return render(request, "tournaments/refused.html", {"tournament": tournament, "error": error}, status=404)
    deals = bounded(request.GET.get("deals", ""), 1, hand_records.MOST_DEALS, None)
    redeals = bounded(request.GET.get("redeals", ""), 0, hand_records.MOST_REDEALS, 0)
    found = hand_records.boards(tournament, deals, redeals)
    if request.GET.get("export") == "json":
        response = HttpResponse(
            JSONRenderer().render(hand_records.as_json(tournament, found)), content_type="application/json"
        )
        response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-hand-records.json"'
        return response
    ruleset = RULESETS[tournament.ruleset]
    return render(
        request,
        "tournaments/hand_records.html",
        {
            "tournament": tournament,
            "boards": [shown_board(board, ruleset) for board in found],
            "compact": request.GET.get("compact") == "1",
            "deals": deals or hand_records.OPEN_ENDED_DEALS,
            "most_deals": hand_records.MOST_DEALS,
            "redeals": redeals,
            "can_redeal": hand_records.can_redeal(tournament),
            "open_ended": any(board.open_ended for board in found),
            "decided_at_table": any(board.decided_at_table for board in found),
            "ruleset_label": _(ruleset.label),
            "duplicate": not tournament.boards,
        },
    )


def shown_board(board, ruleset):
    return {
        "name": board.name,
        "rounds": board.rounds,
        "decided_at_table": board.decided_at_table,
        "deals": [shown_deal(deal, ruleset) for deal in board.deals],
    }


def shown_deal(deal, ruleset):
    """A deal in the page's words: each seat from 1 with its compass point and roles, and its
    cards by suit (jokers apart), then a layout game's spaces and its stock, top card first."""
    seats = len(deal["hands"])
    places = compass.places(0, seats, ruleset.direction)
    return {
        "deal": deal["deal"],
        "redeal": deal["redeal"],
        "dealer": seat_number(deal["dealer"]),
        "declarer": seat_number(deal["declarer"]) if "declarer" in deal else None,
        "seats": [
            {
                "seat": seat_number(seat),
                "point": _(COMPASS_POINTS[places[seat]]),
                "roles": [_(label) for role, label in ruleset.roles.items() if deal.get(role) == seat],
                "suits": suits(hand, ruleset),
                "count": len(hand),
            }
            for seat, hand in enumerate(deal["hands"])
        ],
        "layout": [(space, shown_card(card, ruleset)) for space, card in deal.get("layout", {}).items()],
        "stock": [shown_card(card, ruleset) for card in reversed(deal.get("stock", []))],
    }


def suits(hand, ruleset):
    """[{"symbol", "colour", "cards": "A K 10 7"}] for the suits a hand holds, high to low, and
    its jokers last."""
    plain = [card for card in hand if card not in ruleset.jokers]
    rows = [
        {
            "symbol": SUIT_SYMBOLS[suit],
            "colour": suit_colour(suit),
            "cards": " ".join(card_short(card)[:-1] for card in cards),
        }
        for suit, cards in by_suit(plain)
    ]
    jokers = [card for card in hand if card in ruleset.jokers]
    if jokers:
        rows.append({"symbol": "★", "colour": "black", "cards": " ".join(_("Joker") for _card in jokers)})
    return rows


def shown_card(card, ruleset):
    """A single card as printed ("Q♥"), a joker as "Joker"; with its colour."""
    if card in ruleset.jokers:
        return {"text": _("Joker"), "colour": "black"}
    return {"text": card_short(card), "colour": suit_colour(card)}
