"""A newcomer signs up and plays a whole hand of Kings in the Corner (the ruleset's short game, one
hand) at a table of three against two built-in bots played by a real worker, on a phone, by
clicking only: a card then a lit pile, a pile then the lit pile it goes onto, the end-turn
button (and one card by keyboard). At each of their turns the hand, the piles and the end-turn button are on the screen
without scrolling, and only legal piles light up."""

import json
import re

import pytest

from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from games.service import creating, states
from tests.fixtures.browser import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

RULESET = "corners"
TURN_TIMEOUT_MS = 120_000
PHONE_HEIGHT = 844

ON_SCREEN = """sel => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top + window.scrollY >= 0 && r.bottom + window.scrollY <= window.innerHeight
      && r.left >= 0 && r.right <= window.innerWidth;
}"""


def version(page):
    return page.get_attribute("#table", "data-version")


def wait_for_new_version(page, before):
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)


def lit(page):
    return sorted(page.locator("#piles .pile-target.lit").evaluate_all("bs => bs.map(b => b.dataset.pile)"))


def test_a_newcomer_plays_a_whole_corners_hand_by_clicking_on_a_phone(new_page, bot_worker, make_bot, screenshot):
    page = new_page(phone=True)
    sign_up(page, "newcomer")
    from django.contrib.auth import get_user_model

    newcomer = get_user_model().objects.get(username="newcomer")
    bot = make_bot(name="Cornerbot", strategy="heuristic")
    options = {"players": 3, **RULESETS[RULESET].short_game}
    match = creating.do_create_match(RULESET, options, [newcomer, bot, bot], created_by=newcomer, seed=b"corners-20")
    page.goto(f"/matches/{match.pk}/")

    turns, played, moved, shots, by_keyboard = 0, [], [], set(), False
    while True:
        page.wait_for_selector('#table[data-your-turn="true"], #final', timeout=TURN_TIMEOUT_MS)
        if page.locator("#final").count():
            break
        turns += 1
        for part in ("#hand", "#piles", "#turn .turn-button"):
            assert page.evaluate(ON_SCREEN, part), f"turn {turns}: {part} is not on the phone's screen"
        if "turn" not in shots:
            screenshot(page, "turn")
            shots.add("turn")
        state = states.match_state(Match.objects.get(pk=match.pk))
        legal = state.legal_actions()
        cards = page.locator("#hand button.card.legal:not([disabled])")
        movable = page.locator("#piles .pile-target.movable:not([disabled])")
        before = version(page)
        if cards.count() and not by_keyboard:
            # Once by keyboard: Enter picks the focused card and focus goes to its first lit
            # pile, the arrow keys go round the lit piles only, Enter plays onto the one focused.
            card = cards.first
            name = card.get_attribute("data-card")
            card.focus()
            page.keyboard.press("Enter")
            targets = sorted(a["to"] for a in legal if a["type"] == "play" and a["card"] == name)
            assert lit(page) == targets
            focused = "() => document.activeElement.dataset.pile || null"
            first = page.evaluate(focused)
            assert first in targets
            page.keyboard.press("ArrowRight")
            assert page.evaluate(focused) in targets
            page.keyboard.press("Escape")  # put back: nothing lit, focus on the card again
            assert lit(page) == [] and page.evaluate("() => document.activeElement.dataset.card") == name
            page.keyboard.press("Enter")
            played.append((name, page.evaluate(focused)))
            page.keyboard.press("Enter")
            by_keyboard = True
        elif cards.count():
            card = cards.first
            name = card.get_attribute("data-card")
            card.click()
            targets = sorted(a["to"] for a in legal if a["type"] == "play" and a["card"] == name)
            assert lit(page) == targets  # only the legal piles light up
            if "picked" not in shots:
                screenshot(page, "picked")
                shots.add("picked")
            to = page.locator("#piles .pile-target.lit").first
            played.append((name, to.get_attribute("data-pile")))
            to.click()
        elif movable.count() and len(moved) < 3:
            pile = movable.first
            source = pile.get_attribute("data-pile")
            pile.click()
            assert lit(page) == sorted(a["to"] for a in legal if a["type"] == "move" and a["from"] == source)
            to = page.locator("#piles .pile-target.lit").first
            moved.append((source, to.get_attribute("data-pile")))
            to.click()
        else:
            end = page.locator("#turn .turn-button:not(.draw)").first
            if end.get_attribute("data-warn"):
                end.click()  # the first click warns and asks again
                assert page.locator("#king-warning.urgent").is_visible()
            end.click()
        wait_for_new_version(page, before)
        assert page.locator("#error").count() == 0, page.inner_text("#error")
    screenshot(page, "over")

    # Every card and pile the newcomer clicked is in the log as seat 0's action, in order.
    rows = eventlog.stream_events(match.stream)
    logged = [(r.payload["card"], r.payload["to"]) for r in rows if r.type == "play" and r.payload["seat"] == 0]
    assert logged == played and len(played) >= 1 and turns >= 2 and by_keyboard
    assert [(r.payload["from"], r.payload["to"]) for r in rows if r.type == "move" and r.payload["seat"] == 0] == moved
    assert {r.metadata["actor"] for r in rows if r.type in ("play", "move", "end_turn") and r.payload["seat"] == 0} == {
        f"user:{newcomer.pk}"
    }
    match.refresh_from_db()
    assert match.status == Match.Status.OVER and page.locator("#winners").count() == 1
    assert json.loads(json.dumps(states.match_state(match).deal_scores))  # the hand was scored
    assert re.search(r"/matches/\d+/sheet/", page.inner_html("#final"))
