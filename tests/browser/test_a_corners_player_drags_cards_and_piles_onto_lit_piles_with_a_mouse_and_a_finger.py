"""A player of Kings in the Corner (a table of three, two built-in bots played by a real worker)
plays by dragging: on a desktop, with the mouse, a card dropped on a pile it may not go onto
goes back to the hand with nothing sent, and one dropped on a lit pile is played there; then,
on a phone (touch events, as a finger sends them), every card and movable pile of the rest of
the hand is dragged onto a lit pile. While a card or pile is dragged only its legal piles light
up, and every drop is stored as the player's move, in order."""

import pytest

from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from games.service import creating, states
from tests.fixtures.browser import log_in, sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 120_000
STEPS = 8


def lit(page):
    return sorted(page.locator("#piles .pile-target.lit").evaluate_all("bs => bs.map(b => b.dataset.pile)"))


def centre(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def path(start, end):
    (x0, y0), (x1, y1) = start, end
    return [(x0 + (x1 - x0) * i / STEPS, y0 + (y1 - y0) * i / STEPS) for i in range(1, STEPS + 1)]


class Mouse:
    def __init__(self, page):
        self.page = page

    def down(self, at):
        self.page.mouse.move(*at)
        self.page.mouse.down()

    def move(self, at):
        self.page.mouse.move(*at)

    def up(self, at):
        self.page.mouse.up()


class Finger:
    """Touches sent through the DevTools protocol: Chromium turns them into pointer events of
    type "touch", as a phone's screen does (Playwright itself only taps)."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind, at):
        points = [{"x": at[0], "y": at[1]}] if at else []
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, at):
        self.send("touchStart", at)

    def move(self, at):
        self.send("touchMove", at)

    def up(self, at):
        self.send("touchEnd", None)


def drag(page, hand, source, onto, expected, shot=None):
    """Drag ``source`` with ``hand`` (a Mouse or a Finger) onto the pile ``onto`` picks from the
    piles lit while it is dragged (which must be ``expected``); returns the pile dropped on."""
    start = centre(source)
    hand.down(start)
    hand.move((start[0], start[1] - 20))  # past the few pixels a click may wander
    page.wait_for_selector(".drag-ghost")
    assert lit(page) == expected, "only the legal piles light up while dragging"
    name = onto(lit(page))
    target = page.locator(f'#piles .pile-target[data-pile="{name}"]')
    end = centre(target)
    for at in path((start[0], start[1] - 20), end):
        hand.move(at)
    assert page.locator(f'#piles .pile-target[data-pile="{name}"].over').count() == (name in expected)
    if shot:
        shot()
    hand.up(end)
    assert page.locator(".drag-ghost").count() == 0
    return name


def seat_moves(match):
    rows = eventlog.stream_events(match.stream)
    return [
        (r.type, r.payload.get("card") or r.payload.get("from"), r.payload["to"])
        for r in rows
        if r.type in ("play", "move") and r.payload["seat"] == 0
    ]


def test_a_corners_player_drags_cards_and_piles_with_a_mouse_then_a_finger(new_page, bot_worker, make_bot, screenshot):
    desktop = new_page()
    sign_up(desktop, "dragger")
    from django.contrib.auth import get_user_model

    player = get_user_model().objects.get(username="dragger")
    bot = make_bot(name="Cornerbot", strategy="heuristic")
    options = {"players": 3, **RULESETS["corners"].short_game}
    match = creating.do_create_match("corners", options, [player, bot, bot], created_by=player, seed=b"corners-20")
    desktop.goto(f"/matches/{match.pk}/")
    phone = None
    dropped, refused, shots = [], False, set()

    def shoot(page, name):
        def take():
            if name not in shots:
                screenshot(page, name)
                shots.add(name)

        return take

    page, hand = desktop, Mouse(desktop)
    while True:
        page.wait_for_selector('#table[data-your-turn="true"], #final', timeout=TURN_TIMEOUT_MS)
        if page.locator("#final").count():
            break
        legal = states.match_state(Match.objects.get(pk=match.pk)).legal_actions()
        cards = page.locator("#hand button.card.legal:not([disabled])")
        movable = page.locator("#piles .pile-target.movable:not([disabled])")
        before = page.get_attribute("#table", "data-version")
        if cards.count():
            card = cards.first
            name = card.get_attribute("data-card")
            targets = sorted({a["to"] for a in legal if a["type"] == "play" and a["card"] == name})
            if not refused:
                # Dropped on a pile it may not go onto: back in the hand, nothing lit, nothing sent.
                piles = page.locator("#piles .pile-target").evaluate_all("bs => bs.map(b => b.dataset.pile)")
                others = [p for p in piles if p not in targets]
                assert others, "some pile does not take the card"
                drag(
                    page,
                    hand,
                    card,
                    lambda shown, pile=others[0]: pile,
                    targets,
                    shoot(page, f"{page_name(page, desktop)}-illegal-drag"),
                )
                assert lit(page) == [] and card.get_attribute("aria-pressed") == "false"
                page.wait_for_timeout(800)
                assert page.get_attribute("#table", "data-version") == before and seat_moves(match) == []
                refused = True
            to = drag(
                page, hand, card, lambda shown: shown[0], targets, shoot(page, f"{page_name(page, desktop)}-drag")
            )
            dropped.append(("play", name, to))
        elif movable.count() and sum(kind == "move" for kind, _, _ in dropped) < 3:
            pile = movable.first
            source = pile.get_attribute("data-pile")
            targets = sorted(a["to"] for a in legal if a["type"] == "move" and a["from"] == source)
            to = drag(
                page, hand, pile, lambda shown: shown[0], targets, shoot(page, f"{page_name(page, desktop)}-pile-drag")
            )
            dropped.append(("move", source, to))
        else:
            end = page.locator("#turn .turn-button:not(.draw)").first
            if end.get_attribute("data-warn"):
                end.click()
            end.click()
        page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)
        assert page.locator("#error").count() == 0, page.inner_text("#error")
        if dropped and phone is None:
            # The rest of the hand on a phone, by finger.
            phone = new_page(phone=True)
            log_in(phone, "dragger")
            phone.goto(f"/matches/{match.pk}/")
            page, hand = phone, Finger(phone)

    # Every drop on a lit pile is in the log as the player's move, in order; the refused one is not.
    assert seat_moves(match) == dropped
    assert refused and page is phone
    assert sum(kind == "play" for kind, _, _ in dropped) >= 2, "a card was dragged on the phone too"
    assert {"desktop-illegal-drag", "desktop-drag", "phone-drag"} <= shots
    assert Match.objects.get(pk=match.pk).status == Match.Status.OVER


def page_name(page, desktop):
    return "desktop" if page is desktop else "phone"
