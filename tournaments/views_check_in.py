"""Check-in (docs/tournaments.md, "Draw, check-in and start"): a signed-in entrant checks in on
the tournament page (themself, or a bot of theirs), the organiser checks a player in at the desk
from the manage page, and turns "check-in required" on or off. Thin views over
tournaments.service.entries (the API's ``POST tournaments/{id}/entrants/{eid}/ {"action":
"check_in"}`` and ``POST tournaments/{id}/check-in/`` do the same); a refusal is shown with its
message and HTTP status, and nothing is stored."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.errors import ServiceError

from .models import Entrant, Tournament
from .service import entries
from .views import tournament_detail
from .views_organiser import attempt, organiser_only


@require_POST
@login_required
def check_in(request, pk):
    """The tournament page's "Check in": the entrant named by the form's ``entrant``, which the
    service lets only its owner (or the organiser) check in."""
    tournament = get_object_or_404(Tournament, pk=pk)
    posted = request.POST.get("entrant", "")
    entrant = (
        Entrant.objects.filter(pk=int(posted), tournament=tournament).first()
        if posted.isdigit() and len(posted) < 19
        else None
    )
    if entrant is None:
        error = ServiceError("not_found", problem=_("no such entrant in this tournament"))
        return tournament_detail(request, pk, status=error.status, error=error.message)
    try:
        entries.do_check_in(entrant.pk, request.user)
    except ServiceError as e:
        return tournament_detail(request, pk, status=e.status, error=e.message)
    messages.success(request, _("%(name)s is checked in.") % {"name": entrant.name})
    return redirect("tournament", pk)


@require_POST
@organiser_only
def desk_check_in(request, tournament, entrant_id):
    """The organiser checks a player in at the desk, for them."""
    entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
    return attempt(
        request,
        tournament,
        lambda: entries.do_check_in(entrant.pk, request.user),
        _("%(name)s is checked in.") % {"name": entrant.name},
    )


@require_POST
@organiser_only
def require_check_in(request, tournament):
    """Turn "check-in required" on (``required=true``) or off: while on, the draw seats only
    the people who have checked in."""
    required = request.POST.get("required") == "true"
    return attempt(
        request,
        tournament,
        lambda: entries.do_require_check_in(tournament.pk, request.user, required),
        _("Check-in is required: the next draw seats only the people who have checked in.")
        if required
        else _("Check-in is not required: the next draw seats every registered player."),
    )
