"""Play again at the end of a game with other people asks them: the asker gets a table with
friends laid out as the game was (their own seat theirs, each other person invited to the seat
they had, the house bots seated at once), each invited person finds it on their home page and
sits down, and once everyone has the owner starts the same game, everyone in the same seat."""

import pytest

from bots import friends
from bots.house import house_bot
from bots.models import FriendsTable
from games.models import Match
from tests.pages.again import finished, holders_of
from tests.pages.friends import seats_of
from tests.pages.tables import browser

pytestmark = pytest.mark.django_db


def test_play_again_with_people_invites_them_to_a_table_with_friends(players):
    ana, ben = players[0], players[1]
    table = [ana, house_bot("random"), ben, house_bot("heuristic")]
    old = finished(table, created_by=ana)

    asker = browser(ben)
    response = asker.post(f"/matches/{old.pk}/again/")

    lobby = FriendsTable.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{lobby.pk}/"
    assert Match.objects.count() == 1  # nobody sits before the others say yes
    assert lobby.owner == ben and lobby.ruleset == old.ruleset and lobby.options == old.options
    assert seats_of(lobby) == [
        ("player0", True, ""),
        (None, False, "random"),
        ("player1", False, ""),
        (None, False, "heuristic"),
    ]
    assert lobby in friends.waiting_for(ana)
    assert f"/tables/{lobby.pk}/" in browser(ana).get("/").content.decode()  # the invitation on her home page

    assert asker.post(f"/tables/{lobby.pk}/start/").status_code == 409  # she has not sat down yet
    assert browser(ana).post(f"/tables/{lobby.pk}/join/").status_code == 302
    assert asker.post(f"/tables/{lobby.pk}/start/").status_code == 302
    new = Match.objects.exclude(pk=old.pk).get()
    assert new.ruleset == old.ruleset and new.options == old.options and holders_of(new) == table
