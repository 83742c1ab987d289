"""A table with friends from start to match: the owner opens it, invites one person by name
and another by the link, fills the last seat with a house bot and starts; the match seats
everyone where the lobby showed them."""

from bots.models import FriendsTable
from tests.pages.friends import link_of, open_table, seats_of
from tests.pages.tables import browser


def test_opening_a_table_seats_its_owner_and_leaves_the_rest_open(players):
    client, table = open_table(players[0], short="on")
    assert table.options["quick_game_combined_negatives"] is True
    assert seats_of(table) == [("player0", False, ""), (None, False, ""), (None, False, ""), (None, False, "")]
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="copy-link"' in page and "js/lobby.js" in page and 'hx-trigger="every 2s"' in page
    assert "Start the game" in page and 'id="start-form"' in page


def test_the_form_offers_every_game_with_the_short_game_off(players):
    page = browser(players[0]).get("/tables/new/").content.decode()
    assert 'value="king"' in page and 'value="rifki"' in page
    assert 'name="short"' in page and "checked" not in page.split('name="short"')[1].split(">")[0]


def test_a_person_invited_by_name_sees_the_invitation_and_sits_down(players):
    owner, table = open_table(players[0])
    assert owner.post(f"/tables/{table.pk}/invite/", {"username": "player1"}).status_code == 302
    assert seats_of(table)[1] == ("player1", True, "")
    guest = browser(players[1])
    home = guest.get("/").content.decode()
    assert f'href="/tables/{table.pk}/"' in home and "player0 invites you to a game of" in home
    assert guest.post(f"/tables/{table.pk}/join/").status_code == 302
    assert seats_of(table)[1] == ("player1", False, "")


def test_anyone_with_the_link_takes_the_first_open_seat(players):
    owner, table = open_table(players[0])
    link = link_of(owner, table)
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert len(token) == 64
    visitor = browser(players[2])
    page = visitor.get(link).content.decode()
    assert "Take a seat" in page and f'value="{token}"' in page and "invite-link" not in page
    assert visitor.post(f"/tables/{table.pk}/join/", {"token": token}).status_code == 302
    assert seats_of(table)[1] == ("player2", False, "")
    assert visitor.get(f"/tables/{table.pk}/").status_code == 200  # seated: the lobby is theirs too


def test_house_bots_fill_the_open_seats_and_the_owner_starts_the_match(players):
    owner, table = open_table(players[0])
    owner.post(f"/tables/{table.pk}/invite/", {"username": "player1"})
    browser(players[1]).post(f"/tables/{table.pk}/join/")
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "random"})
    assert seats_of(table)[2:] == [(None, False, "random"), (None, False, "random")]
    response = owner.post(f"/tables/{table.pk}/start/")
    table.refresh_from_db()
    assert table.status == FriendsTable.Status.STARTED and table.match is not None
    assert response["Location"] == f"/tables/{table.pk}/"
    assert owner.get(f"/tables/{table.pk}/")["Location"] == f"/matches/{table.match_id}/"
    seats = list(table.match.seats.select_related("user", "bot").order_by("index"))
    assert [s.user.username if s.user else s.bot.name for s in seats] == [
        "player0",
        "player1",
        "house-random",
        "house-random",
    ]
    assert table.match.created_by == players[0] and table.match.event == ""
    live = browser(players[1]).get(f"/tables/{table.pk}/live/")
    assert live.status_code == 204 and live["HX-Redirect"] == f"/matches/{table.match_id}/"


def test_the_owner_frees_a_seat_and_a_guest_leaves_before_the_start(players):
    owner, table = open_table(players[0])
    owner.post(f"/tables/{table.pk}/invite/", {"username": "player1"})
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "heuristic"})
    owner.post(f"/tables/{table.pk}/free/", {"seat": "2"})
    assert seats_of(table)[1:] == [("player1", True, ""), (None, False, ""), (None, False, "heuristic")]
    assert browser(players[1]).post(f"/tables/{table.pk}/leave/")["Location"] == "/"
    assert seats_of(table)[1] == (None, False, "")


def test_the_home_page_lists_the_owners_table_until_it_starts(players):
    owner, table = open_table(players[0])
    assert "Your table of Brazilian King is waiting for players" in owner.get("/").content.decode()
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "random"})
    owner.post(f"/tables/{table.pk}/start/")
    assert "waiting for players" not in owner.get("/").content.decode()
