"""Score tables' pages (docs/pages.md "Score tables"): opening one, and the phone screen a table
enters its deals on, with the sheet it keeps, its QR code, its CSV and its print.

Thin: the sheet is games.service.score_tables.sheet (the API's too); the entry screen posts to
the API (static/js/score_table.js), one small POST a deal, sent again with the same command id
after a lost connection.
"""

import csv
import functools
import secrets

import segno
from django import forms
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from games.accounts.throttles import limit_posts, over_limit_page
from games.engine import RULESETS
from games.engine.records import TALLY_LABELS
from games.errors import ServiceError
from games.forms import ShortGameMixin, game_choices
from games.service import score_tables

DEVICE_COOKIE = "score_device"
MOST_PLAYERS = max(max(game.seats) for game in RULESETS.values())


class ScoreTableForm(ShortGameMixin, forms.Form):
    ruleset = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect)
    short = forms.BooleanField(label=_("Short game"), required=False, initial=False)
    first = forms.TypedChoiceField(
        label=_("Who deals first"), coerce=int, help_text=_("In Rifki: who declares the first deal.")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = game_choices()
        self.fields["ruleset"].initial = game_choices()[0][0]
        for i in range(MOST_PLAYERS):
            self.fields[f"name_{i}"] = forms.CharField(
                label=gettext("Player %(number)s") % {"number": i + 1},
                max_length=score_tables.NAME_MAX,
                required=False,
            )
        self.fields["first"].choices = [
            (i, gettext("Player %(number)s") % {"number": i + 1}) for i in range(MOST_PLAYERS)
        ]

    def names(self):
        seats = RULESETS[self.cleaned_data["ruleset"]].num_seats(self.options())
        return [self.cleaned_data.get(f"name_{i}") or "" for i in range(seats)]


def with_device(response, request):
    """The phone's own cookie: who entered a deal, so that only that phone may withdraw it."""
    if DEVICE_COOKIE not in request.COOKIES:
        response.set_cookie(
            DEVICE_COOKIE, secrets.token_urlsafe(24), max_age=365 * 24 * 3600, httponly=True, samesite="Lax"
        )
    return response


@require_http_methods(["GET", "POST"])
@limit_posts("score_tables")
def score_table_new(request):
    form = ScoreTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            _match, key = score_tables.do_open_score_table(
                form.cleaned_data["ruleset"], form.options(), form.names(), form.cleaned_data["first"], request.user
            )
        except ServiceError as e:
            form.add_error(None, e.message)
        else:
            return with_device(redirect("score-table", key=key), request)
    status = 400 if request.method == "POST" else 200
    # How many sit at each game's table, usually and at most: the page shows that many names.
    seats = {game.name: [game.default_seats, max(game.seats)] for game in RULESETS.values()}
    context = {"form": form, "seats": seats}
    return with_device(render(request, "games/score_table_new.html", context, status=status), request)


def by_key(view):
    """A page reached by a table's key: counted against the ``table_entries`` limit (a key is
    not to be found by trying), then the door, or the refusal page (404 for a key that opens nothing)."""

    @functools.wraps(view)
    def page(request, key, *args, **kwargs):
        refused = over_limit_page(request, "table_entries")
        if refused is not None:
            return refused
        try:
            door = score_tables.door(key, request.user)
        except ServiceError as e:
            return render(request, "games/score_table_unknown.html", {"error": e}, status=e.status)
        return view(request, door, *args, **kwargs)

    return page


def qr_svg(url):
    """The link as a QR code to pass to the other phones, as inline SVG (no script, no image fetch)."""
    return segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#1b1b1b", light="#ffffff")


@require_GET
@by_key
def score_table(request, door):
    sheet = score_tables.sheet(door.match)
    url = request.build_absolute_uri()
    context = {
        "door": door,
        "sheet": sheet,
        "url": url,
        "qr": qr_svg(url),
        "labels": {
            **{field: gettext(msgid) for field, msgid in TALLY_LABELS.items()},
            "mode_up": gettext("Up"),
            "mode_down": gettext("Down"),
            "no_trump": gettext("No trump"),
            "points": gettext("Points"),
            "ready": gettext("The rules allow this deal: enter it."),
            "correct": gettext("Correct deal %(deal)s"),
            "reason": gettext("Say why the deal is corrected."),
            "went_out": gettext("Who went out"),
            "deadlock": gettext("Nobody: a deadlock"),
            "dispute_note": gettext("Say what is wrong, for the organiser."),
        },
        "rows": [
            {
                "name": name,
                "total": sheet["totals"][i],
                "left": sheet["contracts_left"][i],
                "winner": i in sheet["winners"],
            }
            for i, name in enumerate(sheet["names"])
        ],
    }
    context["to_confirm"] = to_confirm(sheet)
    return with_device(render(request, "games/score_table.html", context), request)


def to_confirm(sheet):
    """At an event's table, the first deal in force that waits for the next seat's word, and
    who that is: the seat after the deal's chooser (after the first seat when none chooses)."""
    for row in sheet["deals"]:
        check = row.get("check")
        if check is not None and check["status"] == score_tables.UNCONFIRMED:
            seat = ((row["seat"] if row["seat"] is not None else -1) + 1) % len(sheet["names"])
            return {"deal": row["deal"], "seat": seat, "name": sheet["names"][seat]}
    return None


@require_GET
@by_key
def score_table_csv(request, door):
    sheet = score_tables.sheet(door.match)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="score-table-{door.match.pk}.csv"'
    writer = csv.writer(response)
    for row in score_tables.sheet_csv_rows(sheet):
        writer.writerow(row)
    return response
