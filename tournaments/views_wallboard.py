"""The room's pages: the projector (public, as the tournament page is) and the organiser's
printable table cards. Thin views over tournaments.wallboard."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .models import Tournament
from .views_organiser import organiser_only
from .views_tables_with_cards import round_codes
from .wallboard import cards_context, projector_context, projector_version


@require_GET
def projector(request, pk):
    """Live standings and the latest round's tables in big type for a wall screen; the page
    refreshes its own part (projector_live)."""
    return render(request, "tournaments/projector.html", projector_context(pk))


@never_cache
@require_GET
def projector_live(request, pk):
    """The projector's changing part, or 204 when the screen already shows this version (?v=):
    an unchanged room costs two small queries, not a replay of every table."""
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        raise Http404("No such tournament.")
    if request.GET.get("v") == projector_version(tournament):
        return HttpResponse(status=204)
    return render(request, "tournaments/_projector.html", projector_context(pk))


@require_GET
@organiser_only
def table_cards(request, tournament):
    """One printable card per table of a round (?round=N, else the latest)."""
    try:
        number = int(request.GET.get("round", ""))
    except ValueError:
        number = None
    context = cards_context(tournament, number)
    # A table with cards prints its code and QR code, which open its score entry (organiser only).
    codes = round_codes(request, tournament, context["round_number"], context["cards"]) if context["cards"] else {}
    for card in context["cards"]:
        card["code"] = codes.get(card["table"])
    return render(request, "tournaments/table_cards.html", context)
