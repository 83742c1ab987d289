"""Tables with cards on the manage page (docs/tournaments.md, "Tables with cards"): how many of
each round's tables play with real cards, each table's code (replaced when a card is lost), and
the organiser's ruling on an entry left unconfirmed or disputed. Thin views over
tournaments.service.tables_with_cards (the API's ``POST tournaments/{id}/tables-with-cards/``
and ``POST tournaments/{id}/entries/settle/`` do the same); a refusal is shown on the manage page
with its message and HTTP status, and nothing is stored."""

from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.pages.score_tables import qr_svg

from .service import tables_with_cards
from .views_organiser import attempt, organiser_only


def posted_int(request, name):
    """A posted whole number, or None (the service refuses None with its own message)."""
    value = request.POST.get(name, "")
    return int(value) if value.isdigit() and len(value) < 10 else None


@require_POST
@organiser_only
def set_count(request, tournament):
    count = posted_int(request, "count")
    return attempt(
        request,
        tournament,
        lambda: tables_with_cards.do_set_tables_with_cards(tournament.pk, request.user, count),
        _("From the next round on, %(count)s tables play with cards.") % {"count": count},
    )


@require_POST
@organiser_only
def replace_code(request, tournament):
    match = posted_int(request, "match")
    return attempt(
        request,
        tournament,
        lambda: tables_with_cards.do_replace_code(tournament.pk, request.user, match),
        _("The table's old code opens nothing now: print its card again."),
    )


@require_POST
@organiser_only
def settle_entry(request, tournament):
    deal = posted_int(request, "deal")
    return attempt(
        request,
        tournament,
        lambda: tables_with_cards.do_settle_entry(
            tournament.pk,
            request.user,
            posted_int(request, "match"),
            deal,
            request.POST.get("note") or None,
            posted_int(request, "version"),
        ),
        _("Deal %(deal)s is settled.") % {"deal": deal},
    )


def round_codes(request, tournament, round_number, tables):
    """{table number: {"code", "url", "qr"}} for the table cards of a round (tables with cards only)."""
    out = {}
    for number, code in tables_with_cards.codes_for_round(tournament, round_number, tables).items():
        url = request.build_absolute_uri(reverse("score-table", args=[code]))
        out[number] = {"code": code, "url": url, "qr": qr_svg(url)}
    return out
