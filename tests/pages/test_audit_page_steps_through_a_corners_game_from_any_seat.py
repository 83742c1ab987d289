"""The audit page steps through a Kings in the Corner match from any seat's eyes, at any table
size: the eight piles and the stock's size (never its cards), the seat's own hand, the others'
card counts, and every event in words. A card drawn from the stock is named to its drawer
only, until the hand ends; no page shows a card still hidden in another hand or the stock."""

import html
import re

import pytest
from django.test import Client

from games.engine.hiders import HIDDEN
from games.record import eventlog
from games.service import access, states
from games.templatetags.cards import card_name
from tests.audit.corners_matches import finished_corners

pytestmark = pytest.mark.django_db
CARD = re.compile(r'data-card="([^"]+)"')
NAMED = re.compile(r"(?:Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of \w+")


def page_at(client, match, seat, version):
    response = client.get(f"/matches/{match.pk}/audit/?seat={seat}&version={version}")
    assert response.status_code == 200, response.content
    return response.content.decode()


def section(page, ident):
    start = page.index(f'id="{ident}"')
    return page[start : page.index("</section>", start)]


def event_text(page):
    return html.unescape(re.search(r'id="audit-event"[^>]*>(.*?)</p>', page, re.S).group(1))


def hidden_then(match, version, seat):
    """The cards seat ``seat`` could not see at ``version``: the other hands and the stock, while
    the hand is live (a finished hand's cards are revealed to the table)."""
    state = states.match_state(match, eventlog.stream_events(match.stream)[:version])
    if state.phase in ("deal_over", "over"):
        return set()
    return {c for s in range(state.num_seats) if s != seat for c in state.hand(s)} | set(state.stock)


@pytest.mark.parametrize("ruleset, players", [("corners", 3), ("corners_jax", 5)])
def test_every_step_from_every_seat_shows_the_piles_its_hand_and_no_hidden_card(
    make_bot,
    staff,
    ruleset,
    players,
):
    match = finished_corners(make_bot, ruleset, players)
    client = Client()
    client.force_login(staff)
    kinds = set()
    # every event of the first hand, then every seventh: each seat's eyes at each of them
    versions = sorted(set(range(1, 60)) | set(range(60, match.version + 1, 7)) | {match.version})
    for version in versions:
        seat = version % players
        page = page_at(client, match, seat, version)
        replay = access.seat_replay(match, staff, seat, version)
        view, event = replay["view"], replay["events"][-1]["event"]
        kinds.add(event["type"])
        said = event_text(page)
        assert said and said != event["type"], event  # told in words, not by its code
        if view["phase"] == "game_started" or "piles" not in view["table"]:
            continue
        layout = section(page, "audit-layout")
        for pile, cards in view["table"]["piles"].items():
            shown = re.search(rf'data-pile="{pile}">(.*?)</li>', layout, re.S).group(1)
            assert CARD.findall(shown) == cards
        assert f"Stock: {view['table']['stock_size']} card" in layout
        hands = section(page, "audit-hands")
        own = re.search(rf'data-hand="{seat}">(.*?)</div>', hands, re.S)
        assert own is not None and CARD.findall(own.group(1)) == view["hand"]
        for other in range(players):
            if other != seat and view["hand_sizes"][other] and view["phase"] == "play":
                assert f'data-hand="{other}"' not in hands
                assert re.search(rf'data-seat="{other}".*?{view["hand_sizes"][other]} cards?, hidden', hands, re.S)
        hidden = hidden_then(match, version, seat)
        assert not hidden & set(CARD.findall(page)), version
        assert not {card_name(c) for c in hidden} & set(NAMED.findall(said)), said
        if event["type"] == "card_drawn":
            if event["seat"] == seat or view["phase"] != "play":
                assert card_name(event["card"]) in said if event["card"] is not HIDDEN else "drew a card" in said
            else:
                assert event["card"] is HIDDEN and said.endswith("drew a card.") and not NAMED.search(said)
    assert {"deal_started", "turn_started", "play", "end_turn", "turn_ended", "card_drawn", "deal_ended"} <= kinds


def test_a_draw_is_named_to_its_drawer_and_to_the_others_only_as_a_card(make_bot, staff):
    match = finished_corners(make_bot, "corners", 3)
    client = Client()
    client.force_login(staff)
    events = [eventlog.as_engine_event(r) for r in eventlog.stream_events(match.stream)]
    version = next(
        i for i, e in enumerate(events, 1) if e["type"] == "card_drawn" and events[i]["type"] != "deal_ended"
    )
    drawn = events[version - 1]
    drawer, card = drawn["seat"], drawn["card"]
    assert event_text(page_at(client, match, drawer, version)).endswith(f"drew the {card_name(card)}.")
    other = (drawer + 1) % 3
    told = event_text(page_at(client, match, other, version))
    assert told.endswith("drew a card.") and card_name(card) not in told


def test_an_arbiter_sees_every_hand_open_at_a_table_of_five(make_bot, staff):
    match = finished_corners(make_bot, "corners_jax", 5)
    client = Client()
    client.force_login(staff)
    version = 40
    page = page_at(client, match, "all", version)
    state = states.match_state(match, eventlog.stream_events(match.stream)[:version])
    assert state.phase == "play"
    hands = section(page, "audit-hands")
    for seat in range(5):
        shown = re.search(rf'data-hand="{seat}">(.*?)</div>', hands, re.S)
        assert shown is not None and CARD.findall(shown.group(1)) == state.hand(seat)
    assert "hidden" not in hands
    assert not set(state.stock) & set(CARD.findall(page))  # the stock stays face down, even then
