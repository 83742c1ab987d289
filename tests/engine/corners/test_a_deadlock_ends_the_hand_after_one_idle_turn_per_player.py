"""docs/rules.md §3.5: with the stock empty, the hand ends after one idle turn per player in a row; the
turn that drew the last card does not count. Penalty scorings charge everyone; chips_pot is void."""

from games.engine import new_game

from .helpers import FULL_NE, FULL_SE, exact_board, play

LAYOUT = {
    "NE": FULL_NE,
    "SE": FULL_SE,
    "SW": ["KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C", "5D", "4C"],
    "NW": ["KC", "QD", "JC", "TD", "9C", "8D", "7C", "6D", "5C", "4D"],
    "N": "2C",
    "E": "2D",
    "S": "AC",
    "W": "AD",
}


def make(**options):
    layout = dict(LAYOUT, SE=FULL_SE[:-3], N="2C", E="2D")  # 3H 2S AH go to the stock and a hand
    board = exact_board([["3C"], ["3D"], ["3H"]], layout, ["2S", "AH"], dealer=2)
    return new_game("corners", board=board, options={"players": 3, **options})


def test_the_hand_ends_after_one_idle_turn_each_with_the_stock_empty():
    state = make()
    play(state, "end", "end")  # seats 0 and 1 draw the last two cards: not idle
    assert state.view(None)["table"]["stock_size"] == 0
    play(state, "end", "end")  # seat 2 and seat 0: idle
    assert not state.deals
    play(state, "end")  # seat 1: the third idle turn in a row
    record = state.deals[0]
    assert record["end"] == "deadlock" and record["winner"] is None
    # pagat base: K 10, others 1, for everyone
    assert state.deal_scores == [[2, 2, 1]]


def test_a_play_starts_the_count_again():
    state = make()
    play(state, "end", "end", "end", "end")
    assert state.view(None)["table"]["idle_turns"] == 2
    play(state, "3D>SE", "end")  # seat 1 plays: not idle
    assert state.view(None)["table"]["idle_turns"] == 0 and not state.deals
    play(state, "end", "end")
    assert not state.deals
    play(state, "end")
    assert state.deals[0]["end"] == "deadlock"


def test_chips_pot_hands_that_end_in_a_deadlock_are_void():
    state = make(scoring="chips_pot")
    play(state, "end", "end", "end", "end", "end")
    assert state.deals[0]["end"] == "deadlock" and state.deals[0]["scored"] is False
    assert state.deal_scores == [] and state.scores == [0, 0, 0]
