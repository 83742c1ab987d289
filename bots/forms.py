"""The bot author's registration form: the same checks as the API (bots.registry)."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import ShortGameMixin, game_choices, seats_said, table_sizes  # noqa: F401  (the forms below use them)

from . import registry
from .models import Bot
from .strategies import STRATEGIES

KIND_CHOICES = [
    ("polling", _("Polling: your program fetches its turns with the token")),
    ("webhook", _("Webhook: we POST each turn to your URL, signed with the secret")),
    ("builtin", _("Built-in: one of our strategies plays for it")),
]
# The built-in strategies, as people choose them (here and on the "play the house" page).
STRATEGY_CHOICES = [
    ("heuristic", _("Heuristic: plays sensibly")),
    ("random", _("Random: any legal card")),
    ("montecarlo", _("Monte Carlo: searches the unseen cards (slower)")),
]


class BotForm(forms.Form):
    name = forms.RegexField(
        registry.NAME_PATTERN,
        label=_("Name"),
        max_length=60,
        help_text=_("2 to 60 letters, digits, _ . or -"),
        error_messages={"invalid": _("2 to 60 letters, digits, _ . or -, starting with a letter or digit")},
    )
    kind = forms.ChoiceField(label=_("Kind"), choices=KIND_CHOICES)
    url = forms.CharField(
        label=_("Webhook URL (webhook bots only)"), required=False, max_length=500, widget=forms.URLInput
    )
    strategy = forms.ChoiceField(
        label=_("Strategy (built-in bots only)"),
        required=False,
        choices=[("", "—")] + [(s, dict(STRATEGY_CHOICES).get(s, s)) for s in sorted(STRATEGIES)],
    )
    description = forms.CharField(
        label=_("Description"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )

    def clean(self):
        data = super().clean()
        if {"kind", "url", "strategy"} <= data.keys():
            for field, error in registry.registration_problems(data["kind"], data["url"], data["strategy"]).items():
                self.add_error(field, error)
        return data


class SparringForm(ShortGameMixin, forms.Form):
    ruleset = forms.ChoiceField(label=_("Game"))
    opponents = forms.ChoiceField(label=_("The house bots' strength"), choices=STRATEGY_CHOICES, initial="heuristic")
    short = forms.BooleanField(label=_("Short game"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = game_choices()


def names(text):
    """Names separated by commas or spaces, each once, in order."""
    return list(dict.fromkeys(part for part in text.replace(",", " ").split() if part))


class ChallengeForm(ShortGameMixin, forms.Form):
    ruleset = forms.ChoiceField(label=_("Game"))
    short = forms.BooleanField(label=_("Short game"), required=False)
    seat = forms.ChoiceField(label=_("Your seat"), required=False, initial="me")
    people = forms.CharField(
        label=_("People you challenge"), required=False, max_length=500, help_text=_("usernames, separated by commas")
    )
    bots = forms.CharField(
        label=_("Bots you challenge"), required=False, max_length=500, help_text=_("bot names, separated by commas")
    )
    fill = forms.ChoiceField(label=_("House bots in the seats left"), required=False, initial="heuristic")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = game_choices()
        own_bots = [
            (f"bot:{bot.name}", gettext("my bot %(bot)s plays") % {"bot": bot.name})
            for bot in user.bots.filter(is_active=True).order_by("name")
        ]
        self.fields["seat"].choices = [("me", gettext("I play")), *own_bots, ("", gettext("I do not play"))]
        self.fields["fill"].choices = [
            *STRATEGY_CHOICES,
            ("", gettext("None: the people and bots named fill the table")),
        ]

    def clean(self):
        data = super().clean()
        if not names(data.get("people", "")) and not names(data.get("bots", "")):
            raise forms.ValidationError(_("Name at least one person or bot to challenge."))
        return data

    def arguments(self):
        data = self.cleaned_data
        seat = data["seat"]
        own = None if not seat else "me" if seat == "me" else {"bot": seat.removeprefix("bot:")}
        opponents = names(data["people"]) + [{"bot": name} for name in names(data["bots"])]
        return {
            "ruleset": data["ruleset"],
            "options": self.options(),
            "own_seat": own,
            "opponents": opponents,
            "fill": data["fill"] or None,
        }


class AcceptChallengesForm(forms.Form):
    accepts_challenges = forms.ChoiceField(label=_("Accept challenges by itself from"), choices=[])
    accepts_challenges_from = forms.CharField(
        label=_("The people listed"), required=False, max_length=3000, help_text=_("usernames, separated by commas")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["accepts_challenges"].choices = Bot.Accepts.choices


class FriendsTableForm(ShortGameMixin, forms.Form):
    """A table with friends: the game and its short form, as the practice form offers them."""

    ruleset = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect)
    short = forms.BooleanField(label=_("Short game"), required=False, initial=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = game_choices()
        self.fields["ruleset"].initial = self.fields["ruleset"].choices[0][0]


class InviteForm(forms.Form):
    username = forms.CharField(label=_("Invite by username"), max_length=150)


class FillForm(forms.Form):
    strategy = forms.ChoiceField(label=_("House bots in the open seats"), choices=STRATEGY_CHOICES, initial="heuristic")
