"""A tournament's bot turn timeout is 0.1 s to settings.BOT_TURN_TIMEOUT_MAX_SECONDS (10 s by
default), not 60: a longer one is refused (400 invalid_timeout) through the service, the API and
the form, which also offers the site's maximum; nothing is stored."""

import pytest
from django.test import Client

from games.errors import ServiceError
from games.models import Event
from tests.fixtures.people import body, client_for
from tournaments.models import Tournament
from tournaments.service import creation

FORM = {
    "name": "Clock",
    "ruleset": "king",
    "format": "swiss",
    "rounds": "3",
    "table_points": "place",
    "tie_break_1": "game_score",
    "fill": "house_bots",
    "rated": "on",
}


def create(organiser, timeout):
    return creation.do_create_tournament(organiser, "Clock", "king", {}, "swiss", 3, bot_turn_timeout=timeout)


def refused(organiser, timeout):
    with pytest.raises(ServiceError) as refusal:
        create(organiser, timeout)
    assert refusal.value.status == 400 and refusal.value.code == "invalid_timeout"
    assert not Tournament.objects.exists() and not Event.objects.exists()
    return refusal.value.message


def test_ten_seconds_is_the_default_maximum(organiser, settings):
    del settings.BOT_TURN_TIMEOUT_MAX_SECONDS  # unset: the default applies
    assert refused(organiser, 10.5) == "bot_turn_timeout is 0.1 to 10 seconds"
    assert refused(organiser, 60) == "bot_turn_timeout is 0.1 to 10 seconds"
    assert create(organiser, 10).bot_turn_timeout == 10.0


def test_the_sites_setting_is_the_maximum(organiser, settings):
    settings.BOT_TURN_TIMEOUT_MAX_SECONDS = 5
    assert refused(organiser, 5.5) == "bot_turn_timeout is 0.1 to 5 seconds"
    r = client_for(organiser).post(
        "/api/v1/tournaments/",
        {"name": "Clock", "ruleset": "king", "format": "swiss", "rounds": 3, "bot_turn_timeout": 30},
        format="json",
    )
    assert r.status_code == 400 and body(r)["error"] == {
        "code": "invalid_timeout",
        "message": "bot_turn_timeout is 0.1 to 5 seconds",
        "maximum": "5",
    }
    browser = Client()
    browser.force_login(organiser)
    page = browser.get("/tournaments/new/").content.decode()
    assert 'max="5"' in page and "From 0.1 to 5 seconds." in page
    r = browser.post("/tournaments/new/", FORM | {"bot_turn_timeout": "7"})
    assert r.status_code == 400 and "bot_turn_timeout is 0.1 to 5 seconds" in r.content.decode()
    assert not Tournament.objects.exists() and not Event.objects.exists()
    assert create(organiser, 5).bot_turn_timeout == 5.0
