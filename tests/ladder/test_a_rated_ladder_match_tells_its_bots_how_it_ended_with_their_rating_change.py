"""A ladder match's bots hear how it ended once it is rated, not before: their ``game_end``
carries the rating change (the ordinal before, None for a first game, and after, with mu,
sigma and games), exactly as the ladder's read models hold it."""

import pytest

from bots.models import BotEvent
from tests.ladder.conftest import RULESET, play_out
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import key_of
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderRating, LadderTable

pytestmark = pytest.mark.django_db


def test_game_end_waits_for_the_rating_and_carries_it(owners, bots, django_capture_on_commit_callbacks):
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    with django_capture_on_commit_callbacks(execute=True):
        ladder_tick()
    table = LadderTable.objects.get()
    assert BotEvent.objects.filter(type="game_start", match=table.match).count() == 4

    play_out(table.match, on_commit=django_capture_on_commit_callbacks)
    assert not BotEvent.objects.filter(type="game_end").exists()  # over, not rated yet

    with django_capture_on_commit_callbacks(execute=True):
        ladder_service.do_rate_match(table.match_id)
    for seat, bot_id in enumerate(table.seats):
        told = BotEvent.objects.get(bot_id=bot_id, type="game_end")
        rating = LadderRating.objects.get(ruleset=RULESET, key=key_of(bot_id))
        assert told.data["seat"] == seat and told.data["rating"] == {
            "before": None,
            "after": round(rating.ordinal, 3),
            "mu": round(rating.mu, 3),
            "sigma": round(rating.sigma, 3),
            "games": 1,
        }
