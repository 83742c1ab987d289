"""The Brazilian King positive hands: the Beneficiary's choice, the auction (docs/rules.md §1.7 and §1.8),
driven through real engine states built from King boards with contract "positive"."""

import random

import pytest

from games.engine import IllegalAction, new_game
from tests.engine.helpers import copy_of, of_type, play_first_legal, random_hands

PASS, MATCH, ACCEPT, DECLINE, TAKE = ({"type": t} for t in ("pass", "match", "accept", "decline", "take"))
OPEN = {"type": "open_auction"}


def bid(n, direction):
    return {"type": "bid", "tricks": n, "direction": direction}


def positive_board(dealer=0, options=None, seed=7):
    hands = random_hands(random.Random(seed))
    return new_game("king", board={"dealer": dealer, "hands": hands, "contract": "positive"}, options=options)


def kinds(state):
    return [a["type"] for a in state.legal_actions()]


def expected_positive(mode, tricks, beneficiary, accepted=None, max_value=200):
    """docs/rules.md §1.8.5 with the default payment modes."""
    if mode == "up":
        scores = [25 * t for t in tricks]
    else:
        scores = [325 - 75 * t for t in tricks]
    if accepted:
        winner, n, direction = accepted
        moved = 25 * n if direction == "up" else 75 * min(n, tricks[beneficiary])
        scores[winner] -= moved
        scores[beneficiary] += moved
    return scores


def finish(state):
    events = play_first_legal(state)
    tricks = [0, 0, 0, 0]
    for t in of_type(events, "trick"):
        tricks[t["winner"]] += 1
    (ended,) = of_type(events, "deal_ended")
    assert sum(ended["scores"]) == 325
    return ended, tricks


def assert_refused_without_change(state, action, code):
    before_events, before_legal = len(state.events), state.legal_actions()
    before_views = [state.view(s) for s in range(4)]
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.code == code
    assert err.value.reason
    assert len(state.events) == before_events
    assert state.legal_actions() == before_legal
    assert [state.view(s) for s in range(4)] == before_views
    return err.value


# ------------------------------------------------------------------ the worked example, 1.8.7
def test_the_worked_auction_example_ends_with_p1_holding_8_up_after_nine_bids():
    state = positive_board(dealer=0)
    assert state.to_act == 0
    state.apply(OPEN)
    assert state.to_act == 1
    state.apply(bid(2, "up"))  # 1. P1 2 up
    state.apply(bid(4, "up"))  # 2. P2 4 up
    assert state.to_act == 3
    # 3. P3 tries 1 down (worth 75, not above 100): refused, nothing changes
    assert_refused_without_change(state, bid(1, "down"), "bid_too_low")
    assert bid(1, "down") not in state.legal_actions()
    assert bid(5, "up") == state.legal_actions()[0]  # the cheapest bid that beats 4 up
    state.apply(bid(5, "up"))  #    and bids 5 up
    assert state.to_act == 1 and MATCH in state.legal_actions()
    state.apply(MATCH)  # 4. P1 matches 5 up
    assert state.to_act == 2 and MATCH not in state.legal_actions()  # P1 outranks P2
    state.apply(bid(2, "down"))  # 5. P2 2 down (150)
    state.apply(bid(7, "up"))  # 6. P3 7 up (175)
    state.apply(MATCH)  # 7. P1 matches 7 up
    state.apply(bid(8, "up"))  # 8. P2 8 up (200)
    assert state.to_act == 3
    assert state.legal_actions() == [PASS]  # nothing beats 200 and P3 has preference over nobody
    state.apply(PASS)  # 9. P3 passes (out)
    assert state.to_act == 1
    state.apply(MATCH)  # 10. P1 matches 8 up
    assert state.to_act == 2
    assert state.legal_actions() == [PASS]  # 11. P2 can neither beat 200 nor match P1
    events = state.apply(PASS)
    (ended,) = of_type(events, "auction_ended")
    assert (ended["winner"], ended["tricks"], ended["direction"], ended["bids_made"]) == (1, 8, "up", 9)
    assert state.to_act == 0
    assert kinds(state) == ["accept", "decline"]  # 9 bids > 3: no forfeit


def test_after_the_worked_example_the_winner_names_trumps_and_pays_200():
    state = positive_board(dealer=0)
    for a in [
        OPEN,
        bid(2, "up"),
        bid(4, "up"),
        bid(5, "up"),
        MATCH,
        bid(2, "down"),
        bid(7, "up"),
        MATCH,
        bid(8, "up"),
        PASS,
        MATCH,
        PASS,
        ACCEPT,
    ]:
        state.apply(a)
    assert state.to_act == 1
    assert state.legal_actions() == [{"type": "choose", "mode": "up", "trump": t} for t in ["S", "H", "D", "C", None]]
    state.apply({"type": "choose", "mode": "up", "trump": "D"})
    contract = state.view(0)["table"]["contract"]
    assert contract["mode"] == "up" and contract["trump"] == "D" and contract["declarer"] == 1
    assert contract["accepted_bid"]["bidder"] == 1 and contract["accepted_bid"]["value"] == 200
    assert state.to_act == 0  # positive_first_lead defaults to the dealer
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (1, 8, "up"))


def test_a_bid_above_the_cap_is_refused_as_out_of_range():
    state = positive_board()
    state.apply(OPEN)
    assert_refused_without_change(state, bid(3, "down"), "bid_out_of_range")  # 225 > 200
    assert_refused_without_change(state, bid(9, "up"), "bid_out_of_range")
    assert_refused_without_change(state, bid(0, "up"), "bid_out_of_range")


def test_a_bid_that_cannot_beat_a_standing_8_up_is_refused_as_too_low():
    state = positive_board()
    for a in [OPEN, bid(8, "up")]:
        state.apply(a)
    assert_refused_without_change(state, bid(8, "up"), "bid_too_low")


def test_a_bid_with_a_boolean_trick_count_is_refused():
    state = positive_board()
    state.apply(OPEN)
    assert_refused_without_change(state, {"type": "bid", "tricks": True, "direction": "up"}, "malformed_action")


def test_a_player_may_not_match_a_bid_of_a_player_he_has_no_preference_over():
    state = positive_board()
    for a in [OPEN, bid(2, "up")]:
        state.apply(a)
    assert state.to_act == 2 and MATCH not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(MATCH)


def test_a_refused_match_says_match_not_allowed():
    state = positive_board()
    for a in [OPEN, bid(2, "up")]:
        state.apply(a)
    assert_refused_without_change(state, MATCH, "match_not_allowed")


def test_without_preference_matching_nobody_may_match():
    state = positive_board(options={"auction_preference_matching": False})
    for a in [OPEN, PASS, bid(2, "up"), bid(3, "up")]:
        state.apply(a)
    assert state.to_act == 2
    assert MATCH not in state.legal_actions()


def test_with_pass_not_final_a_player_who_passed_may_bid_again():
    state = positive_board(options={"auction_pass_is_final": False})
    state.apply(OPEN)
    state.apply(PASS)  # P1
    state.apply(bid(2, "up"))  # P2
    state.apply(PASS)  # P3
    assert state.to_act == 1 and bid(3, "up") in state.legal_actions()
    state.apply(bid(3, "up"))  # P1 is back in
    state.apply(PASS)  # P2
    events = state.apply(PASS)  # P3: everyone else passed since P1's bid
    (ended,) = of_type(events, "auction_ended")
    assert (ended["winner"], ended["tricks"], ended["bids_made"]) == (1, 3, 2)


def test_with_pass_final_a_player_who_passed_is_skipped():
    state = positive_board()
    state.apply(OPEN)
    state.apply(PASS)  # P1 out
    state.apply(bid(2, "up"))  # P2
    state.apply(bid(3, "up"))  # P3
    assert state.to_act == 2  # P1 is skipped


# ------------------------------------------------------------------ no bids, forfeit
def test_when_all_three_pass_the_beneficiary_chooses_how_to_play_or_forfeits():
    state = positive_board(dealer=2)
    state.apply(OPEN)
    assert state.to_act == 3
    state.apply(PASS)
    state.apply(PASS)
    events = state.apply(PASS)
    (ended,) = of_type(events, "auction_ended")
    assert ended["winner"] is None and ended["bids_made"] == 0
    assert state.to_act == 2
    assert state.legal_actions() == [
        {"type": "choose", "mode": "up", "trump": t} for t in ["S", "H", "D", "C", None]
    ] + [{"type": "choose", "mode": "down"}, {"type": "forfeit"}]


def test_a_forfeit_after_a_foiled_auction_scores_4_3_3_3_for_the_beneficiary():
    state = positive_board(dealer=2)
    for a in [OPEN, bid(1, "up"), bid(2, "up"), PASS, PASS]:
        state.apply(a)
    assert "forfeit" in kinds(state)
    events = state.apply({"type": "forfeit"})
    (ended,) = of_type(events, "deal_ended")
    assert ended["reason"] == "forfeit"
    assert ended["scores"] == [75, 75, 100, 75]
    assert of_type(events, "trick") == [] and state.is_over


def test_matches_count_toward_the_foiled_auction_limit():
    state = positive_board(dealer=0)
    # P1 2 up, P2 3 up, P3 4 up, P1 matches: 4 bid actions > 3
    for a in [OPEN, bid(2, "up"), bid(3, "up"), bid(4, "up"), MATCH, PASS, PASS]:
        state.apply(a)
    assert state.view(0)["table"]["auction"]["bids_made"] == 4
    assert "forfeit" not in kinds(state)
    with pytest.raises(IllegalAction):
        state.apply({"type": "forfeit"})


def test_a_forfeit_refused_after_too_many_bids_says_forfeit_not_allowed():
    state = positive_board(dealer=0)
    for a in [OPEN, bid(2, "up"), bid(3, "up"), bid(4, "up"), MATCH, PASS, PASS]:
        state.apply(a)
    assert_refused_without_change(state, {"type": "forfeit"}, "forfeit_not_allowed")


def test_exactly_three_bids_still_allow_the_forfeit():
    state = positive_board(dealer=0)
    for a in [OPEN, bid(2, "up"), bid(3, "up"), bid(4, "up"), PASS, PASS]:
        state.apply(a)
    assert "forfeit" in kinds(state)


def test_without_foiled_auction_forfeit_there_is_no_forfeit():
    state = positive_board(options={"foiled_auction_forfeit": False})
    for a in [OPEN, PASS, PASS, PASS]:
        state.apply(a)
    assert "forfeit" not in kinds(state)


def test_forfeit_without_auction_is_offered_before_any_auction_when_enabled():
    assert "forfeit" not in kinds(positive_board())
    state = positive_board(dealer=1, options={"forfeit_without_auction": True})
    assert "forfeit" in kinds(state)
    events = state.apply({"type": "forfeit"})
    assert of_type(events, "deal_ended")[0]["scores"] == [75, 100, 75, 75]


def test_forfeit_scores_option_changes_the_split():
    state = positive_board(dealer=0, options={"forfeit_without_auction": True, "forfeit_scores": [7, 2]})
    events = state.apply({"type": "forfeit"})
    assert of_type(events, "deal_ended")[0]["scores"] == [175, 50, 50, 50]


# ------------------------------------------------------------------ ultimatum
def test_an_ultimatum_is_taken_by_the_first_taker_who_then_names_trumps():
    state = positive_board(dealer=0)
    state.apply({"type": "ultimatum"})
    assert state.to_act == 1 and state.legal_actions() == [TAKE, PASS]
    state.apply(PASS)
    assert state.to_act == 2
    state.apply(TAKE)
    assert state.to_act == 2  # P3 is never asked: P2 names trumps
    assert kinds(state) == ["choose"] * 5
    state.apply({"type": "choose", "mode": "up", "trump": None})
    assert state.view(3)["table"]["contract"]["accepted_bid"] == {
        "bidder": 2,
        "tricks": 8,
        "direction": "up",
        "value": 200,
    }
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (2, 8, "up"))


def test_an_ultimatum_refused_by_all_makes_the_beneficiary_play_down_at_once():
    state = positive_board(dealer=3)
    state.apply({"type": "ultimatum"})
    assert state.to_act == 0
    state.apply(PASS)
    state.apply(PASS)
    state.apply(PASS)
    contract = state.view(0)["table"]["contract"]
    assert contract["mode"] == "down" and contract["declarer"] == 3 and contract["accepted_bid"] is None
    assert all(a["type"] == "play" for a in state.legal_actions())
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("down", tricks, 3)


def test_the_ultimatum_is_not_offered_without_down_play():
    state = positive_board(options={"allow_down": False})
    assert "ultimatum" not in kinds(state)
    assert {"type": "choose", "mode": "down"} not in state.legal_actions()


def test_the_ultimatum_is_not_offered_when_disabled():
    assert "ultimatum" not in kinds(positive_board(options={"ultimatum_enabled": False}))


def test_after_bidding_the_ultimatum_is_put_to_the_standing_bidder_who_may_take_8_up():
    state = positive_board(dealer=0, options={"ultimatum_timing": "after_bidding"})
    assert "ultimatum" not in kinds(state)  # not instead of the auction
    for a in [OPEN, bid(2, "up"), PASS, PASS]:
        state.apply(a)
    assert "ultimatum" in kinds(state)
    state.apply({"type": "ultimatum"})
    assert state.to_act == 1 and state.legal_actions() == [TAKE, PASS]
    state.apply(TAKE)
    assert state.to_act == 1 and kinds(state) == ["choose"] * 5
    state.apply({"type": "choose", "mode": "up", "trump": "S"})
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (1, 8, "up"))


def test_after_bidding_an_ultimatum_refused_makes_the_beneficiary_play_down_without_payment():
    state = positive_board(dealer=0, options={"ultimatum_timing": "after_bidding"})
    for a in [OPEN, bid(2, "up"), PASS, PASS, {"type": "ultimatum"}, PASS]:
        state.apply(a)
    contract = state.view(0)["table"]["contract"]
    assert contract["mode"] == "down" and contract["declarer"] == 0 and contract["accepted_bid"] is None
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("down", tricks, 0)


def test_after_bidding_no_ultimatum_is_offered_over_a_standing_8_up():
    state = positive_board(options={"ultimatum_timing": "after_bidding"})
    for a in [OPEN, bid(8, "up"), PASS, PASS]:
        state.apply(a)
    assert "ultimatum" not in kinds(state)


# ------------------------------------------------------------------ counter-offer, accept, decline
def test_a_counteroffer_accepted_by_the_bidder_becomes_the_accepted_bid():
    state = positive_board(dealer=0, options={"beneficiary_counteroffer": True})
    for a in [OPEN, bid(3, "up"), PASS, PASS]:
        state.apply(a)
    offers = [a for a in state.legal_actions() if a["type"] == "counteroffer"]
    assert offers and all(o["tricks"] * (25 if o["direction"] == "up" else 75) > 75 for o in offers)
    assert {"type": "counteroffer", "tricks": 1, "direction": "down"} not in offers  # 75 is not above 3 up
    state.apply({"type": "counteroffer", "tricks": 5, "direction": "up"})
    assert state.to_act == 1 and state.legal_actions() == [ACCEPT, DECLINE]
    state.apply(ACCEPT)
    assert state.to_act == 1 and kinds(state) == ["choose"] * 5
    state.apply({"type": "choose", "mode": "up", "trump": "H"})
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (1, 5, "up"))


def test_a_refused_counteroffer_leaves_the_beneficiary_only_accept_or_decline_of_the_original_bid():
    state = positive_board(dealer=0, options={"beneficiary_counteroffer": True})
    for a in [OPEN, bid(3, "up"), PASS, PASS, {"type": "counteroffer", "tricks": 2, "direction": "down"}]:
        state.apply(a)
    state.apply(DECLINE)  # the bidder refuses
    assert state.to_act == 0 and state.legal_actions() == [ACCEPT, DECLINE]
    state.apply(ACCEPT)
    assert state.view(2)["table"]["contract"]["accepted_bid"]["tricks"] == 3
    state.apply({"type": "choose", "mode": "up", "trump": "C"})
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (1, 3, "up"))


def test_no_counteroffer_is_possible_unless_the_flag_is_set():
    state = positive_board()
    for a in [OPEN, bid(3, "up"), PASS, PASS]:
        state.apply(a)
    assert "counteroffer" not in kinds(state)


def test_a_counteroffer_without_the_flag_is_refused_as_not_allowed_rather_than_too_low():
    """With beneficiary_counteroffer off, a counter-offer of 5 up over a standing 3 up must not be
    refused as "5 up (worth 125) is not higher than the standing 3 up (worth 75)"."""
    state = positive_board()
    for a in [OPEN, bid(3, "up"), PASS, PASS]:
        state.apply(a)
    e = assert_refused_without_change(
        state, {"type": "counteroffer", "tricks": 5, "direction": "up"}, "counteroffer_not_allowed"
    )
    assert "not higher" not in e.message


def test_a_declined_bid_lets_the_beneficiary_choose_how_to_play_with_no_payment():
    state = positive_board(dealer=1)
    for a in [OPEN, bid(4, "up"), PASS, PASS, DECLINE]:
        state.apply(a)
    assert state.to_act == 1
    assert state.legal_actions() == [
        {"type": "choose", "mode": "up", "trump": t} for t in ["S", "H", "D", "C", None]
    ] + [{"type": "choose", "mode": "down"}]
    state.apply({"type": "choose", "mode": "down"})
    contract = state.view(0)["table"]["contract"]
    assert contract["declarer"] == 1 and contract["accepted_bid"] is None
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("down", tricks, 1)


def test_an_accepted_down_bid_starts_play_at_once_in_down_mode():
    state = positive_board(dealer=0)
    for a in [OPEN, bid(1, "down"), PASS, PASS, ACCEPT]:
        state.apply(a)
    contract = state.view(0)["table"]["contract"]
    assert contract["mode"] == "down" and contract["trump"] is None and contract["declarer"] == 1
    assert state.to_act == 0 and all(a["type"] == "play" for a in state.legal_actions())
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("down", tricks, 0, (1, 1, "down"))


def test_the_winner_of_an_up_bid_must_play_up():
    state = positive_board(dealer=0)
    for a in [OPEN, bid(4, "up"), PASS, PASS, ACCEPT]:
        state.apply(a)
    assert_refused_without_change(state, {"type": "choose", "mode": "down"}, "must_play_up")


def test_with_positive_first_lead_declarer_the_auction_winner_leads():
    state = positive_board(dealer=0, options={"positive_first_lead": "declarer"})
    for a in [OPEN, PASS, bid(3, "up"), PASS, ACCEPT, {"type": "choose", "mode": "up", "trump": "S"}]:
        state.apply(a)
    assert state.to_act == 2
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (2, 3, "up"))


def test_with_positive_first_lead_declarer_a_beneficiary_who_plays_himself_leads():
    state = positive_board(dealer=3, options={"positive_first_lead": "declarer"})
    state.apply({"type": "choose", "mode": "up", "trump": None})
    assert state.to_act == 3


@pytest.mark.parametrize(
    "first_lead, positive_first_lead, leader",
    [
        ("dealer", "dealer", 0),  # the defaults: the dealer leads
        ("left_of_dealer", "dealer", 1),  # "dealer" follows the general rule (docs/rules.md §1.3)
        ("dealer", "declarer", 2),  # the auction winner leads, whoever leads the negatives
        ("left_of_dealer", "declarer", 2),
    ],
)
def test_the_positive_hands_first_lead_follows_first_lead_unless_the_declarer_leads(
    first_lead, positive_first_lead, leader
):
    options = {"first_lead": first_lead, "positive_first_lead": positive_first_lead}
    state = positive_board(dealer=0, options=options)
    for a in [OPEN, PASS, bid(3, "up"), PASS, ACCEPT, {"type": "choose", "mode": "up", "trump": "S"}]:
        state.apply(a)
    assert state.declarer == 2 and state.to_act == leader
    ended, tricks = finish(state)
    assert ended["scores"] == expected_positive("up", tricks, 0, (2, 3, "up"))


def test_by_default_the_dealer_leads_a_positive_hand_after_an_accepted_bid():
    state = positive_board(dealer=0)
    for a in [OPEN, PASS, bid(3, "up"), PASS, ACCEPT, {"type": "choose", "mode": "up", "trump": "S"}]:
        state.apply(a)
    assert state.to_act == 0


def test_down_bids_are_not_offered_when_auction_allow_down_bids_is_off():
    state = positive_board(options={"auction_allow_down_bids": False})
    state.apply(OPEN)
    assert all(a["direction"] == "up" for a in state.legal_actions() if a["type"] == "bid")
    assert_refused_without_change(state, bid(1, "down"), "down_bids_disallowed")


def test_auction_max_value_caps_the_bids():
    state = positive_board(options={"auction_max_value": 150})
    state.apply(OPEN)
    bids = [(a["tricks"], a["direction"]) for a in state.legal_actions() if a["type"] == "bid"]
    assert bids == [(1, "up"), (2, "up"), (3, "up"), (1, "down"), (4, "up"), (5, "up"), (6, "up"), (2, "down")]


def test_a_state_rebuilt_from_the_log_mid_auction_continues_identically():
    state = positive_board(dealer=0)
    for a in [OPEN, bid(2, "up"), bid(4, "up")]:
        state.apply(a)
    copy = copy_of(state)
    assert copy == state
    assert copy.apply(bid(5, "up")) == state.apply(bid(5, "up"))
