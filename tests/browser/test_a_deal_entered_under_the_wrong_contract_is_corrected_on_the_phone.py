"""A deal entered under the wrong contract is corrected on the phone (docs/score-tables.md,
"Mistakes"): **Correct** offers the contracts the deal's chooser had left then, the deal's own
picked; choosing another and its counts, with a reason, replaces the deal (a new event), and the
sheet names the new contract and the reason."""

import pytest

from games.models import Event
from tests.fixtures.people import client_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_the_contract_of_an_entered_deal_is_corrected(new_page, screenshot):
    api = client_for()
    body = {"ruleset": "rifki", "options": {"short_mode": True}, "names": ["Ayşe", "Can", "Deniz", "Elif"], "first": 0}
    opened = api.post("/api/v1/score-tables/", body, format="json").json()
    key, sheet = opened["key"], opened["sheet"]
    wrong, right = sheet["form"]["contracts"][0], sheet["form"]["contracts"][1]
    entry = {"type": "enter", "deal": 1, "contract": {"name": wrong["name"]}, "taken": {"tricks": [13, 0, 0, 0]}}
    answer = api.post(
        f"/api/v1/score-tables/{key}/actions/", {"action": entry, "expected_version": sheet["version"]}, format="json"
    )
    assert answer.status_code == 201 and wrong["name"] == "no_tricks"

    page = new_page(phone=True)
    page.goto(f"/score-tables/{key}/")
    before = page.locator("#deal-1 .contract").inner_text()
    page.locator("#deal-1 .st-correct").click()
    buttons = page.locator("#st-contract-choices button")
    assert buttons.count() == len(sheet["form"]["contracts"])  # every contract the chooser had then
    assert buttons.nth(0).get_attribute("aria-pressed") == "true"  # the deal's own, picked
    buttons.nth(1).click()
    step = page.locator("#st-counts-body tr:nth-child(2) button.step").nth(1)
    for _ in range(right["counts"][0]["total"]):
        step.click()
    page.fill("#st-reason", "it was Kupa, not El Almaz")
    page.wait_for_function("() => !document.getElementById('st-enter').disabled")
    stored = Event.objects.count()
    page.locator("#st-enter").click()
    page.wait_for_selector("#deal-1 .corrected")
    assert Event.objects.count() == stored + 1  # one correct event; the entry stays in the log
    after = page.locator("#deal-1 .contract").inner_text()
    assert before != after and "Kupa" in after and "it was Kupa, not El Almaz" in after
    screenshot(page, "corrected")
