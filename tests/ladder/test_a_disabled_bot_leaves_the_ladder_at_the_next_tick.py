"""A bot disabled by its owner (or whose owner's account is disabled) leaves the ladder at the
next tick, with reason "disabled", whether it was playing or paused; a live match it sits at
plays on and is rated. Re-enabled, its owner may opt it in again."""

import pytest

from games.record import eventlog
from tests.fixtures.people import body, client_for
from tests.ladder.conftest import RULESET, play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderEntry, LadderTable

pytestmark = pytest.mark.django_db


def test_disabled_bots_leave_and_their_match_is_still_rated(owners, bots):
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    ladder_tick()
    (table,) = LadderTable.objects.all()
    ladder_service.do_join(RULESET, owners[4], bots[4].pk)
    ladder_service.do_set_status(RULESET, owners[4], bots[4].pk, "paused")
    r = client_for(owners[0]).patch(f"/api/v1/bots/{bots[0].pk}/", {"is_active": False}, format="json")
    assert r.status_code == 200 and body(r)["is_active"] is False
    owners[4].is_active = False  # eli's account is disabled
    owners[4].save()
    ladder_tick()
    left = [r.payload for r in eventlog.stream_events(f"ladder/{RULESET}") if r.type == "bot_left"]
    assert left == [{"bot": bots[0].pk, "reason": "disabled"}, {"bot": bots[4].pk, "reason": "disabled"}]
    assert {e.bot_id: (e.status, e.left_reason) for e in LadderEntry.objects.filter(status="left")} == {
        bots[0].pk: ("left", "disabled"),
        bots[4].pk: ("left", "disabled"),
    }
    ladder_tick()  # gone once
    assert len([r for r in eventlog.stream_events(f"ladder/{RULESET}") if r.type == "bot_left"]) == 2
    play_out(table.match)
    ladder_tick()
    assert LadderTable.objects.get(pk=table.pk).rated
    # the three left are seated again (with an anchor), the disabled bot is not
    live = LadderTable.objects.get(match__status="live")
    assert bots[0].pk not in live.seats and len(live.anchors) == 1
    bots[0].is_active = True
    bots[0].save()
    assert ladder_service.do_join(RULESET, owners[0], bots[0].pk).status == "active"
    assert_read_models_equal_a_rebuild(RULESET)
