"""House bots fill empty seats but are never ranked: they follow the ranked entrants without a
rank (or are left out), and a bot's good result takes no rank from a person."""

from tests.fixtures.tournament_events import created, registered, round_played, table
from tournaments.standings import ranking, rebuild, standings_csv

EVENTS = [
    created("swiss"),
    registered(1, "Ada"),
    registered(2, "Bo", kind="bot"),
    registered(3, "House 1", kind="house_bot"),
    registered(4, "House 2", kind="house_bot"),
    *round_played(1, (table(1, match=1, seats=[3, 1, 4, 2]), [50, 30, 20, 10])),
]


def test_house_bots_follow_the_ranked_entrants_without_a_rank():
    rows = ranking(rebuild(EVENTS))

    assert [(row.name, row.rank) for row in rows] == [
        ("Ada", 1),
        ("Bo", 2),
        ("House 1", None),
        ("House 2", None),
    ]


def test_house_bots_can_be_left_out():
    rows = ranking(rebuild(EVENTS), include_unranked=False)

    assert [row.name for row in rows] == ["Ada", "Bo"]


def test_the_csv_lists_ranked_entrants_only():
    csv_text = standings_csv(ranking(rebuild(EVENTS)))

    assert "House" not in csv_text
