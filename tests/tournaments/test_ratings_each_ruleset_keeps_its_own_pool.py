"""King and Rifki are rated apart: a tournament moves only the pool of its own ruleset."""

from tests.fixtures.tournament_events import one_table
from tournaments.ratings import rate_match, rate_tournament


def tournament(ruleset, scores):
    return one_table(scores, ruleset=ruleset, rated=True)


def test_a_rifki_tournament_leaves_king_ratings_alone():
    book = rate_tournament({}, tournament("king", [40, 30, 20, 10]))

    book_after_rifki = rate_tournament(book, tournament("rifki", [10, 20, 30, 40]))

    assert book_after_rifki["king"] == book["king"]
    assert book_after_rifki["rifki"] == rate_match({}, [1, 2, 3, 4], [10, 20, 30, 40])


def test_the_same_players_can_lead_one_ruleset_and_trail_the_other():
    book = rate_tournament({}, tournament("king", [40, 30, 20, 10]))
    book = rate_tournament(book, tournament("rifki", [10, 20, 30, 40]))

    assert book["king"][1].mu > book["king"][4].mu
    assert book["rifki"][1].mu < book["rifki"][4].mu
