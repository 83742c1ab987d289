"""A state groups the hands it has just dealt from its seed without regrouping them card by card
(games/engine/deal.py ``deal_grouped``): the grouping must be exactly ``by_suit`` of the hands the
deal_started event logs, in lists of its own, so playing a card never changes the log."""

from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game, replay
from games.engine.cards import by_suit
from games.engine.deal import deal_grouped, deal_hands


@given(
    seed=st.binary(min_size=1, max_size=16),
    number=st.integers(min_value=1, max_value=20),
    first=st.integers(min_value=0, max_value=3),
    step=st.sampled_from([1, 3]),
)
def test_the_grouped_deal_is_by_suit_of_the_dealt_hands_in_lists_of_its_own(seed, number, first, step):
    key = f"game/deal/{number}"
    hands, grouped = deal_grouped(seed, key, first, step)
    assert hands == deal_hands(seed, key, first, step)
    assert grouped == [by_suit(h) for h in hands]
    held = [id(cards) for cards in hands]
    assert not any(id(cards) in held for hand in grouped for cards in hand.values())


@given(ruleset=st.sampled_from(["king", "rifki"]), seed=st.integers(min_value=0, max_value=10**6))
def test_playing_the_first_cards_leaves_the_logged_hands_as_dealt(ruleset, seed):
    state = new_game(ruleset, seed=seed)
    start = [e for e in state.events if e["type"] == "deal_started"][-1]
    dealt = [list(h) for h in start["hands"]]
    while not state.is_over and sum(e["type"] == "play" for e in state.events) < 8:
        state.apply(state.legal_actions()[0])
    assert start["hands"] == dealt
    assert replay(state.events, seed=seed) == state
