"""Card play runs on bit sets of card numbers (games/engine/cards.py): ``king.legal_bits`` and
``rifki.legal_bits`` must allow exactly the cards that the rules written on strings
(``legal_plays``, which refusals explain with) allow, for any hand, trick, contract and flags."""

from hypothesis import given
from hypothesis import strategies as st

from games.engine import king, option_defaults, rifki
from games.engine.cards import DECK, SUIT_OF, bits_of, by_suit, cards_of
from tests.engine.helpers import engine_settings


@st.composite
def positions(draw):
    """A hand of 1-13 cards and a trick of 0-3 other cards, in the order they were played."""
    cards = draw(st.permutations(DECK))
    size = draw(st.integers(min_value=1, max_value=13))
    played = draw(st.integers(min_value=0, max_value=3))
    return sorted(cards[:size], key=DECK.index), list(cards[size : size + played])


def both(module, hand, trick, rules, *flags):
    cards, _ = module.legal_plays(by_suit(hand), trick, rules, *flags)
    led = SUIT_OF[trick[0][1]] if trick else -1
    bits = module.legal_bits(bits_of(hand), bits_of(trick), led, rules, *flags)
    return cards, cards_of(bits)


@engine_settings()
@given(
    position=positions(),
    contract=st.sampled_from([*king.NEGATIVE_LABELS, king.POSITIVE]),
    mode=st.sampled_from(["up", "down"]),
    trump=st.sampled_from([*"SHDC", None]),
    hearts_broken=st.booleans(),
    flags=st.fixed_dictionaries(
        {
            "hearts_lead_rule": st.sampled_from(["only_if_no_other_suit", "after_broken"]),
            "kh_forced_play": st.sampled_from(["discard_and_heart_lead", "discard_only", "none"]),
            "must_discard_penalty_when_void": st.booleans(),
            "positive_must_ruff": st.booleans(),
            "positive_must_overtrump": st.booleans(),
        }
    ),
)
def test_a_king_player_may_play_the_same_cards_by_either_rules(position, contract, mode, trump, hearts_broken, flags):
    hand, trick = position
    options = {**option_defaults("king"), **flags}
    rules = king.PlayRules(contract, options, mode, trump)
    strings, bits = both(king, hand, trick, rules, hearts_broken)
    assert bits == strings


@engine_settings()
@given(
    position=positions(),
    contract=st.sampled_from([*rifki.NEGATIVE_LABELS, rifki.TRUMP]),
    trump=st.sampled_from(list("SHDC")),
    broken=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    flags=st.fixed_dictionaries(
        {
            "kupa_forced_highest_heart_lead": st.booleans(),
            "trump_lead_restriction": st.sampled_from(rifki.FLAGS["trump_lead_restriction"].choices),
            "trump_must_ruff": st.booleans(),
            "trump_must_overruff": st.booleans(),
            "trump_must_head_when_trump_led": st.booleans(),
            "must_head_plain_suit": st.booleans(),
            "rifki_void_discard": st.sampled_from(rifki.FLAGS["rifki_void_discard"].choices),
        }
    ),
)
def test_a_rifki_player_may_play_the_same_cards_by_either_rules(position, contract, trump, broken, flags):
    hand, trick = position
    options = {**option_defaults("rifki"), **flags}
    rules = rifki.PlayRules(contract, options, trump)
    strings, bits = both(rifki, hand, trick, rules, *broken)
    assert bits == strings
