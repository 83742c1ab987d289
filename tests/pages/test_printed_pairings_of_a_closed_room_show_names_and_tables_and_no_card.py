"""While tables dealt the same board are closed rooms (docs/api.md, "Closed rooms"), the printed
pairings show each table's players and nothing else: no card, no match to open, no score; and the
printed standings hold nothing of the board, as the tournament page's do (the same rows)."""

import pytest
from django.test import Client

from games.service import states
from tests.tournaments.closed_rooms import CARD, PAGE_CARD, deals_ended, person, play, play_until, shared_board_event
from tournaments import read

pytestmark = pytest.mark.django_db


def test_a_board_in_play_prints_as_names_and_tables_only(organiser, make_bot):
    people = [person(f"p{i}") for i in range(8)]
    tournament, (a, b), _bots = shared_board_event(
        organiser, make_bot, "king", {"quick_game_combined_negatives": True}, people, []
    )
    play_until(a, lambda state: deals_ended(state) >= 1)  # table A has finished deal 1 ...
    play(b, 12)  # ... while table B still plays it
    assert deals_ended(states.match_state(b)) == 0

    anonymous, player = Client(), Client()
    player.force_login(people[0])  # a player of the event, who sits in one of the rooms
    for client in (anonymous, player):
        html = client.get(f"/tournaments/{tournament.pk}/print/pairings/").content.decode()
        body = html.split('class="print-sheet"')[1]
        for someone in people:
            assert someone.username in body
        assert 'id="print-table-1-1"' in body and 'id="print-table-1-2"' in body
        assert not CARD.search(body) and not PAGE_CARD.search(html)
        assert "/matches/" not in html

        sheet = client.get(f"/tournaments/{tournament.pk}/print/standings/").content.decode()
        rows = read.standings_rows(tournament)
        assert all(row["matches"] == 0 and row["table_points"] == 0 for row in rows)  # nothing of the board yet
        assert "Round 1 is in play" in sheet
        assert not CARD.search(sheet.split('class="print-sheet"')[1].split('class="root-hash"')[0])
