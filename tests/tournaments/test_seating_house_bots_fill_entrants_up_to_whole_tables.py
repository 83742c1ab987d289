"""With house-bot fill the caller adds this many bots as entrants to make whole tables of four."""

import pytest

from tournaments.seating import house_bots_needed


@pytest.mark.parametrize("entrants, bots", [(0, 0), (1, 3), (2, 2), (3, 1), (4, 0), (13, 3), (14, 2), (15, 1), (16, 0)])
def test_bots_top_up_to_the_next_multiple_of_four(entrants, bots):
    assert house_bots_needed(entrants, table_size=4) == bots
    assert (entrants + bots) % 4 == 0
