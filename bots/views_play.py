"""Sitting down at a practice table: the signed-in player and the house's built-in bots in
every other seat (issue 7). It lives in bots, not games, because it seats bots (docs/architecture.md §2: games never
imports bots); the table itself is games/pages/table.py.
"""

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from games.engine import RULESETS
from games.errors import ServiceError
from games.offer import offered_rulesets
from games.service import creating

from . import limits
from .forms import STRATEGY_CHOICES as BOT_STRATEGIES
from .forms import ShortGameMixin
from .house import house_bot


class PlayForm(ShortGameMixin, forms.Form):
    ruleset = forms.ChoiceField(label=gettext_lazy("Game"), widget=forms.RadioSelect)
    strategy = forms.ChoiceField(
        label=gettext_lazy("The bots at your table"), choices=BOT_STRATEGIES, initial="heuristic"
    )
    short = forms.BooleanField(label=gettext_lazy("Short game"), required=False, initial=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The games and what each one's short game is come from the engine's descriptors.
        games = offered_rulesets()
        self.fields["ruleset"].choices = [(game.name, gettext(game.label)) for game in games]
        self.fields["ruleset"].initial = games[0].name
        self.fields["short"].help_text = " ".join(
            # Translators: a game's name, then what its short game is (the hint under "Short game").
            gettext("%(game)s: %(short_game)s")
            % {"game": gettext(game.label), "short_game": gettext(game.short_game_help)}
            for game in games
            if game.short_game
        )


def do_start_casual_match(user, ruleset, options, bot):
    """The player and ``bot`` (a house bot) in every other seat, within the player's caps."""
    with transaction.atomic():
        limits.lock_owners([user])
        limits.check_allowance(user)
        seats = RULESETS[ruleset].num_seats(options)
        return creating.do_create_match(ruleset, options, [user] + [bot] * (seats - 1), created_by=user)


@login_required
@require_http_methods(["GET", "POST"])
def play_new(request):
    form = PlayForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        bot = house_bot(form.cleaned_data["strategy"])
        try:
            match = do_start_casual_match(request.user, form.cleaned_data["ruleset"], form.options(), bot)
        except limits.GameLimitReached as e:
            if e.which != "live":
                form.add_error(None, e.message)
                return render(request, "play.html", {"form": form}, status=429)
            form.add_error(
                None,
                ngettext(
                    "You already have %(count)d game in progress, the most an account may have at once. "
                    "Finish it before you start another.",
                    "You already have %(count)d games in progress, the most an account may have at once. "
                    "Finish one of them before you start another.",
                    e.limit,
                )
                % {"count": e.limit},
            )
            return render(request, "play.html", {"form": form}, status=429)
        except ServiceError as e:
            form.add_error(None, e.message)
        else:
            return redirect("table", match.pk)
    return render(request, "play.html", {"form": form})
