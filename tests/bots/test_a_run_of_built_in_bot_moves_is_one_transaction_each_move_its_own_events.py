"""Built-in bots play a run of moves in one transaction (bots.runner.play_builtin_run): one
insert for the run's events, each move still its own events with its own hash and its own
actor and seat, announced once; the run ends at a person's turn, whom it leaves to play."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from bots import runner
from games.engine import RULESETS
from games.hooks import MATCH_ADVANCED
from games.models import Match
from games.record import eventlog
from games.service import creating, playing, states


def inserts_into(table, queries):
    """The statements that insert into ``table`` (on PostgreSQL the append is one WITH ... INSERT)."""
    return [q for q in queries if re.search(rf'INSERT INTO "?{table}"?\s', q["sql"], re.IGNORECASE)]


def test_a_table_of_house_bots_plays_the_whole_match_in_one_run_with_one_insert(
    make_bot, settings, django_capture_on_commit_callbacks
):
    settings.BOT_TIME_SLICE_SECONDS = 600  # nothing cuts the run short
    game = RULESETS["king"]
    bots = [make_bot(name=f"r{i}") for i in range(game.num_seats(None))]
    match = creating.do_create_match("king", {}, bots)
    created = match.version
    heard = []

    def listener(announced):
        heard.append(announced.version)

    MATCH_ADVANCED.register(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True), CaptureQueriesContext(connection) as captured:
            runner.run_turns(match.pk, match.version)
    finally:
        MATCH_ADVANCED.unregister(listener)
    match.refresh_from_db()
    assert match.status == Match.Status.OVER and match.version > created + 500
    inserts = inserts_into("games_event", captured.captured_queries)
    # One statement on PostgreSQL; SQLite caps a statement's variables, so Django splits the rows.
    assert len(inserts) == 1 if connection.vendor == "postgresql" else len(inserts) <= (match.version - created) // 100
    assert heard == [match.version]  # announced once, at the end of the run

    rows = eventlog.stream_events(match.stream)
    assert [r.version for r in rows] == list(range(1, match.version + 1)) and eventlog.check_chain(rows) is None
    assert len({r.hash for r in rows}) == len(rows)
    by_seat = {r.metadata["seat"]: r.metadata["actor"] for r in rows[created:] if "seat" in r.metadata}
    assert by_seat == {seat: f"bot:{bot.pk}" for seat, bot in enumerate(bots)}
    # Each move was stamped when it was decided: the run's events do not all share one time.
    assert len({r.recorded_at for r in rows[created:]}) > 1


def test_a_run_stops_at_a_persons_turn_and_leaves_it_to_them(make_bot, players, settings):
    settings.BOT_TIME_SLICE_SECONDS = 600
    person = players[0]
    match = creating.do_create_match(
        "king", {}, [make_bot(name="r0"), person, make_bot(name="r2"), make_bot(name="r3")]
    )
    for _ in range(40):
        match.refresh_from_db()
        state = states.current_state(match)
        if state.to_act == 1:
            before = match.version
            runner.run_turns(match.pk, match.version)
            match.refresh_from_db()
            assert match.version == before  # the person's turn: no bot plays it
            playing.submit_action(match.pk, person, state.legal_actions()[0], match.version)
        else:
            runner.run_turns(match.pk, match.version)
            match.refresh_from_db()
            assert states.current_state(match).to_act == 1 or match.status == Match.Status.OVER
    assert eventlog.check_chain(eventlog.stream_events(match.stream)) is None
