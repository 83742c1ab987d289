"""Leaving a table (issue 19): a person gives their seat to a house bot, after a confirmation.

Thin views over games.service.hand_overs: ``check_leave`` says whether the viewer may leave (their seat,
the game running, nobody has taken it yet) and ``do_leave_seat`` does it, in an event's match
(a tournament's) withdrawing the player from the event through the event's own service
(games.hooks.EVENT_SEAT_EXITS). Refusals store nothing and say why, with their HTTP status.
"""

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from games.accounts import throttles
from games.errors import ServiceError
from games.models import Match
from games.service import hand_overs


@require_http_methods(["GET", "POST"])
@throttles.limit_posts("actions")
def leave(request, pk):
    """GET: the confirmation (or why the viewer cannot leave); POST: leave, back to the table."""
    match = get_object_or_404(Match, pk=pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    error, status = None, 200
    try:
        if request.method == "POST":
            hand_overs.do_leave_seat(match.pk, request.user)
            return redirect("table", match.pk)
        hand_overs.check_leave(match, request.user)
    except ServiceError as e:
        error, status = e.message, e.status
    return render(request, "games/leave.html", {"match": match, "error": error}, status=status)
