"""Kings in the Corner's turn buttons (issue 35: "End the turn" beside "End the turn without
drawing", with nothing explaining the difference): where the player may refuse the draw (the
chip game), the plain end of the turn says it draws a card; elsewhere it is "End the turn"."""

from games.pages.piles import turn_buttons


def labels(legal):
    return [button["label"] for button in turn_buttons(legal)]


def test_the_end_of_a_turn_that_draws_says_so_beside_the_one_that_does_not():
    legal = [{"type": "end_turn"}, {"type": "end_turn", "draw": False}]
    assert labels(legal) == ["End the turn and draw a card", "End the turn without drawing"]


def test_a_turn_that_cannot_refuse_the_draw_just_ends():
    assert labels([{"type": "end_turn"}]) == ["End the turn"]
    assert labels([{"type": "draw"}]) == ["Draw a card"]
