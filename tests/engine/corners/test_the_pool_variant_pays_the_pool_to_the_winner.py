"""docs/rules.md §3.2, pool_variant: 1 unit per turn with no play and 1 per card left go to the winner."""

from .helpers import game, play


def test_the_winner_collects_the_pool():
    state = game([["5H", "2C"], ["KC", "4C"]], layout={"N": "6S"}, stock=["3H", "9C"], players=2, pool_variant=True)
    play(state, "end", "end")  # neither plays: 1 unit each; they draw 3H and 9C
    play(state, "5H>N", "2C>E", "3H>S")
    # seat 1 pays one idle turn and three cards (a king is one unit); seat 0 paid one idle turn
    assert state.deal_scores == [[-1 + 2 + 3, -1 - 3]]
