"""Leaderboards: OpenSkill ratings per ruleset, rebuilt from the streams of finished, rated events.

A player keeps one rating across tournaments: people by user, bots by bot. House bots that
fill tables are rated apart (one key per entry, so two seats of one house bot at a table stay
two players) and left off the boards: their ratings only measure the opposition.
"""

from games.offer import offered_rulesets
from games.record import eventlog

from . import ratings
from .models import Entrant, Tournament


def entrant_key(entrant):
    if entrant.kind == Entrant.Kind.HOUSE_BOT:
        return f"house:{entrant.pk}"
    return f"user:{entrant.user_id}" if entrant.user_id else f"bot:{entrant.bot_id}"


# (heads, book): the last rating book this process built and the stream heads it was built
# from, swapped as one tuple so that a concurrent request never pairs one with the other's.
_last_book = (None, None)


def rated_heads():
    """(pk, version, head hash) of every finished rated tournament, in order: what a memo of
    ratings built from their streams is kept under (a ruling or a new result changes a head)."""
    return list(
        Tournament.objects.filter(status=Tournament.Status.FINISHED, rated=True)
        .order_by("pk")
        .values_list("pk", "version", "head_hash")
    )


def rating_book():
    """(ratings by ruleset, names by key, kinds by key) from every finished rated tournament.

    Memoised under the finished tournaments' stream heads (the hash covers every event, names
    and times included): the bot and leaderboard pages replay the streams again only when a
    tournament finished or a ruling changed one. Per process, since the ratings do not pickle.
    """
    global _last_book
    heads = rated_heads()
    known, book = _last_book
    if known != heads:
        book = rebuild_rating_book([pk for pk, _, _ in heads])
        _last_book = (heads, book)
    return book


def rebuild_rating_book(tournament_ids):
    book, names, kinds = {}, {}, {}
    for tournament in Tournament.objects.filter(pk__in=tournament_ids).order_by("pk"):
        entrants = {e.pk: e for e in tournament.entrants.all()}
        for e in entrants.values():
            names[entrant_key(e)], kinds[entrant_key(e)] = e.name, e.kind
        events = [eventlog.as_engine_event(r) for r in eventlog.stream_events(tournament.stream)]
        # entrants=entrants: the key function reads this tournament's entrants, bound now.
        book = ratings.rate_tournament(
            book, events, key_of=lambda entrant, entrants=entrants: entrant_key(entrants[entrant])
        )
    return book, names, kinds


def leaderboard(ruleset, bots_apart=False):
    book, names, kinds = rating_book()
    pool = {key: rating for key, rating in book.get(ruleset, {}).items() if not key.startswith("house:")}
    return ratings.leaderboard(pool, names, kinds, bots_apart=bots_apart)


def bot_ratings(bot):
    """The bot's rating and rank on each offered game's leaderboard (None where it is not rated),
    as (the game's label msgid, row): what a bot's page shows (``bots.hooks.BOT_RATINGS``)."""
    key = f"bot:{bot.pk}"
    return [
        (ruleset.label, next((row for row in leaderboard(ruleset.name) if row.key == key), None))
        for ruleset in offered_rulesets()
    ]
