"""The tournament page and its projector say, above the standings, when the ruleset's lowest
total wins (penalty points, the descriptor's ``lowest_wins`` with the tournament's options),
and say nothing of it where the highest wins."""

import pytest

from games.engine import RULESETS
from games.offer import offered_rulesets
from tournaments.service import creation

pytestmark = pytest.mark.django_db

NOTE = 'id="lowest-wins"'


def ruleset_where(lowest):
    return next(r for r in offered_rulesets() if r.lowest_wins({}) == lowest)


@pytest.mark.parametrize("lowest", [True, False])
def test_the_page_and_the_projector_say_which_score_wins(client, organiser, lowest):
    ruleset = ruleset_where(lowest)
    tournament = creation.do_create_tournament(organiser, "Night", ruleset.name, {}, "swiss", 1)
    assert RULESETS[tournament.ruleset].lowest_wins(tournament.options) is lowest
    for url in (f"/tournaments/{tournament.pk}/", f"/tournaments/{tournament.pk}/projector/"):
        page = client.get(url)
        assert page.status_code == 200
        assert (NOTE in page.content.decode()) is lowest, url
        if lowest:
            assert "the lowest score wins" in page.content.decode()
