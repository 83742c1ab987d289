"""A tournament is rated on its final results: matches in the order played, an annulled match
not at all, an adjusted score as adjusted, and entrant ids turned into the book's keys."""

from tests.fixtures.tournament_events import created, registered_all, result, round_started, ruling, table
from tournaments.ratings import rate_match, rate_tournament

DRAW = [
    table(1, match=1, seats=[1, 2, 3, 4]),
    table(1, match=2, seats=[4, 3, 2, 1]),
    table(1, match=3, seats=[2, 4, 1, 3]),
]
EVENTS = [
    created("round_robin", ruleset="rifki", rated=True),
    *registered_all(range(1, 5)),
    *(round_started(round_, [drawn]) for round_, drawn in enumerate(DRAW, start=1)),
    # reported out of order: rating follows the rounds, not the order results came in
    result(3, DRAW[2], [5, 5, 5, 50]),
    result(1, DRAW[0], [40, 30, 20, 10]),
    result(2, DRAW[1], [40, 30, 20, 10]),
    ruling("annul_match", 2),
    ruling("adjust_score", 3, seat=0, delta=100),
]


def test_the_book_holds_the_final_results_rated_in_round_order():
    keys = {1: "user:11", 2: "user:12", 3: "user:13", 4: "user:14"}

    book = rate_tournament({}, EVENTS, key_of=keys.get)

    expected = rate_match({}, ["user:11", "user:12", "user:13", "user:14"], [40, 30, 20, 10])
    expected = rate_match(expected, ["user:12", "user:14", "user:11", "user:13"], [105, 5, 5, 50])
    assert book == {"rifki": expected}
