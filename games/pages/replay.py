"""The replay page: a finished public match steps through its log as a spectator saw it, one
event at a time, drawn by the table's own fragment (templates/games/_table.html).

A thin view: the view at each step is games.pages.replay_steps.spectator_view (the one redaction), and
games.pages.table.table_context lays it out, given that view and a spectator's request.
"""

import copy

from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.errors import ServiceError
from games.models import Match
from games.pages import replay_steps
from games.pages.table import closed_rooms_refused, table_context

STEP_MS = 900  # a step every 0.9 s while it plays: a card at a time, slow enough to follow


def as_spectator(request):
    """The request as nobody at the table makes it: the replay never shows a seat's own hand."""
    spectator = copy.copy(request)
    spectator.user = AnonymousUser()
    return spectator


def step_context(request, match, version):
    view, last = replay_steps.spectator_view(match, version)
    context = table_context(as_spectator(request), match, view=view)
    # A past step has no clock running and takes no action; the fragment is not polled.
    context.update(clock=None, bot_timeout=None, your_turn=False, me=None, version=version)
    context["replay"] = {
        "version": version,
        "last": last,
        "previous": version - 1 if version > 1 else None,
        "next": version + 1 if version < last else None,
        "step_ms": STEP_MS,
    }
    return context


def requested_version(request):
    raw = request.GET.get("v", "1")
    return int(raw) if raw.isdigit() and len(raw) <= 9 else 0  # 0: refused as out of range


@require_GET
@closed_rooms_refused
def replay_page(request, pk):
    match = get_object_or_404(Match, pk=pk)
    fragment = request.GET.get("fragment") == "1"
    try:
        context = step_context(request, match, requested_version(request))
    except ServiceError as e:
        if e.code == "board_in_play":
            raise  # worded as a page by closed_rooms_refused
        return HttpResponse(e.message, status=e.status, content_type="text/plain; charset=utf-8")
    return render(request, "games/_replay_step.html" if fragment else "games/replay.html", context)
