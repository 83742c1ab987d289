"""A strategy decides on the seat's view alone: it gets nothing else, so the cards the seat
cannot see do not change its choice, and a view that went through JSON (as a webhook bot
receives it) gets the same answer as the engine's own view."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game
from tests.bots.strategies.helpers import ALL_STRATEGIES, fewer_examples, into_play
from tests.engine.test_engine_properties import SEEDS, boards


@fewer_examples(10)
@given(state=boards(), choices=SEEDS, plays=st.sampled_from(range(52)), seed=SEEDS)
def test_a_view_sent_as_json_gets_the_same_answer(state, choices, plays, seed):
    view = into_play(state, random.Random(choices), plays) or state.view(0)
    if not view["legal_actions"]:
        return
    sent = json.loads(json.dumps(view))
    for strategy in ALL_STRATEGIES.values():
        assert strategy(sent, random.Random(seed)) == strategy(view, random.Random(seed))


@fewer_examples(10)
@given(state=boards(), hidden=st.randoms(use_true_random=False), seed=SEEDS)
def test_the_hidden_hands_do_not_change_the_choice(state, hidden, seed):
    """Before the first card, deal the other seats' cards among them differently: the seat to
    act sees the same view, so every strategy answers the same."""
    if state.is_over:
        return
    seat = state.to_act
    board = state.events[0]["board"]
    others = [c for s in range(4) if s != seat for c in board["hands"][s]]
    hidden.shuffle(others)
    hands = [list(board["hands"][s]) if s == seat else None for s in range(4)]
    for s in range(4):
        if s != seat:
            hands[s], others = others[:13], others[13:]
    redealt = new_game(state.ruleset, board=dict(board, hands=hands), options=state.options)
    if redealt.to_act != seat or redealt.view(seat) != state.view(seat):
        return  # a rule about the hidden cards (a Rifki misdeal) changed what the seat sees
    for strategy in ALL_STRATEGIES.values():
        assert strategy(redealt.view(seat), random.Random(seed)) == strategy(state.view(seat), random.Random(seed))
