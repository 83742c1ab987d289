"""While a hand of Kings in the Corner is live, the table page a spectator watches (anonymous, or
even the match's creator) holds no card of any hand or of the stock at any step, and the seated
player's page holds only their own hand and the piles: checked in the browser, on the page as
the match stream updates it, against the engine's state at the version the page shows."""

import pytest

from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from games.service import creating, playing, states
from games.templatetags.cards import card_name
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

RULESET = "corners"
STEPS = 40  # the player's actions to watch through, at most (the short game is one hand)


def state_at(match, version):
    return states.match_state(match, eventlog.stream_events(match.stream)[:version])


def cards_shown(html, cards):
    return [c for c in cards if f'data-card="{c}"' in html or f"cards/{c}.svg" in html or str(card_name(c)) in html]


def wait_for_players_turn_or_the_end(match, timeout=60):
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        state = states.match_state(match)
        if state.to_act == 0 or match.status == Match.Status.OVER:
            return state
        time.sleep(0.1)
    raise AssertionError(f"the bots never handed the turn back (match at version {match.version})")


def test_a_corners_spectator_never_sees_a_hand_or_stock_card_and_a_player_only_their_own(
    new_page,
    bot_worker,
    make_bot,
    django_user_model,
    screenshot,
):
    creator = django_user_model.objects.create_user("creator", password=PASSWORD)
    player = django_user_model.objects.create_user("player", password=PASSWORD)
    bots = [make_bot(name=f"watched{i}", strategy="heuristic") for i in range(2)]
    options = {"players": 3, **RULESETS[RULESET].short_game}
    match = creating.do_create_match(RULESET, options, [player, *bots], created_by=creator, seed=b"watch-20")

    anonymous, organiser, seated = new_page(phone=True), new_page(phone=True), new_page()
    log_in(organiser, "creator")
    log_in(seated, "player")
    for page in (anonymous, organiser, seated):
        page.goto(f"/matches/{match.pk}/")

    steps = 0
    for step in range(STEPS):
        state = wait_for_players_turn_or_the_end(match)
        if state.is_over:
            break
        match.refresh_from_db()
        for page in (anonymous, organiser, seated):
            page.wait_for_function(
                "v => Number(document.querySelector('#table').dataset.version) === v", arg=match.version
            )
        at = state_at(match, match.version)
        hands = [list(at.hand(seat)) for seat in range(3)]
        hidden = [c for hand in hands for c in hand] + list(at.stock)
        assert hidden and at.stock  # a live hand: cards in hands and in the stock
        for page in (anonymous, organiser):
            assert cards_shown(page.content(), hidden) == []
        mine = seated.content()
        assert cards_shown(mine, [c for hand in hands[1:] for c in hand] + list(at.stock)) == []
        assert sorted(cards_shown(mine, hands[0])) == sorted(hands[0])
        if step == 3:
            screenshot(anonymous, "spectator-phone")
            screenshot(seated, "player-desktop")
        # the player acts (through the same service the page posts to): a card onto a pile while
        # one fits, else the end of the turn; the worker's bots answer
        legal = state.legal_actions()
        plays = [a for a in legal if a["type"] == "play"]
        action = plays[0] if plays else next(a for a in legal if a["type"] == "end_turn")
        playing.submit_action(match.pk, player, action, match.version)
        steps += 1
    assert steps >= 5
