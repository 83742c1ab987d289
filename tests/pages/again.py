"""Helpers for the play-again tests: a match played to its end (its people playing their first
legal move, its bots in this process), and a snapshot of everything play again could store (so
a refusal can be shown to store nothing)."""

from django.test import TestCase

from bots import runner
from bots.models import Challenge, ChallengeSeat, FriendsTable, FriendsTableSeat
from games.engine import RULESETS
from games.models import Match, Seat
from games.service import creating, playing, states

RULESET = "corners"  # its short game is one hand: the quickest game to play to its end
SHORT = dict(RULESETS[RULESET].short_game)


def finished(holders, created_by=None, event=""):
    """A match of ``holders`` (people and bots, in seat order) played to its end: each person
    plays their first legal move, the bots play in this process as the worker would."""
    match = creating.do_create_match(RULESET, SHORT, holders, created_by=created_by, event=event)
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return match
        seat = Seat.objects.filter(match=match, index=match.to_act).first()
        if seat is not None and seat.user_id:
            move = states.match_state(match).legal_actions()[0]
            playing.submit_action(match.pk, seat.user, move, match.version)
            continue
        with TestCase.captureOnCommitCallbacks(execute=True):
            runner.run_turns(match.pk, match.version)
    raise AssertionError("the match did not finish")


def stored():
    """What play again could store: matches, lobbies and their seats, challenges and theirs."""
    return (
        list(Match.objects.order_by("pk").values_list("pk", "status")),
        list(FriendsTable.objects.values_list("pk", "status")),
        FriendsTableSeat.objects.count(),
        list(Challenge.objects.values_list("pk", "status")),
        ChallengeSeat.objects.count(),
    )


def holders_of(match):
    """Who holds each seat of ``match``, in seat order (a user or a Bot)."""
    return [s.user or s.bot for s in Seat.objects.filter(match=match).select_related("user", "bot").order_by("index")]
