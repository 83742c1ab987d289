"""An autopilot tournament runs itself once its organiser starts the first round."""

from games.models import Match
from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments import tasks
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds

QUICK = {"quick_game_combined_negatives": True}


def autopilot_event(organiser, make_bot, rounds=2, autopilot=True, entrants=4):
    t = creation.do_create_tournament(organiser, "Auto", "king", QUICK, "swiss", rounds, autopilot=autopilot)
    for i in range(entrants):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"auto{i}"))
    return t


def play_open_tables(tournament):
    for table in TournamentTable.objects.filter(tournament=tournament, result_recorded=False):
        run_until_over(table.match)


def test_the_last_result_of_a_round_closes_it_and_starts_the_next_as_the_system(
    organiser, make_bot, enqueued_bot_turns
):
    t = autopilot_event(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    play_open_tables(t)
    assert ("advance_tournament", t.pk) in enqueued_bot_turns  # the result asked the autopilot to look
    assert rounds.do_advance(t.pk) == ["close", "start"]
    t.refresh_from_db()
    assert (t.current_round, t.closed_round, t.status) == (2, 1, "running")
    rows = eventlog.stream_events(t.stream)
    assert [(r.type, r.metadata["actor"]) for r in rows[-2:]] == [
        ("round_closed", "system"),
        ("round_started", "system"),
    ]
    play_open_tables(t)
    assert rounds.do_advance(t.pk) == ["close"]
    t.refresh_from_db()
    assert t.status == "finished"
    assert eventlog.stream_events(t.stream)[-1].type == "tournament_ended"
    assert rounds.do_advance(t.pk) == []


def test_the_autopilot_waits_for_every_table_of_the_round(organiser, make_bot):
    t = autopilot_event(organiser, make_bot, entrants=8)
    rounds.do_start_round(t.pk, organiser)
    first, second = TournamentTable.objects.filter(tournament=t).order_by("table")
    run_until_over(first.match)
    version = t.__class__.objects.get(pk=t.pk).version
    assert rounds.do_advance(t.pk) == []
    assert t.__class__.objects.get(pk=t.pk).version == version  # nothing appended
    run_until_over(second.match)
    assert rounds.do_advance(t.pk) == ["close", "start"]


def test_without_autopilot_rounds_wait_for_the_organiser(organiser, make_bot, enqueued_bot_turns):
    t = autopilot_event(organiser, make_bot, autopilot=False)
    rounds.do_start_round(t.pk, organiser)
    play_open_tables(t)
    assert ("advance_tournament", t.pk) not in enqueued_bot_turns
    assert rounds.do_advance(t.pk) == []
    t.refresh_from_db()
    assert (t.current_round, t.closed_round) == (1, 0)


def test_the_autopilot_does_not_start_the_first_round(organiser, make_bot):
    t = autopilot_event(organiser, make_bot)
    assert rounds.do_advance(t.pk) == []
    assert not TournamentTable.objects.filter(tournament=t).exists()


def test_the_sweep_records_a_result_whose_announcement_was_lost(organiser, make_bot, enqueued_bot_turns):
    from games.hooks import MATCH_ADVANCED

    t = autopilot_event(organiser, make_bot, rounds=1)
    rounds.do_start_round(t.pk, organiser)
    table = TournamentTable.objects.get(tournament=t)
    MATCH_ADVANCED.unregister(tasks.on_match_advanced)
    try:
        run_until_over(table.match)
    finally:
        MATCH_ADVANCED.register(tasks.on_match_advanced)
    table.refresh_from_db()
    assert table.match.status == Match.Status.OVER and not table.result_recorded
    tasks.sweep_tournaments()
    table.refresh_from_db()
    assert table.result_recorded
    assert ("update_standings", t.pk) in enqueued_bot_turns and ("advance_tournament", t.pk) in enqueued_bot_turns
