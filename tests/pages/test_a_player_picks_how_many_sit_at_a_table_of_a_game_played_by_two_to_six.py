"""A game played at different table sizes (the descriptor's ``seats``: Kings in the Corner, 2 to
6) takes "Players at the table" on the practice form, a table with friends, sparring and a
challenge: the table has that many seats. A size the game does not play is refused with the
sizes it does, and nothing is stored; left blank, the game seats its usual number."""

import html

from bots.models import FriendsTable
from games.engine import RULESETS
from games.models import Match
from tests.pages.tables import browser

SIZED = next(game for game in RULESETS.values() if len(game.seats) > 1)
FIXED = next(game for game in RULESETS.values() if len(game.seats) == 1)


def test_the_practice_table_seats_the_number_chosen(players):
    client = browser(players[0])
    page = client.get("/play/").content.decode()
    assert 'name="players"' in page and "Players at the table" in page
    for size in (SIZED.seats[0], SIZED.seats[-1]):
        response = client.post("/play/", {"ruleset": SIZED.name, "strategy": "random", "short": "on", "players": size})
        match = Match.objects.order_by("-pk").first()
        assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
        assert match.num_seats == match.seats.count() == size and match.options["players"] == size
        assert match.seats.get(index=0).user == players[0]


def test_left_blank_the_game_seats_its_usual_number(players):
    browser(players[0]).post("/play/", {"ruleset": SIZED.name, "strategy": "random", "players": ""})
    assert Match.objects.get().num_seats == SIZED.default_seats


def test_a_size_the_game_does_not_play_is_refused_and_nothing_is_stored(players):
    client = browser(players[0])
    response = client.post("/play/", {"ruleset": FIXED.name, "strategy": "random", "players": SIZED.seats[0]})
    page = html.unescape(response.content.decode())
    assert response.status_code == 200 and "is played by 4 players." in page
    response = client.post("/play/", {"ruleset": SIZED.name, "strategy": "random", "players": "9"})
    assert "Select a valid choice. 9 is not one of the available choices." in html.unescape(response.content.decode())
    response = client.post("/tables/new/", {"ruleset": FIXED.name, "players": SIZED.seats[0]})
    assert response.status_code in (200, 400) and "is played by 4 players." in html.unescape(response.content.decode())
    assert not Match.objects.exists() and not FriendsTable.objects.exists()


def test_a_table_with_friends_has_the_seats_chosen(players):
    client = browser(players[0])
    response = client.post("/tables/new/", {"ruleset": SIZED.name, "players": 3})
    table = FriendsTable.objects.get()
    assert response.status_code == 302 and table.num_seats == table.seats.count() == 3
    assert table.options["players"] == 3
