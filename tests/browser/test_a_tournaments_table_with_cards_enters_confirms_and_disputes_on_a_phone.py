"""A tournament's table with real cards on a phone (docs/tournaments.md, "Tables with cards"):
the phone opens the table by its code, with no account; a deal is tapped in, the next seat
confirms it on the same phone handed over, the next deal is disputed with a note; the page
says where each deal stands, and the organiser's manage page lists the dispute to settle. The
page fits a 390 px phone. Screenshots for review."""

import pytest
from django.contrib.auth import get_user_model

from tests.fixtures.browser import PHONE, log_in
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds, tables_with_cards

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


def enter_first_contract(page):
    """The first contract offered, its whole count to the first player."""
    page.locator("#st-contract-choices button").first.click()
    step = page.locator("#st-counts-body tr:nth-child(1) button.step").nth(1)
    total = page.evaluate(
        "() => JSON.parse(document.getElementById('score-table-sheet').textContent).form.contracts[0].counts[0].total"
    )
    for _ in range(total):
        step.click()
    page.wait_for_function("() => !document.getElementById('st-enter').disabled")
    page.locator("#st-enter").click()


def test_a_deal_confirmed_and_a_deal_disputed_at_a_club_nights_table(new_page, screenshot, organiser):
    t = creation.do_create_tournament(organiser, "Club night", "rifki", {"short_mode": True}, "swiss", 1)
    for name in ["Ayşe", "Mehmet", "Zeynep", "Emre"]:
        someone = get_user_model().objects.create_user(name, password="long-enough-pass")
        entries.do_register(t.pk, someone, user=someone)
    tables_with_cards.do_set_tables_with_cards(t.pk, organiser, 1)
    rounds.do_start_round(t.pk, organiser)
    code = tables_with_cards.current_code(t, TournamentTable.objects.get(tournament=t))

    page = new_page(phone=True)
    page.goto(f"/score-tables/{code}/")
    assert page.locator("h2").inner_text() == "Turkish King (Rifki)"
    enter_first_contract(page)
    page.wait_for_selector("#st-confirm")
    assert "check deal 1" in page.locator("#st-confirm-title").inner_text()
    assert page.locator("#check-1").inner_text() == "waiting for a confirmation"
    screenshot(page, "to-confirm")
    page.locator("#st-confirm").click()
    page.wait_for_selector("#check-1.check-confirmed")
    checker = page.locator("#check-1").inner_text()
    assert checker.startswith("confirmed by ")

    enter_first_contract(page)
    page.wait_for_selector("#st-confirm[data-deal='2']")
    page.locator(".st-dispute summary").click()
    page.locator("#st-dispute").click()  # no note yet: the page asks for one, nothing is sent
    assert page.locator("#st-confirm-check").inner_text() == "Say what is wrong, for the organiser."
    page.fill("#st-dispute-note", "Emre took two hearts")
    page.locator("#st-dispute").click()
    page.wait_for_selector("#check-2.check-disputed")
    assert "Emre took two hearts" in page.locator("#check-2").inner_text()
    assert page.locator("#st-confirm").count() == 0  # a dispute waits for the organiser
    assert page.evaluate(PAGE_WIDTH) <= PHONE["width"]
    screenshot(page, "disputed")

    desk = new_page()
    log_in(desk, "organiser", "long-enough-pass")
    desk.goto(f"/tournaments/{t.pk}/manage/")
    assert "Emre took two hearts" in desk.locator("#entries-to-settle").inner_text()
    with desk.expect_navigation():
        desk.locator("#entries-to-settle li").first.locator("button").click()
    assert "Deal 2 is settled." in desk.content() and desk.locator("#entries-to-settle").count() == 0
    page.reload()
    assert page.locator("#check-2").inner_text().startswith("settled by the organiser")
