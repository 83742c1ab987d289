"""The audit page carries the verification report (games.record.audit.verify_match): each check with
ok or FAIL, its stream and the version where it fails. A tampered log shows FAIL at the
tampered event, and the page still answers where the log no longer replays.

The append-only triggers refuse changes; to tamper at all a test lifts them, as an intruder with
the database owner's rights could (tests/audit/test_verify_reports_tampering_at_the_version_where_it_happened.py).
"""

import re

import pytest
from django.db import connection

from games.models import Event
from games.record import eventlog, triggers
from games.service import states
from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import browser, finished_deal

pytestmark = pytest.mark.django_db
CHECK = re.compile(
    r'<tr class="check (ok|fail)" data-check="(\w+)">.*?<code>([^<]*)</code>.*?<td class="num">(.*?)</td>', re.S
)


@pytest.fixture
def tamper():
    triggers.remove(connection)
    yield
    triggers.install(connection)


def report(page):
    """The report's rows as (ok or fail, check, stream, version or None)."""
    section = page[page.index('id="verification"') :]
    return [
        (result, check, stream, int(re.sub(r"<[^>]*>", "", version) or 0) or None)
        for result, check, stream, version in CHECK.findall(section)
    ]


def test_an_untouched_log_lists_every_check_as_ok(players, staff):
    match = finished_deal(players, staff)
    page = browser(players[0]).get(f"/matches/{match.pk}/audit/").content.decode()
    assert report(page) == [
        ("ok", check, match.stream, None) for check in ("chain", "head", "seal", "end", "seed", "rules")
    ]
    assert "Every check passes." in page


def test_a_changed_card_shows_fail_at_its_version_and_the_page_still_answers(players, staff, tamper):
    match = finished_deal(players, staff)
    target = Event.objects.filter(stream=match.stream, type="play").order_by("version")[4]
    before = states.match_state(match, eventlog.stream_events(match.stream)[: target.version - 1])
    other = before.hand((target.payload["seat"] + 1) % 4)[0]  # a card the player did not hold
    Event.objects.filter(pk=target.pk).update(payload={**target.payload, "card": other})
    viewer = browser(staff)
    response = viewer.get(f"/matches/{match.pk}/audit/?version={match.version}")  # past the forgery
    assert response.status_code == 200
    page = response.content.decode()
    assert ("fail", "chain", match.stream, target.version) in report(page)
    assert "Some checks FAIL" in page
    assert "cannot be replayed up to event" in page  # the log no longer replays past the forgery
    before = viewer.get(f"/matches/{match.pk}/audit/?seat=all&version={target.version - 1}")
    assert before.status_code == 200 and 'id="audit-event"' in before.content.decode()


def test_a_forged_trick_winner_fails_the_rules_check_at_that_trick(players, staff, tamper):
    match = finished_deal(players, staff)
    trick = Event.objects.filter(stream=match.stream, type="trick").order_by("version")[0]
    Event.objects.filter(pk=trick.pk).update(payload={**trick.payload, "winner": (trick.payload["winner"] + 1) % 4})
    page = browser(players[0]).get(f"/matches/{match.pk}/audit/?seat=0&version={trick.version}").content.decode()
    assert ("fail", "chain", match.stream, trick.version) in report(page)
    assert ("fail", "rules", match.stream, trick.version) in report(page)
