"""On the tournament page, an entrant registered after round 1 was drawn (no match played) is
listed below everyone who played, even those whose table points are negative (the "score"
rule: game scores count as table points, and King's can be negative)."""

import pytest
from django.test import Client

from tests.fixtures.bots import run_until_over
from tests.pages.tables import table_rows
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds, rulings

OFFENCE = next(iter(rulings.OFFENCES))

pytestmark = pytest.mark.django_db


def test_the_late_entrant_is_listed_last(organiser, make_bot):
    tournament = creation.do_create_tournament(
        organiser, "Scores", "king", {"quick_game_combined_negatives": True}, "swiss", 2, table_points="score"
    )
    for i in range(4):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"early-{i}"))
    rounds.do_start_round(tournament.pk, organiser)
    match = TournamentTable.objects.get(tournament=tournament).match
    run_until_over(match)
    results.do_record_result(match.pk)
    # Seat 0 ends far below zero, whatever the deal gave: a penalty (an arbiter's ruling).
    rulings.do_record_ruling(
        tournament.pk, organiser, "penalty", match.pk, "slow play", offence=OFFENCE, seat=0, points=5000
    )
    entries.do_register(tournament.pk, organiser, bot=make_bot(name="late"))

    rows = table_rows(Client().get(f"/tournaments/{tournament.pk}/").content.decode(), "tbody")

    assert rows[-1][1].startswith("late ")
    assert rows[-1][2] == "0" and all(row[2] == "1" for row in rows[:-1])
    assert any(float(row[3]) < 0 for row in rows[:-1])  # someone who played is below zero
