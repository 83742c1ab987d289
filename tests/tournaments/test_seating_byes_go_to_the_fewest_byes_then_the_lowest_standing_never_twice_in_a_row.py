"""When the organiser chose byes, just enough players sit a round out to leave whole tables:
first anyone who did not sit out the previous round, then the fewest byes so far, then the lowest
standing. Over an event the byes rotate through the field."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import with_byes

STANDING = ["ann", "bob", "cem", "dia", "eda", "fay", "gus"]


def test_a_multiple_of_four_plays_in_full():
    assert with_byes(STANDING[:4], 1, {}, table_size=4) == (STANDING[:4], [])


def test_the_lowest_standing_sit_out_first():
    assert with_byes(STANDING, 1, {}, table_size=4) == (["ann", "bob", "cem", "dia"], ["eda", "fay", "gus"])


def test_players_with_fewer_byes_sit_out_before_those_with_more():
    playing, on_bye = with_byes(STANDING, 3, {"gus": [1], "fay": [1], "eda": [2]}, table_size=4)
    assert on_bye == ["bob", "cem", "dia"]
    assert playing == ["ann", "eda", "fay", "gus"]


def test_sitting_out_the_previous_round_outweighs_having_the_fewest_byes():
    five = STANDING[:5]
    history = {"ann": [2, 4], "bob": [2, 4], "cem": [1, 3], "dia": [1, 3], "eda": [5]}
    assert with_byes(five, 6, history, table_size=4) == (["ann", "bob", "cem", "eda"], ["dia"])


def test_only_players_who_played_the_previous_round_sit_out_while_there_are_enough_of_them():
    assert with_byes(STANDING, 2, {"eda": [1], "fay": [1], "gus": [1]}, table_size=4) == (
        ["ann", "eda", "fay", "gus"],
        ["bob", "cem", "dia"],
    )


def test_someone_sits_out_twice_in_a_row_only_when_there_is_no_one_else():
    # Five players sat out round 1 (the field was larger then); round 2 needs three byes.
    history = {player: [1] for player in ["cem", "dia", "eda", "fay", "gus"]}
    assert with_byes(STANDING, 2, history, table_size=4) == (["cem", "dia", "eda", "fay"], ["ann", "bob", "gus"])


@given(n_players=st.integers(4, 23), n_rounds=st.integers(1, 12))
def test_over_an_event_byes_rotate_evenly_and_never_repeat_back_to_back(n_players, n_rounds):
    players = [f"p{i}" for i in range(n_players)]
    byes = {}
    previous = []
    for round_no in range(1, n_rounds + 1):
        playing, on_bye = with_byes(players, round_no, byes, table_size=4)
        assert len(playing) % 4 == 0 and len(on_bye) == n_players % 4
        assert sorted(playing + on_bye) == sorted(players)
        if len(on_bye) <= n_players - len(previous):
            assert not set(on_bye) & set(previous)
        for player in on_bye:
            byes.setdefault(player, []).append(round_no)
        previous = on_bye
        counts = [len(byes.get(player, [])) for player in players]
        assert max(counts) - min(counts) <= 1
