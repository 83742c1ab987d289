"""The club pages' forms. They only turn posted text into the service's arguments: what a club,
a link or a season may be is tournaments.clubs.service's to decide, so the pages and the API
refuse the same things with the same messages."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import TIE_BREAK_CHOICES
from ..models import Season
from . import service


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=service.NAME_MAX)


class InvitationForm(forms.Form):
    expires_in_days = forms.IntegerField(
        label=_("Expires after (days)"),
        required=False,
        min_value=1,
        max_value=service.LINK_DAYS_MAX,
        help_text=_("Empty: the link works until you revoke it."),
        widget=forms.NumberInput(attrs={"min": 1, "max": service.LINK_DAYS_MAX}),
    )


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Season name"), max_length=service.NAME_MAX)
    scoring = forms.ChoiceField(label=_("Scoring"), choices=Season.Scoring.choices)
    best_n = forms.IntegerField(
        label=_("N, for the best N events"),
        required=False,
        min_value=1,
        max_value=service.BEST_N_MAX,
        widget=forms.NumberInput(attrs={"min": 1, "max": service.BEST_N_MAX}),
    )
    tie_break_1 = forms.ChoiceField(
        label=_("First tie-break"), choices=TIE_BREAK_CHOICES, required=False, initial="game_score"
    )
    tie_break_2 = forms.ChoiceField(
        label=_("Second tie-break"), choices=TIE_BREAK_CHOICES, required=False, initial="opponents_points"
    )

    def arguments(self):
        data = self.cleaned_data
        scoring = data["scoring"]
        return {
            "name": data["name"],
            "scoring": scoring,
            "best_n": data["best_n"] if scoring == Season.Scoring.BEST else None,
            "tie_breaks": [data[f"tie_break_{i}"] for i in (1, 2) if data[f"tie_break_{i}"]],
        }


class SeasonEventForm(forms.Form):
    tournament = forms.TypedChoiceField(label=_("Event"), coerce=int)

    def __init__(self, *args, events=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].choices = [(t.pk, t.name) for t in events]
