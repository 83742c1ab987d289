"""Hidden information (docs/architecture.md §3.5): a seat's view and the errors it gets never show another
seat's live cards; a finished deal's cards are revealed to the table."""

import json
import random
import re

import pytest

from games.engine import IllegalAction, new_game
from tests.engine.helpers import (
    ALL_CARDS,
    card_strings,
    find_key,
    play_first_legal,
    play_out,
    random_hands,
    split_deals,
    strip_keys,
)


def live_cards_of_others(state, seat):
    return {c for s in range(4) if s != seat for c in state.hand(s)}


def assert_view_hides_others(state, seat):
    view = state.view(seat)
    others = live_cards_of_others(state, seat)
    assert set(view["hand"]) == set(state.hand(seat))
    assert not others & set(view["hand"])
    # outside the public trick records, the only cards a view may name are its own or played ones
    played = set(ALL_CARDS) - {c for s in range(4) for c in state.hand(s)}
    assert card_strings(view) <= set(state.hand(seat)) | played
    text = json.dumps(strip_keys(view))
    assert not [c for c in others if f'"{c}"' in text]
    # the public trick records hold only played cards
    for trick in find_key(view, "trick") + find_key(view, "tricks"):
        assert not card_strings(trick, skip=()) & others


@pytest.mark.parametrize(
    "ruleset, board",
    [
        ("king", {"dealer": 1, "contract": "no_queens"}),
        ("king", {"dealer": 2, "contract": "positive"}),
        ("rifki", {"declarer": 3, "contract": "trump", "trump": "D"}),
        ("rifki", {"declarer": 0}),
    ],
)
def test_during_a_live_deal_each_seat_sees_its_own_cards_and_no_one_elses(ruleset, board):
    rng = random.Random(11)
    state = new_game(
        ruleset,
        board=dict(board, hands=random_hands(rng)),
        options={"misdeal_trump_no_high_cards": "off"} if ruleset == "rifki" else None,
    )
    steps = 0
    while not state.is_over:
        for seat in range(4):
            assert_view_hides_others(state, seat)
            assert find_key(state.view(seat), "dealt_hands") == []  # the deal is live
            if seat != state.to_act:
                assert state.view(seat)["legal_actions"] == []
        assert state.view(state.to_act)["legal_actions"] == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 20


def test_after_the_deal_its_dealt_hands_are_revealed_to_every_seat():
    hands = random_hands(random.Random(12))
    state = new_game("king", board={"dealer": 0, "hands": hands, "contract": "no_king_of_hearts"})
    play_first_legal(state)
    assert state.is_over and any(state.hand(s) for s in range(4))  # the deal ended early: cards remain
    for seat in range(4):
        (revealed,) = find_key(state.view(seat), "dealt_hands")
        assert [sorted(h) for h in revealed] == [sorted(h) for h in hands]
        assert_view_hides_others(state, seat)


def test_the_previous_deals_cards_are_revealed_while_the_next_deal_is_live():
    state = new_game("king", seed=b"reveal")
    rng = random.Random(0)
    while state.view(0)["deal"] < 2:
        state.apply(rng.choice(state.legal_actions()))
    first_deal = split_deals(state.events)[0][0]["hands"]
    for seat in range(4):
        revealed = find_key(state.view(seat), "dealt_hands")
        assert [sorted(h) for h in first_deal] in [[sorted(h) for h in r] for r in revealed]
        assert_view_hides_others(state, seat)


def test_views_in_whole_games_never_show_live_cards_of_other_seats():
    for ruleset in ("king", "rifki"):
        for seed in range(3):
            state = new_game(ruleset, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                if rng.random() < 0.2:
                    for seat in range(4):
                        assert_view_hides_others(state, seat)
                state.apply(rng.choice(state.legal_actions()))


def test_the_seed_is_in_no_view_and_no_event():
    state = new_game("rifki", seed=b"very-secret-seed")
    play_out(state, random.Random(0))
    assert "very-secret-seed" not in json.dumps(state.events)
    assert all("very-secret-seed" not in json.dumps(state.view(s)) for s in range(4))


def test_refusing_another_seats_card_says_no_more_than_refusing_a_card_already_played():
    rng = random.Random(13)
    state = new_game("king", board={"dealer": 0, "hands": random_hands(rng), "contract": "no_tricks"})
    for _ in range(9):  # two tricks and a bit: some cards are gone, some are live elsewhere
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    others = live_cards_of_others(state, seat)
    gone = set(ALL_CARDS) - others - set(state.hand(seat))
    assert others and gone
    for card in sorted(others | gone):
        with pytest.raises(IllegalAction) as err:
            state.apply({"type": "play", "card": card})
        e = err.value
        assert e.code == "not_in_hand"
        # the message names the card asked for and nothing else that is hidden
        assert card_strings_in_text(e.message) == {card}
    # same wording whether the card is live elsewhere or already played
    shapes = set()
    for card in (sorted(others)[0], sorted(gone)[0]):
        with pytest.raises(IllegalAction) as err:
            state.apply({"type": "play", "card": card})
        shapes.add(err.value.message.replace(card, "<card>"))
    assert len(shapes) == 1


def card_strings_in_text(text):
    """Cards named in a message, as whole words ("KH", 'KH', [KH] ...)."""
    return set(re.findall(r"(?<![0-9A-Za-z])([2-9TJQKA][SHDC])(?![0-9A-Za-z])", text))


@pytest.mark.parametrize("ruleset", ["king", "rifki"])
def test_no_refusal_ever_mentions_a_live_card_of_another_seat(ruleset):
    rng = random.Random(14)
    state = new_game(ruleset, seed=b"errors")
    attempts = [
        {"type": "pass"},
        {"type": "match"},
        {"type": "bid", "tricks": 9, "direction": "up"},
        {"type": "contract", "name": "nope"},
        {"type": "choose", "mode": "sideways"},
        {"type": "declare_slam"},
        {"type": "cancel"},
        {"type": "nominate", "dealer": 7},
    ]
    checked = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = state.to_act
        others = live_cards_of_others(state, seat)
        legal_cards = {a.get("card") for a in state.legal_actions()}
        for card in sorted(set(state.hand(seat)) - legal_cards):  # own cards that may not be played now
            with pytest.raises(IllegalAction) as err:
                state.apply({"type": "play", "card": card})
            assert not card_strings_in_text(err.value.message) & others, err.value.message
            checked += 1
        for action in attempts:
            if action in state.legal_actions():
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert not card_strings_in_text(err.value.message) & others, err.value.message
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 0


def _first_weak_trump_seed(limit=3000):
    for seed in range(limit):
        state = new_game("rifki", seed=seed)
        weak = [s for s in range(4) if not set("JQKA") & {c[0] for c in state.hand(s)}]
        if weak:
            return seed, weak
    raise AssertionError("no seed with a hand lacking any card above a ten")


def test_who_is_asked_about_a_no_high_card_misdeal_does_not_depend_on_the_hands():
    """Hidden-information leak (docs/architecture.md §3.5): after a trump contract, the engine asks only the
    seats that hold no J, Q, K or A whether to cancel (misdeal_trump_no_high_cards="any_player").
    Every seat sees to_act, so asking only weak hands would expose them to the table even when
    their holders pass. The seats asked (relative to the declarer) must be the same whatever
    the cards are, and no other seat's view may say whether the seat asked could cancel."""
    weak_seed, _ = _first_weak_trump_seed()
    strong_seed = next(
        s
        for s in range(3000)
        if s != weak_seed and all(set("JQKA") & {c[0] for c in new_game("rifki", seed=s).hand(p)} for p in range(4))
    )

    def asked(seed):
        state = new_game("rifki", seed=seed)
        declarer = state.to_act
        state.apply({"type": "contract", "name": "trump", "suit": "S"})
        seats, named = [], []
        while state.legal_actions()[0]["type"] != "play":
            seats.append((state.to_act - declarer) % 4)
            named += [s for s in range(4) if s != state.to_act and state.view(s)["table"]["may_cancel_misdeal"]]
            state.apply({"type": "pass"})
        return seats, named

    weak_asked, weak_named = asked(weak_seed)
    strong_asked, _ = asked(strong_seed)
    assert weak_asked == strong_asked
    assert weak_named == []
