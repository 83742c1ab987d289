"""While a deal is live, the table page a spectator watches (anonymous, or even the match's
creator) never holds a hidden card, and a seated player's page holds only their own hand:
checked in the browser, on the page as htmx updates it, against the engine's hands at the
version the page shows."""

import pytest

from games.models import Match
from games.record import eventlog
from games.service import creating, playing, states
from games.templatetags.cards import card_name
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

QUICK_KING = {"quick_game_combined_negatives": True}
TURNS = 8  # the player's decisions to watch through: contract choices and cards of several tricks


def hands_at(match, version):
    rows = eventlog.stream_events(match.stream)[:version]
    state = states.match_state(match, rows)
    return [list(state.hand(seat)) for seat in range(4)]


def cards_shown(html, cards):
    return [c for c in cards if f'data-card="{c}"' in html or str(card_name(c)) in html]


def shown_version(page):
    return int(page.get_attribute("#table", "data-version"))


def test_spectators_never_see_a_live_hand_and_a_player_sees_only_their_own(
    new_page,
    bot_worker,
    make_bot,
    django_user_model,
    screenshot,
):
    creator = django_user_model.objects.create_user("creator", password=PASSWORD)
    player = django_user_model.objects.create_user("player", password=PASSWORD)
    bots = [make_bot(name=f"watched{i}", strategy="random") for i in range(3)]
    match = creating.do_create_match("king", QUICK_KING, [player, *bots], created_by=creator)

    anonymous, organiser, seated = new_page(), new_page(phone=True), new_page(phone=True)
    log_in(organiser, "creator")
    log_in(seated, "player")
    for page in (anonymous, organiser, seated):
        page.goto(f"/matches/{match.pk}/")

    for turn in range(TURNS):
        deadline_state = wait_for_players_turn(match)
        match.refresh_from_db()
        for page in (anonymous, organiser, seated):
            page.wait_for_function(
                "v => Number(document.querySelector('#table').dataset.version) === v", arg=match.version
            )
        hands = hands_at(match, match.version)
        everyone = [c for hand in hands for c in hand]
        assert cards_shown(anonymous.content(), everyone) == []
        assert cards_shown(organiser.content(), everyone) == []
        mine = seated.content()
        assert cards_shown(mine, [c for hand in hands[1:] for c in hand]) == []
        assert sorted(cards_shown(mine, hands[0])) == sorted(hands[0])
        if turn == 2:
            screenshot(anonymous, "spectator")
            screenshot(seated, "player")
        # the player acts (through the same service the page posts to); the worker's bots answer
        playing.submit_action(match.pk, player, deadline_state.legal_actions()[0], match.version)
    assert Match.objects.get(pk=match.pk).status == Match.Status.LIVE


def wait_for_players_turn(match, timeout=60):
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        state = states.match_state(match)
        if state.to_act == 0:
            return state
        time.sleep(0.1)
    raise AssertionError(f"the bots never handed the turn back (match at version {match.version})")
