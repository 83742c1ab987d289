"""KC-L4 (docs/rules.md §3.4, §3.5): W = [KD, QC] moves into an empty NW at any time while
king_pile_to_corner_anytime, otherwise only on the hand's first turn; never when kings stay in the base."""

import pytest

from games.engine import IllegalAction

from .helpers import game, play

MOVE = {"type": "move", "from": "W", "to": "NW"}


def two_turns_later(**options):
    state = game([["2C", "3H"], ["3C", "2H"]], layout={"W": ["KD", "QC"]}, dealer=1, players=2, **options)
    first = MOVE in state.legal_actions()
    play(state, "end", "end")
    return state, first


def test_kc_l4_any_time_by_default():
    state, first = two_turns_later()
    assert first and MOVE in state.legal_actions()
    play(state, "W>NW")
    assert state.view(0)["table"]["piles"]["NW"] == ["KD", "QC"]


def test_only_on_the_first_turn_without_the_flag():
    state, first = two_turns_later(king_pile_to_corner_anytime=False)
    assert first and MOVE not in state.legal_actions()
    with pytest.raises(IllegalAction) as e:
        state.apply(MOVE)
    assert e.value.code == "king_move_not_allowed"


def test_never_when_dealt_kings_stay_in_the_base():
    state, first = two_turns_later(setup_king_handling="stays_in_base")
    assert not first and MOVE not in state.legal_actions()
