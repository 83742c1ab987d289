"""A King positive board can start settled: ``mode``, ``trump`` and ``accepted_bid`` say how the
Beneficiary's choice or the auction ended, and the deal starts in play (a search bot plays
positive hands out this way). Played out, it must give exactly the tricks and scores of the
same hand settled through the engine's own choice and auction actions."""

import random

import pytest

from games.engine import InvalidBoard, new_game, replay
from tests.engine.helpers import of_type, play_first_legal, random_hands

HANDS = random_hands(random.Random(11))
PASS, ACCEPT, OPEN = {"type": "pass"}, {"type": "accept"}, {"type": "open_auction"}


def board(dealer=0, options=None, **settled):
    return new_game(
        "king", board=dict({"dealer": dealer, "hands": HANDS, "contract": "positive"}, **settled), options=options
    )


def bid(tricks, direction):
    return {"type": "bid", "tricks": tricks, "direction": direction}


def outcome(state):
    """The tricks and the scores of the rest of the deal, every seat playing its first legal card."""
    events = play_first_legal(state)
    return of_type(events, "trick"), of_type(events, "deal_ended")[0]["scores"]


# (actions from the Beneficiary's choice, the equivalent settled fields), dealer 0
SETTLEMENTS = [
    ([{"type": "choose", "mode": "up", "trump": None}], {"mode": "up", "trump": None}),
    ([{"type": "choose", "mode": "down"}], {"mode": "down"}),
    (
        [OPEN, bid(5, "up"), PASS, PASS, ACCEPT, {"type": "choose", "mode": "up", "trump": "S"}],
        {"mode": "up", "trump": "S", "accepted_bid": {"bidder": 1, "tricks": 5, "direction": "up"}},
    ),
    (
        [OPEN, PASS, bid(2, "down"), PASS, ACCEPT],
        {"mode": "down", "accepted_bid": {"bidder": 2, "tricks": 2, "direction": "down"}},
    ),
    (
        [{"type": "ultimatum"}, PASS, PASS, {"type": "take"}, {"type": "choose", "mode": "up", "trump": "H"}],
        {"mode": "up", "trump": "H", "accepted_bid": {"bidder": 3, "tricks": 8, "direction": "up"}},
    ),
]


@pytest.mark.parametrize("first_lead", ["dealer", "declarer"])
@pytest.mark.parametrize("actions, settled", SETTLEMENTS)
def test_a_settled_board_plays_and_scores_like_the_hand_settled_by_actions(actions, settled, first_lead):
    options = {"positive_first_lead": first_lead}
    through_actions = board(options=options)
    for action in actions:
        through_actions.apply(action)
    straight = board(options=options, **settled)
    assert straight.phase == through_actions.phase == "play"
    assert straight.to_act == through_actions.to_act
    assert straight.view(0)["table"]["contract"] == through_actions.view(0)["table"]["contract"]
    assert outcome(straight) == outcome(through_actions)


def test_the_declarer_leads_when_the_options_say_so():
    settled = {"mode": "up", "trump": "C", "accepted_bid": {"bidder": 2, "tricks": 3, "direction": "up"}}
    assert board(dealer=1, options={"positive_first_lead": "declarer"}, **settled).to_act == 2
    assert board(dealer=1, **settled).to_act == 1


def test_a_settled_board_replays_and_verifies():
    state = board(mode="down", accepted_bid={"bidder": 3, "tricks": 1, "direction": "down"})
    play_first_legal(state)
    assert replay(state.events) == state
    assert replay(state.events, verify=True) == state


def test_a_board_that_does_not_settle_keeps_its_old_shape():
    state = board()
    assert state.events[0]["board"].keys() == {"dealer", "hands", "contract"}
    assert "mode" not in of_type(state.events, "deal_started")[0]
    assert state.phase == "positive_choice"


UP_BID = {"bidder": 1, "tricks": 4, "direction": "up"}
REFUSED = [
    ({"contract": "no_hearts", "mode": "up"}, None, "need contract 'positive'"),
    ({"contract": None, "trump": "S"}, None, "need contract 'positive'"),
    ({"trump": "S"}, None, "needs 'mode'"),
    ({"mode": "sideways"}, None, "needs 'mode'"),
    ({"mode": "up", "trump": "X"}, None, "'trump' must be one of"),
    ({"mode": "up", "trump": ["S"]}, None, "'trump' must be one of"),
    ({"mode": "down", "trump": "S"}, None, "a down hand has no trump"),
    ({"mode": "down"}, {"allow_down": False}, "does not allow playing down"),
    ({"mode": "up", "accepted_bid": [1, 4, "up"]}, None, "must be an object"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, value=100)}, None, "must be an object"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, bidder=0)}, None, "other than the dealer"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, bidder=4)}, None, "other than the dealer"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, bidder=True)}, None, "other than the dealer"),
    ({"mode": "down", "accepted_bid": UP_BID}, None, "the board's mode is 'down'"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, tricks=9)}, None, "not a bid this game allows"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, tricks=0)}, None, "not a bid this game allows"),
    ({"mode": "up", "accepted_bid": dict(UP_BID, tricks="4")}, None, "not a bid this game allows"),
    (
        {"mode": "down", "accepted_bid": {"bidder": 1, "tricks": 1, "direction": "down"}},
        {"auction_allow_down_bids": False},
        "not a bid this game allows",
    ),
    ({"mode": "up", "accepted_bid": dict(UP_BID, tricks=5)}, {"auction_max_value": 100}, "not a bid this game allows"),
]


@pytest.mark.parametrize("fields, options, message", REFUSED)
def test_bad_settled_fields_are_refused_with_a_clear_reason(fields, options, message):
    fields = dict({"contract": "positive"}, **fields)
    with pytest.raises(InvalidBoard) as err:
        new_game("king", board=dict({"dealer": 0, "hands": HANDS}, **fields), options=options)
    assert message in err.value.message
