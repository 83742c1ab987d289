"""Tables dealt the same cards are a closed room until every one of them has finished
(docs/api.md, "Closed rooms"). A profile shows no result of such a table before then, not even
as a count: the game is counted, won or lost, once the last table finishes the board."""

import pytest

from tests.bots.my_games.games import ended, table

from .people import games_row, profile_page

pytestmark = pytest.mark.django_db


def test_the_count_waits_for_the_last_table_of_the_board(players, make_bot):
    ana, bob = players[0], players[1]
    house = [make_bot(name=f"house{i}") for i in range(3)]
    ended(table([ana, *house], cards_group="board/1"), [0])
    there = table([bob, *house], cards_group="board/1")

    _status, page = profile_page("player0")
    assert games_row(page, "king") is None and 'id="no-games"' in page

    ended(there, [1])
    _status, page = profile_page("player0")
    assert games_row(page, "king") == (1, 1, 0)
    _status, page = profile_page("player1")
    assert games_row(page, "king") == (1, 0, 0)
