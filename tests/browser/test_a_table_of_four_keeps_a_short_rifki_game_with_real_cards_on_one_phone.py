"""A table of four plays a short Rifki game with real cards and keeps its score on one phone
(docs/pages.md "Score tables"): the table is opened by the form, every deal is entered by
tapping, one entry the rules cannot produce is refused before anything is stored, one deal is
corrected with a reason, and the game is finished. The sheet's totals are the engine's scoring
of the same entries, and the page fits a 390 px phone at every step. Screenshots for review."""

import pytest

from games.engine import new_score_table
from games.models import Event, Match
from tests.fixtures.browser import PHONE

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"
NAMES = ["Ayşe", "Can", "Deniz", "Elif"]


def tap_counts(page, counts):
    """Each player's count with the + button, from 0 (a contract counted by one field)."""
    for row, n in enumerate(counts, 1):
        for _ in range(n):
            page.locator(f"#st-counts-body tr:nth-child({row}) button.step").nth(1).click()


def contract_buttons(page):
    return page.locator("#st-contract-choices button")


def test_a_short_rifki_game_entered_on_one_phone(new_page, screenshot):
    page = new_page(phone=True)
    page.goto("/score-tables/new/")
    page.check("input[name=ruleset][value=rifki]")
    page.check("input[name=short]")
    for i, name in enumerate(NAMES):
        page.fill(f"input[name=name_{i}]", name)
    page.select_option("select[name=first]", "0")
    page.get_by_role("button", name="Open the score table").click()
    page.wait_for_selector("#st-entry")
    screenshot(page, "opened")

    engine_table = new_score_table("rifki", first=0, options={"short_mode": True})
    for deal in range(1, 13):
        assert page.locator("#st-entry-title").inner_text().startswith(f"Enter deal {deal}")
        form = engine_table.entry_form()
        # The buttons are the contracts the declarer has left, as the engine offers them.
        assert contract_buttons(page).count() == len(form["contracts"])
        offered = form["contracts"][deal % len(form["contracts"])]
        contract_buttons(page).nth(deal % len(form["contracts"])).click()
        field = offered["counts"][0]["field"]
        total = offered["counts"][0]["total"]
        counts = [total - 3 * (total // 4)] + [total // 4] * 3 if total >= 4 else [total, 0, 0, 0]
        if deal == 2:
            # One short of the deal's total: the engine's refusal shows, the button stays shut.
            short = list(counts)
            short[0] -= 1
            tap_counts(page, short)
            page.wait_for_function("() => document.getElementById('st-check').textContent.includes('add up to')")
            assert page.locator("#st-enter").is_disabled()
            stored = Event.objects.count()
            screenshot(page, "refused")
            page.locator("#st-counts-body tr:nth-child(1) button.step").nth(1).click()
        else:
            tap_counts(page, counts)
        page.wait_for_function("() => !document.getElementById('st-enter').disabled")
        if deal == 2:
            assert Event.objects.count() == stored  # nothing refused was stored
        contract = {k: offered[k] for k in ("name", "suit") if k in offered}
        engine_table.apply({"type": "enter", "deal": deal, "contract": contract, "taken": {field: counts}})
        assert page.locator("#st-points-0").inner_text() == f"{engine_table.deal_scores[-1][0]:+d}".replace("+0", "0")
        if deal == 6:
            screenshot(page, "entering")
        page.locator("#st-enter").click()
        page.wait_for_selector(f"#deal-{deal}")
        assert page.evaluate(PAGE_WIDTH) <= PHONE["width"]

    # A correction of deal 1: its counts again, with a reason; the sheet is rescored.
    page.locator("#deal-1 .st-correct").click()
    first = engine_table.entries[0]
    field = next(iter(first["taken"]))
    total = sum(first["taken"][field])
    tap_counts(page, [0, total, 0, 0] if total else [0, 0, 0, 0])
    page.fill("#st-reason", "Can took every one of them")
    page.wait_for_function("() => !document.getElementById('st-enter').disabled")
    page.locator("#st-enter").click()
    page.wait_for_selector("#deal-1 .corrected")
    engine_table.apply(
        {
            "type": "correct",
            "deal": 1,
            "entry": {"contract": first["contract"], "taken": {field: [0, total, 0, 0]}},
            "reason": "Can took every one of them",
        }
    )
    page.get_by_role("button", name="Finish the game").click()
    page.wait_for_selector("#st-over")
    engine_table.apply({"type": "finish"})
    screenshot(page, "finished")

    totals = [int(t) for t in page.locator("#st-table tfoot td.num").all_inner_texts()]
    assert totals == engine_table.scores
    # A short game is not zero-sum (docs/rules.md §2.3): its total is its contracts' totals.
    assert sum(totals) == sum(sum(scores) for scores in engine_table.deal_scores)
    match = Match.objects.get()
    assert match.status == Match.Status.OVER and match.entered
    assert "corrected: Can took every one of them" in page.locator("#deal-1").inner_text()
