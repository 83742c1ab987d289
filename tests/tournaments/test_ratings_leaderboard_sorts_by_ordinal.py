"""The leaderboard lists everyone rated by ordinal, mu - 3 sigma, best first: a steady record
beats one lucky result. Equal ordinals share a rank (1, 2, 2, 4), listed by name."""

from tournaments.ratings import Rating, leaderboard

RATINGS = {
    "steady": Rating(28, 2),  # ordinal 22
    "lucky": Rating(33, 7),  # ordinal 12
    "twin_a": Rating(20, 2),  # ordinal 14
    "twin_b": Rating(17, 1),  # ordinal 14
}
NAMES = {key: key.title() for key in RATINGS}
KINDS = dict.fromkeys(RATINGS, "user")


def test_the_best_ordinal_comes_first_and_equal_ordinals_share_a_rank():
    rows = leaderboard(RATINGS, NAMES, KINDS)

    assert [(row.rank, row.key, row.ordinal) for row in rows] == [
        (1, "steady", 22),
        (2, "twin_a", 14),
        (2, "twin_b", 14),
        (4, "lucky", 12),
    ]
    assert (rows[0].name, rows[0].kind, rows[0].mu, rows[0].sigma) == ("Steady", "user", 28, 2)


def test_equal_ordinals_are_listed_by_name_whatever_their_keys():
    # Keys as the ladder makes them: by key alone "bot:10" would come before "bot:9".
    ratings = {"bot:10": Rating(25, 5), "bot:9": Rating(25, 5), "bot:11": Rating(25, 5)}
    names = {"bot:10": "ana-bot", "bot:9": "Bo-bot", "bot:11": "cem-bot"}
    rows = leaderboard(ratings, names, dict.fromkeys(ratings, "bot"))
    assert [(row.rank, row.name) for row in rows] == [(1, "ana-bot"), (1, "Bo-bot"), (1, "cem-bot")]
