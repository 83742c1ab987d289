"""The Celery task that folds a tournament's new events into its stored standings.

Apart from tournaments.tasks, which runs the service's steps, because the service queues this
one itself (tournaments.service.rulings, after an arbiter's ruling): the service sits below the
tasks that call it, and this task below the service."""

from celery import shared_task

from . import projection


@shared_task(acks_late=True, ignore_result=True)
def update_standings(tournament_id):
    projection.update_standings(tournament_id)
