"""Rifki deals and games played through the engine (docs/rules.md §2.1 to §2.8): scores from the tricks,
counter-clockwise play and rotation, quotas, misdeals, the Kiz split and the King slam."""

import random

import pytest

from games.engine import IllegalAction, new_game, replay
from tests.engine.helpers import (
    ALL_CARDS,
    CARD_BASED,
    NEGATIVES,
    RIFKI_TABLE_TOTAL,
    RIFKI_UNIT,
    deal_contract,
    expected_negative,
    is_penalty,
    of_type,
    play_first_legal,
    play_out,
    random_hands,
    split_deals,
)

HIGH = set("JQKA")
NO_MISDEALS = {"misdeal_trump_no_high_cards": "off", "misdeal_rifki_unguarded": False, "kiz_split_cancels": False}


def suit_hands():
    """P0 all spades, P1 all hearts, P2 all diamonds, P3 all clubs."""
    return [[r + s for r in "23456789TJQKA"] for s in "SHDC"]


# ------------------------------------------------------------------ single deals
@pytest.mark.parametrize("contract", NEGATIVES)
def test_a_negative_deal_scores_what_each_seat_took(contract):
    for k in range(8):
        rng = random.Random(f"{contract}/{k}")
        state = new_game(
            "rifki", board={"declarer": k % 4, "hands": random_hands(rng), "contract": contract}, options=NO_MISDEALS
        )
        assert state.to_act == k % 4  # the declarer leads
        play_out(state, rng)
        tricks = of_type(state.events, "trick")
        (ended,) = of_type(state.events, "deal_ended")
        assert ended["scores"] == expected_negative(contract, tricks, RIFKI_UNIT)
        assert sum(ended["scores"]) == RIFKI_TABLE_TOTAL[contract]
        if contract in CARD_BASED:
            fell = [i for i, t in enumerate(tricks) if any(is_penalty(contract, c) for c in t["cards"])]
            assert len(tricks) == fell[-1] + 1
            if len(tricks) < 13:
                assert ended["reason"] == "penalties_exhausted" and of_type(state.events, "hand_ended_early")
        else:
            assert len(tricks) == 13


@pytest.mark.parametrize("trump", "SHDC")
def test_a_trump_deal_pays_50_a_trick_and_the_highest_trump_wins(trump):
    ranks = "23456789TJQKA"
    for k in range(5):
        rng = random.Random(f"{trump}/{k}")
        state = new_game(
            "rifki",
            board={"declarer": k % 4, "hands": random_hands(rng), "contract": "trump", "trump": trump},
            options=NO_MISDEALS,
        )
        play_out(state, rng)
        tricks = of_type(state.events, "trick")
        assert len(tricks) == 13
        for t in tricks:
            trumps = [c for c in t["cards"] if c[1] == trump]
            pool = trumps or [c for c in t["cards"] if c[1] == t["cards"][0][1]]
            best = max(pool, key=lambda c: ranks.index(c[0]))
            assert t["winner"] == (t["leader"] + 3 * t["cards"].index(best)) % 4
        won = [sum(1 for t in tricks if t["winner"] == s) for s in range(4)]
        assert of_type(state.events, "deal_ended")[0]["scores"] == [50 * n for n in won]


def test_play_goes_counter_clockwise():
    state = new_game("rifki", board={"declarer": 1, "hands": random_hands(random.Random(2)), "contract": "no_tricks"})
    play_out(state, random.Random(2))
    plays = of_type(state.events, "play")
    for i, t in enumerate(of_type(state.events, "trick")):
        assert [p["seat"] for p in plays[4 * i : 4 * i + 4]] == [(t["leader"] + 3 * k) % 4 for k in range(4)]


def test_a_rifki_board_ends_after_the_trick_with_the_king_of_hearts():
    state = new_game(
        "rifki",
        board={"declarer": 2, "hands": random_hands(random.Random(8)), "contract": "no_king_of_hearts"},
        options={"misdeal_rifki_unguarded": False},
    )
    events = play_first_legal(state)
    tricks = of_type(events, "trick")
    assert "KH" in tricks[-1]["cards"] and len(tricks) < 13
    assert [e["type"] for e in events[-3:]] == ["hand_ended_early", "deal_ended", "game_ended"]
    assert events[-2]["scores"] == [-320 if s == tricks[-1]["winner"] else 0 for s in range(4)]


# ------------------------------------------------------------------ the King slam
@pytest.mark.parametrize("threshold, tricks", [("10", 10), ("11", 11), ("11_or_10_consecutive", 10), ("13", 13)])
def test_a_slam_ends_the_game_at_once_and_its_maker_alone_wins(threshold, tricks):
    state = new_game(
        "rifki",
        board={"declarer": 0, "hands": suit_hands(), "contract": "trump", "trump": "S"},
        options={"king_slam": threshold},
    )
    assert {"type": "declare_slam"} not in state.legal_actions()  # no declaration needed
    events = play_first_legal(state)
    (ended,) = of_type(events, "deal_ended")
    assert ended["reason"] == "slam" and ended["seat"] == 0
    assert ended["tricks_won"] == [tricks, 0, 0, 0]
    assert len(of_type(events, "trick")) == tricks
    assert events[-1]["type"] == "game_ended" and events[-1]["result"] == "slam"
    assert state.winners == [0]
    assert state.scores == [0, 0, 0, 0]  # the slam hand is not scored


def test_without_the_slam_rule_thirteen_tricks_just_score_650():
    state = new_game("rifki", board={"declarer": 0, "hands": suit_hands(), "contract": "trump", "trump": "S"})
    events = play_first_legal(state)
    assert of_type(events, "deal_ended")[0]["scores"] == [650, 0, 0, 0]
    assert state.winners == [0, 1, 2, 3]  # every total is >= 0


def test_when_the_slam_must_be_declared_an_undeclared_slam_is_an_ordinary_hand():
    state = new_game(
        "rifki",
        board={"declarer": 0, "hands": suit_hands(), "contract": "trump", "trump": "S"},
        options={"king_slam": "10", "king_slam_requires_declaration": True, "misdeal_trump_no_high_cards": "off"},
    )
    assert {"type": "declare_slam"} in state.legal_actions()
    state.apply({"type": "play", "card": "AS"})
    assert {"type": "declare_slam"} not in state.legal_actions()  # only before the first lead
    events = play_first_legal(state)
    (ended,) = of_type(events, "deal_ended")
    assert ended["reason"] == "complete" and ended["scores"] == [650, 0, 0, 0]


def test_a_declared_slam_that_is_made_ends_the_game_with_its_maker_winning():
    state = new_game(
        "rifki",
        board={"declarer": 0, "hands": suit_hands(), "contract": "trump", "trump": "S"},
        options={"king_slam": "10", "king_slam_requires_declaration": True, "misdeal_trump_no_high_cards": "off"},
    )
    state.apply({"type": "declare_slam"})
    assert state.to_act == 0 and state.view(1)["table"]["slam_declared"] is True
    events = play_first_legal(state)
    assert of_type(events, "deal_ended")[0]["reason"] == "slam"
    assert state.winners == [0]


def test_a_declared_slam_that_fails_ends_the_game_with_the_declarer_losing_alone():
    # P1 declares in spades holding all hearts; P0 holds every spade and ruffs the first trick.
    state = new_game(
        "rifki",
        board={"declarer": 1, "hands": suit_hands(), "contract": "trump", "trump": "S"},
        options={"king_slam": "13", "king_slam_requires_declaration": True, "misdeal_trump_no_high_cards": "off"},
    )
    state.apply({"type": "declare_slam"})
    events = play_first_legal(state)
    (ended,) = of_type(events, "deal_ended")
    assert ended["reason"] == "failed_slam" and ended["seat"] == 1
    assert len(of_type(events, "trick")) == 1
    assert events[-1]["result"] == "failed_slam"
    assert state.winners == [0, 2, 3]


def test_a_slam_declared_after_the_first_lead_is_refused_as_slam_not_allowed():
    state = new_game(
        "rifki",
        board={"declarer": 0, "hands": suit_hands(), "contract": "trump", "trump": "S"},
        options={"king_slam": "10", "king_slam_requires_declaration": True, "misdeal_trump_no_high_cards": "off"},
    )
    state.apply({"type": "play", "card": "AS"})
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "declare_slam"})
    assert err.value.code == "slam_not_allowed"


# ------------------------------------------------------------------ misdeals
def _first_seed(predicate, options=None, limit=3000):
    for seed in range(limit):
        state = new_game("rifki", seed=seed, options=options)
        if predicate(state):
            return seed, state
    raise AssertionError("no seed found")


def _unguarded(state):
    d = state.to_act
    for s in range(4):
        hearts = {c for c in state.hand(s) if c[1] == "H"}
        if s != d and hearts and hearts <= {"KH", "AH"}:
            return s
    return None


def test_an_unguarded_rifki_holder_cancels_the_deal_and_it_is_redealt_as_rifki():
    seed, state = _first_seed(lambda st: _unguarded(st) is not None)
    declarer, holder = state.to_act, _unguarded(state)
    events = state.apply({"type": "contract", "name": "no_king_of_hearts"})
    (cancelled,) = of_type(events, "deal_cancelled")
    assert cancelled["reason"] == "rifki_unguarded" and cancelled["seat"] == holder
    redeal = of_type(events, "deal_started")[0]
    assert redeal["deal"] == 1 and redeal["redeal"] == 1 and redeal["declarer"] == declarer
    assert redeal["contract"] == {"name": "no_king_of_hearts"}
    assert redeal["hands"] != split_deals(state.events)[0][0]["hands"]
    if _unguarded(state) is None:
        assert state.to_act == declarer and state.legal_actions()[0]["type"] == "play"
    assert state.view(0)["table"]["quotas"]["negatives_declared"] == [0, 0, 0, 0]
    assert state.deal_scores == []


def test_without_the_unguarded_rule_the_same_rifki_deal_is_played():
    seed, _ = _first_seed(lambda st: _unguarded(st) is not None)
    state = new_game("rifki", seed=seed, options={"misdeal_rifki_unguarded": False})
    events = state.apply({"type": "contract", "name": "no_king_of_hearts"})
    assert of_type(events, "deal_cancelled") == []
    assert state.legal_actions()[0]["type"] == "play"


def _weak(state):
    return [s for s in range(4) if not HIGH & {c[0] for c in state.hand(s)}]


def test_a_player_without_a_card_above_ten_may_cancel_a_trump_deal_which_is_redealt_for_a_trump_again():
    seed, state = _first_seed(lambda st: bool(_weak(st)))
    declarer, weak = state.to_act, _weak(state)
    state.apply({"type": "contract", "name": "trump", "suit": "H"})
    assert state.to_act == declarer  # every seat is asked in play order, from the declarer
    while state.to_act != weak[0]:
        assert state.legal_actions() == [{"type": "pass"}]  # a hand with a high card cannot cancel
        state.apply({"type": "pass"})
    assert state.legal_actions() == [{"type": "cancel"}, {"type": "pass"}]
    events = state.apply({"type": "cancel"})
    (cancelled,) = of_type(events, "deal_cancelled")
    assert cancelled["reason"] == "trump_no_high_cards" and cancelled["seat"] == weak[0]
    (redeal,) = of_type(events, "deal_started")
    assert redeal["deal"] == 1 and redeal["redeal"] == 1 and redeal["declarer"] == declarer
    assert redeal["dealer"] == (declarer + 1) % 4 and redeal["must_declare"] == "trump"
    assert state.to_act == declarer
    assert state.legal_actions() == [{"type": "contract", "name": "trump", "suit": s} for s in "SHDC"]
    quotas = state.view(declarer)["table"]["quotas"]
    assert quotas["trumps_declared"] == [0, 0, 0, 0] and quotas["trump_suit_uses"] == {}
    state.apply({"type": "contract", "name": "trump", "suit": "C"})  # the suit is chosen afresh
    play_out(state, random.Random(0))
    deal1 = [d for d in state.deals if d["deal"] == 1]
    assert [d["scored"] for d in deal1] == [False, True]
    assert sum(1 for d in state.deals if d["scored"] and d["contract"]["name"] == "trump") == 8


def test_when_every_weak_player_passes_the_trump_deal_is_played():
    seed, state = _first_seed(lambda st: bool(_weak(st)))
    declarer, weak = state.to_act, _weak(state)
    state.apply({"type": "contract", "name": "trump", "suit": "H"})
    for k in range(4):
        seat = (declarer + 3 * k) % 4  # counter-clockwise from the declarer
        assert state.to_act == seat
        may_cancel = {"type": "cancel"} in state.legal_actions()
        assert may_cancel == (seat in weak)
        state.apply({"type": "pass"})
    assert state.to_act == declarer and state.legal_actions()[0]["type"] == "play"


def test_with_the_no_high_cards_misdeal_off_nobody_is_asked():
    seed, _ = _first_seed(lambda st: bool(_weak(st)))
    state = new_game("rifki", seed=seed, options={"misdeal_trump_no_high_cards": "off"})
    declarer = state.to_act
    state.apply({"type": "contract", "name": "trump", "suit": "H"})
    assert state.to_act == declarer and state.legal_actions()[0]["type"] == "play"


def test_with_forced_trump_declarer_only_a_declarer_with_negatives_left_cannot_cancel():
    seed, _ = _first_seed(lambda st: st.to_act in _weak(st))
    state = new_game("rifki", seed=seed, options={"misdeal_trump_no_high_cards": "forced_trump_declarer_only"})
    declarer = state.to_act
    state.apply({"type": "contract", "name": "trump", "suit": "H"})
    assert state.to_act == declarer and state.legal_actions()[0]["type"] == "play"


def test_a_kiz_split_in_a_game_is_redealt_and_the_declarer_chooses_again_with_kiz_still_available():
    seed = 0
    state = new_game("rifki", seed=seed)
    declarer = state.to_act
    state.apply({"type": "contract", "name": "no_queens"})
    prefix = list(state.events)
    for k in range(500):
        trial = replay(prefix, seed=seed)
        rng = random.Random(k)
        events = []
        while not of_type(events, "deal_ended") and not of_type(events, "deal_cancelled"):
            events += trial.apply(rng.choice(trial.legal_actions()))
        if of_type(events, "deal_cancelled"):
            break
    else:
        raise AssertionError("no Kiz split found")
    (cancelled,) = of_type(events, "deal_cancelled")
    assert cancelled["reason"] == "kiz_split"
    taken = [0, 0, 0, 0]
    for t in of_type(trial.events, "trick"):
        taken[t["winner"]] += sum(1 for c in t["cards"] if c[0] == "Q")
    assert taken == [1, 1, 1, 1]
    (redeal,) = of_type(events, "deal_started")
    assert redeal["deal"] == 1 and redeal["redeal"] == 1 and redeal["declarer"] == declarer
    assert redeal["contract"] is None and trial.to_act == declarer
    assert {"type": "contract", "name": "no_queens"} in trial.legal_actions()
    assert trial.view(0)["table"]["quotas"]["negative_uses"] == {} and trial.deal_scores == []


# ------------------------------------------------------------------ rotation and quotas
def _expected_offer(state_info, seat, deal_no, options, must_declare):
    trumps_q, negs_q = (1, 2) if options["short_mode"] else (2, 3)
    limit = options["trump_suit_limit_per_game"]
    trumps = [
        {"type": "contract", "name": "trump", "suit": s}
        for s in "SHDC"
        if limit is None or state_info["suits"].get(s, 0) < limit
    ]
    if must_declare == "trump":
        return trumps
    out = []
    if state_info["negs"][seat] < negs_q:
        out = [{"type": "contract", "name": n} for n in NEGATIVES if state_info["uses"].get(n, 0) < 2]
    opening = deal_no <= options["opening_negative_hands"]
    if state_info["trumps"][seat] < trumps_q and not (opening and out):
        out += trumps
    return out


def _play_checking_quotas(seed, options, rng_seed=None):
    state = new_game("rifki", seed=seed, options=options)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    info = {"trumps": [0] * 4, "negs": [0] * 4, "uses": {}, "suits": {}}
    first = of_type(state.events, "deal_started")[-1]
    current = (first["declarer"], None, None)
    while not state.is_over:
        legal = state.legal_actions()
        if legal and legal[0]["type"] == "contract":
            view = state.view(state.to_act)
            assert legal == _expected_offer(
                info, state.to_act, view["deal"], state.options, view["table"]["must_declare"]
            )
        events = state.apply(rng.choice(legal))
        for ev in events:
            if ev["type"] == "deal_started":
                current = (ev["declarer"], ev["contract"]["name"] if ev["contract"] else None, None)
            elif ev["type"] == "contract":
                current = (current[0], ev["name"], ev.get("suit"))
            elif ev["type"] == "deal_ended" and ev.get("scored", True):
                d, name, suit = current
                if name == "trump":
                    info["trumps"][d] += 1
                    info["suits"][suit] = info["suits"].get(suit, 0) + 1
                else:
                    info["negs"][d] += 1
                    info["uses"][name] = info["uses"].get(name, 0) + 1
    return state, info


@pytest.mark.parametrize("seed", range(6))
def test_a_full_game_gives_each_player_two_trumps_and_three_negatives_and_each_negative_twice(seed):
    state, info = _play_checking_quotas(seed, None)
    assert state.result == "complete"
    assert info["trumps"] == [2] * 4 and info["negs"] == [3] * 4
    assert info["uses"] == {n: 2 for n in NEGATIVES}
    assert len(state.deal_scores) == 20 and sum(state.scores) == 0
    starts = [d[0] for d in split_deals(state.events) if d[0]["redeal"] == 0]
    first = starts[0]["declarer"]
    assert [s["declarer"] for s in starts] == [(first + 3 * k) % 4 for k in range(len(starts))]
    assert all(s["dealer"] == (s["declarer"] + 1) % 4 for s in starts)


@pytest.mark.parametrize("seed", range(3))
def test_the_first_deals_are_negative_with_opening_negative_hands(seed):
    state, info = _play_checking_quotas(seed, {"opening_negative_hands": 4})
    contracts = [deal_contract(d)[0] for d in split_deals(state.events)]
    scored = [c for c, d in zip(contracts, split_deals(state.events)) if of_type(d, "deal_ended")]
    assert all(c != "trump" for c in scored[:4])
    assert info["trumps"] == [2] * 4


@pytest.mark.parametrize("seed", range(4))
def test_short_mode_has_twelve_deals_one_trump_and_two_negatives_each(seed):
    state, info = _play_checking_quotas(seed, {"short_mode": True})
    assert state.view(0)["deals_in_game"] == 12
    assert len(state.deal_scores) == 12
    assert info["trumps"] == [1] * 4 and info["negs"] == [2] * 4
    assert max(info["uses"].values()) <= 2


@pytest.mark.parametrize("seed", range(3))
def test_a_trump_suit_limit_caps_each_suits_uses(seed):
    state, info = _play_checking_quotas(seed, {"trump_suit_limit_per_game": 2})
    assert sum(info["suits"].values()) == 8 and max(info["suits"].values()) <= 2


@pytest.mark.parametrize("card, option", [("2D", "holder_2d"), ("7D", "holder_7d")])
def test_the_holder_of_the_named_diamond_declares_first(card, option):
    for seed in range(6):
        state = new_game("rifki", seed=seed, options={"first_declarer": option})
        first = of_type(state.events, "deal_started")[0]
        assert card in first["hands"][first["declarer"]]
        assert state.to_act == first["declarer"]


def test_a_random_first_declarer_comes_from_the_seed():
    seen = {new_game("rifki", seed=s).to_act for s in range(40)}
    assert seen == {0, 1, 2, 3}


def test_winners_are_the_nonnegative_totals_or_the_positive_ones_with_the_flag():
    for seed in range(4):
        state = new_game("rifki", seed=seed)
        play_out(state, random.Random(seed))
        assert state.winners == [s for s in range(4) if state.scores[s] >= 0]
        positive = new_game("rifki", seed=seed, options={"win_threshold": "positive"})
        play_out(positive, random.Random(seed))
        assert positive.scores == state.scores
        assert positive.winners == [s for s in range(4) if state.scores[s] > 0]


def test_a_declarer_holding_ace_king_queen_of_trumps_may_lead_them_first_with_the_flag():
    own = ["AS", "KS", "QS", "2S", "2D", "3D", "4D", "5D", "6D", "2C", "3C", "4C", "5C"]
    rest = [c for c in ALL_CARDS if c not in own]
    hands = [own] + [rest[13 * i : 13 * i + 13] for i in range(3)]
    plain = {c for c in own if c[1] != "S"}
    for flag, expected in ((True, plain | {"AS", "KS", "QS"}), (False, plain)):
        state = new_game(
            "rifki",
            board={"declarer": 0, "hands": hands, "contract": "trump", "trump": "S"},
            options={"declarer_may_lead_top_trumps": flag, "misdeal_trump_no_high_cards": "off"},
        )
        assert {a["card"] for a in state.legal_actions() if a["type"] == "play"} == expected
