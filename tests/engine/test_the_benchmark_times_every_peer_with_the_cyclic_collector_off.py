"""The benchmark times every peer's loop (the engine's play and replays, the hearts loop) with
Python's cyclic garbage collector off, as ``timeit`` does, and turns it back on afterwards: a
collection over the games kept for the replay measurement is charged to no peer."""

import gc

import pytest

from bench.__main__ import engine_round, hearts_round, replay_round, verify_round


class _OverGame:
    """An OpenSpiel game stand-in whose states are over at once; it notes the collector's state."""

    def __init__(self):
        self.collector_on = []

    def new_initial_state(self):
        self.collector_on.append(gc.isenabled())
        return self

    def is_terminal(self):
        return True


@pytest.fixture
def noted_state(monkeypatch):
    """Each engine game started in a timed loop notes whether the collector was on."""
    import bench.__main__ as bench

    noted = []
    real_new_game = bench.new_game

    def new_game(*args, **kwargs):
        noted.append(gc.isenabled())
        return real_new_game(*args, **kwargs)

    monkeypatch.setattr(bench, "new_game", new_game)
    return noted


def test_the_engines_play_loop_runs_with_the_collector_off_and_leaves_it_on(noted_state):
    assert gc.isenabled()
    _, states, _ = engine_round("king", 1, first_seed=3)
    assert noted_state == [False]
    assert gc.isenabled()
    assert replay_round(states) > 0 and verify_round(states) > 0
    assert gc.isenabled()


def test_the_hearts_loop_runs_with_the_collector_off_and_leaves_it_on():
    game = _OverGame()
    hearts_round(game, 3, seed=1)
    assert game.collector_on == [False, False, False]
    assert gc.isenabled()


def test_the_replay_loops_run_with_the_collector_off(monkeypatch):
    import bench.__main__ as bench

    seen = []
    monkeypatch.setattr(bench, "replay", lambda events, **kwargs: seen.append(gc.isenabled()))
    _, states, _ = engine_round("rifki", 1, first_seed=4)
    replay_round(states)
    verify_round(states)
    assert seen == [False, False]
    assert gc.isenabled()
