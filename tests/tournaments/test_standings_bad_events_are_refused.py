"""A known event that cannot be true of the tournament so far is refused with a ValueError that
says what is wrong, instead of quietly bending the standings."""

import math

import pytest

from tests.fixtures.tournament_events import (
    created,
    registered_all,
    round_closed,
    round_played,
    round_started,
    ruling,
    table,
    withdrawn,
)
from tournaments.standings import empty, fold, rebuild

CREATED = created("swiss", tie_breaks=["wins"])
ENTERED = registered_all(range(1, 6))
DRAWN, RESULT = round_played(1, (table(1, match=1, seats=[1, 2, 3, 4]), [3, 2, 1, 0]), byes=[5])
PLAYED = [CREATED, *ENTERED, DRAWN, RESULT]


def drawn(*tables, byes=()):
    return round_started(
        2, [table(index, match=10 + index, seats=seats) for index, seats in enumerate(tables, start=1)], byes
    )


BAD = {
    "a result with three seats": (PLAYED[:-1], {**RESULT, "seats": [1, 2, 3]}, "needs 4 seats"),
    "a result with three scores": (PLAYED[:-1], {**RESULT, "scores": [3, 2, 1]}, "needs 4 scores"),
    "a result naming an unknown entrant": (PLAYED[:-1], {**RESULT, "seats": [1, 2, 3, 99]}, "unknown entrant 99"),
    "a result seating an entrant twice": (PLAYED[:-1], {**RESULT, "seats": [1, 2, 3, 3]}, "seats an entrant twice"),
    "a score that is not a number": (PLAYED[:-1], {**RESULT, "scores": [3, 2, "1", 0]}, "finite numbers"),
    "a score that is not finite": (PLAYED[:-1], {**RESULT, "scores": [3, 2, math.nan, 0]}, "finite numbers"),
    "a result reported twice": (PLAYED, RESULT, "reported twice"),
    "a seat taken over that the table lacks": (PLAYED[:-1], {**RESULT, "taken_over": [4]}, "seats 0 to 3"),
    "a seat taken over twice": (PLAYED[:-1], {**RESULT, "taken_over": [1, 1]}, "each seat once"),
    "seats taken over out of order": (PLAYED[:-1], {**RESULT, "taken_over": [2, 1]}, "each seat once"),
    "a seat taken over that is not a number": (PLAYED[:-1], {**RESULT, "taken_over": ["1"]}, "seats 0 to 3"),
    "taken over seats that are not a list": (PLAYED[:-1], {**RESULT, "taken_over": 1}, "must be a list"),
    "a result for a round not started": ([CREATED, *ENTERED], RESULT, "round 1, which has not started"),
    "a result for a match the round did not draw": (PLAYED[:-1], {**RESULT, "match": 2}, "round 1 did not draw"),
    "a result that disagrees with the draw": (
        PLAYED[:-1],
        {**RESULT, "seats": [2, 1, 3, 4]},
        "disagrees with the draw",
    ),
    "a result without scores": (
        PLAYED[:-1],
        {key: value for key, value in RESULT.items() if key != "scores"},
        "lacks 'scores'",
    ),
    "an event before tournament_created": ([], ENTERED[0], "before tournament_created"),
    "a second tournament_created": ([CREATED], CREATED, "tournament_created twice"),
    "an unknown format": ([], {**CREATED, "format": "knockout"}, "'format' must be one of"),
    "an unknown tie-break": ([], {**CREATED, "tie_breaks": ["coin_toss"]}, "'tie_breaks' must be one of"),
    "a tie-break named twice": ([], {**CREATED, "tie_breaks": ["wins", "wins"]}, "tie-break twice"),
    "an entrant registered twice": ([CREATED, *ENTERED], ENTERED[0], "registered twice"),
    "an entrant of unknown kind": ([CREATED], {**ENTERED[0], "kind": "robot"}, "'kind' must be one of"),
    "a ranked house bot": ([CREATED], {**ENTERED[0], "kind": "house_bot", "ranked": True}, "house bots never are"),
    "an unknown entrant withdrawing": ([CREATED], withdrawn(7), "unknown entrant 7"),
    "an entrant withdrawing twice": (
        [CREATED, *ENTERED, withdrawn(1)],
        withdrawn(1),
        "withdrawn twice",
    ),
    "a table of three in a draw": (PLAYED, drawn([1, 2, 3]), "needs 4 seats"),
    "a draw naming an unknown entrant": (PLAYED, drawn([1, 2, 3, 42]), "unknown entrant 42"),
    "a draw seating an entrant twice": (PLAYED, drawn([1, 2, 3, 4], byes=[4]), "draws an entrant twice"),
    "a draw seating a withdrawn entrant": (
        PLAYED + [withdrawn(5)],
        drawn([1, 2, 3, 5]),
        "draws withdrawn entrant 5",
    ),
    "a draw reusing a match id": (PLAYED, {**drawn([1, 2, 3, 4]), "tables": DRAWN["tables"]}, "reuses a match id"),
    "a draw numbering two tables alike": (
        PLAYED + registered_all(range(6, 9)),
        {
            **drawn(),
            "tables": [table(1, match=11, seats=[1, 2, 3, 4]), table(1, match=12, seats=[5, 6, 7, 8])],
        },
        "numbers two tables alike",
    ),
    "a draw whose tables are not a list": (PLAYED, {**drawn(), "tables": "table 1"}, "'tables' must be a list"),
    "a round started twice": (PLAYED, DRAWN, "round 1 started twice"),
    "a duplicate table without a board": ([{**CREATED, "format": "duplicate"}, *ENTERED], DRAWN, "without a board"),
    "a round closed that never started": (
        PLAYED,
        round_closed(3),
        "round 3, which has not started",
    ),
    "a round closed twice": (
        PLAYED + [round_closed(1)],
        round_closed(1),
        "closed twice",
    ),
    "a ruling on a match without a result": (
        PLAYED[:-1],
        ruling("annul_match", 1),
        "has no result",
    ),
    "a ruling of an unknown kind": (PLAYED, ruling("replay_deal", 1), "unknown kind"),
    "a replay without its replacement": (
        PLAYED,
        ruling("replay_match", 1, replay=1),
        "lacks 'replacement'",
    ),
    "a replay whose replacement was drawn already": (
        PLAYED,
        ruling("replay_match", 1, replay=1, replacement=1),
        "drawn already",
    ),
    "a replay numbered out of turn": (
        PLAYED,
        ruling("replay_match", 1, replay=2, replacement=9),
        "plays its replay 1 next",
    ),
    "a replay of a match already replayed": (
        PLAYED + [ruling("replay_match", 1, replay=1, replacement=9)],
        ruling("replay_match", 1, replay=2, replacement=10),
        "annulled twice",
    ),
    "a replacement's result before its replay was ordered": (PLAYED, {**RESULT, "match": 9}, "round 1 did not draw"),
    "a replacement's result with other seats": (
        PLAYED + [ruling("replay_match", 1, replay=1, replacement=9)],
        {**RESULT, "match": 9, "seats": [4, 3, 2, 1]},
        "disagrees with the draw",
    ),
    "an adjustment to a fifth seat": (
        PLAYED,
        ruling("adjust_score", 1, seat=4, delta=1),
        "seat must be 0..3",
    ),
    "an adjustment that is not a number": (
        PLAYED,
        ruling("adjust_score", 1, seat=0, delta=None),
        "finite numbers",
    ),
    "a match annulled twice": (
        PLAYED + [ruling("annul_match", 1)],
        ruling("annul_match", 1),
        "annulled twice",
    ),
    "an event that is not a mapping": ([], ["match_result"], "an event is a mapping"),
}


@pytest.mark.parametrize(("history", "bad_event", "message"), BAD.values(), ids=BAD.keys())
def test_a_bad_event_raises_a_value_error_that_says_why(history, bad_event, message):
    standings = rebuild(history) if history else empty()

    with pytest.raises(ValueError, match=message):
        fold(standings, bad_event)
