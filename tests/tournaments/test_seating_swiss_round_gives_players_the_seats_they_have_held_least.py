"""Within each Swiss table the seat order evens out the players' seats so far: whenever some
order gives everyone one of their least-held seats, that order is used."""

from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import seat_counts, swiss_round


def test_players_move_off_the_seats_they_held_last_round():
    history = [[("ann", "bob", "cem", "dia")]]
    assert swiss_round(["ann", "bob", "cem", "dia"], history, table_size=4) == [("bob", "ann", "dia", "cem")]


def test_seat_history_defaults_to_the_history_schedule_and_can_be_given_instead():
    history = [[("ann", "bob", "cem", "dia")]]
    standing = ["ann", "bob", "cem", "dia"]
    assert swiss_round(standing, history, table_size=4) == swiss_round(
        standing, history, seat_counts(history, table_size=4), table_size=4
    )
    only_ann_balanced = {"bob": (0, 2, 2, 2), "cem": (2, 0, 2, 2), "dia": (2, 2, 0, 2)}
    assert swiss_round(standing, {}, only_ann_balanced, table_size=4) == [("bob", "cem", "dia", "ann")]


seat_histories = st.lists(st.tuples(*[st.integers(0, 4)] * 4), min_size=4, max_size=4)


@given(seat_histories)
def test_the_seat_order_has_the_lowest_total_charge_over_least_held_seats(histories):
    standing = ["ann", "bob", "cem", "dia"]
    seat_history = dict(zip(standing, histories))

    def charge(order):
        return sum(seat_history[p][seat] - min(seat_history[p]) for seat, p in enumerate(order))

    [table] = swiss_round(standing, {}, seat_history, table_size=4)
    assert sorted(table) == standing
    assert charge(table) == min(charge(order) for order in permutations(standing))
    if any(charge(order) == 0 for order in permutations(standing)):
        assert all(seat_history[p][seat] == min(seat_history[p]) for seat, p in enumerate(table))
