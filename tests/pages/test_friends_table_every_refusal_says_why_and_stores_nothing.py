"""Tables with friends: every refusal (unknown user, table full, already seated, started, wrong
link, not the owner, seats still open, an unknown strength, a bad game) is a clear error with
its status, and stores nothing."""

import html

import pytest

from bots import friends
from bots.models import FriendsTable
from tests.pages.friends import open_table, stored
from tests.pages.tables import browser


def refused(client, path, data, status, words):
    before = stored()
    response = client.post(path, data)
    assert response.status_code == status, response.content
    assert words in html.unescape(response.content.decode())
    assert stored() == before


def test_inviting_an_unknown_user_is_refused(players):
    owner, table = open_table(players[0])
    refused(owner, f"/tables/{table.pk}/invite/", {"username": "nobody-here"}, 400, "no user “nobody-here”")


def test_inviting_to_a_full_table_is_refused(players):
    owner, table = open_table(players[0])
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "random"})
    refused(owner, f"/tables/{table.pk}/invite/", {"username": "player1"}, 409, "every seat of the table is taken")
    refused(owner, f"/tables/{table.pk}/fill/", {"strategy": "random"}, 409, "every seat of the table is taken")


def test_inviting_someone_already_seated_is_refused(players):
    owner, table = open_table(players[0])
    owner.post(f"/tables/{table.pk}/invite/", {"username": "player1"})
    refused(owner, f"/tables/{table.pk}/invite/", {"username": "player1"}, 409, "player1 already has a seat")
    refused(owner, f"/tables/{table.pk}/invite/", {"username": "player0"}, 409, "player0 already has a seat")


def test_sitting_down_twice_is_refused(players):
    owner, table = open_table(players[0])
    token = friends.link_token(table)
    guest = browser(players[1])
    guest.post(f"/tables/{table.pk}/join/", {"token": token})
    refused(guest, f"/tables/{table.pk}/join/", {"token": token}, 409, "player1 already has a seat")


def test_a_wrong_or_replaced_link_is_refused(players):
    owner, table = open_table(players[0])
    stranger = browser(players[1])
    before = stored()
    assert stranger.get(f"/tables/{table.pk}/join/{'0' * 64}/").status_code == 404
    assert stranger.post(f"/tables/{table.pk}/join/", {"token": "0" * 64}).status_code == 404
    assert stored() == before
    old = friends.link_token(table)
    owner.post(f"/tables/{table.pk}/new-link/")
    table.refresh_from_db()
    assert friends.link_token(table) != old
    before = stored()
    assert stranger.post(f"/tables/{table.pk}/join/", {"token": old}).status_code == 404
    assert stored() == before


def test_a_started_or_cancelled_table_changes_no_more(players):
    owner, table = open_table(players[0])
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "random"})
    owner.post(f"/tables/{table.pk}/start/")
    before = stored()
    for action, data in (("invite", {"username": "player1"}), ("free", {"seat": "1"}), ("start", {})):
        response = owner.post(f"/tables/{table.pk}/{action}/", data)
        assert response.status_code in (302, 409)
    assert stored() == before
    _, other = open_table(players[0])
    friends.do_cancel(players[0], other.pk)
    refused(owner, f"/tables/{other.pk}/invite/", {"username": "player1"}, 409, "its seats can no longer change")


def test_only_the_owner_invites_fills_frees_and_starts(players):
    owner, table = open_table(players[0])
    guest = browser(players[1])
    guest.post(f"/tables/{table.pk}/join/", {"token": friends.link_token(table)})
    for action, data in (("invite", {"username": "player2"}), ("fill", {"strategy": "random"}), ("start", {})):
        refused(guest, f"/tables/{table.pk}/{action}/", data, 403, "only the table's owner, player0, may do that")


def test_starting_with_seats_open_or_held_for_someone_is_refused(players):
    owner, table = open_table(players[0])
    refused(owner, f"/tables/{table.pk}/start/", {}, 409, "every seat must be taken before the game starts")
    owner.post(f"/tables/{table.pk}/invite/", {"username": "player1"})
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "random"})
    refused(owner, f"/tables/{table.pk}/start/", {}, 409, "every seat must be taken before the game starts")


def test_an_unknown_strength_or_a_bad_seat_is_refused(players):
    owner, table = open_table(players[0])
    refused(owner, f"/tables/{table.pk}/fill/", {"strategy": "cheater"}, 400, "cheater is not a house bot strength")
    refused(owner, f"/tables/{table.pk}/free/", {"seat": "0"}, 400, "choose a seat of someone else")
    refused(owner, f"/tables/{table.pk}/free/", {"seat": "x"}, 400, "choose a seat of someone else")


def test_a_stranger_without_the_link_learns_nothing_of_the_table(players):
    _, table = open_table(players[0])
    stranger = browser(players[3])
    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/live/"):
        response = stranger.get(path)
        assert response.status_code == 404 and "player0" not in response.content.decode()
    refused(stranger, f"/tables/{table.pk}/invite/", {"username": "player1"}, 404, f"no table {table.pk} for you")


@pytest.mark.parametrize("data", [{"ruleset": "bridge"}, {}])
def test_a_bad_game_opens_no_table(players, data):
    before = stored()
    response = browser(players[0]).post("/tables/new/", data)
    assert response.status_code == 200 and "The table was not opened." in response.content.decode()
    assert stored() == before and not FriendsTable.objects.exists()
