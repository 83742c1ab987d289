"""A game without tricks (its descriptor's layout is piles) steps a turn at a time instead: "Turn
▶" goes to the end of the next turn (its turn_ended), on the replay and the audit alike."""

import pytest

from games.record import eventlog
from tests.audit.corners_matches import finished_corners
from tests.pages.deals_to_replay import audit_version, browser, link, replay_version, step_of, versions_of

pytestmark = pytest.mark.django_db


def test_the_replay_and_the_audit_step_from_turn_end_to_turn_end(make_bot, staff):
    match = finished_corners(make_bot, "corners", 3)
    rows = eventlog.stream_events(match.stream)
    ends = versions_of(match, "turn_ended")
    assert len(ends) >= 4 and not versions_of(match, "trick")
    client = browser(staff)
    page = client.get(f"/matches/{match.pk}/replay/?deal=1").content.decode()
    assert "Turn ▶" in page and "Trick ▶" not in page
    here = replay_version(page)
    for expected in ends[:4]:
        href = link(page, "replay-next-unit")
        assert step_of(href) == expected
        turn = [r.type for r in rows[here:expected]]
        assert turn.count("turn_ended") == 1 and turn[-1] == "turn_ended"
        page = client.get(f"/matches/{match.pk}/replay/{href}").content.decode()
        here = replay_version(page)
        assert here == expected
    assert step_of(link(page, "replay-prev-unit")) == ends[2]

    audit = client.get(f"/matches/{match.pk}/audit/?seat=1&version={ends[0]}").content.decode()
    assert audit_version(audit) == ends[0]
    assert step_of(link(audit, "audit-next-unit")) == ends[1]
    assert "Turn ▶" in audit and "Trick ▶" not in audit
