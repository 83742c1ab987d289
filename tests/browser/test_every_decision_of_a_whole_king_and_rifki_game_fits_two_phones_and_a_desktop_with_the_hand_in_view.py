"""A person plays a whole King game and a whole short Rifki game against house bots (one bot in
three seats, played by a real worker), clicking the first legal choice each time on a phone, while
the same table is open on a desktop too. At every one of their turns (every card, every bid and
answer of the King auction, the positive hand's choice, the Rifki contract and trumps, a misdeal
claim), on the phone at 390 x 844 and at 360 x 740 and on the 1280 x 800 desktop, the status that
says whose turn it is, their whole hand and every button they may press lie inside the screen,
and the page has not scrolled. When they are asked the misdeal question with nothing to claim,
the page says "Waiting for the misdeal question" with its countdown, on the screen, and not that
it is their turn (no title, no your-turn class). A screenshot of each kind of decision at each
size is saved, as the player sees it.

One game played, three screens checked at each turn: the phone's two sizes are one touch screen
resized, the desktop a page of its own (a mouse, no touch) that follows the same table."""

import pytest

from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from games.service import creating
from tests.fixtures.browser import PASSWORD, SCREENSHOTS, TIMEOUT_MS, log_in, on_screen

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 60_000
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
DESKTOP = ("1280x800", {"width": 1280, "height": 800})
CHOICES = "#choices button:not([disabled])"
CARDS = "#hand button:not([disabled]) img"
WAITING = "#status #timed-question"


def screen(browser, live_server, size, phone):
    context = browser.new_context(base_url=live_server.url, viewport=size, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(TIMEOUT_MS)
    return context, context.new_page()


def check_the_turn(page, size_name, shots):
    """What one screen shows at the person's turn (or their wait for the misdeal question) is
    inside it; a screenshot of each kind once. Returns the phase checked, or None for a wait."""
    fit = on_screen(page, ["#status", "#hand"], [CHOICES, CARDS])
    choices, cards = fit["counts"][CHOICES], fit["counts"][CARDS]
    if fit["outside"] or fit["scrollY"]:  # the screen as it failed, for whoever reads the failure
        page.screenshot(path=str(SCREENSHOTS / f"every-decision-fits-{size_name}-FAILED.png"))
    if page.locator(WAITING).count():
        # Asked the misdeal question with nothing to claim: the same waiting line as any seat.
        status = page.inner_text("#status")
        assert status.startswith("Waiting for the misdeal question (") and status.endswith(" s)"), status
        assert "Your turn" not in status and not page.title().startswith("●")
        assert page.get_attribute("#table", "data-your-turn") == "false"
        assert "your-turn" not in page.get_attribute("#table", "class").split()
        assert fit["outside"] == [] and fit["scrollY"] == 0 and choices == 0, (size_name, fit)
        kind = None
    else:
        kind = page.get_attribute("#table", "data-phase")
        assert fit["outside"] == [] and fit["scrollY"] == 0, (size_name, kind, fit)
        assert choices + cards >= 1, fit
        assert page.title().startswith("● Your turn")
    name = kind or "misdeal-waiting"
    if (size_name, name) not in shots:
        shots.add((size_name, name))
        page.screenshot(path=str(SCREENSHOTS / f"every-decision-fits-{size_name}-{name}.png"))
    return kind


def the_desktop_shows(desktop, version):
    """Whether the desktop's page has caught up with the phone's table at ``version`` (it follows
    the match's stream). A misdeal question's wait may end before it has: then it is not checked."""
    desktop.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) >= v", arg=int(version), timeout=TURN_TIMEOUT_MS
    )
    return desktop.get_attribute("#table", "data-version") == version


def play_a_whole_game(phone, desktop, shots):
    """Play the person's seat to the end on the phone; return how many turns of each phase were
    checked on every screen, and how many misdeal waits (on the desktop too, where it caught up)."""
    turns, waited, waited_on_the_desktop = {}, 0, 0
    while True:
        phone.wait_for_selector(f'#table[data-your-turn="true"], #final, {WAITING}', timeout=TURN_TIMEOUT_MS)
        if phone.locator("#final").count():
            return turns, waited, waited_on_the_desktop
        version = phone.get_attribute("#table", "data-version")
        try:
            for size_name, size in PHONES.items():
                phone.set_viewport_size(size)
                kind = check_the_turn(phone, size_name, shots)
        except AssertionError:
            if phone.get_attribute("#table", "data-version") == version:
                raise
            continue  # a misdeal question's wait ended while it was being looked at: not a failure
        on_the_desktop = the_desktop_shows(desktop, version)
        if kind is None:
            waited += 1
            if on_the_desktop:
                waited_on_the_desktop += check_the_turn(desktop, DESKTOP[0], shots) is None
        else:
            assert on_the_desktop, "the desktop never showed the person's turn"
            assert check_the_turn(desktop, DESKTOP[0], shots) == kind
            turns[kind] = turns.get(kind, 0) + 1
            if phone.locator(CHOICES).count():
                phone.locator(CHOICES).first.click()
            else:
                # A tap on the card where it shows (its middle lies under the next card, which
                # Playwright's own click would scroll the page around to find).
                phone.locator("#hand button:not([disabled])").first.dispatch_event("click")
        phone.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=version, timeout=TURN_TIMEOUT_MS
        )
        assert phone.locator("#error").count() == 0, phone.inner_text("#error")


def test_every_turn_of_a_whole_king_and_rifki_game_fits_two_phones_and_a_desktop(
    browser, live_server, bot_worker, make_bot, django_user_model
):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    player = django_user_model.objects.create_user("player-every-size", password=PASSWORD)
    house = make_bot(name="house-random", strategy="random")
    phone_context, phone = screen(browser, live_server, PHONES["390x844"], True)
    desktop_context, desktop = screen(browser, live_server, DESKTOP[1], False)
    try:
        log_in(phone, player.username)
        log_in(desktop, player.username)
        seen, shots = {}, set()
        # The whole King game of ten deals, and Rifki's short game.
        options = {"king": {}, "rifki": RULESETS["rifki"].short_game}
        for ruleset in ("king", "rifki"):
            match = creating.do_create_match(
                ruleset, options[ruleset], [player, house, house, house], created_by=player
            )
            desktop.goto(f"/matches/{match.pk}/")
            phone.goto(f"/matches/{match.pk}/")
            turns, waited, waited_on_the_desktop = play_a_whole_game(phone, desktop, shots)
            match.refresh_from_db()
            assert match.status == Match.Status.OVER
            rows = eventlog.stream_events(match.stream)
            mine = [r for r in rows if r.payload.get("seat") == 0 and r.metadata.get("actor") == f"user:{player.pk}"]
            assert len(mine) == sum(turns.values())  # every checked turn was one of the person's moves
            seen[ruleset] = (turns, waited, waited_on_the_desktop, rows)
    finally:
        phone_context.close()
        desktop_context.close()

    king, rifki = seen["king"][0], seen["rifki"][0]
    assert king["play"] >= 40 and rifki["play"] >= 30
    assert {"positive_choice", "auction"} & set(king)  # the person dealt or bid in a positive hand
    assert rifki["contract"] >= 3  # declared each of their contracts
    # The misdeal question was asked of the person in every trump deal not cancelled before their
    # turn: either they waited it out with nothing to claim, or they claimed.
    asked = [r for r in seen["rifki"][3] if r.type in ("pass", "cancel") and r.payload.get("seat") == 0]
    assert asked and len(asked) == seen["rifki"][1] + rifki.get("misdeal_claim", 0)
    assert seen["rifki"][2] >= 1  # the wait was seen on the desktop too
    every_size = {size for size, _ in shots}
    assert every_size == {*PHONES, DESKTOP[0]}, shots
