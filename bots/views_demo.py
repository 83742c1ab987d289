"""/demo/<ruleset>/watch/: the home page's demo, the replay of a game of house bots
(bots/demo_match.py); the replay page itself is games/pages/replay.py."""

from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from games.offer import offered_names

from .demo_match import ensure_demo_match


@require_GET
def demo_replay(request, ruleset):
    if ruleset not in offered_names():
        raise Http404("no such game")
    return redirect("match-replay", ensure_demo_match(ruleset).pk)
