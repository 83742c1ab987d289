import re

from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import render

from games.engine import RULESETS
from games.engine.playout import play_out, score_sheet

SEED_RE = re.compile(r"[0-9]{1,18}")  # non-negative, and small enough to be any engine's seed


def demo(request, ruleset):
    """One whole game played by random bots, shown as its score sheet."""
    if ruleset not in RULESETS:
        raise Http404(f"Unknown ruleset {ruleset!r}.")
    raw = request.GET.get("seed", "7")
    if not SEED_RE.fullmatch(raw):
        return HttpResponseBadRequest(f"seed must be a non-negative integer, got {raw!r}.\n", content_type="text/plain")
    seed = int(raw)
    sheet = score_sheet(play_out(ruleset, seed))
    return render(
        request,
        "demo.html",
        {"ruleset": ruleset, "description": RULESETS[ruleset], "seed": seed, "sheet": sheet},
    )
