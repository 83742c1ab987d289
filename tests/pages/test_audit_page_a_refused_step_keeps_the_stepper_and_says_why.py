"""A refused htmx step (every hand open asked by a non-arbiter, a bad seat or version, an event
of a deal not over yet) keeps its status and shows its reason in place of the step, with the
stepper still there: the viewer steps on or chooses another seat without reloading. The answer
is marked with X-Table-Refusal, as the table's refusals are, so that the page swaps it in; it
shows no card, leaves the address where it was, and changes nothing."""

import html
import re

import pytest

from games.record import eventlog
from games.service import access, creating
from tests.pages.tables import into_the_second_deal
from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import CARD, browser, finished_deal
from tests.pages.test_audit_page_steps_event_by_event_in_words import HTMX, link

pytestmark = pytest.mark.django_db
STEPPER = (
    'id="audit-controls"',
    'id="audit-seat"',
    'id="audit-slider"',
    'id="audit-first"',
    'id="audit-prev"',
    'id="audit-next"',
    'id="audit-last"',
)


def log_of(match):
    return [(r.version, r.hash) for r in eventlog.stream_events(match.stream)]


def stepper_at(page):
    """(seat selected, version shown) of the stepper in a page or fragment."""
    select = re.search(r'<select id="audit-seat".*?</select>', page, re.S).group(0)
    return (
        re.search(r'<option value="([^"]+)" selected>', select).group(1),
        int(re.search(r'id="audit-version">(\d+)<', page).group(1)),
    )


def refused(client, url, status, reason):
    """The refusal answer to an htmx step: its status, its marks and its reason; the fragment."""
    response = client.get(url, **HTMX)
    page = response.content.decode()
    assert response.status_code == status, page
    assert response["X-Table-Refusal"] == "1" and response["HX-Push-Url"] == "false"
    assert "<html" not in page
    alert = re.search(r'<div [^>]*id="audit-error"[^>]*role="alert"[^>]*>(.*?)</div>', page, re.S)
    assert alert and reason in html.unescape(alert.group(1)) and f"Refused ({status})" in alert.group(1)
    assert not CARD.findall(page) and 'id="audit-event"' not in page  # the reason stands in for the step
    return page


def test_every_hand_asked_by_a_player_keeps_the_stepper_at_their_seat_and_the_same_event(players, staff):
    match = finished_deal(players, staff)
    before = log_of(match)
    url = f"/matches/{match.pk}/audit/"
    player = browser(players[2])
    page = refused(player, f"{url}?seat=all&version=12", 403, "only an arbiter sees every hand")
    assert all(control in page for control in STEPPER)
    assert stepper_at(page) == ("2", 12)
    assert link(page, "audit-next") == f"{url}?seat=2&version=13"
    assert link(page, "audit-prev") == f"{url}?seat=2&version=11"
    assert 'value="all"' not in page  # the seat picker offers only what this viewer may choose

    step = player.get(link(page, "audit-next"), **HTMX)  # stepping on works straight away
    assert step.status_code == 200 and stepper_at(step.content.decode()) == ("2", 13)
    other = player.get(f"{url}?seat=0&version=12", **HTMX)  # and so does another seat
    assert other.status_code == 200 and stepper_at(other.content.decode()) == ("0", 12)
    assert log_of(match) == before


@pytest.mark.parametrize(
    "query,status,reason,at",
    [
        ("seat=1&version=100000", 400, "version is 1 to", ("1", "last")),
        ("seat=1&version=abc", 400, "version must be a whole number", ("1", "last")),
        ("seat=1&version=0", 400, "version is 1 to", ("1", "last")),
        ("seat=9&version=7", 400, "seat is 0 to 3", ("3", 7)),
        ("seat=x&version=abc", 400, "version must be a whole number", ("3", "last")),
    ],
)
def test_a_bad_seat_or_version_keeps_what_was_good_and_the_stepper(players, staff, query, status, reason, at):
    match = finished_deal(players, staff)
    before = log_of(match)
    page = refused(browser(players[3]), f"/matches/{match.pk}/audit/?{query}", status, reason)
    assert all(control in page for control in STEPPER)
    seat, version = at
    assert stepper_at(page) == (seat, match.version if version == "last" else version)
    assert log_of(match) == before


def test_an_event_of_a_deal_still_in_play_falls_back_to_the_end_of_the_last_finished_deal(players, staff):
    match = into_the_second_deal(players, staff, b"refusals" * 4)
    finished = access.finished_through(eventlog.stream_events(match.stream))
    before = log_of(match)
    page = refused(
        browser(players[1]),
        f"/matches/{match.pk}/audit/?seat=1&version={match.version}",
        403,
        "a deal can be replayed once it is over",
    )
    assert all(control in page for control in STEPPER)
    assert stepper_at(page) == ("1", finished)
    assert link(page, "audit-next") is None  # nothing past the finished deal to step to
    assert log_of(match) == before


def test_a_viewer_who_may_see_no_step_at_all_gets_the_reason_alone(players, staff):
    match = creating.do_create_match("king", {}, players, seed=b"nothing yet" * 3, created_by=staff)
    page = refused(
        browser(None), f"/matches/{match.pk}/audit/?seat=0&version=1", 403, "a deal can be replayed once it is over"
    )
    assert not any(control in page for control in STEPPER)


def test_a_whole_page_refusal_has_the_stepper_too_and_the_page_swaps_refusals_as_the_table_does(players, staff):
    match = finished_deal(players, staff)
    response = browser(players[0]).get(f"/matches/{match.pk}/audit/?seat=all&version=5")
    page = response.content.decode()
    assert response.status_code == 403 and response["X-Table-Refusal"] == "1"
    assert "HX-Push-Url" not in response  # only an htmx step touches the address
    assert all(control in page for control in STEPPER) and stepper_at(page) == ("0", 5)
    assert 'role="alert"' in page and not CARD.findall(page)
    assert "js/audit.js" in page  # the page's script, a static file (the Content-Security-Policy)
    from django.contrib.staticfiles import finders

    script = open(finders.find("js/audit.js")).read()
    assert 'getResponseHeader("X-Table-Refusal")' in script and "e.detail.shouldSwap = true" in script
    assert "responseHandling" not in page  # one way to swap a refusal, the table's

    fine = browser(players[0]).get(f"/matches/{match.pk}/audit/?seat=0&version=5", **HTMX)
    assert fine.status_code == 200 and "X-Table-Refusal" not in fine and "HX-Push-Url" not in fine
