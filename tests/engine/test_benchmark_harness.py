"""The benchmark's own harness plays real games and replays them (no timing is asserted)."""

from bench.__main__ import engine_round, replay_round, verify_round
from games.engine import replay


def test_a_benchmark_round_plays_whole_games_and_counts_their_deals():
    per_second, states, seconds = engine_round("king", 2, first_seed=5)
    assert len(states) == 2 and all(s.is_over for s in states)
    assert per_second > 0 and seconds > 0
    assert sum(len(s.deal_scores) for s in states) == 20


def test_the_replay_rounds_rebuild_the_same_games():
    _, states, _ = engine_round("rifki", 1, first_seed=9)
    assert replay_round(states) > 0 and verify_round(states) > 0
    assert replay(states[0].events, seed=states[0].seed) == states[0]
