"""Duplicate with cards (docs/tournaments.md, "Tables with cards", "Hand records for duplicate
with cards"): two tables of people play the round's board with real cards and enter it. The
first table to finish records nothing while the other still plays the board (a closed room);
once both have finished, both results count and the standings compare them by matchpoints,
as online duplicate does."""

import pytest

from games.record import eventlog
from tests.fixtures.people import client_for
from tests.tournaments.card_tables import User, enter_and_confirm, post
from tournaments import projection
from tournaments import standings as folds
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds, tables_with_cards

pytestmark = pytest.mark.django_db


def recorded(t):
    return [r.payload["match"] for r in eventlog.stream_events(t.stream) if r.type == "match_result"]


def test_two_card_tables_of_one_board_score_by_matchpoints(organiser, django_capture_on_commit_callbacks):
    t = creation.do_create_tournament(organiser, "Duplicate night", "rifki", {"short_mode": True}, "duplicate", 1)
    for i in range(8):
        someone = User.objects.create_user(f"dup-{i}", password="long-enough-pass")
        entries.do_register(t.pk, someone, user=someone)
    tables_with_cards.do_set_tables_with_cards(t.pk, organiser, 2)
    rounds.do_start_round(t.pk, organiser)
    tables = list(TournamentTable.objects.filter(tournament=t).order_by("table").select_related("match"))
    assert all(row.cards for row in tables) and tables[0].board == tables[1].board == "b0"
    assert tables[0].match.cards_group == tables[1].match.cards_group != ""  # one board, one closed room
    codes = [tables_with_cards.current_code(t, row) for row in tables]

    for number, code in enumerate(codes):
        sheet = enter_and_confirm(code, 12)
        with django_capture_on_commit_callbacks(execute=True):
            assert post(client_for(), code, {"type": "finish"}, sheet["version"]).status_code == 201
        if number == 0:
            assert recorded(t) == []  # table 2 still plays the board: nothing is told yet
    assert sorted(recorded(t)) == sorted(row.match_id for row in tables)
    rows = folds.ranking(projection.update_standings(t.pk))
    assert rows == folds.ranking(projection.rebuild_standings(t.pk))
    # Both tables entered the same outcomes: every seat ties its counterpart, 1 matchpoint of 2.
    assert {(row.matchpoints, row.percentage) for row in rows} == {(1, 50.0)}
