"""A tournament is created only for a ruleset the platform offers (``games.offer``): the engine
plays Kings in the Corner, but its tables, sheets and bot protocol come with issue 20, so a
tournament of it is refused by the service (400 ruleset_not_offered), the API and the form, and
nothing is stored. The form and the API list only the offered rulesets."""

import pytest
from django.test import Client

from games.engine import RULESETS
from games.models import Event
from games.offer import offered_names
from games.service import ServiceError
from tests.matches.conftest import body, client_for
from tournaments import service
from tournaments.forms import TournamentForm
from tournaments.models import Tournament

NOT_OFFERED = sorted(set(RULESETS) - set(offered_names()))


def assert_nothing_stored():
    assert not Tournament.objects.exists() and not Event.objects.exists()


def test_there_is_a_ruleset_the_engine_plays_that_is_not_offered():
    assert NOT_OFFERED


@pytest.mark.parametrize("ruleset", NOT_OFFERED)
def test_the_service_refuses_it(organiser, ruleset):
    with pytest.raises(ServiceError) as refusal:
        service.do_create_tournament(organiser, "Corners night", ruleset, {}, "swiss", 2)
    assert refusal.value.status == 400 and refusal.value.code == "ruleset_not_offered"
    assert "ruleset must be one of" in refusal.value.message
    assert_nothing_stored()


@pytest.mark.parametrize("ruleset", NOT_OFFERED)
def test_the_api_refuses_it(organiser, ruleset):
    r = client_for(organiser).post(
        "/api/v1/tournaments/",
        {"name": "Corners night", "ruleset": ruleset, "format": "swiss", "rounds": 2},
        format="json",
    )
    assert r.status_code == 400 and "ruleset" in str(body(r))
    assert_nothing_stored()


@pytest.mark.parametrize("ruleset", NOT_OFFERED)
def test_the_form_neither_lists_nor_accepts_it(organiser, ruleset):
    assert [name for name, _ in TournamentForm().fields["ruleset"].choices] == offered_names()
    browser = Client()
    browser.force_login(organiser)
    page = browser.get("/tournaments/new/").content.decode()
    assert f'value="{ruleset}"' not in page and f'name="{ruleset}__' not in page
    r = browser.post(
        "/tournaments/new/",
        {
            "name": "Corners night",
            "ruleset": ruleset,
            "format": "swiss",
            "rounds": "2",
            "table_points": "place",
            "fill": "house_bots",
            "bot_turn_timeout": "2",
        },
    )
    assert r.status_code in (200, 400)
    assert_nothing_stored()
