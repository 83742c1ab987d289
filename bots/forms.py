"""The bot author's registration form: the same checks as the API (bots.registry)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from . import registry
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
