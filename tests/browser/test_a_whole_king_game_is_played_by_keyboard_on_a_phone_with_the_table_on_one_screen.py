"""A person plays a whole King game against three house bots (played by a real worker) with the
keyboard only (Tab to reach the table, arrow keys between the playable cards, Enter to play or
choose; no click), on a 390 x 844 phone. At every one of their turns the whole table is on the
screen without scrolling: whose turn it is, every seat, the trick and every card or choice they
may play; the page has not scrolled. After their first action the focus comes back by itself
to their first choice or playable card at each turn; the tab's title says when it is their
turn. A desktop window of the same player is photographed at a few moments (the
screenshots of docs/pages.md are taken from these)."""

import re

import pytest

from games.models import Match
from games.record import eventlog
from games.service import creating
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 60_000
KING = {}  # the whole game: ten deals, six negative and four positive with their auctions
PLAYABLE = "#choices button, #hand button:not([disabled])"

# Where each thing a player needs lies, and whether it is wholly inside the screen.
FIT = """() => {
  const w = window.innerWidth, h = window.innerHeight, outside = [];
  const check = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0 && what !== "trick") return;
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > h + 0.5 || r.right > w + 0.5)
      outside.push(what + " " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
  };
  check(document.getElementById("status"), "status");
  check(document.getElementById("trick"), "trick");
  document.querySelectorAll("#seats li.seat").forEach((el) => check(el, "seat " + el.dataset.seat));
  document.querySelectorAll("#choices button").forEach((el) => check(el, "choice " + el.textContent.trim()));
  document.querySelectorAll("#hand button:not([disabled]) img")
    .forEach((el) => check(el, "card " + el.parentElement.dataset.card));
  const playable = document.querySelectorAll("#hand button:not([disabled]), #choices button").length;
  return {outside, scrollY: window.scrollY, playable};
}"""

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || !el.matches("#choices button, #hand button:not([disabled])")) return null;
  return {card: el.dataset.card || null, action: el.dataset.action || null};
}"""


def focus_on_the_table(page, most=80):
    """Tab until a choice or a playable card has the focus; returns how many Tabs it took."""
    for tabs in range(most):
        if page.evaluate(FOCUSED):
            return tabs
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached a choice or a playable card")


def test_a_whole_king_game_by_keyboard_with_the_table_on_one_phone_screen(
    new_page,
    bot_worker,
    make_bot,
    django_user_model,
    screenshot,
):
    player = django_user_model.objects.create_user("keyboardist", password=PASSWORD)
    bots = [make_bot(name=name, strategy="random") for name in ("house-ada", "house-bruno", "house-cem")]
    match = creating.do_create_match("king", KING, [player, *bots], seed=b"keyboard" * 4, created_by=player)
    phone, desk = new_page(phone=True), new_page()
    for page in (phone, desk):
        log_in(page, player.username)
    phone.goto(f"/matches/{match.pk}/")
    title = re.compile(rf"King, table {match.pk}$")

    turns, cards, tabs_after_the_first, shots = 0, [], 0, set()
    while True:
        phone.wait_for_selector('#table[data-your-turn="true"], #final', timeout=TURN_TIMEOUT_MS)
        if phone.locator("#final").count():
            break
        fit = phone.evaluate(FIT)
        assert fit["outside"] == [] and fit["scrollY"] == 0 and fit["playable"] >= 1, (turns, fit)
        assert phone.title().startswith("● Your turn") and title.search(phone.title())
        tabs = focus_on_the_table(phone)
        if turns:
            tabs_after_the_first += tabs
        focused = phone.evaluate(FOCUSED)
        if focused["card"]:
            if phone.locator("#hand button:not([disabled])").count() > 1:
                phone.keyboard.press("ArrowRight")  # to the next playable card
                after = phone.evaluate(FOCUSED)
                assert after["card"] and after["card"] != focused["card"]
                focused = after
            cards.append(focused["card"])
            moment = "trick" if phone.locator("#trick .played li").count() >= 2 else "turn"
        else:
            moment = "choice"
        if moment not in shots and (moment != "trick" or len(cards) > 3):
            shots.add(moment)
            screenshot(phone, f"phone-{moment}")
            desk.goto(f"/matches/{match.pk}/")
            screenshot(desk, f"desktop-{moment}")
        if "last" not in shots and phone.locator("#last-trick summary").count() and turns > 20:
            shots.add("last")
            desk.goto(f"/matches/{match.pk}/")
            desk.locator("#last-trick summary").click()  # the desktop window is only photographed
            screenshot(desk, "desktop-last-trick")
        version = phone.get_attribute("#table", "data-version")
        phone.keyboard.press("Enter")
        phone.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
        turns += 1
        now = phone.title()  # read once: the bots may hand the turn back between two reads
        if not now.startswith("● Your turn"):
            assert title.search(now) and not now.startswith("●")

    screenshot(phone, "phone-over")
    match.refresh_from_db()
    assert match.status == Match.Status.OVER
    assert phone.title().endswith(f"King, table {match.pk}") and "●" not in phone.title()
    # Every card the player played by keyboard is in the log, by them, in order; focus came back
    # by itself after the first action (no Tab needed at any later turn).
    rows = eventlog.stream_events(match.stream)
    played = [r.payload["card"] for r in rows if r.type == "play" and r.payload["seat"] == 0]
    assert played == cards and len([r for r in rows if r.type == "deal_ended"]) == 10
    assert {r.metadata["actor"] for r in rows if r.type == "play" and r.payload["seat"] == 0} == {f"user:{player.pk}"}
    assert tabs_after_the_first == 0
