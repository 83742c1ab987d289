"""Brazilian King deals played to the end through the engine, scored independently from the
tricks (docs/rules.md §1.2 to §1.6, §1.9), and the whole-game flows: fixed order, quick game, dealer's choice,
the K-of-hearts receiver naming the first dealer."""

import random

import pytest

from games.engine import new_game
from tests.engine.helpers import (
    ALL_CARDS,
    CARD_BASED,
    COMBINED,
    KING_TABLE_TOTAL,
    KING_UNIT,
    NEGATIVES,
    deal_contract,
    expected_negative,
    is_penalty,
    of_type,
    play_first_legal,
    play_out,
    random_hands,
    split_deals,
)


def _penalty_cards(contract):
    parts = contract.split("+")
    if not all(p in CARD_BASED for p in parts):
        return None
    return {c for c in ALL_CARDS if any(is_penalty(p, c) for p in parts)}


@pytest.mark.parametrize("contract", NEGATIVES + COMBINED)
@pytest.mark.parametrize("early_end", [True, False], ids=["early end", "played out"])
def test_a_negative_deal_scores_what_each_seat_took_and_ends_when_nothing_is_left_to_take(contract, early_end):
    for k in range(8):
        rng = random.Random(f"{contract}/{k}")
        state = new_game(
            "king",
            board={"dealer": k % 4, "hands": random_hands(rng), "contract": contract},
            options={"early_end_when_penalties_exhausted": early_end},
        )
        play_out(state, rng)
        events = state.events
        tricks = of_type(events, "trick")
        (ended,) = of_type(events, "deal_ended")
        assert ended["scores"] == expected_negative(contract, tricks, KING_UNIT)
        assert sum(ended["scores"]) == KING_TABLE_TOTAL[contract]
        assert state.scores == ended["scores"] and state.deal_scores == [ended["scores"]]
        penalty = _penalty_cards(contract)
        if early_end and penalty is not None:
            # the deal stops with the trick in which the last penalty card fell
            fell = [i for i, t in enumerate(tricks) if penalty & set(t["cards"])]
            assert len(tricks) == fell[-1] + 1
            if len(tricks) < 13:
                (early,) = of_type(events, "hand_ended_early")
                assert early["after_trick"] == len(tricks)
                assert ended["reason"] == "penalties_exhausted"
                assert events.index(early) < events.index(ended)
        else:
            assert len(tricks) == 13 and ended["reason"] == "complete"
            assert of_type(events, "hand_ended_early") == []


def test_a_no_king_of_hearts_board_ends_right_after_the_king_of_hearts_falls():
    hands = random_hands(random.Random(3))
    state = new_game("king", board={"dealer": 1, "hands": hands, "contract": "no_king_of_hearts"})
    events = play_first_legal(state)
    tricks = of_type(events, "trick")
    assert "KH" in tricks[-1]["cards"]
    assert all("KH" not in t["cards"] for t in tricks[:-1])
    assert len(tricks) < 13
    types = [e["type"] for e in events]
    assert types[-3:] == ["hand_ended_early", "deal_ended", "game_ended"]
    ended = events[-2]
    assert ended["reason"] == "penalties_exhausted"
    taker = tricks[-1]["winner"]
    assert ended["scores"] == [-160 if s == taker else 0 for s in range(4)]


def test_the_dealer_leads_by_default_and_the_left_of_dealer_with_the_flag():
    hands = random_hands(random.Random(4))
    assert new_game("king", board={"dealer": 2, "hands": hands, "contract": "no_tricks"}).to_act == 2
    assert (
        new_game(
            "king",
            board={"dealer": 2, "hands": hands, "contract": "no_tricks"},
            options={"first_lead": "left_of_dealer"},
        ).to_act
        == 3
    )


def test_play_goes_clockwise_and_the_trick_winner_leads_next():
    state = new_game("king", board={"dealer": 3, "hands": random_hands(random.Random(5)), "contract": "no_tricks"})
    events = play_out(state, random.Random(5))
    plays = of_type(events, "play")
    tricks = of_type(events, "trick")
    leader = 3
    for i, t in enumerate(tricks):
        seats = [p["seat"] for p in plays[4 * i : 4 * i + 4]]
        assert seats == [(leader + k) % 4 for k in range(4)]
        assert t["leader"] == leader
        led = t["cards"][0][1]
        best = max((c for c in t["cards"] if c[1] == led), key=lambda c: "23456789TJQKA".index(c[0]))
        assert t["winner"] == seats[t["cards"].index(best)]
        leader = t["winner"]


def test_a_positive_trump_wins_the_trick_it_is_played_to():
    state = new_game("king", board={"dealer": 0, "hands": random_hands(random.Random(6)), "contract": "positive"})
    state.apply({"type": "choose", "mode": "up", "trump": "C"})
    events = play_out(state, random.Random(6))
    ranks = "23456789TJQKA"
    ruffed = 0
    for t in of_type(events, "trick"):
        trumps = [c for c in t["cards"] if c[1] == "C"]
        if trumps:
            best = max(trumps, key=lambda c: ranks.index(c[0]))
            ruffed += t["cards"][0][1] != "C"
        else:
            best = max((c for c in t["cards"] if c[1] == t["cards"][0][1]), key=lambda c: ranks.index(c[0]))
        seat = (t["leader"] + t["cards"].index(best)) % 4
        assert t["winner"] == seat
    tricks = [sum(1 for t in of_type(events, "trick") if t["winner"] == s) for s in range(4)]
    assert of_type(events, "deal_ended")[0]["scores"] == [25 * n for n in tricks]


# ------------------------------------------------------------------ whole games
def _play_king(seed, options=None, rng_seed=None):
    state = new_game("king", seed=seed, options=options)
    play_out(state, random.Random(rng_seed if rng_seed is not None else seed))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_a_fixed_order_game_plays_the_six_negatives_then_four_positives_with_the_deal_rotating(seed):
    state = _play_king(seed)
    deals = split_deals(state.events)
    assert len(deals) == 10
    starts = [d[0] for d in deals]
    first = state.events[0]["first_dealer"]
    assert [s["dealer"] for s in starts] == [(first + k) % 4 for k in range(10)]
    assert [s["contract"] for s in starts] == list(NEGATIVES) + ["positive"] * 4
    assert sorted(s["dealer"] for s in starts[6:]) == [0, 1, 2, 3]  # everyone is Beneficiary once
    for d in deals:
        name, _ = deal_contract(d)
        (ended,) = of_type(d, "deal_ended")
        if name == "positive":
            assert sum(ended["scores"]) == 325
        else:
            assert ended["scores"] == expected_negative(name, of_type(d, "trick"), KING_UNIT)
    assert sum(state.scores) == 0
    best = max(state.scores)
    assert state.winners == [s for s in range(4) if state.scores[s] == best]
    assert of_type(state.events, "game_ended")[0]["scores"] == state.scores


@pytest.mark.parametrize("seed", range(4))
def test_a_quick_game_has_seven_deals_with_the_three_combined_negatives(seed):
    state = _play_king(seed, {"quick_game_combined_negatives": True})
    deals = split_deals(state.events)
    assert len(deals) == 7 and state.view(0)["deals_in_game"] == 7
    assert [d[0]["contract"] for d in deals] == list(COMBINED) + ["positive"] * 4
    for d in deals[:3]:
        name = d[0]["contract"]
        (ended,) = of_type(d, "deal_ended")
        assert ended["scores"] == expected_negative(name, of_type(d, "trick"), KING_UNIT)
        assert sum(ended["scores"]) == KING_TABLE_TOTAL[name]
    assert sorted(d[0]["dealer"] for d in deals[3:]) == [0, 1, 2, 3]
    assert sum(state.scores) == 0


def _expected_dealer_choice(seat, used, positives_taken, negatives):
    left = [n for n in negatives if n not in used]
    names = list(left)
    if sum(positives_taken) < 4 and (positives_taken[seat] == 0 or not left):
        names.append("positive")
    return names


@pytest.mark.parametrize("quick", [False, True], ids=["ten deals", "quick game"])
def test_dealers_choice_offers_each_negative_once_and_one_positive_each_unless_nothing_else(quick):
    negatives = list(COMBINED if quick else NEGATIVES)
    second_positive_seen = False
    for seed in range(25):
        rng = random.Random(seed)
        options = {"hand_order": "dealer_choice", "quick_game_combined_negatives": quick}
        state = new_game("king", seed=seed, options=options)
        used, taken = [], [0, 0, 0, 0]
        while not state.is_over:
            legal = state.legal_actions()
            if legal[0]["type"] == "contract":
                seat = state.to_act
                assert [a["name"] for a in legal] == _expected_dealer_choice(seat, used, taken, negatives)
                # prefer positives, to reach the "nothing else is left" corner often
                pick = next((a for a in legal if a["name"] == "positive"), None) if rng.random() < 0.6 else None
                pick = pick or rng.choice(legal)
                if pick["name"] == "positive":
                    second_positive_seen |= taken[seat] > 0
                    taken[seat] += 1
                else:
                    used.append(pick["name"])
                state.apply(pick)
            else:
                state.apply(rng.choice(legal))
        assert sorted(used) == sorted(negatives) and sum(taken) == 4
        assert sum(state.scores) == 0
    assert second_positive_seen


def test_the_king_of_hearts_receiver_nominates_the_first_dealer():
    state = new_game("king", seed=b"nominate", options={"first_dealer_method": "kh_holder_nominates"})
    start = state.events[0]
    receiver = start["kh_receiver"]
    assert "first_dealer" not in start
    assert state.to_act == receiver
    assert state.legal_actions() == [{"type": "nominate", "dealer": s} for s in range(4)]
    chosen = (receiver + 2) % 4
    events = state.apply({"type": "nominate", "dealer": chosen})
    (deal,) = of_type(events, "deal_started")
    assert deal["dealer"] == chosen and state.to_act == chosen
    play_out(state, random.Random(1))
    assert [d[0]["dealer"] for d in split_deals(state.events)] == [(chosen + k) % 4 for k in range(10)]


def test_the_first_dealer_is_drawn_from_the_seed():
    dealers = {new_game("king", seed=s).events[0]["first_dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game("king", seed=9).events[0]["first_dealer"] == new_game("king", seed=9).events[0]["first_dealer"]
