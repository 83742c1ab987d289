"""Celery tasks of tournaments: results into the tournament stream, standings from events."""
from celery import shared_task

from games.models import Match

from . import projection, service
from .models import TournamentTable


@shared_task(acks_late=True, ignore_result=True)
def update_standings(tournament_id):
    projection.update_standings(tournament_id)


def on_match_advanced(sender, match_id, version, **kwargs):
    """A tournament's match ended: record its result, then refresh the standings."""
    table = TournamentTable.objects.filter(match_id=match_id, result_recorded=False).only("tournament_id").first()
    if table is None or not Match.objects.filter(pk=match_id, status=Match.Status.OVER).exists():
        return
    if service.do_record_result(match_id) is not None:
        update_standings.apply_async(args=[table.tournament_id])
