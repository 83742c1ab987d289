"""A known event that cannot be true of the tournament so far is refused with a ValueError that
says what is wrong, instead of quietly bending the standings."""

import math

import pytest

from tournaments.standings import empty, fold, rebuild

CREATED = {
    "type": "tournament_created",
    "format": "swiss",
    "table_points": "place",
    "tie_breaks": ["wins"],
    "rated": False,
    "ruleset": "king",
}
ENTERED = [
    {"type": "entrant_registered", "entrant": entrant, "name": f"p{entrant}", "kind": "user", "ranked": True}
    for entrant in range(1, 6)
]
DRAWN = {
    "type": "round_started",
    "round": 1,
    "byes": [5],
    "tables": [{"table": 1, "match": 1, "board": None, "seats": [1, 2, 3, 4]}],
}
RESULT = {
    "type": "match_result",
    "round": 1,
    "table": 1,
    "match": 1,
    "board": None,
    "seats": [1, 2, 3, 4],
    "scores": [3, 2, 1, 0],
}
PLAYED = [CREATED, *ENTERED, DRAWN, RESULT]


def drawn(*tables, byes=()):
    return {
        "type": "round_started",
        "round": 2,
        "byes": list(byes),
        "tables": [
            {"table": index, "match": 10 + index, "board": None, "seats": seats}
            for index, seats in enumerate(tables, start=1)
        ],
    }


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
    "an unknown entrant withdrawing": ([CREATED], {"type": "entrant_withdrawn", "entrant": 7}, "unknown entrant 7"),
    "an entrant withdrawing twice": (
        [CREATED, *ENTERED, {"type": "entrant_withdrawn", "entrant": 1}],
        {"type": "entrant_withdrawn", "entrant": 1},
        "withdrawn twice",
    ),
    "a table of three in a draw": (PLAYED, drawn([1, 2, 3]), "needs 4 seats"),
    "a draw naming an unknown entrant": (PLAYED, drawn([1, 2, 3, 42]), "unknown entrant 42"),
    "a draw seating an entrant twice": (PLAYED, drawn([1, 2, 3, 4], byes=[4]), "draws an entrant twice"),
    "a draw seating a withdrawn entrant": (
        PLAYED + [{"type": "entrant_withdrawn", "entrant": 5}],
        drawn([1, 2, 3, 5]),
        "draws withdrawn entrant 5",
    ),
    "a draw reusing a match id": (PLAYED, {**drawn([1, 2, 3, 4]), "tables": DRAWN["tables"]}, "reuses a match id"),
    "a draw numbering two tables alike": (
        PLAYED
        + [
            {"type": "entrant_registered", "entrant": entrant, "name": f"p{entrant}", "kind": "user", "ranked": True}
            for entrant in range(6, 9)
        ],
        {
            **drawn(),
            "tables": [
                {"table": 1, "match": 11, "board": None, "seats": [1, 2, 3, 4]},
                {"table": 1, "match": 12, "board": None, "seats": [5, 6, 7, 8]},
            ],
        },
        "numbers two tables alike",
    ),
    "a draw whose tables are not a list": (PLAYED, {**drawn(), "tables": "table 1"}, "'tables' must be a list"),
    "a round started twice": (PLAYED, DRAWN, "round 1 started twice"),
    "a duplicate table without a board": ([{**CREATED, "format": "duplicate"}, *ENTERED], DRAWN, "without a board"),
    "a round closed that never started": (
        PLAYED,
        {"type": "round_closed", "round": 3},
        "round 3, which has not started",
    ),
    "a round closed twice": (
        PLAYED + [{"type": "round_closed", "round": 1}],
        {"type": "round_closed", "round": 1},
        "closed twice",
    ),
    "a ruling on a match without a result": (
        PLAYED[:-1],
        {"type": "ruling", "kind": "annul_match", "match": 1},
        "has no result",
    ),
    "a ruling of an unknown kind": (PLAYED, {"type": "ruling", "kind": "replay_deal", "match": 1}, "unknown kind"),
    "a replay without its replacement": (
        PLAYED,
        {"type": "ruling", "kind": "replay_match", "match": 1, "replay": 1},
        "lacks 'replacement'",
    ),
    "a replay whose replacement was drawn already": (
        PLAYED,
        {"type": "ruling", "kind": "replay_match", "match": 1, "replay": 1, "replacement": 1},
        "drawn already",
    ),
    "a replay numbered out of turn": (
        PLAYED,
        {"type": "ruling", "kind": "replay_match", "match": 1, "replay": 2, "replacement": 9},
        "plays its replay 1 next",
    ),
    "a replay of a match already replayed": (
        PLAYED + [{"type": "ruling", "kind": "replay_match", "match": 1, "replay": 1, "replacement": 9}],
        {"type": "ruling", "kind": "replay_match", "match": 1, "replay": 2, "replacement": 10},
        "annulled twice",
    ),
    "a replacement's result before its replay was ordered": (PLAYED, {**RESULT, "match": 9}, "round 1 did not draw"),
    "a replacement's result with other seats": (
        PLAYED + [{"type": "ruling", "kind": "replay_match", "match": 1, "replay": 1, "replacement": 9}],
        {**RESULT, "match": 9, "seats": [4, 3, 2, 1]},
        "disagrees with the draw",
    ),
    "an adjustment to a fifth seat": (
        PLAYED,
        {"type": "ruling", "kind": "adjust_score", "match": 1, "seat": 4, "delta": 1},
        "seat must be 0..3",
    ),
    "an adjustment that is not a number": (
        PLAYED,
        {"type": "ruling", "kind": "adjust_score", "match": 1, "seat": 0, "delta": None},
        "finite numbers",
    ),
    "a match annulled twice": (
        PLAYED + [{"type": "ruling", "kind": "annul_match", "match": 1}],
        {"type": "ruling", "kind": "annul_match", "match": 1},
        "annulled twice",
    ),
    "an event that is not a mapping": ([], ["match_result"], "an event is a mapping"),
}


@pytest.mark.parametrize(("history", "bad_event", "message"), BAD.values(), ids=BAD.keys())
def test_a_bad_event_raises_a_value_error_that_says_why(history, bad_event, message):
    standings = rebuild(history) if history else empty()

    with pytest.raises(ValueError, match=message):
        fold(standings, bad_event)
