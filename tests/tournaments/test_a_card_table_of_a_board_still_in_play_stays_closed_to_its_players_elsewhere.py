"""Closed rooms at tables with cards (docs/api.md "Closed rooms"; docs/tournaments.md, "Tables
with cards"): in duplicate, two tables play one board. A table's code opens its score entry for
the phones at the table, but never for a signed-in person who plays the board at the other
table, and an organiser who plays neither lists, reads nor settles the other table's entries
while the board is in play."""

import pytest

from tests.fixtures.people import client_for
from tests.tournaments.card_tables import User, enter_and_confirm, post
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds, tables_with_cards

pytestmark = pytest.mark.django_db


def test_the_other_tables_players_and_a_playing_organiser_are_kept_out(organiser):
    t = creation.do_create_tournament(organiser, "Duplicate night", "rifki", {"short_mode": True}, "duplicate", 1)
    players = [organiser] + [User.objects.create_user(f"dup-{i}", password="long-enough-pass") for i in range(7)]
    for someone in players:
        entries.do_register(t.pk, someone, user=someone)
    tables_with_cards.do_set_tables_with_cards(t.pk, organiser, 2)
    rounds.do_start_round(t.pk, organiser)
    tables = list(TournamentTable.objects.filter(tournament=t).order_by("table").select_related("match"))
    own = next(row for row in tables if row.match.seats.filter(user=organiser).exists())
    other = next(row for row in tables if row is not own)
    other_code = tables_with_cards.current_code(t, other)
    neighbour = own.match.seats.exclude(user=organiser).first().user  # plays the board at the organiser's table

    sheet = enter_and_confirm(other_code, 1, confirm=False)  # the other table's phone: no account needed
    refused = client_for(neighbour).get(f"/api/v1/score-tables/{other_code}/")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "board_in_play"
    assert "-650" not in refused.content.decode()
    assert (
        post(client_for(neighbour), other_code, {"type": "confirm", "deal": 1, "seat": 1}, sheet["version"]).status_code
        == 403
    )
    assert (
        client_for(neighbour).get(f"/api/v1/score-tables/{tables_with_cards.current_code(t, own)}/").status_code == 200
    )

    listing = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()
    assert [row["match"] for row in listing["tables"]] == [own.match_id]
    assert all(entry["match"] == own.match_id for entry in listing["entries_to_settle"])
    settle = {"match": other.match_id, "deal": 1, "expected_version": sheet["version"], "note": "stands"}
    answer = client_for(organiser).post(f"/api/v1/tournaments/{t.pk}/entries/settle/", settle, format="json")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "board_in_play"
    assert (
        client_for().get(f"/api/v1/score-tables/{other_code}/").json()["deals"][0]["check"]["status"] == "unconfirmed"
    )
