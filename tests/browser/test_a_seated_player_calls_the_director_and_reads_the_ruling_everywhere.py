"""Calling the director in a real browser, on a phone and a desktop (docs/tournaments.md,
"Calling the director"): a seated player calls the director from the table with a note; the
organiser answers it with a penalty from the manage page; the player reads the ruling at the
table, and the tournament page and the match's score sheet show it with its reason and what it
changed."""

import re

import pytest
from django.contrib.auth import get_user_model

from games.record import eventlog
from tests.fixtures.browser import PASSWORD, log_in
from tests.tournaments.director_calls import finish, one_table_night

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_call_from_the_table_is_answered_by_a_penalty_the_table_and_the_public_read(new_page, screenshot):
    users = get_user_model().objects
    organiser = users.create_user("organiser", password=PASSWORD)
    people = [users.create_user(name, password=PASSWORD) for name in ("ana", "bruno", "carla", "davi")]
    tournament, match = one_table_night(organiser, people)
    seat = match.seats.get(user=people[0]).index

    phone = new_page(phone=True)
    log_in(phone, "ana")
    phone.goto(f"/matches/{match.pk}/")
    phone.locator("#call-director-link").click()
    phone.wait_for_url(re.compile(rf"/tournaments/{tournament.pk}/calls/new/"))
    phone.fill("#id_note", "Bruno played a heart after showing out of hearts.")
    screenshot(phone, "call-form-phone")
    phone.locator("#call-director").click()
    phone.wait_for_url(re.compile(rf"/matches/{match.pk}/"))
    phone.locator("#director-calls").get_by_text("Waiting for the director").wait_for()
    phone.locator("#director-calls").scroll_into_view_if_needed()
    screenshot(phone, "call-waiting-phone")
    call = eventlog.stream_events(tournament.stream)[-1]
    assert call.type == "director_called" and call.payload["seat"] == seat

    finish(match)  # the penalty applies to the recorded result
    desk = new_page()
    log_in(desk, "organiser")
    desk.goto(f"/tournaments/{tournament.pk}/manage/")
    box = desk.locator(f"#call-{call.version}")
    box.get_by_text("Bruno played a heart").wait_for()
    box.locator("details.ruling-answer > summary").click()
    prefix = f"#id_call{call.version}-"
    desk.select_option(prefix + "kind", "penalty")
    desk.fill(prefix + "reason", "Revoke: two tricks go to the other side")
    desk.select_option(prefix + "offence", "revoke")
    bruno = match.seats.get(user=people[1]).index
    desk.select_option(prefix + "seat", str(bruno))
    desk.fill(prefix + "points", "5")
    box.scroll_into_view_if_needed()
    screenshot(desk, "manage-answer-desktop")
    desk.locator(f"#rule-{call.version}").click()
    desk.get_by_text("The ruling is recorded").wait_for()
    rows = eventlog.stream_events(tournament.stream)
    assert [r.type for r in rows[-2:]] == ["ruling", "director_answered"]
    assert rows[-2].payload["seat"] == bruno and rows[-2].payload["points"] == 5

    phone.goto(f"/matches/{match.pk}/")
    answer = phone.locator("#director-calls .call-answer")
    answer.wait_for()
    assert "organiser rules: Penalty. Revoke: two tricks go to the other side" in answer.inner_text()
    phone.locator("#director-calls").scroll_into_view_if_needed()
    screenshot(phone, "ruling-at-the-table-phone")

    for page, size in ((phone, "phone"), (desk, "desktop")):
        page.goto(f"/tournaments/{tournament.pk}/")
        rulings = page.locator("#public-rulings")
        rulings.get_by_text("Reason: Revoke: two tricks go to the other side").wait_for()
        assert "5 points for revoke" in rulings.inner_text()
        assert re.search(r"bruno: -?[\d.]+ → -?[\d.]+ game points", rulings.inner_text())
        rulings.scroll_into_view_if_needed()
        screenshot(page, f"tournament-rulings-{size}")
        page.goto(f"/matches/{match.pk}/sheet/")
        page.locator("#sheet-rulings").get_by_text("Revoke: two tricks go to the other side").wait_for()
        screenshot(page, f"sheet-rulings-{size}")
