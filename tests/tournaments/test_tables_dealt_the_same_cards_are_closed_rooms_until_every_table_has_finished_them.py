"""docs/api.md "Closed rooms": in a duplicate King event two tables are dealt
the same board. Table A plays deal 1 to its end while table B is 12 events in, so A's played
cards are B's live hands. Until both tables have finished the board, each match answers only to
its own seats (each their own view), the owners of the bots seated there, and the arbiters who
play in no match of the event (a staff member, the organiser); the other table's players, the
owners and the tokens of its bots, a staff member who plays, a signed-in spectator and a
logged-out visitor get 403 ``board_in_play`` at every door (state, events, long poll, NDJSON
and SSE streams, replay, export, verification, table page, live fragment, sheet, audit, replay
page, the act form), with no card in it. Once both tables have finished, the public sees the
board whole."""

import json

import pytest
from django.test import Client

from games.models import Seat
from games.service import states
from tests.tournaments.closed_rooms import (
    CARD,
    admitted_everywhere,
    api_client,
    browser,
    deals_ended,
    live_group,
    members,
    person,
    play,
    play_until,
    read,
    refused_everywhere,
    seat_of,
    shared_board_event,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("streams_end_at_once")]


@pytest.fixture
def king_event(organiser, make_bot):
    """Eight entrants at two tables of four: a staff member who plays, four more people, and
    three polling bots of three other owners. The organiser plays in no match."""
    people = [person("staffplayer", is_staff=True)] + [person(f"p{i}") for i in range(4)]
    owners = [person(f"owner{i}") for i in range(3)]
    options = {"quick_game_combined_negatives": True}
    tournament, (a, b), bots = shared_board_event(organiser, make_bot, "king", options, people, owners)
    play_until(a, lambda state: deals_ended(state) >= 1)  # table A has finished deal 1 ...
    play(b, 12)  # ... while table B is 12 events into it
    assert deals_ended(states.match_state(b)) == 0
    return {"tournament": tournament, "a": a, "b": b, "people": people, "owners": owners, "bots": bots}


def test_only_a_tables_own_seats_and_free_arbiters_may_look_at_it_while_the_other_table_plays_its_cards(
    king_event, organiser
):
    a, b = king_event["a"], king_event["b"]
    b_hands = [states.match_state(b).hand(s) for s in range(4)]
    a_dealt = next(e for e in states.match_state(a).events if e["type"] == "deal_started")["hands"]
    assert all(set(live) <= set(dealt) for live, dealt in zip(b_hands, a_dealt))  # A showed B's cards
    spectator, arbiter = person("spectator"), person("arbiter", is_staff=True)
    everyone = king_event["people"] + king_event["owners"] + [spectator, arbiter, organiser]

    for match, other in ((a, b), (b, a)):
        inside = members(match)
        for viewer in everyone:
            who = (viewer.username, match.pk)
            if viewer in inside or viewer in (arbiter, organiser):
                admitted_everywhere(match, api_client(viewer), browser(viewer), who)
            else:
                refused_everywhere(match, api_client(viewer), browser(viewer), who)
        refused_everywhere(match, api_client(), browser(), ("logged out", match.pk))
        for bot in king_event["bots"]:  # another table's bot, by its own token
            if Seat.objects.filter(match=other, bot=bot).exists():
                for path in (f"/api/v1/matches/{match.pk}/stream/", f"/api/v1/matches/{match.pk}/"):
                    status, text = read(api_client(bot=bot), path)
                    assert status == 403 and json.loads(text)["error"]["code"] == "board_in_play", bot.name

    # Inside A: each seat its own view; the finished deal's hands stay hidden from the table (B
    # holds them), and shown to the free arbiters.
    for viewer in members(a):
        seat = seat_of(a, viewer)
        detail, events = admitted_everywhere(a, api_client(viewer), browser(viewer), viewer.username)
        dealt = next(e["event"]["hands"] for e in events if e["event"]["type"] == "deal_started")
        assert detail["state"]["seat"] == seat
        if seat is None:  # a bot's owner: the table's public view
            assert detail["state"]["hand"] == [] and dealt == [None] * 4
        else:
            assert detail["state"]["hand"] == states.match_state(a).hand(seat)
            assert dealt == [h if i == seat else None for i, h in enumerate(a_dealt)]
    for viewer in (arbiter, organiser):
        _detail, events = admitted_everywhere(a, api_client(viewer), browser(viewer), viewer.username)
        assert next(e["event"]["hands"] for e in events if e["event"]["type"] == "deal_started") == a_dealt

    # A's bots see their own seat through their token, by their stream too.
    for bot in king_event["bots"]:
        seat = Seat.objects.filter(match=a, bot=bot).values_list("index", flat=True).first()
        if seat is not None:
            status, text = read(api_client(bot=bot), f"/api/v1/matches/{a.pk}/stream/")
            snapshot = json.loads(text.splitlines()[0])
            assert status == 200 and snapshot["state"]["hand"] == states.match_state(a).hand(seat)


def test_the_pages_that_list_the_tables_say_which_boards_are_closed_and_link_them_only_for_their_own(
    king_event, organiser
):
    a, b = king_event["a"], king_event["b"]
    tournament = king_event["tournament"]
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    board = a.tournament_table.board
    assert board and 'id="closed-boards-1"' in page and board in page.split('id="closed-boards-1"')[1].split("</p>")[0]
    rounds = page.split('id="rounds-heading"')[1]
    assert "Watch live" not in rounds and rounds.count("Closed room") == 2  # no table to watch yet
    home = Client().get("/").content.decode()
    assert f'href="/matches/{a.pk}/"' not in home and f'href="/matches/{b.pk}/"' not in home
    assert home.count('class="closed-room"') >= 2
    player = next(p for p in king_event["people"] if seat_of(a, p) is not None)
    mine = browser(player).get("/").content.decode()
    assert f'href="/matches/{a.pk}/"' in mine and f'href="/matches/{b.pk}/"' not in mine
    table = browser(player).get(f"/matches/{a.pk}/").content.decode()
    assert 'id="closed-room-note"' in table  # the table tells its own players it is a closed room
    wall = browser(organiser).get(f"/tournaments/{tournament.pk}/projector/")
    assert wall.status_code == 200 and not CARD.findall(wall.content.decode().split("<main", 1)[1])


def test_a_board_opens_to_everyone_only_once_every_table_has_finished_it(king_event):
    a, b = king_event["a"], king_event["b"]
    play_until(a, lambda state: state.is_over)
    assert live_group(a)  # A is over, B still plays its cards: A stays closed, export and replay too
    refused_everywhere(a, api_client(), browser(), "logged out, A over")
    play_until(b, lambda state: state.is_over)
    assert not live_group(a)
    for match in (a, b):
        detail, events = admitted_everywhere(match, api_client(), browser(), "logged out")
        assert detail["seed"] is not None  # the round is still open: the delay was the last table's
        dealt = next(e["event"]["hands"] for e in events if e["event"]["type"] == "deal_started")
        assert None not in dealt
        assert Client().get(f"/api/v1/matches/{match.pk}/export/").status_code == 200
        assert Client().get(f"/matches/{match.pk}/replay/").status_code == 200
    page = Client().get(f"/tournaments/{king_event['tournament'].pk}/").content.decode()
    assert 'id="closed-boards-1"' not in page and f'href="/matches/{a.pk}/"' in page
