"""Leaderboards: OpenSkill ratings per ruleset, rebuilt from the streams of finished, rated events.

A player keeps one rating across tournaments: people by user, bots by bot. House bots that
fill tables are rated apart (one key per entry, so two seats of one house bot at a table stay
two players) and left off the boards: their ratings only measure the opposition.
"""
from games import eventlog

from . import ratings
from .models import Entrant, Tournament


def entrant_key(entrant):
    if entrant.kind == Entrant.Kind.HOUSE_BOT:
        return f"house:{entrant.pk}"
    return f"user:{entrant.user_id}" if entrant.user_id else f"bot:{entrant.bot_id}"


def rating_book():
    """(ratings by ruleset, names by key, kinds by key) from every finished rated tournament."""
    book, names, kinds = {}, {}, {}
    for tournament in Tournament.objects.filter(status=Tournament.Status.FINISHED, rated=True).order_by("pk"):
        entrants = {e.pk: e for e in tournament.entrants.all()}
        for e in entrants.values():
            names[entrant_key(e)], kinds[entrant_key(e)] = e.name, e.kind
        events = [eventlog.as_engine_event(r) for r in eventlog.stream_events(tournament.stream)]
        book = ratings.rate_tournament(book, events, key_of=lambda entrant: entrant_key(entrants[entrant]))
    return book, names, kinds


def leaderboard(ruleset, bots_apart=False):
    book, names, kinds = rating_book()
    pool = {key: rating for key, rating in book.get(ruleset, {}).items() if not key.startswith("house:")}
    return ratings.leaderboard(pool, names, kinds, bots_apart=bots_apart)
