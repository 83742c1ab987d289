"""seat_counts gives, for each player, how many times they sat in seat 0, 1, 2 and 3."""

from tournaments.seating import seat_counts


def test_each_seat_is_counted_per_player():
    schedule = [
        [("ann", "bob", "cem", "dia")],
        [("bob", "ann", "cem", "dia")],
        [("cem", "ann", "bob", "eda")],
    ]
    assert seat_counts(schedule, table_size=4) == {
        "ann": (1, 2, 0, 0),
        "bob": (1, 1, 1, 0),
        "cem": (1, 0, 2, 0),
        "dia": (0, 0, 0, 2),
        "eda": (0, 0, 0, 1),
    }


def test_nobody_is_counted_in_an_empty_schedule():
    assert seat_counts([], table_size=4) == {}
