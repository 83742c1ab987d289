"""A tournament is created only for a ruleset the platform offers (``games.offer``, the one
switch that can hold back a game the engine gains before its pages are ready): the service
refuses one held back (400 ruleset_not_offered) and stores nothing; a name the engine does not
play is refused by the API. Every ruleset the engine plays is offered today (issue 20)."""

import pytest

from games.engine import RULESETS
from games.errors import ServiceError
from games.models import Event
from tests.fixtures.people import body, client_for
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.service import creation


def assert_nothing_stored():
    assert not Tournament.objects.exists() and not Event.objects.exists()


def test_the_service_refuses_a_ruleset_held_back(organiser, monkeypatch):
    held_back = list(RULESETS)[-1]
    monkeypatch.setattr(creation, "offered_names", lambda: [name for name in RULESETS if name != held_back])
    with pytest.raises(ServiceError) as refusal:
        creation.do_create_tournament(organiser, "Held back", held_back, {}, "swiss", 2)
    assert refusal.value.status == 400 and refusal.value.code == "ruleset_not_offered"
    assert "ruleset must be one of" in refusal.value.message
    assert_nothing_stored()


def test_the_api_refuses_a_game_the_engine_does_not_play(organiser):
    r = client_for(organiser).post(
        "/api/v1/tournaments/",
        {"name": "Poker night", "ruleset": "poker", "format": "swiss", "rounds": 2},
        format="json",
    )
    assert r.status_code == 400 and "ruleset" in str(body(r))
    assert_nothing_stored()


def test_the_form_lists_every_ruleset_the_engine_plays():
    assert [name for name, _ in TournamentForm().fields["ruleset"].choices] == list(RULESETS)
