"""Celery tasks of the bots' ladder: the beat's tick and the rating of each finished match.

Celery finds them through tournaments.tasks, which imports this module (a ladder match's end
reaches ``rate_if_ladder_match_ended`` from its ``on_match_advanced``)."""

import logging

from celery import shared_task

from games.models import Match
from games.offer import offered_names

from ..models import LadderTable
from . import service


@shared_task(ignore_result=True)
def ladder_tick():
    """Celery beat, every LADDER_TICK_SECONDS: each offered ruleset's ladder rates what finished
    unrated, lets disabled bots go and seats the free bots (tournaments.ladder.service.tick)."""
    for ruleset in offered_names():
        try:
            service.tick(ruleset)
        except Exception:  # one ladder's trouble (a setting the engine refuses) stops no other
            logging.getLogger(__name__).exception("the %s ladder's tick failed", ruleset)


@shared_task(acks_late=True, ignore_result=True)
def rate_ladder_match(match_id):
    """Rate a finished ladder match (once: a repeated task finds it rated and does nothing)."""
    service.do_rate_match(match_id)


def rate_if_ladder_match_ended(match_id):
    """A ladder match ended (games announced it, after its commit): a task rates it. A lost
    task is made good by the next tick, which rates every finished match left unrated."""
    if LadderTable.objects.filter(match_id=match_id, rated=False, match__status=Match.Status.OVER).exists():
        rate_ladder_match.apply_async(args=[match_id])
