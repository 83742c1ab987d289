"""An action the service refuses (not your seat, not your turn, an illegal card, a stale
version, unreadable input) comes back as the table with a clear message and its HTTP status;
nothing is stored."""

import pytest

from games.models import Event
from games.service import states
from tests.pages.tables import browser, king_deal


def post(client, match, data, htmx=True):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/matches/{match.pk}/act/", data, **extra)


def assert_refused(response, match, status, message):
    before = match.version  # ``match`` was read before the post
    page = response.content.decode()
    assert response.status_code == status
    assert 'id="error"' in page and message in page, page
    if "<html" not in page:  # the htmx fragment
        assert response["X-Table-Refusal"] == "1"  # htmx swaps it in despite the error status
    match.refresh_from_db()
    assert match.version == before
    assert Event.objects.filter(stream=match.stream).count() == before  # versions 1..before, nothing new


@pytest.fixture
def table(players, make_bot):
    return king_deal(players[0], make_bot())  # no hearts, seat 0 (players[0]) leads


def held_heart(match):
    return next(c for c in states.match_state(match).hand(0) if c[1] == "H")


def test_someone_without_a_seat_is_refused_with_403(table, players):
    response = post(browser(players[1]), table, {"card": "2C", "expected_version": table.version})
    assert_refused(response, table, 403, "You hold no seat at this table")


def test_an_anonymous_visitor_is_refused_with_403(table):
    response = post(browser(), table, {"card": "2C", "expected_version": table.version})
    assert_refused(response, table, 403, "You hold no seat at this table")


def test_acting_out_of_turn_is_refused_with_403(players, make_bot):
    match = king_deal(players[0], make_bot(), dealer=1)  # seat 1, a bot, leads
    card = states.match_state(match).hand(0)[0]
    response = post(browser(players[0]), match, {"card": card, "expected_version": match.version})
    assert_refused(response, match, 403, "It is not your turn.")


def test_an_illegal_card_is_refused_with_422_and_the_rule_it_breaks(table, players):
    response = post(browser(players[0]), table, {"card": held_heart(table), "expected_version": table.version})
    assert_refused(response, table, 422, "That move is not allowed:")


def test_a_card_not_in_the_hand_is_refused_with_422(table, players):
    other = states.match_state(table).hand(1)[0]
    response = post(browser(players[0]), table, {"card": other, "expected_version": table.version})
    assert_refused(response, table, 422, "That move is not allowed:")


def test_a_stale_version_is_refused_with_409_and_the_current_table(table, players):
    card = next(a["card"] for a in states.match_state(table).legal_actions() if a["type"] == "play")
    response = post(browser(players[0]), table, {"card": card, "expected_version": table.version - 1})
    assert_refused(response, table, 409, "The table moved on before your action arrived")
    assert f'data-version="{table.version}"' in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "not json", "expected_version": "2"},
        {"card": "2C", "expected_version": "two"},
        {"action": "[1, 2]", "expected_version": "2"},
    ],
)
def test_unreadable_input_is_refused_with_400(table, players, data):
    assert_refused(post(browser(players[0]), table, data), table, 400, "That action could not be read")


def test_without_javascript_a_refusal_shows_the_whole_page_with_the_message(table, players):
    response = post(
        browser(players[0]), table, {"card": held_heart(table), "expected_version": table.version}, htmx=False
    )
    assert_refused(response, table, 422, "That move is not allowed:")
    assert "<html" in response.content.decode()
