"""Every ruling shows where the public reads the results (docs/tournaments.md, "Calling the
director"): a penalty recorded on a finished match is on the tournament's page, with its
reason, round, table and each changed score before and after, and on that match's score sheet;
another match's sheet shows none."""

import re

import pytest
from django.test import Client

from tests.tournaments.director_calls import finish, one_table_night
from tournaments import projection
from tournaments.service import rulings

pytestmark = pytest.mark.django_db


def text(response):
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_a_penalty_and_its_reason_are_on_the_public_page_and_the_sheet(organiser, players):
    tournament, match = one_table_night(organiser, players)
    finish(match)
    seat = match.seats.get(user=players[1]).index
    before = projection.update_standings(tournament.pk).results[match.pk].scores[seat]
    rulings.do_record_ruling(
        tournament.pk, organiser, "penalty", match.pk, "Revoke in deal 2", offence="revoke", seat=seat, points=5
    )
    changed = f"{players[1].username}: {before:g} → {before - 5:g} game points"

    page = text(Client().get(f"/tournaments/{tournament.pk}/"))
    assert "Rulings" in page and "Penalty" in page
    assert "Reason: Revoke in deal 2" in page
    assert "round 1, table 1" in page and f"match {match.pk}" in page
    assert f"Seat {seat + 1} ({players[1].username}): 5 points for revoke" in page
    assert changed in page

    sheet = text(Client().get(f"/matches/{match.pk}/sheet/"))
    assert "Rulings on this match" in sheet
    assert "Reason: Revoke in deal 2" in sheet and changed in sheet


def test_a_tournament_without_rulings_says_so_and_its_sheets_show_no_rulings_section(organiser, players):
    tournament, match = one_table_night(organiser, players)
    assert "No rulings." in text(Client().get(f"/tournaments/{tournament.pk}/"))
    assert "Rulings on this match" not in text(Client().get(f"/matches/{match.pk}/sheet/"))
