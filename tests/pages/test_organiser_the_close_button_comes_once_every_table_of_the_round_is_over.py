"""The manage page shows "Close round" only when the round can be closed: while tables still
play it says how many, and the round tables, which htmx refreshes every few seconds, bring the
button in when the last table finishes. The page asks the service the question do_close_round
asks (tables_waiting), and a stale page's close is still refused with a 409 that stores nothing."""

import re

import pytest

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds

pytestmark = pytest.mark.django_db
CLOSE = re.compile(
    r'<form method="post" action="/tournaments/(\d+)/manage/close-round/">.*?'
    r'<button type="submit" id="close-round">Close round (\d+)</button>',
    re.S,
)


@pytest.fixture
def two_tables(client, organiser, make_bot):
    """Two rounds of eight bots, round 1 started: two tables playing."""
    t = creation.do_create_tournament(
        organiser, "Two tables", "king", {"quick_game_combined_negatives": True}, "swiss", 2
    )
    for i in range(8):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"b{i}"))
    rounds.do_start_round(t.pk, organiser)
    client.force_login(organiser)
    return t


def matches(t, round_no=1):
    return [x.match for x in TournamentTable.objects.filter(tournament=t, round=round_no).order_by("table")]


def log(t):
    return [r.type for r in eventlog.stream_events(t.stream)]


def test_while_tables_play_the_page_says_how_many_and_offers_no_close_button(client, two_tables):
    base = f"/tournaments/{two_tables.pk}/manage/"
    page = client.get(base).content.decode()
    assert 'id="close-round"' not in page
    assert "Round 1 cannot be closed yet: 2 tables are still playing." in page
    # The message and the button live in the part htmx refreshes every few seconds.
    rounds = re.search(r'<div id="manage-rounds"([^>]*)>(.*?)</section>', page, re.S)
    assert f'hx-get="{base}rounds/"' in rounds.group(1) and 'hx-trigger="every 3s"' in rounds.group(1)
    assert "2 tables are still playing" in rounds.group(2)

    run_until_over(matches(two_tables)[0])
    fragment = client.get(base + "rounds/").content.decode()
    assert "Round 1 cannot be closed yet: 1 table is still playing." in fragment
    assert 'id="close-round"' not in fragment


def test_the_refreshed_tables_bring_the_button_in_when_the_last_table_finishes(client, two_tables):
    base = f"/tournaments/{two_tables.pk}/manage/"
    for match in matches(two_tables):
        run_until_over(match)
    fragment = client.get(base + "rounds/").content.decode()
    assert CLOSE.search(fragment).groups() == (str(two_tables.pk), "1")
    assert 'name="csrfmiddlewaretoken"' in fragment and "cannot be closed yet" not in fragment
    page = client.get(base).content.decode()
    assert page.count('id="close-round"') == 1 and "cannot be closed yet" not in page

    assert client.post(base + "close-round/").status_code == 302
    assert log(two_tables)[-1] == "round_closed"
    after = client.get(base).content.decode()
    assert 'id="close-round"' not in after and "cannot be closed yet" not in after
    assert 'id="start-round"' in after


def test_the_page_asks_the_services_own_question(client, two_tables, monkeypatch):
    """Whatever keeps do_close_round waiting (results.tables_waiting) keeps the button away."""
    base = f"/tournaments/{two_tables.pk}/manage/"
    monkeypatch.setattr(results, "tables_waiting", lambda tournament: 3)
    assert "3 tables are still playing" in client.get(base + "rounds/").content.decode()
    monkeypatch.setattr(results, "tables_waiting", lambda tournament: 0)
    assert 'id="close-round"' in client.get(base + "rounds/").content.decode()


def test_a_stale_pages_close_is_refused_with_409_and_stores_nothing(client, two_tables):
    base = f"/tournaments/{two_tables.pk}/manage/"
    run_until_over(matches(two_tables)[0])
    before = log(two_tables)
    r = client.post(base + "close-round/")  # the button on a page loaded before a table restarted, say
    page = r.content.decode()
    assert r.status_code == 409
    assert re.search(r'<p class="error" role="alert" id="refusal">not every table has finished: 1 still playing', page)
    assert "1 table is still playing" in page and 'id="close-round"' not in page
    assert log(two_tables) == before

    run_until_over(matches(two_tables)[1])
    assert client.post(base + "close-round/").status_code == 302
    closed = log(two_tables)
    again = client.post(base + "close-round/")  # a second tab's button, after the round closed
    assert again.status_code == 409 and "there is no round to close" in again.content.decode()
    assert log(two_tables) == closed
