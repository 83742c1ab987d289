"""The ladder's seating (tournaments.ladder.seating.seat_tables), a pure function: whatever the pool,
every seated bot is free and active, no bot sits twice, every table is full, holds at least one
ladder bot and at most one bot of each owner, anchors sit once per table, and no more tables
are seated than allowed. Neighbours in rating share tables; short groups get the anchors
nearest in rating; with anchors enough and room, nobody free and active waits."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.ladder.seating import Anchor, Candidate, seat_tables

candidates = st.lists(
    st.builds(
        Candidate,
        bot=st.integers(1, 40),
        owner=st.integers(1, 8),
        ordinal=st.floats(-20, 50, allow_nan=False),
        games=st.integers(0, 30),
        active=st.booleans(),
        free=st.booleans(),
    ),
    max_size=30,
    unique_by=lambda c: c.bot,
)
anchors = st.lists(
    st.builds(Anchor, bot=st.integers(100, 105), ordinal=st.floats(-20, 50, allow_nan=False)),
    max_size=6,
    unique_by=lambda a: a.bot,
)


def first_listing(pool):
    return {c.bot: c for c in pool}


@given(candidates, anchors, st.integers(2, 6), st.integers(0, 8))
def test_every_table_is_full_of_free_active_bots_each_once_one_per_owner(pool, house, size, most):
    tables = seat_tables(pool, house, size, most)
    listed = first_listing(pool)
    house_ids = {a.bot for a in house}
    assert len(tables) <= most
    assert len(tables) * size == sum(len(t.seats) for t in tables)
    seated = [bot for table in tables for bot in table.bots]
    assert len(seated) == len(set(seated)), "a ladder bot seated twice"
    for table in tables:
        assert len(table.seats) == size, "a table not full"
        assert table.bots, "a table without a ladder bot"
        assert len(set(table.anchors)) == len(table.anchors), "an anchor twice at one table"
        assert set(table.anchors) <= house_ids
        for bot in table.bots:
            assert listed[bot].active and listed[bot].free, "a busy or inactive bot seated"
        owners = Counter(listed[bot].owner for bot in table.bots)
        assert max(owners.values()) == 1, "one owner at two seats of a table"


@given(candidates, st.integers(2, 6))
def test_with_anchors_enough_and_room_every_free_active_bot_is_seated(pool, size):
    house = [Anchor(100 + i, ordinal=float(i)) for i in range(size - 1)]
    tables = seat_tables(pool, house, size, max_tables=100)
    ready = {c.bot for c in first_listing(pool).values() if c.active and c.free}
    assert {bot for table in tables for bot in table.bots} == ready


def test_neighbours_in_rating_share_a_table_and_the_short_group_gets_the_nearest_anchors():
    pool = [Candidate(bot=b, owner=b, ordinal=float(100 - b)) for b in range(1, 7)]  # 1 best ... 6 worst
    house = [Anchor(90, ordinal=99.0), Anchor(91, ordinal=94.0), Anchor(92, ordinal=-50.0), Anchor(93, ordinal=93.5)]
    tables = seat_tables(pool, house, 4, max_tables=5)
    assert [t.bots for t in tables] == [(1, 2, 3, 4), (5, 6)]
    assert tables[0].anchors == ()
    assert sorted(tables[1].anchors) == [91, 93]  # nearest to the group's mean 94.5


def test_an_owners_second_bot_goes_to_the_next_table():
    pool = [
        Candidate(bot=1, owner=1, ordinal=10.0),
        Candidate(bot=2, owner=1, ordinal=9.0),
        Candidate(bot=3, owner=2, ordinal=8.0),
        Candidate(bot=4, owner=3, ordinal=7.0),
        Candidate(bot=5, owner=4, ordinal=6.0),
    ]
    tables = seat_tables(pool, [Anchor(90), Anchor(91), Anchor(92)], 4, max_tables=5)
    assert [t.bots for t in tables] == [(1, 3, 4, 5), (2,)]
    assert len(tables[1].anchors) == 3


def test_a_group_waits_when_there_are_too_few_anchors_to_complete_it():
    pool = [Candidate(bot=1, owner=1), Candidate(bot=2, owner=2)]
    assert seat_tables(pool, [Anchor(90)], 4, max_tables=5) == []
    assert [t.seats for t in seat_tables(pool, [Anchor(90), Anchor(91)], 4, max_tables=5)] == [(1, 2, 90, 91)]


def test_busy_or_inactive_bots_are_left_out_and_newcomers_sit_at_the_default_rating():
    pool = [
        Candidate(bot=1, owner=1, free=False),
        Candidate(bot=2, owner=2, active=False),
        Candidate(bot=3, owner=3, ordinal=30.0),
        Candidate(bot=4, owner=4),  # a newcomer: OpenSkill's 25 - 3 * 25/3 = 0
        Candidate(bot=5, owner=5, ordinal=-5.0),
    ]
    tables = seat_tables(pool, [], 3, max_tables=5)
    assert [t.bots for t in tables] == [(3, 4, 5)]


def test_over_the_table_limit_the_bots_with_the_fewest_games_play_first():
    pool = [Candidate(bot=b, owner=b, ordinal=float(-b), games=40 if b <= 4 else 2) for b in range(1, 13)]
    tables = seat_tables(pool, [], 4, max_tables=2)
    assert [t.bots for t in tables] == [(5, 6, 7, 8), (9, 10, 11, 12)]
    assert seat_tables(pool, [], 4, max_tables=0) == []


@pytest.mark.parametrize(
    "pool, house, size, words",
    [
        ([Candidate(bot=1, owner=1), Candidate(bot=1, owner=2)], [], 4, "listed twice"),
        ([Candidate(bot=1, owner=1)], [Anchor(1)], 4, "listed twice"),
        ([Candidate(bot=1, owner=1)], [Anchor(9), Anchor(9)], 4, "listed twice"),
        ([Candidate(bot=1, owner=1)], [], 1, "at least two seats"),
    ],
)
def test_bad_input_raises_a_clear_value_error(pool, house, size, words):
    with pytest.raises(ValueError, match=words):
        seat_tables(pool, house, size, 5)
