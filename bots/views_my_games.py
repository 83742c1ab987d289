"""The page of your games and your bots' games, ``/me/games/`` (issue 33; docs/pages.md, "Your
games"): the API's list (bots.my_games) with its filters as a GET form, a refused filter shown
at its field in the reader's language (400), and links to each game's pages and exports."""

import datetime

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine import RULESETS
from games.errors import ServiceError

from . import my_games

PER_PAGE = 30
RESULT_LABELS = {
    "won": _("won"),
    "lost": _("lost"),
    "drawn": _("shared first place"),
    "cancelled": _("cancelled"),
    "in_progress": _("in progress"),
}


class GamesFilterForm(forms.Form):
    """The filters as people choose them. Its fields take any text: the one check of a filter is
    bots.my_games.parse_filters, the API's own, whose refusal is shown at the field it names."""

    bot = forms.CharField(label=_("Played by"), required=False, widget=forms.Select)
    ruleset = forms.CharField(label=_("Game"), required=False, widget=forms.Select)
    result = forms.CharField(label=_("Result"), required=False, widget=forms.Select)
    since = forms.CharField(
        label=_("Started on or after"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.CharField(
        label=_("Started on or before"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, data, user):
        super().__init__(data)
        self.user = user
        self.filters = my_games.Filters()
        self.fields["bot"].widget.choices = [("", _("you and all your bots"))] + [
            (str(pk), name) for pk, name in user.bots.order_by("name").values_list("pk", "name")
        ]
        self.fields["ruleset"].widget.choices = [("", _("every game"))] + [
            (name, gettext(RULESETS[name].label)) for name in sorted(RULESETS)
        ]
        self.fields["result"].widget.choices = [("", _("any result"))] + list(RESULT_LABELS.items())

    def clean(self):
        try:
            self.filters = my_games.parse_filters(self.user, self.data)
        except ServiceError as e:
            # At its field the rule alone reads best ("'since' must be a date ..."), without the
            # API's "the request is not valid:" before it.
            field, said = e.details.get("field"), e.filled_details().get("problem", e.message)
            self.add_error(field if field in self.fields else None, said)
        return self.cleaned_data


def query(params):
    """``params`` as a URL's query string."""
    encoded = QueryDict(mutable=True)
    encoded.update(params)
    return encoded.urlencode()


def place(entry, seat):
    """A seat's place at its finished table by the game's scores, 1 the best, tied seats sharing
    the better place; which score is best is the ruleset's (``lowest_wins``: penalty points).
    None while the game shows no score (live, or a board other tables still play)."""
    scores = entry["scores"]
    if not scores or seat["score"] is None or entry["ruleset"] not in RULESETS:
        return None
    lowest = RULESETS[entry["ruleset"]].lowest_wins(entry["options"])
    return 1 + sum((other < seat["score"]) if lowest else (other > seat["score"]) for other in scores)


def shown(entry):
    """A list entry with what the page prints beside it: the game's name, when it started and
    ended, each result in words with the place it came to."""
    return {
        **entry,
        "label": gettext(RULESETS[entry["ruleset"]].label) if entry["ruleset"] in RULESETS else entry["ruleset"],
        "started": datetime.datetime.fromisoformat(entry["created_at"]),
        # When it ended, once its result shows (a board other tables still play shows neither).
        "finished": datetime.datetime.fromisoformat(entry["finished_at"])
        if entry["finished_at"] and all(seat["result"] != "in_progress" for seat in entry["yours"])
        else None,
        "yours": [
            {**seat, "result_label": RESULT_LABELS[seat["result"]], "place": place(entry, seat)}
            for seat in entry["yours"]
        ],
        "seats": [
            {
                **seat,
                "yours": seat["seat"] in {mine["seat"] for mine in entry["yours"]},
                "score": entry["scores"][seat["seat"]] if entry["scores"] else None,
            }
            for seat in entry["seats"]
        ],
    }


@login_required
def my_games_page(request):
    form = GamesFilterForm(request.GET, request.user)
    if not form.is_valid():
        return render(request, "bots/my_games.html", {"form": form, "games": []}, status=400)
    filters = form.filters
    matches, more = my_games.page_of(request.user, filters, PER_PAGE)
    params = filters.as_params()
    return render(
        request,
        "bots/my_games.html",
        {
            "form": form,
            "games": [shown(entry) for entry in my_games.entries(request.user, filters, matches)],
            "filtered": bool(params),
            "older": query({**params, "before": matches[-1].pk}) if more else None,
            "newest": query(params) if filters.before else None,
            "export_url": reverse("api-me-games-export") + (f"?{query(params)}" if params else ""),
            "most_exported": my_games.MOST_EXPORTED,
        },
    )
