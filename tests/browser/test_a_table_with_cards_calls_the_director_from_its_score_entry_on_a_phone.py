"""A table with cards calls the director from its score entry on a phone, with no account
(docs/tournaments.md, "Calling the director"): "Call the director" folds open under the sheet,
the call is sent with the table's code, and the page shows it, then the organiser's reply."""

import pytest

from games.record import eventlog
from tests.fixtures.people import client_for
from tests.tournaments.card_tables import people_and_bots
from tournaments.service import director_calls, rounds

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_the_phone_at_a_table_with_cards_calls_and_reads_the_reply(new_page, screenshot, organiser, make_bot):
    t = people_and_bots(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    code = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()["tables"][0]["code"]

    phone = new_page(phone=True)
    phone.goto(f"/score-tables/{code}/")
    phone.locator("#call-new > summary").click()
    phone.fill("#call-note", "We dealt deal 1 twice by mistake: what now?")
    phone.locator("#call-new").scroll_into_view_if_needed()
    screenshot(phone, "score-entry-call-phone")
    phone.locator("#call-director").click()
    phone.locator("#director-calls").get_by_text("Waiting for the director").wait_for()
    call = eventlog.stream_events(t.stream)[-1]
    assert call.type == "director_called" and call.payload["via"] == "code"

    director_calls.do_answer(t.pk, organiser, call.version, reply="Redeal it from the shuffled pack and go on.")
    phone.reload()
    answer = phone.locator("#director-calls .call-answer")
    answer.wait_for()
    assert "Redeal it from the shuffled pack" in answer.inner_text()
    phone.locator("#director-calls").scroll_into_view_if_needed()
    screenshot(phone, "score-entry-reply-phone")
