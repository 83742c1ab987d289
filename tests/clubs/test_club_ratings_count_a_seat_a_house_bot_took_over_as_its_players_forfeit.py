"""A seat a house bot finished for a person (they left the table) is not that person's play: the
club's ratings rate them last alone at that table, their uncertainty kept, and the three who
played among themselves on their own scores, the house's score in the left seat counting for
nobody: the rule of the leaderboards and the ladder (tournaments.ratings.match_ratings), read
from the match_result's taken_over."""

import pytest

from games.record import eventlog
from tests.clubs.helpers import play_event
from tournaments.clubs import read
from tournaments.ratings import NEWCOMER, rate_match

pytestmark = pytest.mark.django_db


def test_a_person_who_left_is_rated_last_and_the_others_among_themselves(people, club, make_bot):
    ana, bo, cem, dia = people
    make_bot(name="house-heuristic")  # the house account, whose bot takes a left seat
    night = play_event(ana, club, [ana, bo, cem, dia], leaver=bo)
    (result,) = [r.payload for r in eventlog.stream_events(night.stream) if r.type == "match_result"]
    seats = dict(night.entrants.values_list("pk", "user_id"))
    keys = [f"user:{seats[e]}" for e in result["seats"]]
    left = keys.index(f"user:{bo.pk}")
    assert result["taken_over"] == [left]

    ratings = read.ratings_of(club)[0].ratings["king"]
    assert ratings[f"user:{bo.pk}"].mu < NEWCOMER.mu and ratings[f"user:{bo.pk}"].sigma == NEWCOMER.sigma
    others = [s for s in range(4) if s != left]
    alone = rate_match({}, [keys[s] for s in others], [result["scores"][s] for s in others])
    assert {keys[s]: ratings[keys[s]] for s in others} == dict(alone)
