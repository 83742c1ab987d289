"""Sitting down at a practice table: the signed-in player and three of the house's built-in
bots (issue 7). It lives in bots, not games, because it seats bots (DESIGN.md 2: games never
imports bots); the table itself is games/views_table.py.
"""
from django import forms
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from games import service

from .management.commands.ensure_house_bots import ensure_builtin_bot

BOT_STRATEGIES = [
    ("heuristic", gettext_lazy("Heuristic: plays sensibly")),
    ("random", gettext_lazy("Random: any legal card")),
    ("montecarlo", gettext_lazy("Monte Carlo: searches the unseen cards (slower)")),
]


class PlayForm(forms.Form):
    ruleset = forms.ChoiceField(label=gettext_lazy("Game"), choices=[("king", "King"), ("rifki", "Rifki")],
                                widget=forms.RadioSelect, initial="king")
    strategy = forms.ChoiceField(label=gettext_lazy("The three bots at your table"), choices=BOT_STRATEGIES,
                                 initial="heuristic")
    short = forms.BooleanField(
        label=gettext_lazy("Short game"), required=False, initial=True,
        help_text=gettext_lazy("King: the negative hands two at a time (7 deals instead of 10). "
                               "Rifki: short mode (12 deals)."))

    def options(self):
        if not self.cleaned_data["short"]:
            return {}
        king = self.cleaned_data["ruleset"] == "king"
        return {"quick_game_combined_negatives": True} if king else {"short_mode": True}


def house_bot(strategy):
    return ensure_builtin_bot(f"house-{strategy}", strategy, f"the house's built-in {strategy} bot")[0]


@login_required
@require_http_methods(["GET", "POST"])
def play_new(request):
    form = PlayForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        bot = house_bot(form.cleaned_data["strategy"])
        try:
            match = service.do_create_match(form.cleaned_data["ruleset"], form.options(),
                                            [request.user, bot, bot, bot], created_by=request.user)
        except service.ServiceError as e:
            form.add_error(None, e.message)
        else:
            return redirect("table", match.pk)
    return render(request, "play.html", {"form": form})
