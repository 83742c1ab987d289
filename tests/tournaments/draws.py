"""Helpers of the draw, check-in and hand-record tests (docs/tournaments.md, "Draw, check-in and
start", "Hand records for duplicate with cards"): an event of built-in bots, and its stream read
back."""

from django.test import Client

from games.record import eventlog
from tournaments.models import Tournament, TournamentTable
from tournaments.service import creation, entries

QUICK_KING = {"quick_game_combined_negatives": True}


def event(organiser, make_bot, format="swiss", entrants=8, rounds=3, ruleset="king", options=None, **settings):
    """A tournament of ``entrants`` built-in bots (registered at once), not started."""
    options = QUICK_KING if options is None and ruleset == "king" else options or {}
    t = creation.do_create_tournament(organiser, f"Draw {format}", ruleset, options, format, rounds, **settings)
    for i in range(entrants):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"{format}-{i}"))
    return Tournament.objects.get(pk=t.pk)


def types(t):
    return [r.type for r in eventlog.stream_events(t.stream)]


def payloads(t, kind):
    """The payloads of the tournament's events of type ``kind``, in order."""
    return [r.payload for r in eventlog.stream_events(t.stream) if r.type == kind]


def head(t):
    """What a refusal must leave as it was: the stream's version, and the tables' matches."""
    t = Tournament.objects.get(pk=t.pk)
    return t.version, t.current_round, TournamentTable.objects.filter(tournament=t).count()


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client
