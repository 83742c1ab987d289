"""A Swiss round given each player's owner (a person and their own bots) never seats two players
of one owner at a table, whatever the standing and the history, whenever no owner has more
players than there are tables; players without an owner (the house's built-in bots) go
anywhere. An owner with more players than tables is refused with OwnersTogether (a ValueError)
naming them; bad owner maps are refused with a ValueError."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import OwnersTogether, swiss_round


def clashes(tables, owners):
    return [
        table
        for table in tables
        if len([owners[p] for p in table if owners.get(p) is not None])
        != len({owners[p] for p in table if owners.get(p) is not None})
    ]


def test_an_owners_two_players_at_the_top_of_the_standing_are_split():
    standing = ["ana", "ana-bot", "cem", "dia", "eda", "fay", "gus", "hal"]
    owners = {"ana": "ana", "ana-bot": "ana"}
    assert swiss_round(standing, table_size=4)[0] == ("ana", "ana-bot", "cem", "dia")  # without owners: together
    tables = swiss_round(standing, owners=owners, table_size=4)
    assert not clashes(tables, owners)
    # Only as much as it takes: the lowest of the top table trades with the highest of the next.
    assert [set(t) for t in tables] == [{"ana", "cem", "dia", "eda"}, {"ana-bot", "fay", "gus", "hal"}]


def test_an_owner_at_every_table_is_placed_even_when_adjacent_swaps_cannot_do_it():
    # Three tables; the owner "o" holds players 0, 1 (table 1) and 4 (table 2). No swap between
    # adjacent tables helps: only moving one of 0, 1 down to table 3 does.
    owners = {0: "o", 1: "o", 4: "o"}
    tables = swiss_round(list(range(12)), owners=owners, table_size=4)
    assert not clashes(tables, owners)
    assert sorted(sum(p in owners for p in t) for t in tables) == [1, 1, 1]


def test_without_owners_the_draw_is_unchanged():
    history = [[(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]]
    assert swiss_round(list(range(12)), history, owners={}, table_size=4) == swiss_round(
        list(range(12)), history, table_size=4
    )
    assert swiss_round(list(range(12)), history, owners={p: None for p in range(12)}, table_size=4) == swiss_round(
        list(range(12)), history, table_size=4
    )


@st.composite
def fields(draw):
    n_tables = draw(st.integers(1, 6))
    players = list(range(4 * n_tables))
    owners = draw(st.dictionaries(st.sampled_from(players), st.one_of(st.none(), st.integers(0, n_tables + 1))))
    counts = Counter(o for o in owners.values() if o is not None)
    for owner in counts:  # at most one player per table each
        for player in [p for p, o in owners.items() if o == owner][n_tables:]:
            owners[player] = None
    rounds = []
    for _ in range(draw(st.integers(0, 3))):
        order = draw(st.permutations(players))
        rounds.append([tuple(order[i : i + 4]) for i in range(0, len(order), 4)])
    return draw(st.permutations(players)), rounds, owners


@given(fields())
def test_no_table_ever_holds_two_players_of_one_owner(field):
    standing, history, owners = field
    tables = swiss_round(standing, history, owners=owners, table_size=4)
    assert sorted(p for t in tables for p in t) == sorted(standing)
    assert not clashes(tables, owners)
    assert tables == swiss_round(standing, history, owners=owners, table_size=4)  # the same input, the same tables


def test_an_owner_with_more_players_than_tables_is_refused():
    owners = {0: "ana", 5: "ana", 6: "ana", 1: "bo"}
    with pytest.raises(OwnersTogether, match="owners: 'ana' has 3 players .* only 2 table"):
        swiss_round(list(range(8)), owners=owners, table_size=4)
    assert issubclass(OwnersTogether, ValueError)


@pytest.mark.parametrize(
    "owners, match",
    [
        ([("ann", "x")], "owners must map players to their owners"),
        ("ann", "owners must map players to their owners"),
        ({"ann": ["x"]}, "an owner must be hashable"),
    ],
)
def test_a_bad_owner_map_is_refused(owners, match):
    with pytest.raises(ValueError, match=match):
        swiss_round(["ann", "bob", "cem", "dia"], owners=owners, table_size=4)
