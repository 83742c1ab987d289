"""Pure (games.pages.decisions over engine views, no database): in every phase of a King positive
hand, under every auction option (counter-offers, the ultimatum after the bidding, a forfeit
without an auction, passes that are not final), each choice the seat to act has comes with a
label and what it commits to, and the ladder marks the standing bid on its rung."""

import random

import pytest

from games.engine import new_game
from games.pages.decisions import decision_context
from tests.engine.helpers import random_hands

NAMES = ["Ana", "Bo", "Cy", "Di"]
OPTIONS = [
    {},
    {"beneficiary_counteroffer": True},
    {"ultimatum_timing": "after_bidding"},
    {"forfeit_without_auction": True, "auction_pass_is_final": False},
    {"auction_max_value": 150, "auction_allow_down_bids": False, "up_payment_mode": "capped_at_tricks"},
    {"down_payment_mode": "fixed", "foiled_auction_max_bids": 10},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_every_choice_says_what_it_commits_to_and_the_ladder_marks_the_standing_bid(options):
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        board = {"dealer": seed % 4, "contract": "positive", "hands": random_hands(rng)}
        state = new_game("king", options=options, board=board)
        while state.phase != "play" and not state.is_over:
            view = state.view(state.to_act)
            context = decision_context(view, NAMES)
            for choice in context["choices"]:
                assert choice["label"] and choice["detail"], (state.phase, choice)
            standing = view["table"]["auction"]["standing_bid"]
            if context["auction"] and standing:
                [rung] = [r for r in context["auction"]["ladder"] if r["standing"]]
                assert (rung["points"], rung["holder"]) == (standing["value"], NAMES[standing["bidder"]])
            seen.add(state.phase)
            state.apply(rng.choice(state.legal_actions()))
    assert {"positive_choice", "auction", "auction_won"} <= seen
