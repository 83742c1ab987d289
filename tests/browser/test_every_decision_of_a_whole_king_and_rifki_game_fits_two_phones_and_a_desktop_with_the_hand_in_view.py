"""A person plays a whole King game and a whole short Rifki game against house bots (one bot in
three seats, played by a real worker) on a 390 x 844 and a 360 x 740 phone and a 1280 x 800
desktop, clicking the first
legal choice each time. At every one of their turns (every card, every bid and answer of the
King auction, the positive hand's choice, the Rifki contract and trumps, a misdeal claim) the
status that says whose turn it is, their whole hand and every button they may press lie inside
the screen, and the page has not scrolled. When they are asked the misdeal question with nothing
to claim, the page says "Waiting for the misdeal question" with its countdown, on the screen,
and not that it is their turn (no title, no your-turn class). A screenshot of each kind of
decision at each size is saved, as the player sees it."""

import pytest

from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from games.service import creating
from tests.fixtures.browser import PASSWORD, SCREENSHOTS, TIMEOUT_MS, log_in, on_screen

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 60_000
# (viewport, a phone's touch screen?)
SIZES = {
    "390x844": ({"width": 390, "height": 844}, True),
    "360x740": ({"width": 360, "height": 740}, True),
    "1280x800": ({"width": 1280, "height": 800}, False),
}

CHOICES = "#choices button:not([disabled])"
CARDS = "#hand button:not([disabled]) img"


def screen(browser, live_server, size, phone):
    context = browser.new_context(base_url=live_server.url, viewport=size, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(TIMEOUT_MS)
    return context, context.new_page()


def play_a_whole_game(page, match, size_name):
    """Play the person's seat to the end; return how many turns of each phase were checked."""
    turns, waited, shots = {}, 0, set()
    while True:
        page.wait_for_selector(
            '#table[data-your-turn="true"], #final, #status #timed-question', timeout=TURN_TIMEOUT_MS
        )
        if page.locator("#final").count():
            return turns, waited
        version = page.get_attribute("#table", "data-version")
        fit = on_screen(page, ["#status", "#hand"], [CHOICES, CARDS])
        choices, cards = fit["counts"][CHOICES], fit["counts"][CARDS]
        if page.locator("#status #timed-question").count():
            # Asked the misdeal question with nothing to claim: the same waiting line as any seat.
            status = page.inner_text("#status")
            assert status.startswith("Waiting for the misdeal question (") and status.endswith(" s)"), status
            assert "Your turn" not in status and not page.title().startswith("●")
            assert page.get_attribute("#table", "data-your-turn") == "false"
            assert "your-turn" not in page.get_attribute("#table", "class").split()
            assert fit["outside"] == [] and fit["scrollY"] == 0 and choices == 0, fit
            if "misdeal-waiting" not in shots:
                shots.add("misdeal-waiting")
                page.screenshot(path=str(SCREENSHOTS / f"every-decision-fits-{size_name}-misdeal-waiting.png"))
            waited += 1
        else:
            phase = page.get_attribute("#table", "data-phase")
            assert fit["outside"] == [] and fit["scrollY"] == 0, (phase, turns, fit)
            assert choices + cards >= 1, fit
            assert page.title().startswith("● Your turn")
            if phase not in shots:
                shots.add(phase)
                page.screenshot(path=str(SCREENSHOTS / f"every-decision-fits-{size_name}-{phase}.png"))
            turns[phase] = turns.get(phase, 0) + 1
            if choices:
                page.locator("#choices button:not([disabled])").first.click()
            else:
                # A tap on the card where it shows (its middle lies under the next card, which
                # Playwright's own click would scroll the page around to find).
                page.locator("#hand button:not([disabled])").first.dispatch_event("click")
        page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=version, timeout=TURN_TIMEOUT_MS
        )
        assert page.locator("#error").count() == 0, page.inner_text("#error")


@pytest.mark.parametrize("size_name", list(SIZES))
def test_every_turn_of_a_whole_king_and_rifki_game_fits_the_screen(
    browser, live_server, bot_worker, make_bot, django_user_model, size_name
):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    player = django_user_model.objects.create_user(f"player-{size_name}", password=PASSWORD)
    house = make_bot(name="house-random", strategy="random")
    context, page = screen(browser, live_server, *SIZES[size_name])
    try:
        log_in(page, player.username)
        seen = {}
        # The whole King game of ten deals, and Rifki's short game.
        options = {"king": {}, "rifki": RULESETS["rifki"].short_game}
        for ruleset in ("king", "rifki"):
            match = creating.do_create_match(
                ruleset, options[ruleset], [player, house, house, house], created_by=player
            )
            page.goto(f"/matches/{match.pk}/")
            turns, waited = play_a_whole_game(page, match, size_name)
            match.refresh_from_db()
            assert match.status == Match.Status.OVER
            rows = eventlog.stream_events(match.stream)
            mine = [r for r in rows if r.payload.get("seat") == 0 and r.metadata.get("actor") == f"user:{player.pk}"]
            assert len(mine) == sum(turns.values())  # every checked turn was one of the person's moves
            seen[ruleset] = (turns, waited, rows)
    finally:
        context.close()

    king, rifki = seen["king"][0], seen["rifki"][0]
    assert king["play"] >= 40 and rifki["play"] >= 30
    assert {"positive_choice", "auction"} & set(king)  # the person dealt or bid in a positive hand
    assert rifki["contract"] >= 3  # declared each of their contracts
    # The misdeal question was asked of the person in every trump deal not cancelled before their
    # turn: either they waited it out with nothing to claim, or they claimed.
    asked = [r for r in seen["rifki"][2] if r.type in ("pass", "cancel") and r.payload.get("seat") == 0]
    assert asked and len(asked) == seen["rifki"][1] + rifki.get("misdeal_claim", 0)
