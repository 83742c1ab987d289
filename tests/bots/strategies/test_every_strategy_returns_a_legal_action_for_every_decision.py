"""Every strategy answers every decision of both games with an entry of ``view["legal_actions"]``
(the very object), whatever the option flags: on random single deals, on whole seeded games, and
on positions pinned to reach every kind of decision of both rulesets."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game
from games.engine.cards import DECK
from tests.bots.strategies.helpers import fewer_examples, play_asking_every_strategy
from tests.engine.flag_strategies import KING_OPTIONS, RIFKI_OPTIONS
from tests.engine.test_engine_properties import SEEDS, boards


@fewer_examples(10)
@given(state=boards(), choices=SEEDS)
def test_every_strategy_answers_every_decision_of_a_random_deal_with_a_listed_action(state, choices):
    play_asking_every_strategy(state, random.Random(choices))


def late_in_a_deal_or_before_play(view):
    """Whole games ask the search before the play and in each deal's last tricks, to stay quick."""
    return view["phase"] != "play" or len(view["hand"]) <= 3


@fewer_examples(25)
@given(
    ruleset_options=st.one_of(st.tuples(st.just("king"), KING_OPTIONS), st.tuples(st.just("rifki"), RIFKI_OPTIONS)),
    seed=SEEDS,
    choices=SEEDS,
)
def test_every_strategy_answers_every_decision_of_a_whole_game_with_a_listed_action(ruleset_options, seed, choices):
    ruleset, options = ruleset_options
    play_asking_every_strategy(
        new_game(ruleset, seed=seed, options=options), random.Random(choices), late_in_a_deal_or_before_play
    )


def bid(tricks, direction="up"):
    return {"type": "bid", "tricks": tricks, "direction": direction}


OPEN, PASS = {"type": "open_auction"}, {"type": "pass"}
# King positive boards driven by fixed actions to each kind of decision of the positive hands:
# (the decision expected next, the options, the actions that lead there).
KING_POSITIVE_PATHS = [
    (("positive_choice", "choose"), {"forfeit_without_auction": True}, []),
    (("positive_choice", "forfeit"), {"forfeit_without_auction": True}, []),
    (("auction", "bid"), {}, [OPEN]),
    (("auction", "match"), {}, [OPEN, bid(1), bid(2), bid(3)]),
    (("auction_won", "accept"), {}, [OPEN, bid(1), PASS, PASS]),
    (("auction_won", "forfeit"), {}, [OPEN, bid(1), PASS, PASS]),
    (("auction_won", "counteroffer"), {"beneficiary_counteroffer": True}, [OPEN, bid(1), PASS, PASS]),
    (("auction_won", "ultimatum"), {"ultimatum_timing": "after_bidding"}, [OPEN, bid(1), PASS, PASS]),
    (
        ("counteroffer", "accept"),
        {"beneficiary_counteroffer": True},
        [OPEN, bid(1), PASS, PASS, {"type": "counteroffer", "tricks": 2, "direction": "up"}],
    ),
    (("final_offer", "take"), {"ultimatum_timing": "after_bidding"}, [OPEN, bid(1), PASS, PASS, {"type": "ultimatum"}]),
    (("ultimatum", "take"), {}, [{"type": "ultimatum"}]),
    (("no_bids", "choose"), {}, [OPEN, PASS, PASS, PASS]),
    (("declined", "choose"), {}, [OPEN, bid(1), PASS, PASS, {"type": "decline"}]),
    (("name_trump", "choose"), {}, [OPEN, bid(1), PASS, PASS, {"type": "accept"}]),
]


def low_hand_deal():
    """Seat 1 holds thirteen cards below the jack, so it may cancel a Rifki trump deal."""
    low = [c for c in DECK if c[0] in "23456789T"][:13]
    rest = [c for c in DECK if c not in low]
    return [rest[0:13], low, rest[13:26], rest[26:39]]


def start(case):
    """The state where each kind of decision of both rulesets comes up."""
    if case in range(len(KING_POSITIVE_PATHS)):
        _, options, actions = KING_POSITIVE_PATHS[case]
        state = new_game("king", options=options, board={"dealer": 0, "hands": low_hand_deal(), "contract": "positive"})
        for action in actions:
            state.apply(action)
        return state
    if case == "king_game":
        return new_game(
            "king", seed=3, options={"first_dealer_method": "kh_holder_nominates", "hand_order": "dealer_choice"}
        )
    if case == "rifki_contract":
        return new_game("rifki", board={"declarer": 2, "hands": low_hand_deal()})
    if case == "rifki_misdeal":
        return new_game("rifki", board={"declarer": 0, "hands": low_hand_deal(), "contract": "trump", "trump": "S"})
    every_hand_has_high_cards = [list(DECK[seat::4]) for seat in range(4)]
    return new_game(
        "rifki",
        options={"king_slam": "10", "king_slam_requires_declaration": True},
        board={"declarer": 0, "hands": every_hand_has_high_cards, "contract": "trump", "trump": "S"},
    )


CASES = [(expected, case) for case, (expected, _, _) in enumerate(KING_POSITIVE_PATHS)] + [
    (("nominate_dealer", "nominate"), "king_game"),
    (("contract", "contract"), "king_game"),
    (("contract", "contract"), "rifki_contract"),
    (("misdeal_claim", "cancel"), "rifki_misdeal"),
    (("play", "declare_slam"), "rifki_slam"),
]


@pytest.mark.parametrize("decision, case", CASES, ids=[f"{p}-{t}" for (p, t), _ in CASES])
def test_each_kind_of_decision_comes_up_and_is_answered_with_a_listed_action(decision, case):
    """Guards the properties above against passing vacuously: each kind of decision of both
    rulesets comes up in a game played this way, and every strategy answers it."""
    decided = play_asking_every_strategy(start(case), random.Random(7), late_in_a_deal_or_before_play)
    assert decision in decided
