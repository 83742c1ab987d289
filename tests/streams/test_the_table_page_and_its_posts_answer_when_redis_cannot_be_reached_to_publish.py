"""Only the publish fails (issue 31): with REDIS_URL at a closed port but the rate limits'
cache up, the table page renders, a card played from the page is stored and the page comes
back, and the live fragment the page polls answers; the publish is tried after the commit,
fails, and is logged."""

import logging

import pytest

from games.live import pubsub
from games.models import Event
from games.service import states
from tests.pages.tables import browser, king_deal
from tests.streams.conftest import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def publish_fails(settings):
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"
    settings.STREAM_PUBLISH_TIMEOUT_SECONDS = 0.2
    pubsub.PUBLISHER.reset()
    yield
    pubsub.PUBLISHER.reset()


def test_the_table_page_and_a_card_played_from_it_answer(
    players, make_bot, publish_fails, caplog, django_capture_on_commit_callbacks
):
    match = king_deal(players[0], make_bot(name="Robota"))
    page = browser(players[0])
    assert page.get(f"/matches/{match.pk}/").status_code == 200
    card = next(a["card"] for a in states.match_state(match).legal_actions() if a["type"] == "play")
    with caplog.at_level(logging.WARNING, logger="games.live.pubsub"):
        with django_capture_on_commit_callbacks(execute=True) as published:
            played = page.post(f"/matches/{match.pk}/act/", {"card": card, "expected_version": match.version})
    assert played.status_code == 302, played.content
    assert published and any("could not publish" in r.getMessage() for r in caplog.records)
    match.refresh_from_db()
    assert Event.objects.get(stream=match.stream, version=match.version).payload["card"] == card
    assert page.get(f"/matches/{match.pk}/").status_code == 200
    assert page.get(f"/matches/{match.pk}/live/?v={match.version - 1}").status_code == 200
