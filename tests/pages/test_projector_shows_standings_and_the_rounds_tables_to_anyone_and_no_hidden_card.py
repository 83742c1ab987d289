"""The projector view (/tournaments/<id>/projector/) is for a wall screen: the standings and the
latest round's tables (who sits where, which deal, the scores), public as the tournament page
is, with no site navigation. It shows no card: a table's progress is the spectator's view. It
polls ?v=<version>: an unchanged tournament answers 204 with no body, a move at a table or a
new result a fresh part with the new version."""

import re

import pytest
from django.test import Client

from tests.pages.tables import table_rows
from tests.pages.wallboard import CARD, hidden_cards, play_moves, round_in_play, signed_in
from tournaments.wallboard import projector_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(organiser, make_bot):
    return round_in_play(organiser, make_bot)


def test_anyone_sees_the_standings_and_each_table_of_the_round(room):
    tournament, (over, live) = room
    page = Client().get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert '<header class="site">' not in page  # a wall screen: no site navigation
    assert "Club night" in page and "Round 1" in page
    standings = table_rows(page, "tbody")
    assert len(standings) == 8 and standings[0][0] == "1"
    assert [row[2] for row in standings].count("1") == 4  # table 1's four have played a match
    first = re.search(r'id="projector-table-1".*?</li>\s*</ul>', page, re.S).group(0)
    second = re.search(r'id="projector-table-2".*?</li>\s*</ul>', page, re.S).group(0)
    assert "over" in first and "deal 1 of" in second
    for seat in over.seats.select_related("bot"):
        assert seat.bot.name in first
    assert first.count('class="score"') == 4


def test_no_card_of_a_live_hand_reaches_the_wall(room):
    tournament, (_over, live) = room
    page = Client().get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    held = hidden_cards(live)
    assert len(held) == 52 - 5  # five cards played, the rest in the hands
    assert CARD.findall(page) == []
    assert not any(symbol in page for symbol in "♠♥♦♣")


def test_the_fragment_answers_204_while_nothing_changes_and_the_new_part_after_a_move(room):
    tournament, (_over, live) = room
    client = Client()
    version = projector_version(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert f'hx-get="/tournaments/{tournament.pk}/projector/live/?v={version}" hx-trigger="every 5s"' in page
    unchanged = client.get(f"/tournaments/{tournament.pk}/projector/live/", {"v": version})
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert "no-store" in unchanged["Cache-Control"]

    play_moves(live, 1)
    changed = client.get(f"/tournaments/{tournament.pk}/projector/live/", {"v": version})
    fragment = changed.content.decode()
    assert changed.status_code == 200 and fragment.lstrip().startswith('<div id="projector"')
    assert projector_version(tournament) != version
    assert f'?v={projector_version(tournament)}"' in fragment and "<html" not in fragment


def test_the_tournament_and_manage_pages_link_to_it(room):
    tournament, _ = room
    link = f'href="/tournaments/{tournament.pk}/projector/"'
    assert link in Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert link in signed_in(tournament.organiser).get(f"/tournaments/{tournament.pk}/manage/").content.decode()


def test_a_tournament_with_no_round_yet_says_so_and_an_unknown_one_is_a_404(organiser):
    from tournaments.service import creation

    tournament = creation.do_create_tournament(organiser, "Later", "king", {}, "swiss", 2)
    page = Client().get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert "No round has started yet." in page and "No entrants yet." in page
    assert Client().get("/tournaments/987654/projector/").status_code == 404
    assert Client().get("/tournaments/987654/projector/live/?v=1.0").status_code == 404


def test_duplicate_scores_wait_for_the_round_to_close(organiser, make_bot):
    # Every table plays the same cards: a finished table's scores would tell the room how a
    # board went that another table still plays.
    tournament, _ = round_in_play(organiser, make_bot, format="duplicate")
    page = Client().get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert "Round 1 (in play)" in page and "board" in page
    assert 'class="score"' not in page
