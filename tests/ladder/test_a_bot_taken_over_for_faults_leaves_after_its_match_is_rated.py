"""A ladder bot that faults so often in a match that a built-in bot takes its seat over leaves
the ladder (reason "faults") once that match is rated: the match counts, as its forfeit (the
test beside this one says how it is rated), and the bot is not seated again until its owner
opts it back in."""

import pytest

from games.record import eventlog
from tests.ladder.conftest import RULESET, play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import key_of
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderEntry, LadderRating, LadderTable

pytestmark = pytest.mark.django_db


def test_the_faulty_bot_leaves_after_the_rating(owners, bots):
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    ladder_tick()
    (table,) = LadderTable.objects.all()
    faulty_seat = 2
    faulty = table.seats[faulty_seat]
    play_out(table.match, take_over=faulty_seat)
    rows = eventlog.stream_events(table.match.stream)
    assert [r.payload["seat"] for r in rows if r.type == "seat_taken_over"] == [faulty_seat]
    assert LadderEntry.objects.get(bot_id=faulty).status == "active"  # not before the rating
    event = ladder_service.do_rate_match(table.match_id)
    ladder = [eventlog.as_engine_event(r) for r in eventlog.stream_events(f"ladder/{RULESET}")][-2:]
    assert ladder == [event, {"type": "bot_left", "bot": faulty, "reason": "faults"}]
    assert (LadderEntry.objects.get(bot_id=faulty).status, LadderEntry.objects.get(bot_id=faulty).left_reason) == (
        "left",
        "faults",
    )
    assert LadderRating.objects.get(key=key_of(faulty)).games == 1  # the match counted
    ladder_tick()
    live = LadderTable.objects.get(match__status="live")
    assert faulty not in live.seats and len(live.anchors) == 1
    assert_read_models_equal_a_rebuild(RULESET)
