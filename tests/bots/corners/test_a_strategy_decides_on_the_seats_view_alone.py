"""A strategy decides on the seat's view alone: a view that went through JSON (as a webhook bot
receives it) gets the same answer, and dealing the cards the seat cannot see (other hands, the
stock) differently does not change the choice of the rule-based strategies."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from bots.strategies.corners import STRATEGIES
from games.engine import new_game

from .helpers import FAST_SEARCH, few, positions


@few(30)
@given(state=positions(), seed=st.integers(0, 2**32))
def test_a_view_sent_as_json_gets_the_same_answer(state, seed):
    if state.is_over:
        return
    view = state.view(state.to_act)
    sent = json.loads(json.dumps(view))
    for strategy in (*STRATEGIES.values(), FAST_SEARCH):
        assert strategy(sent, random.Random(seed)) == strategy(view, random.Random(seed))


@few(30)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), hidden=st.randoms(use_true_random=False))
def test_the_unseen_cards_do_not_change_the_choice(seed, players, hidden):
    """At the first decision of a hand, deal the cards the first player cannot see otherwise."""
    state = new_game("corners", seed=seed, options={"players": players})
    seat = state.to_act
    deal = next(e for e in state.events if e["type"] == "deal_started")
    unseen = [c for s, h in enumerate(deal["hands"]) if s != seat for c in h] + list(deal["stock"])
    hidden.shuffle(unseen)
    hands = []
    for s, h in enumerate(deal["hands"]):
        if s == seat:
            hands.append(list(h))
        else:
            hands.append(unseen[: len(h)])
            unseen = unseen[len(h) :]
    board = {"dealer": deal["dealer"], "hands": hands, "layout": deal["layout"], "stock": unseen}
    redealt = new_game("corners", board=board, options={"players": players})
    assert redealt.view(seat)["legal_actions"] == state.view(seat)["legal_actions"]
    for name in ("random", "heuristic"):
        strategy = STRATEGIES[name]
        assert strategy(redealt.view(seat), random.Random(seed)) == strategy(state.view(seat), random.Random(seed))
