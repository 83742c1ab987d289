"""The ladder's tick (Celery beat) seats the free active bots at new matches of the ladder's
options, neighbours in rating at a table, a short group completed with house anchors; a bot
plays one live ladder match at a time, and at most LADDER_MAX_TABLES tables are live. When a
ladder match ends, games' announcement queues a task that rates it once from its final
scores; a lost task is made good by the next tick. The read models equal a rebuild from the
stream throughout."""

import pytest

from bots.house_names import house_bot_name
from games.models import Match, Seat
from games.record import eventlog
from games.service import states
from tests.ladder.conftest import RULESET, play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import key_of
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderRating, LadderTable

pytestmark = pytest.mark.django_db
STREAM = f"ladder/{RULESET}"


def join_all(owners, bots):
    for owner, bot in zip(owners, bots):
        ladder_service.do_join(RULESET, owner, bot.pk)


def test_five_bots_make_a_full_table_and_a_table_completed_by_anchors(
    owners, bots, ladder_tasks, django_capture_on_commit_callbacks
):
    join_all(owners, bots)
    ladder_tick()
    tables = list(LadderTable.objects.filter(ruleset=RULESET).order_by("pk"))
    assert len(tables) == 2
    ours = {b.pk for b in bots}
    full, short = tables
    assert set(full.seats) <= ours and full.anchors == []
    assert len(set(short.seats) & ours) == 1 and len(short.anchors) == 3
    anchor_names = {Seat.objects.get(match=short.match, bot_id=b).bot.name for b in short.anchors}
    assert anchor_names == {house_bot_name(s) for s in ("random", "heuristic", "montecarlo")}
    for table in tables:
        match = table.match
        assert (match.event, match.status, match.options["quick_game_combined_negatives"]) == (STREAM, "live", True)
        assert list(Seat.objects.filter(match=match).order_by("index").values_list("bot_id", flat=True)) == table.seats
    seated = [r.payload for r in eventlog.stream_events(STREAM) if r.type == "table_seated"]
    assert seated == [{"match": t.match_id, "seats": t.seats, "anchors": t.anchors} for t in tables]
    ladder_tick()  # every bot is at a live table: nothing more to seat
    assert LadderTable.objects.count() == 2

    play_out(full.match, on_commit=django_capture_on_commit_callbacks)
    assert ladder_tasks == [("rate", full.match_id)]  # games announced the end; a task is queued
    event = ladder_service.do_rate_match(full.match_id)
    assert ladder_service.do_rate_match(full.match_id) is None  # once
    match = Match.objects.get(pk=full.match_id)
    assert event == {
        "type": "match_rated",
        "match": match.pk,
        "seats": [key_of(b) for b in full.seats],
        "scores": list(states.match_state(match).scores),
        "lowest_wins": False,
        "taken_over": [],  # every seat played by its own bot to the end
    }
    ended = [r for r in eventlog.stream_events(match.stream) if r.type == "game_ended"]
    assert event["scores"] == ended[0].payload["scores"]
    assert LadderRating.objects.filter(ruleset=RULESET).count() == 4
    assert_read_models_equal_a_rebuild(RULESET)

    play_out(short.match)  # its task is "lost": the tick rates it
    ladder_tick()
    assert LadderTable.objects.get(pk=short.pk).rated
    anchors = LadderRating.objects.filter(ruleset=RULESET, anchor=True)
    assert {r.bot_id for r in anchors} == set(short.anchors)
    # and the five are seated again, by their new ratings
    assert LadderTable.objects.filter(ruleset=RULESET, match__status="live").count() == 2
    assert_read_models_equal_a_rebuild(RULESET)


def test_a_paused_bot_is_not_seated_and_the_table_limit_holds(owners, bots, settings):
    join_all(owners[:4], bots[:4])
    ladder_service.do_set_status(RULESET, owners[0], bots[0].pk, "paused")
    settings.LADDER_MAX_TABLES = 1
    ladder_tick()
    (table,) = LadderTable.objects.all()
    assert bots[0].pk not in table.seats and len(table.anchors) == 1
    ladder_service.do_set_status(RULESET, owners[0], bots[0].pk, "active")
    ladder_tick()  # one table is live already: the limit
    assert LadderTable.objects.count() == 1
    settings.LADDER_MAX_TABLES = 2
    ladder_tick()
    assert LadderTable.objects.count() == 2
    assert_read_models_equal_a_rebuild(RULESET)


def test_an_empty_ladder_ticks_without_writing(owners):
    ladder_tick()
    assert not eventlog.stream_events(STREAM) and not LadderTable.objects.exists()
