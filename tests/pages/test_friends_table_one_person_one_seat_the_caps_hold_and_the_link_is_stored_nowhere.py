"""Tables with friends keep the platform's rules: one person holds one seat (the lobby, the
database and the match service each refuse a second), the live games cap binds everyone who
sits down, and the invitation link is stored nowhere (a new one revokes the old)."""

import pytest
from django.db import IntegrityError, transaction

from bots import friends
from bots.house import house_bot
from bots.models import Bot, FriendsTable, FriendsTableSeat
from bots.registry import new_credentials
from games.errors import ServiceError
from games.service import creating
from tests.pages.friends import open_table, stored
from tests.pages.tables import browser, king_deal


def test_the_database_refuses_one_person_in_two_seats(players):
    _, table = open_table(players[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        FriendsTableSeat.objects.filter(table=table, index=1).update(user=players[0])


def test_the_owner_cannot_take_a_second_seat_by_the_link(players):
    owner, table = open_table(players[0])
    before = stored()
    response = owner.post(f"/tables/{table.pk}/join/", {"token": friends.link_token(table)})
    assert response.status_code == 409 and stored() == before


def test_the_start_goes_through_the_match_services_one_owner_check(players):
    """Two bots of one owner (webhook or polling) may never sit at one table: the service refuses."""
    hashes = new_credentials()[2]
    bot = Bot.objects.create(owner=players[1], name="poller", kind="polling", **hashes)
    with pytest.raises(ServiceError) as refusal:
        creating.check_new_match("king", {}, [players[0], players[1], bot, None], None)
    assert refusal.value.code == "same_owner"


def test_the_live_games_cap_binds_a_person_who_sits_down(players, settings):
    settings.LIVE_GAMES_PER_OWNER = 1
    king_deal(players[1], house_bot("random"))  # player1 has one live game
    _, table = open_table(players[0])
    before = stored()
    response = browser(players[1]).post(f"/tables/{table.pk}/join/", {"token": friends.link_token(table)})
    assert response.status_code == 429 and "game in progress" in response.content.decode()
    assert stored() == before


def test_the_live_games_cap_is_checked_again_at_the_start(players, settings):
    owner, table = open_table(players[0])
    browser(players[1]).post(f"/tables/{table.pk}/join/", {"token": friends.link_token(table)})
    owner.post(f"/tables/{table.pk}/fill/", {"strategy": "random"})
    settings.LIVE_GAMES_PER_OWNER = 1
    king_deal(players[1], house_bot("random"))  # player1 started another game meanwhile
    before = stored()
    response = owner.post(f"/tables/{table.pk}/start/")
    assert response.status_code == 429 and stored() == before
    table.refresh_from_db()
    assert table.status == FriendsTable.Status.OPEN


def test_the_invitation_link_is_stored_nowhere_and_a_new_one_revokes_it(players):
    owner, table = open_table(players[0])
    token = friends.link_token(table)
    row = FriendsTable.objects.filter(pk=table.pk).values().get()
    assert token not in str(row) and len(token) == 64
    friends.do_new_link(players[0], table.pk)
    table.refresh_from_db()
    assert not friends.token_matches(table, token) and friends.token_matches(table, friends.link_token(table))
