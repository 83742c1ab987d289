"""Play again, from the end of a game at its table (bots/again.py): a POST from the game-over
block (templates/games/_game_over.html). A new match goes to its table, a lobby of a table with
friends to its page, a challenge to the challenges page; a refusal is a page saying why, with its
status, and stores nothing. Limited as starting any game is: the ``games`` rate limit per person
(as tables with friends and challenges) and each owner's caps (bots.limits)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.accounts import throttles
from games.errors import ServiceError

from . import again


@login_required
@require_POST
@throttles.limit_posts("games")
def play_again(request, pk):
    try:
        made = again.do_play_again(request.user, pk)
    except ServiceError as e:
        context = {"match_id": pk, "error": e.message}
        return render(request, "bots/again_refused.html", context, status=e.status)
    if made.match is not None:
        return redirect("table", made.match.pk)
    if made.table is not None:
        messages.success(request, gettext("The others are invited to play again: start once they have sat down."))
        return redirect("friends-table", made.table.pk)
    messages.success(request, gettext("Your challenge to play again is sent: the game starts once it is accepted."))
    return redirect("challenges")
