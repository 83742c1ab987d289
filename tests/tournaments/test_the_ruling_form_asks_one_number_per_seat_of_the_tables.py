"""The rulings form follows the tournament's table size: one number field a seat, a penalised
seat among the table's seats, and an adjusted score needs a number for each of them."""

import pytest

from tournaments.forms import RulingForm

TABLES = [(1, 1, 7)]


@pytest.mark.parametrize("seats", (3, 4, 6))
def test_the_form_has_a_number_and_a_penalty_choice_for_each_seat(seats):
    form = RulingForm(tables=TABLES, num_seats=seats)
    assert [field.name for field in form.seat_values()] == [f"value_{s}" for s in range(seats)]
    assert [value for value, _ in form.fields["seat"].choices] == [""] + [str(s) for s in range(seats)]


@pytest.mark.parametrize("seats", (3, 6))
def test_an_adjusted_score_takes_one_number_a_seat(seats):
    posted = {
        "kind": "adjust_score",
        "match": "7",
        "reason": "a misdeal",
        "method": "artificial",
        **{f"value_{s}": str(s) for s in range(seats)},
    }
    form = RulingForm(posted, tables=TABLES, num_seats=seats)
    assert form.is_valid(), form.errors
    assert form.arguments() == (
        "adjust_score",
        7,
        "a misdeal",
        {"method": "artificial", "deltas": [float(s) for s in range(seats)]},
    )
    short = RulingForm({**posted, f"value_{seats - 1}": ""}, tables=TABLES, num_seats=seats)
    assert not short.is_valid() and f"value_{seats - 1}" in short.errors


def test_a_seat_beyond_the_table_is_refused():
    form = RulingForm(
        {"kind": "penalty", "match": "7", "reason": "slow", "offence": "slow_play", "seat": "3", "points": "5"},
        tables=TABLES,
        num_seats=3,
    )
    assert not form.is_valid() and "seat" in form.errors
