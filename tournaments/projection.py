"""The standings read model: folded from the tournament's stream, checkpointed in one transaction.

``update_standings`` folds only the events after the stored checkpoint and stores the new
value with the version it reached, in the same transaction, under the checkpoint's row lock:
the read model and its checkpoint cannot disagree, and two updaters cannot fold twice.
``rebuild_standings`` starts from nothing; it must give the same value (a test proves it).
"""

from django.db import transaction

from games.record import eventlog

from . import standings as folds
from .models import StandingsCheckpoint, Tournament


def _events(tournament, after):
    return [eventlog.as_engine_event(r) for r in eventlog.stream_events(tournament.stream, after=after)]


def update_standings(tournament_id):
    """Fold the new events into the stored standings; returns the Standings value."""
    with transaction.atomic():
        tournament = Tournament.objects.get(pk=tournament_id)
        checkpoint, _ = StandingsCheckpoint.objects.select_for_update().get_or_create(tournament=tournament)
        value = folds.from_checkpoint(checkpoint.value) if checkpoint.version else folds.empty()
        new = _events(tournament, checkpoint.version)
        for event in new:
            value = folds.fold(value, event)
        if new:
            checkpoint.version += len(new)
            checkpoint.value = folds.to_checkpoint(value)
            checkpoint.save(update_fields=["version", "value", "updated_at"])
    return value


def rebuild_standings(tournament_id):
    """Recompute the standings from the first event and store them; returns the Standings."""
    with transaction.atomic():
        tournament = Tournament.objects.get(pk=tournament_id)
        checkpoint, _ = StandingsCheckpoint.objects.select_for_update().get_or_create(tournament=tournament)
        events = _events(tournament, 0)
        value = folds.rebuild(events)
        checkpoint.version = len(events)
        checkpoint.value = folds.to_checkpoint(value)
        checkpoint.save(update_fields=["version", "value", "updated_at"])
    return value


def current_standings(tournament):
    """The stored standings, brought up to date first (cheap when nothing is new)."""
    return update_standings(tournament.pk)
