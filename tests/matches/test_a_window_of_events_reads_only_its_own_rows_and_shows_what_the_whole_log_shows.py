"""The events a viewer is shown after a version (the REST API's events, a stream's news) are read
from that version on, not from the game's start, so a follower told of every move reads the few
new rows, not a log that grows all game long (games.service.access.visible_events). Redacted that
way, every window of every game shows exactly what redacting the whole log showed: to each seat
and to a spectator, from every point of the game, live or over, across each deal's opening."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bots import runner
from bots.house import house_bot
from games.engine import RULESETS
from games.engine.redact import redact_events
from games.models import Match
from games.record import eventlog
from games.service import access, creating

pytestmark = pytest.mark.django_db


def whole_log_window(match, events, after, limit, seat):
    """What a viewer was shown before: the whole log up to the match's head redacted, then cut."""
    seen_as, reveal = access.enter(match, None, seat)
    window = redact_events(events[: match.version], seen_as, reveal_finished=reveal, start=after, stop=after + limit)
    return [(after + 1 + i, ev) for i, ev in enumerate(window)]


def played_out(ruleset):
    options = dict(RULESETS[ruleset].short_game or {})
    seats = RULESETS[ruleset].num_seats(options)
    match = creating.do_create_match(ruleset, options, [house_bot("random")] * seats)
    while match.status != Match.Status.OVER:
        runner.run_turns(match.pk, match.version)
        match.refresh_from_db()
    return match


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_window_shows_what_the_whole_log_showed_to_every_viewer(ruleset):
    match = played_out(ruleset)
    events = [eventlog.as_engine_event(row) for row in eventlog.stream_events(match.stream)]
    head, status = match.version, match.status
    # Every deal's opening and the versions either side of it (where a window's reading starts
    # changes), and points between them.
    openings = [i for i, ev in enumerate(events, 1) if ev["type"] == "deal_started"]
    near = {v + d for v in openings for d in (-1, 0, 1)}
    versions = sorted(v for v in {*near, *range(1, head + 1, 23), head} if 1 <= v <= head)
    viewers = [None, *range(match.num_seats)]
    for version in versions:
        # The match as it stood at ``version``: live (its deals then unfinished) or, at the head, over.
        match.version, match.status = version, status if version == head else Match.Status.LIVE
        for after in sorted({0, version - 1, version // 2, max(0, version - 7)}):
            # To the head (a stream's news), and a few (a page of the API's events, whose
            # deal may end past the page).
            for limit in {version - after, min(3, version - after)}:
                for seat in viewers:
                    shown = access.visible_events(match, None, after=after, limit=limit, seat=seat)
                    assert [(item["version"], item["event"]) for item in shown] == whole_log_window(
                        match, events, after, limit, seat
                    ), (ruleset, version, after, limit, seat)


def test_a_follower_told_of_the_last_move_reads_that_row_alone():
    match = played_out("king")
    with CaptureQueriesContext(connection) as queries:
        shown = access.visible_events(match, None, after=match.version - 1, limit=1, seat=0)
    assert [item["version"] for item in shown] == [match.version]
    reads = [q["sql"] for q in queries.captured_queries if '"games_event"' in q["sql"]]
    assert len(reads) == 1 and f"> {match.version - 1}" in reads[0], reads
