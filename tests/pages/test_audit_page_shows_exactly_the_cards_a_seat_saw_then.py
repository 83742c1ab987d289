"""The audit page at version v from seat s shows the cards seat s saw then, as
games.service.access.seat_replay gives them, and no card still hidden in another hand."""

import random
import re

import pytest
from django.test import Client

from games.record import eventlog
from games.service import access, creating, playing, states
from tests.engine.helpers import random_hands
from tests.fixtures.bots import run_until_over

pytestmark = pytest.mark.django_db
CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def browser(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def finished_deal(players, staff):
    """One King deal (no hearts) with fixed cards, player i in seat i, played to its end."""
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(42))}
    match = creating.do_create_match("king", {}, players, board, created_by=staff)
    while match.status != "over":
        state = states.match_state(match)
        playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
        match.refresh_from_db()
    return match


def section(page, ident):
    start = page.index(f'id="{ident}"')
    return page[start : page.index("</section>", start)]


def hidden_cards_then(match, version, seat):
    """The cards still in the other seats' hands at ``version``: what seat ``seat`` could not see."""
    state = states.match_state(match, eventlog.stream_events(match.stream)[:version])
    if state.phase in ("deal_over", "over"):
        return set()  # a finished deal's cards are revealed to the table (docs/architecture.md §3.5)
    return {c for s in range(4) if s != seat for c in state.hand(s)}


def test_each_version_from_each_seat_shows_that_seats_hand_and_no_other(players, staff):
    match = finished_deal(players, staff)
    viewer = browser(players[1])
    for version in (2, 3, 9, 20, 33, match.version - 2, match.version):
        for seat in range(4):
            response = viewer.get(f"/matches/{match.pk}/audit/?seat={seat}&version={version}")
            assert response.status_code == 200, response.content
            page = response.content.decode()
            view = access.seat_replay(match, players[1], seat, version)["view"]
            own = re.search(rf'data-hand="{seat}">(.*?)</div>', section(page, "audit-hands"), re.S)
            assert sorted(CARD.findall(own.group(1))) == sorted(view["hand"])
            assert not hidden_cards_then(match, version, seat) & set(CARD.findall(page))
            assert f'id="audit-version">{version}<' in page


def test_the_trick_shown_is_the_one_on_the_table_then(players, staff):
    match = finished_deal(players, staff)
    for version in range(5, 20):
        page = browser(staff).get(f"/matches/{match.pk}/audit/?seat=3&version={version}").content.decode()
        view = access.seat_replay(match, staff, 3, version)["view"]
        expected = [t["card"] for t in view["table"]["trick"]] or (
            view["table"]["tricks"][-1]["cards"] if view["table"]["tricks"] else []
        )
        assert CARD.findall(section(page, "audit-trick")) == expected


def test_later_deals_of_a_whole_game_show_no_card_of_an_earlier_deal(make_bot):
    """Every deal deals all 52 cards: showing a finished deal's hands during the next one
    would show the next deal's hidden cards too."""
    match = run_until_over(
        creating.do_create_match(
            "king",
            {"quick_game_combined_negatives": True},
            [make_bot(name=f"b{i}") for i in range(4)],
            seed=b"two deals" * 4,
        )
    )
    rows = eventlog.stream_events(match.stream)
    first_end, second_end = [r.version for r in rows if r.type == "deal_ended"][:2]
    second_deal = [r.version for r in rows if r.type == "play" and first_end < r.version < second_end]
    spectator = browser(None)
    for version in [first_end + 1, first_end + 2, *second_deal[:40:7]]:
        page = spectator.get(f"/matches/{match.pk}/audit/?seat=2&version={version}").content.decode()
        assert not hidden_cards_then(match, version, 2) & set(CARD.findall(page))
        own = re.search(r'data-hand="2">(.*?)</div>', page, re.S)
        assert sorted(CARD.findall(own.group(1))) == sorted(access.seat_replay(match, None, 2, version)["view"]["hand"])
