"""Play again at a table where another person's own bot played sends a challenge: a table with
friends seats only people and house bots, and a bot of someone else sits down only when it (or
its owner) accepts. The challenge names everyone else who sat at the table, the house bots by
name with their strength; once the bot's owner accepts, the same game starts with the same
players."""

import pytest

from bots.house import house_bot
from bots.models import Bot, Challenge, ChallengeSeat
from bots.registry import new_credentials
from games.models import Match
from tests.pages.again import finished, holders_of
from tests.pages.tables import browser

pytestmark = pytest.mark.django_db


def test_play_again_with_another_owners_bot_challenges_them(players):
    ana, ben = players[0], players[1]
    bens_bot = Bot.objects.create(
        owner=ben, name="bens-bot", kind=Bot.Kind.BUILTIN, strategy="random", **new_credentials()[2]
    )
    table = [ana, bens_bot, house_bot("heuristic"), house_bot("random")]
    old = finished(table, created_by=ana)

    response = browser(ana).post(f"/matches/{old.pk}/again/")

    challenge = Challenge.objects.get()
    assert response.status_code == 302 and response["Location"] == "/challenges/"
    assert challenge.challenger == ana and challenge.ruleset == old.ruleset and challenge.options == old.options
    assert challenge.status == Challenge.Status.OPEN and Match.objects.count() == 1
    seats = {(s.user_id, s.bot_id, s.house_strategy, s.owner_id, s.answer) for s in challenge.seats.all()}
    pending, accepted = ChallengeSeat.Answer.PENDING, ChallengeSeat.Answer.ACCEPTED
    assert seats == {
        (ana.pk, None, "", None, accepted),
        (None, bens_bot.pk, "", ben.pk, pending),
        (None, None, "heuristic", None, accepted),
        (None, None, "random", None, accepted),
    }

    assert browser(ben).post(f"/challenges/{challenge.pk}/accept/").status_code == 303  # to the new table
    new = Match.objects.exclude(pk=old.pk).get()
    assert new.ruleset == old.ruleset and new.options == old.options
    assert sorted(map(str, holders_of(new))) == sorted(map(str, table))  # a challenge draws the seats
