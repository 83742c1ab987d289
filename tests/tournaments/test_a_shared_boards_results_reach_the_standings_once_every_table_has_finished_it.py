"""docs/api.md "Closed rooms": a table that has finished a board other tables still play is a
closed room, its result too. Its scores would tell the other tables how the board went, so its
match_result waits: the standings, the results listing and the tournament's stream hold
nothing of it until the last table of the board has finished; then every table's result is
recorded at once (whichever table's end, or the sweep, gets there)."""

import pytest
from rest_framework.test import APIClient

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tests.fixtures.people import body
from tournaments import tasks
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds

pytestmark = pytest.mark.django_db


def recorded(tournament):
    """The matches whose result the tournament's stream holds, in order."""
    return [r.payload["match"] for r in eventlog.stream_events(tournament.stream) if r.type == "match_result"]


def standings_matches(tournament):
    """Matches played per entrant, as the public standings count them."""
    rows = body(APIClient().get(f"/api/v1/tournaments/{tournament.pk}/standings/"))["standings"]
    return {row["matches"] for row in rows}


def test_a_finished_tables_result_waits_for_the_last_table_of_its_board(organiser, make_bot):
    tournament = creation.do_create_tournament(
        organiser, "Dup", "king", {"quick_game_combined_negatives": True}, "duplicate", 1
    )
    for i in range(8):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"d{i}"))
    rounds.do_start_round(tournament.pk, organiser)
    first, second = (t.match for t in TournamentTable.objects.filter(tournament=tournament).order_by("table"))

    run_until_over(first)  # announced as it ends, as the worker does: nothing is recorded
    assert results.results_due(first.pk) == []
    assert results.do_record_result(first.pk) is None  # refused while table 2 plays: nothing stored
    tasks.sweep_tournaments()  # the sweep holds it back too
    assert not TournamentTable.objects.filter(tournament=tournament, result_recorded=True).exists()
    assert recorded(tournament) == []
    assert standings_matches(tournament) == {0}

    run_until_over(second)  # its end is announced (tournaments.tasks.on_match_advanced) ...
    assert recorded(tournament) == [first.pk, second.pk]  # ... and records both tables' results
    assert results.results_due(second.pk) == []
    assert standings_matches(tournament) == {1}
