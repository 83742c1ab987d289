"""Rifki legal play: the vectors TL1-TL9 of docs/rules.md §2.11 with their variants, and the engine's
legality checked against the reference pseudo-code of docs/rules.md §2.9 over random deals."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game, option_defaults, rifki
from games.engine.cards import by_suit
from tests.engine.helpers import RANKS, engine_settings, is_penalty, random_hands


def legal(contract, hand, trick, trump=None, hearts_broken=False, trump_broken=False, top_trumps_ok=False, **flags):
    options = option_defaults("rifki")
    options.update(flags)
    cards, (code, reason) = rifki.legal_plays(
        by_suit(hand),
        list(trick),
        rifki.PlayRules(contract, options, trump),
        hearts_broken,
        trump_broken,
        top_trumps_ok,
    )
    assert isinstance(code, str) and code and isinstance(reason, str) and reason
    return set(cards)


def test_tl1_void_in_the_suit_led_a_player_must_ruff_even_low():
    assert legal("trump", ["3S", "QS", "AC", "2H"], ["KD"], trump="S") == {"3S", "QS"}


def test_tl1_without_trump_must_ruff_a_void_player_discards_anything():
    assert legal("trump", ["3S", "QS", "AC", "2H"], ["KD"], trump="S", trump_must_ruff=False) == {
        "3S",
        "QS",
        "AC",
        "2H",
    }


def test_tl2_underruffing_is_allowed_by_default():
    assert legal("trump", ["3S", "QS", "AC"], ["KD", "9S"], trump="S") == {"3S", "QS"}


def test_tl2_with_trump_must_overruff_the_higher_trump_is_forced():
    assert legal("trump", ["3S", "QS", "AC"], ["KD", "9S"], trump="S", trump_must_overruff=True) == {"QS"}


def test_tl2_with_trump_must_overruff_but_no_higher_trump_any_trump_ruffs():
    assert legal("trump", ["3S", "5S", "AC"], ["KD", "9S"], trump="S", trump_must_overruff=True) == {"3S", "5S"}


def test_tl3_on_a_trump_lead_a_player_must_head_the_trick():
    assert legal("trump", ["3S", "QS", "AC"], ["5S", "JS"], trump="S") == {"QS"}


def test_tl3_without_heading_any_trump_follows():
    assert legal("trump", ["3S", "QS", "AC"], ["5S", "JS"], trump="S", trump_must_head_when_trump_led=False) == {
        "3S",
        "QS",
    }


def test_tl3_a_player_who_cannot_head_plays_any_trump():
    assert legal("trump", ["3S", "4S", "AC"], ["5S", "JS"], trump="S") == {"3S", "4S"}


def test_tl4_trumps_may_not_be_led_before_they_are_broken():
    assert legal("trump", ["AS", "KS", "2D"], [], trump="S") == {"2D"}


def test_tl4_with_no_lead_restriction_trumps_may_be_led_at_once():
    assert legal("trump", ["AS", "KS", "2D"], [], trump="S", trump_lead_restriction="none") == {"AS", "KS", "2D"}


def test_tl4_once_trumps_are_broken_they_may_be_led():
    assert legal("trump", ["AS", "KS", "2D"], [], trump="S", trump_broken=True) == {"AS", "KS", "2D"}


def test_tl4_a_leader_with_only_trumps_may_lead_one():
    assert legal("trump", ["AS", "KS"], [], trump="S") == {"AS", "KS"}


def test_a_declarer_with_ace_king_queen_of_trumps_may_lead_them_under_the_top_trumps_rule():
    assert legal("trump", ["AS", "KS", "QS", "4S", "2D"], [], trump="S", top_trumps_ok=True) == {"AS", "KS", "QS", "2D"}


def test_must_head_plain_suit_forces_beating_the_highest_card_of_the_suit_led():
    assert legal("trump", ["3D", "QD", "AC"], ["JD"], trump="S", must_head_plain_suit=True) == {"QD"}
    assert legal("trump", ["3D", "QD", "AC"], ["JD"], trump="S") == {"3D", "QD"}


def test_tl5_kiz_a_covered_queen_must_be_played():
    assert legal("no_queens", ["QC", "3C", "AH"], ["KC"]) == {"QC"}


def test_tl5_kiz_an_uncovered_queen_may_be_kept():
    assert legal("no_queens", ["QC", "3C", "AH"], ["JC"]) == {"QC", "3C"}


def test_tl6_kiz_a_void_player_must_discard_a_queen():
    assert legal("no_queens", ["QC", "QS", "2H"], ["5D"]) == {"QC", "QS"}


def test_tl7_erkek_a_covered_man_must_be_played():
    assert legal("no_men", ["KH", "JH", "4H"], ["QH"]) == {"JH"}


def test_tl7_erkek_under_an_ace_both_men_are_covered():
    assert legal("no_men", ["KH", "JH", "4H"], ["AH"]) == {"KH", "JH"}


def test_tl8_rifki_the_ace_of_hearts_in_the_trick_forces_the_king():
    assert legal("no_king_of_hearts", ["KH", "5H"], ["AH"], hearts_broken=True) == {"KH"}


def test_tl8_rifki_a_void_player_must_discard_the_king_of_hearts():
    assert legal("no_king_of_hearts", ["KH", "5H", "3D"], ["2C"]) == {"KH"}


def test_tl8_rifki_without_the_king_a_void_player_discards_freely_by_default():
    assert legal("no_king_of_hearts", ["5H", "3D"], ["2C"]) == {"5H", "3D"}


def test_tl8_rifki_with_king_else_any_heart_a_void_player_must_discard_a_heart():
    assert legal("no_king_of_hearts", ["5H", "3D"], ["2C"], rifki_void_discard="king_else_any_heart") == {"5H"}


def test_tl9_kupa_hearts_may_not_be_led_before_they_are_broken():
    assert legal("no_hearts", ["2H", "4C"], []) == {"4C"}
    assert legal("no_hearts", ["2H", "4C"], [], hearts_broken=True) == {"2H", "4C"}


def test_tl9_kupa_a_void_player_must_discard_a_heart():
    assert legal("no_hearts", ["2H", "4C"], ["5S"]) == {"2H"}


def test_kupa_forced_highest_heart_lead_makes_an_all_hearts_leader_lead_his_highest():
    assert legal("no_hearts", ["2H", "9H", "JH"], [], kupa_forced_highest_heart_lead=True) == {"JH"}
    assert legal("no_hearts", ["2H", "9H", "JH"], []) == {"2H", "9H", "JH"}


@pytest.mark.parametrize("contract", ["no_tricks", "no_last_two"])
def test_el_almaz_and_son_iki_only_require_following_suit(contract):
    assert legal(contract, ["QC", "3C", "AH"], ["KC"]) == {"QC", "3C"}
    assert legal(contract, ["QC", "KH", "AH"], ["2D"]) == {"QC", "KH", "AH"}
    assert legal(contract, ["KH", "2C"], []) == {"KH", "2C"}


# ------------------------------------------------------------------ docs/rules.md §2.9, restated
def reference_legal(hand, trick, contract, trump, hearts_broken, trump_broken, o):
    """The reference pseudo-code of docs/rules.md §2.9, transcribed as literally as possible."""
    rank = RANKS.index
    pen = {
        "no_hearts": lambda x: is_penalty("no_hearts", x),
        "no_queens": lambda x: is_penalty("no_queens", x),
        "no_men": lambda x: is_penalty("no_men", x),
        "no_king_of_hearts": lambda x: x == "KH",
    }.get(contract, lambda x: False)
    is_trump = contract == "trump"
    if not trick:
        if is_trump:
            if o["trump_lead_restriction"] == "until_broken" and not trump_broken:
                nt = [x for x in hand if x[1] != trump]
                return nt or hand
            return hand
        if contract in ("no_hearts", "no_king_of_hearts") and not hearts_broken:
            nh = [x for x in hand if x[1] != "H"]
            return nh or hand
        return hand
    led = trick[0][1]
    follow = [x for x in hand if x[1] == led]
    if is_trump:
        if follow:
            if led == trump and o["trump_must_head_when_trump_led"]:
                hi = max(rank(x[0]) for x in trick if x[1] == trump)
                over = [x for x in follow if rank(x[0]) > hi]
                return over or follow
            return follow
        trumps = [x for x in hand if x[1] == trump]
        if trumps and o["trump_must_ruff"]:
            if o["trump_must_overruff"] and any(x[1] == trump for x in trick):
                hi = max(rank(x[0]) for x in trick if x[1] == trump)
                over = [x for x in trumps if rank(x[0]) > hi]
                return over or trumps
            return trumps
        return hand
    if follow:
        hi = max(rank(x[0]) for x in trick if x[1] == led)
        forced = [x for x in follow if pen(x) and rank(x[0]) < hi]
        if contract in ("no_queens", "no_men", "no_king_of_hearts") and forced:
            return forced
        return follow
    disc = [x for x in hand if pen(x)]
    if disc:
        return disc
    if contract == "no_king_of_hearts" and o["rifki_void_discard"] == "king_else_any_heart":
        return [x for x in hand if x[1] == "H"] or hand
    return hand


CONTRACTS = [("trump", s) for s in "SHDC"] + [
    (c, None) for c in ("no_tricks", "no_hearts", "no_queens", "no_men", "no_king_of_hearts", "no_last_two")
]
# The flags the pseudo-code covers; the others keep their defaults (they are extensions of it).
PSEUDO_CODE_FLAGS = st.fixed_dictionaries(
    {
        "trump_must_ruff": st.booleans(),
        "trump_must_overruff": st.booleans(),
        "trump_must_head_when_trump_led": st.booleans(),
        "trump_lead_restriction": st.sampled_from(["until_broken", "none"]),
        "rifki_void_discard": st.sampled_from(["king_only", "king_else_any_heart"]),
        "early_end_when_penalties_exhausted": st.booleans(),
    }
)


@engine_settings()
@given(flags=PSEUDO_CODE_FLAGS, contract=st.sampled_from(CONTRACTS), seed=st.integers(0, 2**32 - 1))
def test_the_engine_allows_exactly_the_cards_the_reference_pseudo_code_allows(flags, contract, seed):
    rng = random.Random(seed)
    name, trump = contract
    board = {"declarer": rng.randrange(4), "hands": random_hands(rng), "contract": name}
    if trump:
        board["trump"] = trump
    options = dict(flags, misdeal_trump_no_high_cards="off", misdeal_rifki_unguarded=False, kiz_split_cancels=False)
    state = new_game("rifki", board=board, options=options)
    hearts_broken = trump_broken = False
    while not state.is_over:
        seat = state.to_act
        trick = [p["card"] for p in state.view(seat)["table"]["trick"]]
        expected = reference_legal(state.hand(seat), trick, name, trump, hearts_broken, trump_broken, state.options)
        got = [a["card"] for a in state.legal_actions() if a["type"] == "play"]
        assert sorted(got) == sorted(expected), (state.hand(seat), trick, name, trump)
        for ev in state.apply(rng.choice(state.legal_actions())):
            if ev["type"] == "trick":
                hearts_broken |= any(c[1] == "H" for c in ev["cards"])
                trump_broken |= bool(trump) and any(c[1] == trump for c in ev["cards"])
