"""With bots_apart, people are ranked among themselves first and bots among themselves after,
so a strong bot takes no place from a person; without it, everyone shares one list."""

from tournaments.ratings import Rating, leaderboard

RATINGS = {1: Rating(40, 1), 2: Rating(30, 1), 3: Rating(35, 1), 4: Rating(20, 1)}
NAMES = {1: "Deep King", 2: "Ada", 3: "House", 4: "Bo"}
KINDS = {1: "bot", 2: "user", 3: "house_bot", 4: "user"}


def test_people_first_then_bots_each_ranked_from_one():
    rows = leaderboard(RATINGS, NAMES, KINDS, bots_apart=True)

    assert [(row.rank, row.name) for row in rows] == [
        (1, "Ada"),
        (2, "Bo"),
        (1, "Deep King"),
        (2, "House"),
    ]


def test_one_list_for_everyone_by_default():
    rows = leaderboard(RATINGS, NAMES, KINDS)

    assert [(row.rank, row.name) for row in rows] == [
        (1, "Deep King"),
        (2, "House"),
        (3, "Ada"),
        (4, "Bo"),
    ]
