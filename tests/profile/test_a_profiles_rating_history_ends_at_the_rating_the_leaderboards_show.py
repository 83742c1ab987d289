"""A profile shows its person's rating in each game they were rated in, with its history as a
chart (one point per rated match, tournaments/_rating_chart.html): the history is rated in the
leaderboards' order, so it ends at the very rating the leaderboards show, with their rank among
the people rated. An unrated event moves nothing."""

import re

import pytest

from tests.clubs.helpers import play_event
from tournaments import leaderboards
from tournaments import profile as profiles

from .people import profile_page

pytestmark = pytest.mark.django_db


def test_the_chart_has_a_point_per_rated_match_and_ends_at_the_leaderboards_rating(organiser, players, make_bot):
    robots = [make_bot(name=f"robot{i}") for i in range(2)]
    play_event(organiser, None, players, name="First night")
    play_event(organiser, None, [players[0], players[1], *robots], name="Second night")
    play_event(organiser, None, players, name="Friendly night", rated=False)

    (rating,) = profiles.ratings(players[0])
    book = leaderboards.rating_book()[0]["king"][f"user:{players[0].pk}"]
    assert rating["games"] == 2
    assert (rating["rating"].mu, rating["rating"].sigma) == pytest.approx((book.mu, book.sigma), abs=1e-12)
    board = leaderboards.leaderboard("king", bots_apart=True)
    people = [row for row in board if row.kind == "user"]
    assert rating["rank"] == next(row.rank for row in people if row.key == f"user:{players[0].pk}")
    assert rating["people"] == len(people) == 4

    status, page = profile_page("player0")
    assert status == 200
    section = re.search(
        r'<section aria-labelledby="profile-ratings-heading".*?</section>\s*<section', page, re.S
    ).group(0)
    assert section.count('<svg xmlns="http://www.w3.org/2000/svg"') == 1
    assert section.count("<circle cx=") == 2  # one point per rated match
    assert f"Rank {rating['rank']} of 4 people." in section
    assert "Friendly night" not in section and "Second night" in section and "First night" in section
