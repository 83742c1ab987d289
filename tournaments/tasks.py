"""Celery tasks of tournaments: results into the tournament stream, standings from events
(tournaments.tasks_standings), and the autopilot that runs rounds on."""

from celery import shared_task

from games.models import Match

from .ladder.tasks import rate_if_ladder_match_ended
from .models import Tournament, TournamentTable
from .service import results, rounds
from .tasks_standings import update_standings


@shared_task(acks_late=True, ignore_result=True)
def advance_tournament(tournament_id):
    rounds.do_advance(tournament_id)


def record_result(match_id, tournament_id, autopilot):
    """Record a finished match's result once (with the rest of its board's, where tables share
    cards: results.results_due); then refresh the standings and, on autopilot, see whether the
    round is over."""
    recorded = [results.do_record_result(due) for due in results.results_due(match_id)]
    if not any(recorded):
        return
    update_standings.apply_async(args=[tournament_id])
    if autopilot:
        advance_tournament.apply_async(args=[tournament_id])


def on_match_advanced(announced):
    """A tournament's match ended: record its result. (A ladder match's end is rated too.)

    A games.hooks.MATCH_ADVANCED receiver, told of every action: the row the action wrote
    (``announced.row``) says whether the match ended, so a move that did not end it costs no
    query here."""
    written, match_id = announced.row, announced.match_id
    if written is not None and written.status != Match.Status.OVER:
        return
    rate_if_ladder_match_ended(match_id)
    table = (
        TournamentTable.objects.filter(match_id=match_id, result_recorded=False)
        .values_list("tournament_id", "tournament__autopilot")
        .first()
    )
    if table is None or not Match.objects.filter(pk=match_id, status=Match.Status.OVER).exists():
        return
    record_result(match_id, *table)


@shared_task(ignore_result=True)
def sweep_tournaments():
    """Pick up what a lost announcement or task left undone: a finished match whose result was
    never recorded (its worker died between the commit and the announcement), an autopilot
    round that ended while its advance task was lost."""
    for match_id, tournament_id, autopilot in TournamentTable.objects.filter(
        result_recorded=False, match__status=Match.Status.OVER
    ).values_list("match_id", "tournament_id", "tournament__autopilot"):
        record_result(match_id, tournament_id, autopilot)
    for tournament_id in Tournament.objects.filter(autopilot=True, status=Tournament.Status.RUNNING).values_list(
        "pk", flat=True
    ):
        advance_tournament.apply_async(args=[tournament_id])
