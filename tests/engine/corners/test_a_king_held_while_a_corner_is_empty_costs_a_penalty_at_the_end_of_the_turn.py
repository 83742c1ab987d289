"""docs/rules.md §3.5, compulsory kings and the Jax hidden king: not a refusal. At end_turn, a player who
holds a king while a corner is empty pays the penalty (3 points, or 3 chips), once per turn; the
view warns him first."""

from games.engine import new_game

from .helpers import board, events_of, play


def test_compulsory_kings_costs_three_points_once_per_turn():
    state = new_game(
        "corners",
        board=board([["KC", "KD", "2C"], ["3C", "4C"]], dealer=1),
        options={"players": 2, "compulsory_kings": True},
    )
    assert {"type": "end_turn"} in state.legal_actions()  # holding the kings is allowed
    assert state.view(0)["table"]["king_warning"] is True
    play(state, "end")
    assert events_of(state, "turn_ended")[0]["penalties"] == [{"reason": "hidden_king", "amount": 3}]
    assert state.view(None)["table"]["penalty_points"] == [3, 0]


def test_no_penalty_without_the_flag_or_once_the_kings_are_played():
    state = new_game("corners", board=board([["KC", "2C"], ["3C", "4C"]], dealer=1), options={"players": 2})
    play(state, "end")
    assert events_of(state, "turn_ended")[0]["penalties"] == []
    state = new_game(
        "corners", board=board([["KC", "2C"], ["3C", "4C"]], dealer=1), options={"players": 2, "compulsory_kings": True}
    )
    play(state, "KC>NE", "end")
    assert events_of(state, "turn_ended")[0]["penalties"] == []


def test_chips_pot_pays_three_chips_into_the_pot():
    state = new_game(
        "corners",
        board=board([["KC", "2C"], ["3C", "4C"]], dealer=1),
        options={"players": 2, "compulsory_kings": True, "scoring": "chips_pot"},
    )
    play(state, "2C>N", "end")
    assert state.view(None)["table"]["pot"] == 2 + 3
