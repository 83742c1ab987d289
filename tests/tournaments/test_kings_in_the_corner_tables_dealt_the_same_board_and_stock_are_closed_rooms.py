"""docs/api.md "Closed rooms", for Kings in the Corner at tables of two and of
three: a duplicate board deals every table the same hands, layout and stock, so the cards table
A draws are the cards table B will draw. While B plays, A answers only its own seats (each sees
its own hand and its own draws, never another seat's) and the arbiters who play in no match of
the event; B's players (the organiser among them), the owner of B's bot, a spectator and a
logged-out visitor are refused at every door. The organiser who plays is refused too."""

import json

import pytest

from games import engine
from games.service import states
from tests.tournaments.closed_rooms import (
    CARD,
    admitted_everywhere,
    api_client,
    browser,
    members,
    person,
    play,
    play_until,
    refused_everywhere,
    seat_of,
    shared_board_event,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("streams_end_at_once")]


def ends_turn(actions):
    return next((a for a in actions if a["type"] == "end_turn"), actions[0])


def drawn_by(events):
    """(seat, card) of every draw in a listing of events (card None where it is hidden)."""
    return [(e["event"]["seat"], e["event"].get("card")) for e in events if e["event"]["type"] == "card_drawn"]


@pytest.mark.parametrize("size", [2, 3])
def test_a_kings_in_the_corner_table_is_closed_to_all_but_its_seats_while_another_plays_its_board(
    organiser, make_bot, size
):
    options = {**engine.RULESETS["corners"].short_game, "players": size}
    people = [person(f"p{i}") for i in range(2 * size - 2)]
    owner = person("owner")
    _tournament, (a, b), _bots = shared_board_event(
        organiser, make_bot, "corners", options, people, [owner], organiser_plays=True
    )
    # Table A draws from the stock (every seat ends its turn at once, so it draws), and plays on
    # at its last turn; table B has not moved.
    play_until(a, lambda state: sum(e["type"] == "card_drawn" for e in state.events) >= 2 * size, choose=ends_turn)
    play(a, 3)
    state = states.match_state(a)
    draws = [(e["seat"], e["card"]) for e in state.events if e["type"] == "card_drawn"]
    assert draws and not states.match_state(b).events[3:]  # A drew B's stock; B has not moved
    spectator, arbiter = person("spectator"), person("arbiter", is_staff=True)

    for match in (a, b):
        inside = members(match)
        for viewer in [organiser, owner, spectator, arbiter, *people]:
            who = (viewer.username, match.pk)
            if viewer in inside or viewer is arbiter:
                admitted_everywhere(match, api_client(viewer), browser(viewer), who)
            else:  # the other table's players and bot owner, the organiser who plays, a spectator
                refused_everywhere(match, api_client(viewer), browser(viewer), who)
        refused_everywhere(match, api_client(), browser(), ("logged out", match.pk))

    # Inside A, each seat sees its own draws and no other seat's: no card of another hand or of
    # the stock, unless the table saw it reach a pile.
    dealt = next(e for e in state.events if e["type"] == "deal_started")
    for viewer in members(a):
        seat = seat_of(a, viewer)
        detail, events = admitted_everywhere(a, api_client(viewer), browser(viewer), viewer.username)
        seen = drawn_by(events)
        assert [s for s, _ in seen] == [s for s, _ in draws]
        assert all((card is not None) == (s == seat) for s, card in seen), (viewer.username, seen)
        known = public_cards(state) | {card for s, card in draws if s == seat}
        known |= set(dealt["hands"][seat]) if seat is not None else set()
        assert set(CARD.findall(json.dumps([detail, events]))) <= known, viewer.username
    _detail, events = admitted_everywhere(a, api_client(arbiter), browser(arbiter), "arbiter")
    assert drawn_by(events) == [(s, None) for s, _ in draws]  # a live deal: hidden from arbiters too


def public_cards(state):
    """The cards the whole table has seen: the layout, and every card that reached a pile (any
    event but the deal's private hands and stock and a draw's private card)."""
    dealt = next(e for e in state.events if e["type"] == "deal_started")
    shown = [e for e in state.events if e["type"] not in ("deal_started", "card_drawn")]
    return set(CARD.findall(json.dumps(shown))) | set(CARD.findall(json.dumps(dealt["layout"])))
