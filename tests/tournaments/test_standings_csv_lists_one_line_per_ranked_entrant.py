"""The CSV export has a header, then one line per ranked entrant in rank order, with the
configured tie-breaks as columns (and matchpoints and percentage in duplicate)."""

from tests.fixtures.tournament_events import created, registered, round_played, table
from tournaments.standings import ranking, rebuild, standings_csv


def events(format_):
    return [
        created(format_, tie_breaks=["wins", "opponents_points"]),
        registered(1, "Ada"),
        registered(2, "Bo, the bot", kind="bot"),
        registered(3, "Cy"),
        registered(4, "House", kind="house_bot"),
        *round_played(1, (table(1, match=1, seats=[1, 2, 3, 4], board="A"), [20, 20, 5, 0])),
    ]


def test_the_csv_of_a_swiss_tournament():
    assert standings_csv(ranking(rebuild(events("swiss")))) == (
        "rank,name,kind,matches,byes,table_points,game_score,"
        "tie_break_wins,tie_break_opponents_points,withdrawn\n"
        "1,Ada,user,1,0,2.5,20,0,3.5,no\n"
        '1,"Bo, the bot",bot,1,0,2.5,20,0,3.5,no\n'
        "3,Cy,user,1,0,1,5,0,5,no\n"
    )


def test_the_csv_of_a_duplicate_tournament_adds_matchpoints():
    header = standings_csv(ranking(rebuild(events("duplicate")))).splitlines()[0]

    assert header.split(",")[7:9] == ["matchpoints", "percentage"]


def test_the_csv_of_nobody_is_a_header():
    assert standings_csv([]).startswith("rank,name,kind,")
