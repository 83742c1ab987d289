"""The organiser's pages: create a tournament, then register entrants, run rounds and record
rulings. Thin views: every change is a call to tournaments.service, which validates it and
appends its event; a refusal (ServiceError) is shown with its message and HTTP status, and
nothing is stored."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from bots.models import Bot
from games.errors import ServiceError
from games.record import eventlog

from . import read
from .forms import RULING_KIND_CHOICES, EntrantForm, HouseBotsForm, RulingForm, TournamentForm
from .hand_records import has_hand_records
from .models import Entrant, Tournament
from .service import creation, entries, results, rounds, rulings, stream, tables_with_cards
from .views import tournament_context

RULING_KINDS = dict(RULING_KIND_CHOICES)  # the ruling form's names for each kind, translated


@login_required
def tournament_new(request):
    # ?club=<id>: the club's page's "New event for the club" (docs/clubs.md).
    club = request.GET.get("club", "")
    initial = {"club": int(club)} if club.isdigit() and len(club) < 18 else None
    form = TournamentForm(request.POST if request.method == "POST" else None, user=request.user, initial=initial)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                tournament = creation.do_create_tournament(request.user, **form.arguments())
            except ServiceError as e:
                form.add_refusal(e)
                status = e.status
            else:
                messages.success(request, _("The tournament is created. Register its entrants, then start round 1."))
                return redirect("tournament-manage", tournament.pk)
    return render(request, "tournaments/new.html", {"form": form}, status=status)


def organiser_only(view):
    """The tournament's organiser or staff only: anyone else gets the service's 403 refusal."""

    @login_required
    @wraps(view)
    def wrapped(request, pk, **kwargs):
        tournament = get_object_or_404(Tournament, pk=pk)
        try:
            stream.check_organiser(tournament, request.user)
        except ServiceError as e:
            return render(request, "tournaments/refused.html", {"tournament": tournament, "error": e}, status=e.status)
        return view(request, tournament, **kwargs)

    return wrapped


def ruling_tables(tournament):
    """(round, table, match) of every match the tournament's tables played, replays included."""
    return tournament.tables.order_by("round", "table", "replay").values_list("round", "table", "match_id")


def passes(check, *args):
    try:
        check(*args)
    except ServiceError:
        return False
    return True


def closing(tournament):
    """Whether the open round can be closed now (do_close_round's own check), and else how
    many tables it waits for; a stale page's close is still refused by do_close_round (409)."""
    try:
        results.check_round_can_close(tournament)
    except ServiceError as e:
        return {"can_close": False, "waiting": e.details.get("waiting", 0)}
    return {"can_close": True, "waiting": 0}


def rounds_context(pk):
    """The round tables with the close button or what it waits for, and the next round's draw
    with what it misses (the part htmx refreshes)."""
    context = tournament_context(pk)
    return context | closing(context["tournament"]) | draw_notes(context)


def draw_notes(context):
    """What the organiser should know of the next round's draw before starting it: the
    entrants it seats who have withdrawn since (the start is refused until it is drawn again),
    and those it leaves out who would be seated now (a late entry, a check-in after the draw)."""
    drawn, tournament = context["drawn"], context["tournament"]
    if drawn is None:
        return {"draw_outdated": [], "left_out": []}
    seated = {e for table in drawn["tables"] for e in table["seats"]} | set(drawn["byes"])
    waiting = rounds.playing_entrants(tournament, context["check_in_required"]).exclude(pk__in=seated)
    if rounds.first_round_slots(tournament) is not None:
        waiting = waiting.none()  # a fixed schedule seats nobody new after round 1
    return {"draw_outdated": rounds.withdrawn_in(drawn), "left_out": [e.name for e in waiting]}


def check_in_count(entrants):
    """(people checked in, people who may check in or have): the desk's tally."""
    people = [e for e in entrants if e.kind == Entrant.Kind.USER]
    checked = sum(e.status == Entrant.Status.CHECKED_IN for e in people)
    return checked, sum(e.status in (Entrant.Status.REGISTERED, Entrant.Status.CHECKED_IN) for e in people)


def manage_context(tournament, user, entrant_form=None, ruling_form=None, house_bots_form=None, error=None):
    context = rounds_context(tournament.pk)
    tournament = context["tournament"]
    entrants = list(tournament.entrants.order_by("pk"))
    checked_in, may_check_in = check_in_count(entrants)
    return context | {
        "entrants": entrants,
        "checked_in": checked_in,
        "may_check_in": may_check_in,
        "finished": tournament.status == Tournament.Status.FINISHED,
        "hand_records": has_hand_records(tournament),
        "bot_names": Bot.objects.filter(is_active=True).order_by("name").values_list("name", flat=True)[:500],
        "entrant_form": entrant_form or EntrantForm(),
        "house_bots_form": house_bots_form or HouseBotsForm(ruleset=tournament.ruleset),
        "ruling_form": ruling_form
        or RulingForm(tables=ruling_tables(tournament), num_seats=rounds.table_size(tournament)),
        "rulings": rulings_made(tournament),
        "card_tables": tables_with_cards.open_card_tables(tournament, user),
        "entries_to_settle": tables_with_cards.entries_to_settle(tournament, user),
        "can_start": passes(rounds.check_round_can_start, tournament),
        "error": error,
    }


def rulings_made(tournament):
    """The organiser's rulings in order: those the standings count ("ruling" events) and the
    seats given back to their players (seat_returned, which the standings ignore)."""
    made = []
    for r in eventlog.stream_events(tournament.stream):
        kind = r.payload["kind"] if r.type == "ruling" else rulings.RETURN_SEAT if r.type == "seat_returned" else None
        if kind is not None:
            made.append({**r.payload, "kind": kind, "kind_label": RULING_KINDS.get(kind, kind)})
    return made


def manage_page(request, tournament, status=200, **forms):
    return render(request, "tournaments/manage.html", manage_context(tournament, request.user, **forms), status=status)


@organiser_only
def manage(request, tournament):
    return manage_page(request, tournament)


@organiser_only
def manage_rounds(request, tournament):
    """The round tables of the manage page (htmx refreshes them while a round is played), with
    the close button once the round can close."""
    return render(request, "tournaments/_manage_rounds.html", rounds_context(tournament.pk))


def attempt(request, tournament, change, done, **forms):
    """Make the change through the service; on a refusal, the manage page with its message and status."""
    try:
        change()
    except ServiceError as e:
        return manage_page(request, tournament, status=e.status, error=e.message, **forms)
    messages.success(request, done)
    return redirect("tournament-manage", tournament.pk)


@require_POST
@organiser_only
def register(request, tournament):
    form = EntrantForm(request.POST)
    if not form.is_valid():
        return manage_page(request, tournament, status=400, entrant_form=form)
    user, bot = form.cleaned_data["user"], form.cleaned_data["bot"]
    try:
        entrant = entries.do_register(tournament.pk, request.user, user=user, bot=bot)
    except ServiceError as e:
        return manage_page(request, tournament, status=e.status, error=e.message, entrant_form=form)
    if entrant.status == Entrant.Status.INVITED:
        messages.success(
            request, _("%(name)s is invited: the entry counts once its owner accepts.") % {"name": entrant.name}
        )
    else:
        messages.success(request, _("%(name)s is registered.") % {"name": entrant.name})
    return redirect("tournament-manage", tournament.pk)


@require_POST
@organiser_only
def add_house_bots(request, tournament):
    """Enter several house bots at once (tournaments.service.entries.do_enter_house_bots): all
    of them or, refused, none, with the refusal shown on the manage page."""
    form = HouseBotsForm(request.POST, ruleset=tournament.ruleset)
    if not form.is_valid():
        return manage_page(request, tournament, status=400, house_bots_form=form)
    try:
        added = entries.do_enter_house_bots(
            tournament.pk, request.user, form.cleaned_data["count"], form.cleaned_data["strength"]
        )
    except ServiceError as e:
        return manage_page(request, tournament, status=e.status, error=e.message, house_bots_form=form)
    names = ", ".join(e.name for e in added)
    messages.success(
        request,
        ngettext(
            "%(count)s house bot is registered: %(names)s.",
            "%(count)s house bots are registered: %(names)s.",
            len(added),
        )
        % {"count": len(added), "names": names},
    )
    return redirect("tournament-manage", tournament.pk)


@require_http_methods(["GET", "POST"])
@organiser_only
def withdraw(request, tournament, entrant_id):
    """GET: what withdrawing this entrant means, and the button that does it; POST: withdraw.
    A link followed (a prefetch, a crawler, a misclick on the manage page) withdraws nobody."""
    entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
    if request.method == "GET":
        return render(request, "tournaments/withdraw_confirm.html", withdraw_context(tournament, entrant))
    return attempt(
        request,
        tournament,
        lambda: entries.do_withdraw(entrant.pk, request.user),
        _("%(name)s is withdrawn.") % {"name": entrant.name},
    )


def withdraw_context(tournament, entrant):
    """The confirmation's facts: the entrant's standing now, the rounds still to come, and the
    table of the round in play it sits at, if any (that match goes on; its result counts)."""
    row = next((r for r in read.standings_rows(tournament) if r["entrant"] == entrant.pk), None)
    live_round = tournament.current_round if tournament.current_round > tournament.closed_round else None
    tables, _byes = stream.seated_entrants(tournament)
    seated_at = next(
        (number for number, seats in enumerate(tables.get(live_round, []), 1) if entrant.pk in seats), None
    )
    draw = read.next_round(tournament).draw
    drawn = draw is not None and entrant.pk in {e for t in draw["tables"] for e in t["seats"]} | set(draw["byes"])
    return {
        "tournament": tournament,
        "entrant": entrant,
        "row": row,
        "rounds_left": max(0, tournament.rounds - tournament.current_round),
        "live_round": live_round,
        "seated_at": seated_at,
        # Seated by the next round's draw: that round starts only once drawn again.
        "in_draw": draw["round"] if drawn else None,
        "invitation": entrant.status == Entrant.Status.INVITED,
        "can_withdraw": entrant.status not in (Entrant.Status.WITHDRAWN, Entrant.Status.DECLINED)
        and tournament.status != Tournament.Status.FINISHED,
    }


@require_POST
@organiser_only
def draw_round(request, tournament):
    """Draw the next round (again, if drawn already) without starting it: its tables show on
    the tournament page and the projector, and its table cards print."""
    number = tournament.current_round + 1
    return attempt(
        request,
        tournament,
        lambda: rounds.do_draw_round(tournament.pk, request.user),
        _("Round %(number)s is drawn: its tables are published. Start it when the players are seated.")
        % {"number": number},
    )


@require_POST
@organiser_only
def start_round(request, tournament):
    return attempt(
        request,
        tournament,
        lambda: rounds.do_start_round(tournament.pk, request.user),
        _("Round %(number)s has started.") % {"number": tournament.current_round + 1},
    )


@require_POST
@organiser_only
def close_round(request, tournament):
    return attempt(
        request,
        tournament,
        lambda: results.do_close_round(tournament.pk, request.user),
        _("Round %(number)s is closed.") % {"number": tournament.current_round},
    )


@require_POST
@organiser_only
def record_ruling(request, tournament):
    form = RulingForm(request.POST, tables=ruling_tables(tournament), num_seats=rounds.table_size(tournament))
    if not form.is_valid():
        return manage_page(request, tournament, status=400, ruling_form=form)
    kind, match, reason, details = form.arguments()
    return attempt(
        request,
        tournament,
        lambda: rulings.do_record_ruling(tournament.pk, request.user, kind, match, reason, **details),
        _("The ruling is recorded."),
        ruling_form=form,
    )
