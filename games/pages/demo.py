import re

from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from games.engine import RULESETS
from games.engine.playout import play_out, score_sheet

SEED_RE = re.compile(r"[0-9]{1,18}")  # non-negative, and small enough to be any engine's seed


def demo(request, ruleset):
    """One whole game played by random bots, shown as its score sheet."""
    if ruleset not in RULESETS:
        raise Http404("no such game")
    raw = request.GET.get("seed", "7")
    if not SEED_RE.fullmatch(raw):
        return HttpResponseBadRequest(
            _("The seed must be a non-negative integer of up to 18 digits, such as 7.") + "\n",
            content_type="text/plain",
        )
    seed = int(raw)
    game = RULESETS[ruleset]
    sheet = score_sheet(play_out(ruleset, seed), gettext)
    return render(
        request,
        "demo.html",
        {"ruleset": ruleset, "label": _(game.label), "summary": _(game.summary), "seed": seed, "sheet": sheet},
    )
