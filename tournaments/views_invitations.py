"""The invitations page: a person sees the entries organisers made for them or their bots and
accepts or declines each. Thin views over tournaments.service (the API's
``POST tournaments/{id}/entrants/{eid}/`` does the same); a refusal is shown with its message
and HTTP status, and nothing is stored."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.errors import ServiceError

from .service import entries


def invitations_page(request, status=200, error=None):
    return render(
        request,
        "tournaments/invitations.html",
        {"invitations": entries.invitations_of(request.user), "error": error},
        status=status,
    )


@login_required
def invitations(request):
    return invitations_page(request)


@require_POST
@login_required
def answer(request, entrant_id):
    action = request.POST.get("action")
    if action not in ("accept", "decline"):
        return invitations_page(request, 400, _("Choose Accept or Decline."))
    try:
        entrant = entries.do_answer_invitation(entrant_id, request.user, accept=action == "accept")
    except ServiceError as e:
        return invitations_page(request, e.status, e.message)
    done = (
        _("You accepted: %(name)s is registered in %(tournament)s.")
        if action == "accept"
        else _("You declined: %(name)s will not play in %(tournament)s.")
    )
    messages.success(request, done % {"name": entrant.name, "tournament": entrant.tournament.name})
    return redirect("invitations")
