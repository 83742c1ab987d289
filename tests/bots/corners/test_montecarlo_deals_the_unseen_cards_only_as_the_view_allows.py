"""The Monte Carlo search samples only what the view allows: each sampled board gives every other
seat as many cards as it holds and the stock as many as it has, from cards the seat has not seen,
keeps the table as it is, and puts the seat to act; a fixed rng gives a fixed choice; a bad
budget is refused."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bots.strategies.corners import Budget, MonteCarlo
from bots.strategies.corners.board import unseen_cards
from bots.strategies.corners.montecarlo import position_state, sampled_board

from .helpers import few, positions


@few(40)
@given(state=positions(), seed=st.integers(0, 2**32))
def test_sampled_boards_match_the_view(state, seed):
    if state.is_over or state.view(state.to_act)["table"]["turn"]["stage"] != "playing":
        return
    seat = state.to_act
    view = state.view(seat)
    board, options, opening = sampled_board(view, random.Random(seed))
    if board is None:
        return
    unseen = set(unseen_cards(view))
    for s, hand in enumerate(board["hands"]):
        if s == seat:
            continue
        assert len(hand) == view["hand_sizes"][s]
        assert set(hand) <= unseen | set(view["table"]["jokers"])
    sim = position_state(view, board, options, opening)
    assert sim is not None and sim.to_act == seat
    sim_view = sim.view(seat)
    assert sim_view["table"]["stock_size"] == view["table"]["stock_size"]
    assert len(sim_view["hand"]) == len(view["hand"])
    if not view["table"]["jokers"]:
        assert sim_view["table"]["piles"] == view["table"]["piles"]
        assert sim_view["legal_actions"] == view["legal_actions"]


@few(15)
@given(state=positions(), seed=st.integers(0, 2**32))
def test_a_fixed_rng_gives_a_fixed_choice(state, seed):
    if state.is_over:
        return
    view = state.view(state.to_act)
    search = MonteCarlo(Budget(samples=3, candidates=3))
    assert search(view, random.Random(seed)) == search(view, random.Random(seed))


@pytest.mark.parametrize(
    "bad", [{"samples": 0}, {"seconds": -1}, {"rollout": "oracle"}, {"candidates": 1}, {"margin": -0.5}]
)
def test_a_bad_budget_is_refused(bad):
    with pytest.raises(ValueError):
        Budget(**bad)
