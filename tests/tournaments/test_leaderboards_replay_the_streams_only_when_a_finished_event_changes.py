"""The rating book behind the leaderboards and the bot pages is memoised under the finished,
rated tournaments' stream heads: showing it again replays nothing, while a newly finished
tournament or a ruling on a finished one (a new head) is counted at once."""

from games.record import eventlog
from tests.tournaments.test_leaderboards_rate_finished_rated_events_by_ruleset import run_event
from tournaments import leaderboards, projection
from tournaments.service import rulings


def count_replays(monkeypatch):
    replayed = []
    original = eventlog.stream_events
    monkeypatch.setattr(
        eventlog, "stream_events", lambda stream, *a, **k: replayed.append(stream) or original(stream, *a, **k)
    )
    return replayed


def test_a_second_look_replays_nothing_and_gives_the_same_board(organiser, make_bot, monkeypatch):
    event = run_event(organiser, make_bot, [(f"b{i}", "random") for i in range(4)])
    replayed = count_replays(monkeypatch)

    first = leaderboards.leaderboard("king")
    second = leaderboards.leaderboard("king")

    assert replayed == [event.stream]
    assert first == second and len(first) == 4


def test_a_newly_finished_event_is_counted_at_once(organiser, make_bot):
    run_event(organiser, make_bot, [(f"b{i}", "random") for i in range(4)])
    assert len(leaderboards.leaderboard("king")) == 4

    run_event(organiser, make_bot, [(f"c{i}", "random") for i in range(4)])

    assert len(leaderboards.leaderboard("king")) == 8


def test_a_ruling_on_a_finished_event_changes_the_board_at_once(organiser, make_bot):
    event = run_event(organiser, make_bot, [(f"b{i}", "random") for i in range(4)])
    before = {row.name: row.ordinal for row in leaderboards.leaderboard("king")}
    match = event.tables.get().match_id
    reported = projection.update_standings(event.pk).results[match].reported
    winner = max(before, key=before.get)

    # An adjusted score that turns the table's order upside down.
    rulings.do_record_ruling(
        event.pk,
        organiser,
        "adjust_score",
        match,
        "a revoke found later",
        method="artificial",
        deltas=[-2 * score for score in reported],
    )

    after = {row.name: row.ordinal for row in leaderboards.leaderboard("king")}
    assert after[winner] < before[winner]
