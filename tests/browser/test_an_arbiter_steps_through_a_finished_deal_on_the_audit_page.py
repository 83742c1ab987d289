"""An arbiter opens a finished deal on the audit page, steps through it event by event with
every hand open, then looks from one seat's eyes, and reads the verification report; a refused
step says why in place and the stepper goes on working without a reload."""

import re

import pytest

from games.record import eventlog
from games.record.audit import verify_match
from games.service import access, creating
from tests.fixtures.bots import run_until_over
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_an_arbiter_steps_through_a_finished_deal_and_reads_the_verification(
    new_page,
    make_bot,
    django_user_model,
    screenshot,
):
    arbiter = django_user_model.objects.create_user("arbiter", password=PASSWORD)
    match = creating.do_create_match(
        "king", {"quick_game_combined_negatives": True}, [make_bot(name=f"b{i}") for i in range(4)], created_by=arbiter
    )
    run_until_over(match)
    rows = eventlog.stream_events(match.stream)

    page = new_page()
    log_in(page, "arbiter")
    page.goto(f"/matches/{match.pk}/audit/")
    assert page.input_value("#audit-seat") == "all"
    checks = verify_match(match)  # chain, head, seal, seed, end, rules: each one a row
    assert all(c.ok for c in checks) and len(checks) >= 6
    assert page.locator("#verification tr.check.ok").count() == len(checks)
    assert page.locator("#verification tr.check.fail").count() == 0

    page.click("#audit-first")
    page.wait_for_function("() => document.querySelector('#audit-version').textContent.trim() === '1'")
    seen = []
    for step in range(2, 9):
        page.click("#audit-next")
        page.wait_for_function(
            "v => document.querySelector('#audit-version').textContent.trim() === String(v)", arg=step
        )
        seen.append((page.get_attribute("#audit-event", "data-event-type"), page.inner_text("#audit-event")))
        assert re.search(r"/audit/\?seat=all&version=" + str(step), page.url), "each step can be linked"
    assert [kind for kind, _ in seen] == [r.type for r in rows[1:8]]
    assert all(text.strip() for _, text in seen)
    hands = page.locator("#audit-hands [data-hand]")
    assert hands.count() == 4, "every hand open"
    screenshot(page, "all-hands")

    page.select_option("#audit-seat", "2")
    page.wait_for_selector("#audit-hands-heading >> text=The hands as b2 saw them")  # seat 2 holds b2
    assert page.locator("#audit-hands [data-hand]").count() == 1
    seat_two = sorted(page.locator("[data-hand='2'] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    view = access.seat_replay(match, arbiter, 2, 8)["view"]
    assert seat_two == sorted(view["hand"])
    screenshot(page, "seat-2")

    # A refused step (an event past the end, as a stale or edited page might ask for) says why
    # where the step was, leaves the address alone, and the stepper goes on working: no reload.
    here = page.url
    page.eval_on_selector(
        "#audit-slider",
        "el => { el.max = 100000; el.value = 100000; el.dispatchEvent(new Event('change', {bubbles: true})); }",
    )
    page.wait_for_selector("#audit-error[role=alert] >> text=version is 1 to")
    assert page.url == here
    assert page.input_value("#audit-seat") == "2" and page.inner_text("#audit-version").strip() == str(len(rows))
    screenshot(page, "refused-step")
    page.click("#audit-prev")
    page.wait_for_function(
        "v => document.querySelector('#audit-version').textContent.trim() === String(v)", arg=len(rows) - 1
    )
    assert page.locator("#audit-error").count() == 0
    page.click("#audit-next")
    page.wait_for_function(
        "v => document.querySelector('#audit-version').textContent.trim() === String(v)", arg=len(rows)
    )
    assert page.get_attribute("#audit-event", "data-event-type") == rows[-1].type
    assert re.search(r"/audit/\?seat=2&version=" + str(len(rows)) + "$", page.url)
