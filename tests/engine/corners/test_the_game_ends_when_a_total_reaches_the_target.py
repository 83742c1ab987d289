"""docs/rules.md §3.4, the game-end example: target 50, totals 51, 30, 44, 12 -> the game ends and the
player on 12 wins; and in whole seeded games the game ends exactly when a total reaches the target."""

import random

from games.engine import new_game, replay

from .helpers import events_of


def test_totals_51_30_44_12_end_the_game_and_the_lowest_wins():
    state = new_game("corners", seed=1, options={"target_score": 50})
    rng = random.Random(1)
    while not state.deals:
        state.apply(rng.choice(state.legal_actions()))
    # Replay the first hand with its scores rewritten to the example's totals.
    events = [dict(e) for e in state.events[: state.events.index(events_of(state, "deal_ended")[0]) + 1]]
    events[-1]["scores"] = [51, 30, 44, 12]
    folded = replay(events, seed=state.seed)
    ended = folded._derive()
    assert ended["type"] == "game_ended" and ended["winners"] == [3]


def test_seeded_games_end_at_the_first_total_to_reach_the_target():
    for seed in range(6):
        state = new_game("corners", seed=seed, options={"players": 2 + seed % 5, "target_score": 50})
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        totals = [0] * state.num_seats
        for i, scores in enumerate(state.deal_scores):
            totals = [a + b for a, b in zip(totals, scores)]
            assert (max(totals) >= 50) == (i == len(state.deal_scores) - 1)
        assert state.winners == [s for s, v in enumerate(totals) if v == min(totals)]
