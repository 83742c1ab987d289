"""Options and boards are checked before a game starts: each problem has its code."""

import pytest

from games.engine import RULESETS, InvalidBoard, InvalidOptions, new_game

from .helpers import board


@pytest.mark.parametrize(
    "ruleset, options, code",
    [
        ("corners", {"players": 7}, "invalid_option_value"),
        ("corners", {"players": 1}, "invalid_option_value"),
        ("corners", {"players": 6, "deal_size": 9}, "too_many_cards"),
        ("corners", {"allow_partial_pile_moves": True}, "unsupported_option"),
        ("corners", {"allow_play_under_rows": True}, "unsupported_option"),
        ("corners", {"pool_variant": True, "scoring": "pips_a25"}, "conflicting_options"),
        ("corners", {"scoring": "bogus"}, "invalid_option_value"),
        ("corners", {"ante": 1}, "unknown_option"),
        ("corners_jax", {"scoring": "chips_pot"}, "unknown_option"),
        ("corners_jax", {"kings_move_from_corners": True}, "unsupported_option"),
    ],
)
def test_bad_options(ruleset, options, code):
    with pytest.raises(InvalidOptions) as e:
        new_game(ruleset, seed=1, options=options)
    assert e.value.code == code


def test_the_seat_range_and_the_descriptor_agree():
    game = RULESETS["corners"]
    assert game.seats == range(2, 7) and game.default_seats == 4
    assert new_game("corners", seed=1).num_seats == 4
    assert new_game("corners", seed=1, options={"players": 6}).num_seats == 6


def good():
    return board([["2C"], ["3C"]], layout={"N": "5D"})


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda b: b.update(hands=[["2C"]]), "invalid_board"),
        (lambda b: b["stock"].pop(), "missing_cards"),
        (lambda b: b["stock"].append("2C"), "repeated_card"),
        (lambda b: b["stock"].append("ZZ"), "malformed_card"),
        (lambda b: b["layout"].update(NE="QS") or b["stock"].remove("QS"), "corner_needs_king"),
        (lambda b: b["layout"].update(N=["5D", "9S"]) or b["stock"].remove("9S"), "does_not_fit"),
        (lambda b: b.update(dealer=5), "invalid_board"),
        (lambda b: b.update(contract="x"), "invalid_board"),
    ],
)
def test_bad_boards(change, code):
    b = good()
    change(b)
    with pytest.raises(InvalidBoard) as e:
        new_game("corners", board=b, options={"players": 2})
    assert e.value.code == code
