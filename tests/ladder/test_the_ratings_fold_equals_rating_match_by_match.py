"""The ladder's fold (tournaments.ladder.fold.fold) is the ratings of tournaments.ratings.rate_match
applied match by match, in stream order: folding a stream whole, or event by event from each
intermediate ladder, gives exactly the same ratings, games and history; and it leaves its
input alone."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.ladder.fold import EMPTY, fold, key_of
from tournaments.ratings import rate_match


def stream(tables):
    """Events for ``tables``: [(match, bot ids, scores)], each seated then rated."""
    events = []
    bots = sorted({b for _, seats, _ in tables for b in seats})
    events += [{"type": "bot_joined", "bot": b, "owner": b} for b in bots]
    for match, seats, scores in tables:
        events.append({"type": "table_seated", "match": match, "seats": list(seats), "anchors": []})
        events.append({"type": "match_rated", "match": match, "seats": [key_of(b) for b in seats], "scores": scores})
    return events


tables = st.lists(
    st.tuples(
        st.lists(st.integers(1, 7), min_size=4, max_size=4, unique=True),
        st.lists(st.integers(-100, 100), min_size=4, max_size=4),
    ),
    min_size=1,
    max_size=8,
).map(lambda rows: [(match, seats, scores) for match, (seats, scores) in enumerate(rows, 1)])


@given(tables)
def test_folding_whole_or_event_by_event_equals_rate_match_in_order(played):
    events = stream(played)
    whole = fold(events)
    step = EMPTY
    for event in events:
        step = fold([event], step)
    assert step == whole
    expected, games = {}, {}
    for _, seats, scores in played:
        keys = [key_of(b) for b in seats]
        expected = dict(rate_match(expected, keys, scores))
        for key in keys:
            games[key] = games.get(key, 0) + 1
    assert dict(whole.ratings) == expected
    assert dict(whole.games) == games
    for key, points in whole.history.items():
        assert [p.games for p in points] == list(range(1, games[key] + 1))
        assert (points[-1].mu, points[-1].sigma) == tuple(expected[key])
    assert whole.rated == frozenset(match for match, _, _ in played)


def test_folding_leaves_its_input_alone_and_a_ladder_can_be_folded_on():
    events = stream([(1, [1, 2, 3, 4], [10, 5, 5, 0]), (2, [4, 3, 2, 1], [1, 2, 3, 4])])
    copy = [dict(e) for e in events]
    first = fold(events[:6])
    snapshot = (dict(first.ratings), dict(first.entries))
    later = fold(events[6:], first)
    assert events == copy
    assert (dict(first.ratings), dict(first.entries)) == snapshot
    assert later == fold(events)


def test_entries_follow_joins_pauses_resumes_and_leaves_and_anchors_are_remembered():
    events = [
        {"type": "bot_joined", "bot": 1, "owner": 10},
        {"type": "bot_joined", "bot": 2, "owner": 20},
        {"type": "bot_paused", "bot": 1},
        {"type": "bot_resumed", "bot": 1},
        {"type": "bot_left", "bot": 2, "reason": "faults"},
        {"type": "bot_joined", "bot": 2, "owner": 20},
        {"type": "bot_left", "bot": 2, "reason": "owner"},
        {"type": "table_seated", "match": 5, "seats": [90, 1, 91, 92], "anchors": [90, 91, 92]},
        {"type": "something_new", "match": 5},  # an event type this fold does not know: skipped
    ]
    ladder = fold(events)
    assert [(e.bot, e.owner, e.status, e.reason) for e in ladder.entries.values()] == [
        (1, 10, "active", ""),
        (2, 20, "left", "owner"),
    ]
    assert ladder.anchors == {90, 91, 92}
    assert ladder.tables == {5: (90, 1, 91, 92)}
    assert not ladder.rated and not ladder.ratings
