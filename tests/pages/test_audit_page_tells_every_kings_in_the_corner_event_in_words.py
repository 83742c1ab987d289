"""Every event of a Kings in the Corner game is told in words on the audit page, with players by
name, cards by their full names and piles by their places: the turns and their moves, a turn's
penalties and draws, a draw (named only when the viewer may see the card), the kings that go to
the corners by themselves, and how a hand ended (went out, deadlock) with its pot."""

import pytest

from games.pages.audit import describe

NAMES = ["Ann", "Bob", "Cem"]


def told(event, ruleset="corners"):
    return describe(event, NAMES, ruleset)


CASES = [
    ({"type": "turn_started", "seat": 1}, "Bob's turn."),
    ({"type": "play", "seat": 0, "card": "7C", "to": "N"}, "Ann played the Seven of clubs onto the north pile."),
    (
        {"type": "play", "seat": 0, "card": "KH", "to": "SW"},
        "Ann played the King of hearts onto the south-west corner.",
    ),
    (
        {"type": "play", "seat": 2, "card": "X1", "to": "E", "as": "QH"},
        "Cem played the joker as the Queen of hearts onto the east pile.",
    ),
    ({"type": "move", "seat": 1, "from": "W", "to": "NE"}, "Bob moved the west pile onto the north-east corner."),
    ({"type": "end_turn", "seat": 2}, "Cem ended the turn."),
    ({"type": "end_turn", "seat": 2, "draw": False}, "Cem ended the turn without drawing."),
    ({"type": "draw", "seat": 0}, "Ann opened the turn with a draw."),
    (
        {"type": "turn_ended", "seat": 0, "penalties": [], "draws": 1, "idle": False},
        "Ann's turn is over: no penalty; 1 card to draw.",
    ),
    (
        {
            "type": "turn_ended",
            "seat": 1,
            "penalties": [
                {"reason": "no_play", "amount": 1},
                {"reason": "hidden_king", "amount": 3},
                {"reason": "refused_draw", "amount": 1},
            ],
            "draws": 0,
            "idle": False,
        },
        "Bob's turn is over: no play: 1, a king held back from an empty corner: 3, the draw refused: 1; no draw.",
    ),
    ({"type": "card_drawn", "seat": 2, "card": "4D"}, "Cem drew the Four of diamonds."),
    ({"type": "card_drawn", "seat": 2, "card": None}, "Cem drew a card."),
    (
        {"type": "king_placed", "seat": 1, "card": "KS", "to": "SE"},
        "The King of spades Bob drew went at once to the south-east corner.",
    ),
    (
        {"type": "card_placed", "seat": 0, "card": "9H", "to": "W"},
        "Ann had to put the drawn Nine of hearts in the empty space of the west pile.",
    ),
    (
        {"type": "layout_king_cornered", "from": "S", "to": "NE", "card": "KC", "refill": "5H"},
        "The King of clubs turned up in the south pile went to the north-east corner; "
        "the Five of hearts from the stock fills the south pile.",
    ),
    (
        {"type": "layout_king_cornered", "from": "S", "to": "NE", "card": "KC", "refill": None},
        "The King of clubs turned up in the south pile went to the north-east corner.",
    ),
    (
        {
            "type": "deal_ended",
            "deal": 2,
            "reason": "went_out",
            "winner": 1,
            "cards_left": [2, 0, 11],
            "scores": [2, 0, 20],
            "scored": True,
        },
        "Hand 2 ended: Bob went out. Scores Ann 2, Bob 0, Cem 20.",
    ),
    (
        {
            "type": "deal_ended",
            "deal": 1,
            "reason": "deadlock",
            "winner": None,
            "cards_left": [1, 2, 3],
            "scores": [1, 2, 3],
            "scored": True,
        },
        "Hand 1 ended: Deadlock: nobody went out. Scores Ann 1, Bob 2, Cem 3.",
    ),
]


@pytest.mark.parametrize("event, words", CASES, ids=[f"{e['type']}-{i}" for i, (e, _) in enumerate(CASES)])
def test_each_event_is_told_in_words(event, words):
    assert told(event) == words


def test_a_jax_hand_tells_its_pot_and_a_void_hand_says_so():
    won = {
        "type": "deal_ended",
        "deal": 3,
        "reason": "went_out",
        "winner": 0,
        "cards_left": [0, 4, 2],
        "pot": 14,
        "debt_repaid": 0,
        "scores": [14, 0, 0],
        "scored": True,
    }
    assert told(won, "corners_jax") == "Hand 3 ended: Ann went out. The pot held 14; scores Ann 14, Bob 0, Cem 0."
    void = {**won, "reason": "deadlock", "winner": None, "pot": 9, "scores": [0, 0, 0], "scored": False}
    assert told(void, "corners_jax").startswith("Hand 3 ended: Deadlock: nobody went out, the hand is void.")
