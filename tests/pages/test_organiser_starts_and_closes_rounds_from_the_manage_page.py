"""The organiser starts a round and closes it from the manage page: each is an event in the
tournament's stream; the round's tables link to their table and audit pages; the close button
comes once the round's tables are over, and closing a round whose tables are still playing
(from a stale page) is refused with the service's message."""

import pytest

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments.models import TournamentTable
from tournaments.service import creation


@pytest.fixture
def small_event(client, organiser, make_bot):
    t = creation.do_create_tournament(organiser, "Small", "king", {"quick_game_combined_negatives": True}, "swiss", 1)
    client.force_login(organiser)
    for i in range(4):
        assert (
            client.post(f"/tournaments/{t.pk}/manage/register/", {"bot": make_bot(name=f"b{i}").name}).status_code
            == 302
        )
    return t


def types(t):
    return [r.type for r in eventlog.stream_events(t.stream)]


def test_a_round_is_started_played_and_closed_from_the_page(client, small_event):
    t, base = small_event, f"/tournaments/{small_event.pk}/manage/"
    page = client.get(base).content.decode()
    assert 'id="start-round"' in page and 'id="close-round"' not in page
    assert 'id="export-csv"' in page
    r = client.post(base + "start-round/")
    assert r.status_code == 302
    assert types(t)[-1] == "round_started"
    match = TournamentTable.objects.get(tournament=t).match
    page = client.get(base).content.decode()
    assert "Round 1 has started." in page
    assert 'id="close-round"' not in page and 'id="start-round"' not in page  # not while the table plays
    assert "Round 1 cannot be closed yet: 1 table is still playing." in page
    assert f'href="/matches/{match.pk}/"' in page and f'href="/matches/{match.pk}/audit/"' in page
    assert f'hx-get="{base}rounds/"' in page

    r = client.post(base + "close-round/")  # as a stale page would
    assert r.status_code == 409 and "not every table has finished: 1 still playing" in r.content.decode()
    assert types(t)[-1] == "round_started"

    run_until_over(match)
    rounds = client.get(base + "rounds/").content.decode()
    assert f'href="/matches/{match.pk}/"' in rounds and 'id="close-round"' in rounds
    assert client.post(base + "close-round/").status_code == 302
    assert types(t)[-2:] == ["round_closed", "tournament_ended"]
    page = client.get(base).content.decode()
    assert 'id="start-round"' not in page and 'id="close-round"' not in page
    assert f'href="/api/v1/tournaments/{t.pk}/export/"' in page  # the whole log, now that it is over
    csv = client.get(f"/api/v1/tournaments/{t.pk}/standings/?export=csv").content.decode()
    assert all(f"b{i}" in csv for i in range(4))


def test_a_round_cannot_start_with_too_few_entrants(client, organiser):
    t = creation.do_create_tournament(organiser, "Tiny", "king", {}, "swiss", 1, fill="byes")
    client.force_login(organiser)
    r = client.post(f"/tournaments/{t.pk}/manage/start-round/")
    assert r.status_code == 409 and "a round needs at least 4 entrants" in r.content.decode()
    assert types(t) == ["tournament_created"]


def test_round_buttons_only_answer_posts(client, small_event):
    assert client.get(f"/tournaments/{small_event.pk}/manage/start-round/").status_code == 405
    assert types(small_event)[-1] == "entrant_registered"
