"""The choice of a game every form shares (practice, sparring, challenges, friends' tables,
score tables): the offered games by name, their short game and their table size, from the
engine's descriptors."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine import RULESETS
from games.offer import offered_rulesets


def game_choices():
    """The offered games, by their translated names (from the engine's descriptors)."""
    return [(game.name, gettext(game.label)) for game in offered_rulesets()]


def table_sizes():
    """Every table size of the offered games that seat different numbers (the descriptors' ``seats``)."""
    return sorted({n for game in offered_rulesets() if len(game.seats) > 1 for n in game.seats})


def seats_said(game):
    """How many the game seats, in words: its fewest to its most players, or its one table size."""
    fewest, most = game.seats[0], game.seats[-1]
    if fewest == most:
        return gettext("%(count)s players") % {"count": most}
    return gettext("%(fewest)s to %(most)s players") % {"fewest": fewest, "most": most}


class ShortGameMixin:
    """The options a game form sets: the game's short form (``short``) and, for a game played
    at different table sizes, how many sit at the table (``players``, which a form gets here)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sizes = table_sizes()
        if sizes:
            self.fields["players"] = forms.TypedChoiceField(
                label=_("Players at the table"),
                required=False,
                coerce=int,
                empty_value=None,
                choices=[("", gettext("As the game usually seats"))] + [(str(n), str(n)) for n in sizes],
                help_text=" ".join(
                    # Translators: a game's name, then how many it seats (the hint under "Players at the table").
                    gettext("%(game)s: %(seats)s.") % {"game": gettext(game.label), "seats": seats_said(game)}
                    for game in offered_rulesets()
                    if len(game.seats) > 1
                ),
            )

    def clean(self):
        data = super().clean()
        game, players = RULESETS.get(data.get("ruleset") or ""), data.get("players")
        if game is not None and players is not None and players not in game.seats:
            self.add_error(
                "players",
                gettext("%(game)s is played by %(seats)s.") % {"game": gettext(game.label), "seats": seats_said(game)},
            )
        return data

    def options(self):
        game = RULESETS[self.cleaned_data["ruleset"]]
        options = dict(game.short_game or {}) if self.cleaned_data.get("short") else {}
        if self.cleaned_data.get("players") is not None and len(game.seats) > 1:
            options["players"] = self.cleaned_data["players"]
        return options
