"""`python -m bench` (engine speed) measures every ruleset of RULESETS through the public API, at
its default table size (Kings in the Corner: 4 players), prints each beside the first ruleset's
figure, and the replay-to-play ratio of each, held to 10x in every ruleset (issue 36; no timing
is asserted)."""

import pytest

from bench.__main__ import engine_round, main
from games.engine import RULESETS, replay


def test_a_round_plays_whole_games_until_it_has_its_deals():
    per_second, states, seconds = engine_round("corners", 0, first_seed=5, min_deals=3)
    assert per_second > 0 and seconds > 0
    assert all(s.is_over and s.num_seats == RULESETS["corners"].default_seats == 4 for s in states)
    assert sum(len(s.deal_scores) for s in states) >= 3
    assert replay(states[0].events, seed=states[0].seed, verify=True) == states[0]


def test_the_report_names_every_ruleset_and_its_replay_ratio(capsys):
    assert main(["--no-hearts", "--rounds", "1", "--slices", "1", "--deals", "3"]) == 0
    out = capsys.readouterr().out
    first = next(iter(RULESETS))
    for name in RULESETS:
        assert f"({name}, {RULESETS[name].default_seats} players): " in out
        assert f"{name} replay(events) vs playing the game, per round:" in out
        if name != first:
            assert f"; {first} x median" in out.split(f"({name},")[1].splitlines()[0]


@pytest.mark.parametrize("ratio", [12, 7])
def test_replay_is_held_to_10x_its_play_in_every_ruleset(ratio, capsys, monkeypatch):
    import bench.__main__ as speed

    # Every replay (and verify) then takes 1/ratio of the time its games took to play.
    monkeypatch.setattr(speed, "engine_round", lambda ruleset, games, seed, min_deals: (1.0, [], float(ratio)))
    monkeypatch.setattr(speed, "replay_round", lambda states: 1.0)
    monkeypatch.setattr(speed, "verify_round", lambda states: 1.0)
    assert speed.main(["--no-hearts", "--rounds", "1", "--slices", "1", "--deals", "3"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if "replay(events)" in line}
    assert set(lines) == set(RULESETS)
    for name in RULESETS:
        assert f"median {ratio}.0x" in lines[name]
        assert ("PASS >= 10x" in lines[name]) == (ratio >= 10), lines[name]
        assert ("MISS >= 10x" in lines[name]) == (ratio < 10), lines[name]
