"""A stream the ladder's service wrote never holds a second join, a pause of a bot not playing,
a leave of a bot not in, a match rated twice or never seated, or rated with other seats than
its table's, or saying neither true nor false of which score wins, or naming as taken over a
seat the table lacks, or one seat twice; the fold refuses each with a ValueError rather than
folding nonsense."""

import pytest

from tournaments.ladder.fold import fold, key_of

JOINED = {"type": "bot_joined", "bot": 1, "owner": 1}
SEATED = {"type": "table_seated", "match": 7, "seats": [1, 2], "anchors": [2]}
RATED = {"type": "match_rated", "match": 7, "seats": [key_of(1), key_of(2)], "scores": [3, 1]}


@pytest.mark.parametrize(
    "events, words",
    [
        ([JOINED, JOINED], "joined the ladder twice"),
        ([{"type": "bot_paused", "bot": 1}], "not active"),
        ([JOINED, {"type": "bot_resumed", "bot": 1}], "not paused"),
        ([{"type": "bot_left", "bot": 1, "reason": "owner"}], "not in"),
        ([JOINED, {"type": "bot_left", "bot": 1, "reason": "bored"}], "reason"),
        ([JOINED, {"type": "bot_joined", "bot": "1", "owner": 1}], "must be an id"),
        ([SEATED, SEATED], "seated twice"),
        ([RATED], "not its table's"),
        ([SEATED, {**RATED, "seats": [key_of(2), key_of(1)]}], "not its table's"),
        ([SEATED, RATED, RATED], "rated twice"),
        ([SEATED, {**RATED, "scores": [1]}], "a score for each"),
        ([SEATED, {**RATED, "lowest_wins": "yes"}], "lowest_wins must be true or false"),
        ([SEATED, {**RATED, "taken_over": [2]}], "seats 0 to 1"),
        ([SEATED, {**RATED, "taken_over": [-1]}], "seats 0 to 1"),
        ([SEATED, {**RATED, "taken_over": [1, 1]}], "taken_over must list seats once each"),
        ([SEATED, {**RATED, "taken_over": [1, 0]}], "taken_over must list seats once each"),
        ([SEATED, {**RATED, "taken_over": [True]}], "taken_over must list seats once each"),
        ([SEATED, {**RATED, "taken_over": "0"}], "taken_over must list seats once each"),
    ],
)
def test_each_is_refused(events, words):
    with pytest.raises(ValueError, match=words):
        fold(events)
