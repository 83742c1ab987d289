"""A ladder of a ruleset whose lowest total wins (penalty points, found through the descriptor)
rates each match lowest first: its ``match_rated`` says so (``lowest_wins``, from the ruleset's
``lowest_wins`` with the match's options), the fewest points rise most, and the fold of the
stream gives the same ratings as the service's read models. Here at tables of three."""

import pytest

from games import engine
from games.models import Match
from games.service import states
from tests.ladder.conftest import play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.models import LadderRating, LadderTable
from tournaments.ratings import rate_match

pytestmark = pytest.mark.django_db
SIZE = 3
LOWEST = next(name for name, r in engine.RULESETS.items() if SIZE in r.seats and r.lowest_wins({"players": SIZE}))


@pytest.fixture
def lowest_ladder(settings):
    settings.LADDER_OPTIONS = {LOWEST: {**engine.RULESETS[LOWEST].short_game, "players": SIZE}}


def test_a_table_of_three_is_rated_fewest_points_first(lowest_ladder, owners, bots):
    for owner, bot in list(zip(owners, bots))[:SIZE]:
        ladder_service.do_join(LOWEST, owner, bot.pk)
    ladder_service.tick(LOWEST)
    table = LadderTable.objects.get(ruleset=LOWEST)
    assert len(table.seats) == SIZE and table.anchors == []

    play_out(table.match)
    event = ladder_service.do_rate_match(table.match_id)
    scores = list(states.match_state(Match.objects.get(pk=table.match_id)).scores)
    assert event["lowest_wins"] is True and event["scores"] == scores
    expected = rate_match({}, event["seats"], scores, lowest_wins=True)
    stored = {r.key: (r.mu, r.sigma) for r in LadderRating.objects.filter(ruleset=LOWEST)}
    assert stored == {key: tuple(rating) for key, rating in expected.items()}
    for a, key_a in enumerate(event["seats"]):  # fewer points, a higher mu
        for b, key_b in enumerate(event["seats"]):
            assert (scores[a] < scores[b]) == (stored[key_a][0] > stored[key_b][0])
    assert_read_models_equal_a_rebuild(LOWEST)
