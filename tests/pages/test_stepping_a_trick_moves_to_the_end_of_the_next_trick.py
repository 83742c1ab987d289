"""Besides one event at a time, the replay and the audit step a trick at a time: "Trick ▶" goes to
the event that ends the next trick (the trick's four cards played since the one before), "◀ Trick"
back to the end of the one before, and neither links past the ends of the log."""

import pytest

from games.record import eventlog
from tests.pages.deals_to_replay import (
    audit_version,
    browser,
    deal_starts,
    game_of_deals,
    link,
    replay_version,
    step_of,
    versions_of,
)

pytestmark = pytest.mark.django_db


def test_trick_by_trick_through_the_first_deal_on_the_replay(make_bot):
    match = game_of_deals(make_bot)
    rows = eventlog.stream_events(match.stream)
    tricks = versions_of(match, "trick")
    client = browser()
    page = client.get(f"/matches/{match.pk}/replay/?deal=1").content.decode()
    assert link(page, "replay-prev-unit") is None  # nothing before the first trick
    here = replay_version(page)
    for expected in tricks[:13]:
        target = step_of(link(page, "replay-next-unit"))
        assert target == expected
        between = [r.type for r in rows[here:target]]  # the events after ``here``, up to the trick's end
        assert between.count("trick") == 1 and between[-1] == "trick"
        assert between.count("play") == 4  # one card from each seat
        page = client.get(f"/matches/{match.pk}/replay/{link(page, 'replay-next-unit')}").content.decode()
        assert replay_version(page) == target
        here = target
    assert step_of(link(page, "replay-prev-unit")) == tricks[11]


def test_the_audit_steps_by_trick_too_and_stops_at_the_last(make_bot, staff):
    match = game_of_deals(make_bot)
    tricks = versions_of(match, "trick")
    client = browser(staff)
    start = deal_starts(match)[1]
    page = client.get(f"/matches/{match.pk}/audit/?deal=1").content.decode()
    assert audit_version(page) == start and step_of(link(page, "audit-next-unit")) == tricks[0]
    page = client.get(link(page, "audit-next-unit")).content.decode()
    assert audit_version(page) == tricks[0] and step_of(link(page, "audit-next-unit")) == tricks[1]
    assert link(page, "audit-prev-unit") is None
    end = client.get(f"/matches/{match.pk}/audit/?version={match.version}").content.decode()
    assert link(end, "audit-next-unit") is None and step_of(link(end, "audit-prev-unit")) == tricks[-1]
