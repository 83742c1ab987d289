"""A score table's game ends where the played game would (a total reaches the target, the hands
of a fixed-length game are all in), but only when the table finishes it (docs/architecture.md
§3.9): until then the last hand can still be corrected or withdrawn, and afterwards nothing is
taken. The winners are the played game's: the lowest total in a penalty scoring, the highest
with chips."""

import pytest

from games.engine import IllegalAction, new_score_table, replay


def out(table, winner, cards_left, kings=None, **more):
    n = table.num_seats
    taken = {"cards_left": cards_left, "kings": kings or [0] * n, **more}
    return table.apply({"type": "enter", "deal": table.entry_form()["deal"], "winner": winner, "taken": taken})


def test_a_total_that_reaches_the_target_waits_for_the_table_to_finish():
    table = new_score_table("corners", first=0, options={"players": 3, "target_score": 25})
    out(table, 0, [0, 3, 3], [0, 1, 0])
    assert not table.entry_form()["can_finish"]
    events = out(table, 1, [17, 0, 2], [1, 0, 0])  # seat 0 on 26: the played game would end here
    assert [e["type"] for e in events] == ["enter", "deal_ended"]
    assert not table.is_over and table.entry_form() == {
        "deal": None,
        "deals_in_game": None,
        "entered": 2,
        "can_finish": True,
        "is_over": False,
    }
    events = table.apply({"type": "finish"})
    assert [e["type"] for e in events] == ["finish", "game_ended"]
    assert table.is_over and table.scores == [26, 12, 5] and table.winners == [2]  # the lowest total
    with pytest.raises(IllegalAction) as err:
        table.apply({"type": "undo", "deal": 2})
    assert err.value.code == "game_over"
    assert replay(table.events, verify=True) == table


def test_a_correction_below_the_target_reopens_the_game_and_an_undo_too():
    table = new_score_table("corners", first=0, options={"players": 2, "target_score": 10, "scoring": "chips_pot"})
    out(table, 0, [0, 12], penalties=[0, 0])  # chips: seat 0 nets 1 + 12 = 13, the game is decided
    assert table.entry_form()["can_finish"]
    table.apply(
        {
            "type": "correct",
            "deal": 1,
            "entry": {"winner": 0, "taken": {"cards_left": [0, 2], "kings": [0, 0], "penalties": [0, 0]}},
            "reason": "two cards, not twelve",
        }
    )
    assert not table.entry_form()["can_finish"] and table.entry_form()["deal"] == 2
    out_again = {
        "type": "enter",
        "deal": 2,
        "winner": 1,
        "taken": {"cards_left": [9, 0], "kings": [1, 0], "penalties": [0, 0]},
    }
    table.apply(out_again)
    assert table.entry_form()["can_finish"] and table.scores == [3 - 19, -3 + 19]
    table.apply({"type": "undo", "deal": 2})
    assert table.entry_form()["deal"] == 2
    table.apply(out_again)
    table.apply({"type": "finish"})
    assert table.winners == [1]  # chips: the highest total
    assert replay(table.events, verify=True) == table


def test_a_fixed_number_of_hands_and_the_jax_target():
    fixed = new_score_table("corners", first=1, options={"players": 2, "game_length": "fixed_hands", "fixed_hands": 2})
    out(fixed, 0, [0, 1])
    assert fixed.entry_form()["deals_in_game"] == 2 and not fixed.entry_form()["can_finish"]
    out(fixed, 0, [0, 1])
    assert fixed.entry_form()["can_finish"]
    fixed.apply({"type": "finish"})
    assert fixed.winners == [0]
    jax = new_score_table("corners_jax", first=0, options={"players": 2, "target_points": 10})
    jax.apply({"type": "enter", "deal": 1, "winner": 1, "taken": {"cards_left": [12, 0], "penalties": [0, 0]}})
    assert jax.scores == [0, 14] and jax.entry_form()["can_finish"]
    assert jax.apply({"type": "finish"})[-1]["winners"] == [1]
