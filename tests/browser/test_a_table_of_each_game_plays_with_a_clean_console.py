"""A person plays a deal of each game the site offers at a table (King and Rifki: their first
deal; Kings in the Corner: its short game, one hand, to the end) against house bots played by a
real worker, by clicking, while the browser's console is watched: no error is logged (no
Content-Security-Policy refusal of an inline style or script, no aborted request htmx reports,
no uncaught exception) and the page records no ``securitypolicyviolation`` event."""

import pytest

from bots.house import house_bot
from games.engine import RULESETS
from games.models import Match
from games.service import creating, states
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 60_000
# Every CSP violation the page meets, kept where the test can read it (an init script runs
# before the page's own, so nothing escapes it).
WATCH_CSP = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push([e.violatedDirective, e.blockedURI, e.sample, e.sourceFile, e.lineNumber].join(" "));
});
"""
ACT_OR_DONE = '#table[data-your-turn="true"], #final'


def version(page):
    return page.get_attribute("#table", "data-version")


def deals_done(match):
    match.refresh_from_db()
    return match.status == Match.Status.OVER or len(states.match_state(match).deal_scores) >= 1


# The table asks for itself again (as the stream or the poll does) and, while that request is on
# its way, the player's button is pressed: the action must not abort it (an error in the console).
PRESS_DURING_A_REFRESH = """button => {
  htmx.trigger(document.getElementById("table"), "refresh");
  button.click();
}"""


def press(button, during_a_refresh):
    if during_a_refresh:
        button.evaluate(PRESS_DURING_A_REFRESH)
    else:
        button.click()


def act_at_a_trick_table(page, during_a_refresh):
    choice = page.locator("#choices button:visible")
    press((choice if choice.count() else page.locator("#hand button:not([disabled])")).first, during_a_refresh)


def act_at_a_piles_table(page, during_a_refresh):
    card = page.locator("#hand button.card.legal:not([disabled])")
    if card.count():
        card.first.click()
        press(page.locator("#piles .pile-target.lit").first, during_a_refresh)
        return
    end = page.locator("#turn .turn-button:not(.draw)").first
    if end.get_attribute("data-warn"):
        end.click()
    press(end, during_a_refresh)


def play_a_deal(page, match, screenshot):
    act = act_at_a_piles_table if RULESETS[match.ruleset].layout == "piles" else act_at_a_trick_table
    turns = 0
    while not deals_done(match):
        try:
            page.wait_for_selector(ACT_OR_DONE, timeout=2_000)
        except Exception:  # the bots are still playing, or the deal just ended: look again
            continue
        if page.locator("#final").count():
            return turns
        before = version(page)
        act(page, during_a_refresh=turns % 2 == 0)
        page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=before, timeout=TURN_TIMEOUT_MS
        )
        turns += 1
        if turns == 1:
            # A screenshot hides the caret with a style on every input, then leaves style="":
            # the next swap must not copy it onto the new table (an inline style the CSP refuses).
            screenshot(page, "first-turn")
    return turns


@pytest.mark.parametrize("ruleset", ["king", "rifki", "corners"])
def test_a_table_of_each_game_plays_with_a_clean_console(ruleset, new_page, bot_worker, django_user_model, screenshot):
    player = django_user_model.objects.create_user(f"clean-{ruleset}", password=PASSWORD)
    options = dict(RULESETS[ruleset].short_game)
    seats = RULESETS[ruleset].num_seats(options)
    match = creating.do_create_match(
        ruleset, options, [player] + [house_bot("random")] * (seats - 1), created_by=player
    )
    page = new_page(phone=True)
    logged = []
    page.on("console", lambda m: logged.append(f"{m.text} ({m.location['url']})") if m.type == "error" else None)
    page.on("pageerror", lambda error: logged.append(f"uncaught: {error}"))
    page.add_init_script(WATCH_CSP)
    log_in(page, player.username)
    page.goto(f"/matches/{match.pk}/")
    assert play_a_deal(page, match, screenshot) >= 2
    page.wait_for_timeout(1500)  # the last refreshes land, the stream may close
    screenshot(page, "after-a-deal")
    violations = page.evaluate("window.__violations")
    assert logged == [] and violations == [], (logged, violations)
