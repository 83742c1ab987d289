"""Calling the director, on the pages (docs/tournaments.md, "Calling the director"): a seated
player's call from the table (its own page, so that a note being written is never swept away by
the table's live refresh), a table with cards' call from its score entry (by its code), the
organiser's answer from the manage page, and the sections the match pages show
(``match_sections``, which fills games.hooks.MATCH_PAGE_SECTIONS).

Thin: every change is tournaments.service.director_calls; a refusal is shown with its message
and HTTP status, and nothing is stored."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from games.accounts.throttles import limit_posts
from games.errors import ServiceError
from games.models import Match
from games.pages.score_tables import DEVICE_COOKIE
from games.pages.table import match_seat_names
from games.service import access, score_tables
from games.templatetags.cards import seat_number

from . import rulings_shown
from .forms import RulingForm
from .models import Tournament
from .service import director_calls, rounds, tables_with_cards
from .views_organiser import attempt, manage_page, organiser_only


class CallForm(forms.Form):
    deal = forms.TypedChoiceField(label=gettext_lazy("Deal"), coerce=int)
    note = forms.CharField(
        label=gettext_lazy("What happened?"),
        max_length=director_calls.NOTE_MAX,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": director_calls.NOTE_MAX}),
        help_text=gettext_lazy("Only your table and the organiser read it."),
    )

    def __init__(self, *args, deals, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deal"].choices = [(d, str(d)) for d in range(deals, 0, -1)]
        self.fields["deal"].initial = deals


class ReplyForm(forms.Form):
    reply = forms.CharField(
        label=gettext_lazy("Your reply"),
        max_length=director_calls.NOTE_MAX,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": director_calls.NOTE_MAX}),
    )


def answer_forms(tournament, call):
    """The reply form and the ruling form (on the call's match alone) of one call, prefixed
    with the call's id so that many stand on one page."""
    prefix = f"call{call['id']}"
    ruling = RulingForm(
        prefix=prefix,
        tables=[(call["round"], call["table"], call["match"])],
        num_seats=rounds.table_size(tournament),
        initial={"match": call["match"], "seat": call["seat"]},
    )
    return ReplyForm(prefix=prefix), ruling


# ------------------------------------------------------------------ the pages' sections
def caller_name(call, names):
    """Who called, in words: the seat's player, or the table (its code)."""
    if call["seat"] is not None and 0 <= call["seat"] < len(names):
        return names[call["seat"]]
    return _("the table")


def with_words(calls, names):
    """The calls with their caller and each ruling's kind in words."""
    for call in calls:
        call["caller"] = caller_name(call, names)
        for answer in call["answers"]:
            kind = answer.get("kind")
            answer["label"] = rulings_shown.KINDS.get(kind, kind)
            answer["detail"] = ruling_detail(answer.get("ruling_event") or {}, names)
    return calls


def ruling_detail(event, names):
    """Whom a penalty or a seat given back concerns, in words ("" for other rulings)."""
    seat = event.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return ""
    if event.get("type") == "ruling" and event.get("kind") == "penalty":
        return _("Seat %(seat)s (%(name)s): %(points)s points for %(offence)s.") % {
            "seat": seat_number(seat),
            "name": names[seat],
            "points": floatformat(event.get("points"), "-2"),
            "offence": rulings_shown.OFFENCES.get(event.get("offence"), event.get("offence")),
        }
    if event.get("type") == "seat_returned":
        return _("Seat %(seat)s is %(name)s’s again.") % {"seat": seat_number(seat), "name": names[seat]}
    return ""


def match_sections(match, page, request, key):
    """games.hooks.MATCH_PAGE_SECTIONS: a tournament match's calls for its own table (the table
    page's seated players, the score entry opened by the table's code) and its rulings on the
    score sheet."""
    table = rulings_shown.tournament_of_match(match)
    if table is None:
        return []
    tournament = table.tournament
    if page == "sheet":
        shown = rulings_shown.shown_rulings(tournament, match_id=match.pk)
        return [("tournaments/_rulings.html", {"rulings": shown, "on_sheet": True})] if shown else []
    user = getattr(request, "user", None)
    if page == "table":
        if access.person_seat(match, user) is None:
            return []
        by_code = False
    elif page == "score_table":
        if not key or tables_with_cards.open_table(key) != match:
            return []
        by_code = True
    else:
        return []
    names = match_seat_names(match) if not by_code else score_tables.names_of(match)
    context = {
        "tournament": tournament,
        "match": match,
        "calls": with_words(director_calls.calls_for_table(tournament, match), names),
        "by_code": by_code,
        "code": key if by_code else "",
        "finished": tournament.status == Tournament.Status.FINISHED,
    }
    if by_code:
        context["form"] = CallForm(deals=director_calls.deals_so_far(match), auto_id="call-%s")
    return [("tournaments/_director_table.html", context)]


# ------------------------------------------------------------------ calling
@login_required
@require_http_methods(["GET", "POST"])
@limit_posts("table_entries")
def call_page(request, pk):
    """A seated player's call: the form (?match=), then back to the table."""
    tournament = get_object_or_404(Tournament, pk=pk)
    raw = request.POST.get("match") if request.method == "POST" else request.GET.get("match")
    match_id = int(raw) if isinstance(raw, str) and raw.isdigit() and len(raw) < 18 else None
    error, status = None, 200
    try:
        table = director_calls.tournament_table(tournament, match_id)
        director_calls.check_caller(table.match, request.user)
    except ServiceError as e:
        return render(
            request, "tournaments/director_call.html", {"tournament": tournament, "error": e}, status=e.status
        )
    form = CallForm(request.POST or None, deals=director_calls.deals_so_far(table.match))
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                director_calls.do_call_director(
                    tournament.pk, table.match_id, form.cleaned_data["deal"], form.cleaned_data["note"], request.user
                )
            except ServiceError as e:
                error, status = e.message, e.status
            else:
                return redirect(reverse("table", args=[table.match_id]) + "#director-calls")
    context = {"tournament": tournament, "table": table, "form": form, "refusal": error}
    return render(request, "tournaments/director_call.html", context, status=status)


@require_POST
@limit_posts("table_entries")
def call_by_code(request, pk):
    """A table with cards' call, from its score entry (the table code in the form)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    code = request.POST.get("code", "")
    try:
        door = score_tables.door(code, request.user)
        form = CallForm(request.POST, deals=director_calls.deals_so_far(door.match), auto_id="call-%s")
        if not form.is_valid():
            raise ServiceError("invalid_note", most=director_calls.NOTE_MAX)
        device = request.COOKIES.get(DEVICE_COOKIE)
        director_calls.do_call_director(
            tournament.pk,
            door.match.pk,
            form.cleaned_data["deal"],
            form.cleaned_data["note"],
            request.user,
            door=door,
            device_actor=score_tables.device_actor(device) if device else None,
        )
    except ServiceError as e:
        back = reverse("score-table", args=[code]) if e.code not in ("score_table_unknown", "board_in_play") else None
        context = {"tournament": tournament, "error": e, "back": back}
        return render(request, "tournaments/director_call.html", context, status=e.status)
    return redirect(reverse("score-table", args=[code]) + "#director-calls")


# ------------------------------------------------------------------ answering
@require_POST
@organiser_only
def answer(request, tournament):
    """The organiser's answer to a call from the manage page: a reply, or a ruling."""
    raw = request.POST.get("call", "")
    call_id = int(raw) if raw.isdigit() and len(raw) < 18 else None
    calls = {c["id"]: c for c in director_calls.all_calls(tournament)}
    call = calls.get(call_id)
    if call is None:
        return manage_page(request, tournament, status=404, error=_("There is no such call."))
    prefix = f"call{call_id}"
    if request.POST.get("answer") == "ruling":
        form = RulingForm(
            request.POST,
            prefix=prefix,
            tables=[(call["round"], call["table"], call["match"])],
            num_seats=rounds.table_size(tournament),
        )
        if not form.is_valid():
            return manage_page(request, tournament, status=400, error=form_problems(form))
        kind, _match, reason, details = form.arguments()
        ruling = {"kind": kind, "reason": reason, **details}
        return attempt(
            request,
            tournament,
            lambda: director_calls.do_answer(tournament.pk, request.user, call_id, ruling=ruling),
            _("The ruling is recorded, and the table sees it."),
        )
    form = ReplyForm(request.POST, prefix=prefix)
    if not form.is_valid():
        return manage_page(request, tournament, status=400, error=form_problems(form))
    return attempt(
        request,
        tournament,
        lambda: director_calls.do_answer(tournament.pk, request.user, call_id, reply=form.cleaned_data["reply"]),
        _("Your reply is sent to the table."),
    )


def form_problems(form):
    """A refused answer's form errors as one line for the manage page's notice."""
    return " ".join(
        f"{form.fields[name].label if name in form.fields else ''}: {' '.join(errors)}".lstrip(": ")
        for name, errors in form.errors.items()
    )


def arbiter_calls(tournament, user):
    """The calls for the manage page: open ones first, each with its forms and its caller in
    words; answered ones after, newest first."""
    try:
        calls = director_calls.calls_for_arbiter(tournament, user)
    except ServiceError:
        return []
    names = {}
    for call in calls:
        if call["match"] not in names:
            match = Match.objects.get(pk=call["match"])
            names[call["match"]] = score_tables.names_of(match) if match.entered else match_seat_names(match)
        with_words([call], names[call["match"]])
        call["reply_form"], call["ruling_form"] = answer_forms(tournament, call)
    open_calls = [c for c in calls if c["status"] == "open"]
    answered = [c for c in reversed(calls) if c["status"] != "open"]
    return open_calls + answered
