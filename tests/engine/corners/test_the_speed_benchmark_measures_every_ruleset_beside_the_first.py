"""`python -m bench` (engine speed) measures every ruleset of RULESETS through the public API, at
its default table size (Kings in the Corner: 4 players), prints each beside the first ruleset's
figure, and the replay-to-play ratio of each (no timing is asserted)."""

from bench.__main__ import engine_round, main
from games.engine import RULESETS, replay


def test_a_round_plays_whole_games_until_it_has_its_deals():
    per_second, states, seconds = engine_round("corners", 0, first_seed=5, min_deals=3)
    assert per_second > 0 and seconds > 0
    assert all(s.is_over and s.num_seats == RULESETS["corners"].default_seats == 4 for s in states)
    assert sum(len(s.deal_scores) for s in states) >= 3
    assert replay(states[0].events, seed=states[0].seed, verify=True) == states[0]


def test_the_report_names_every_ruleset_and_its_replay_ratio(capsys):
    assert main(["--no-hearts", "--rounds", "1", "--deals", "3"]) == 0
    out = capsys.readouterr().out
    first = next(iter(RULESETS))
    for name in RULESETS:
        assert f"({name}, {RULESETS[name].default_seats} players) deals/s" in out
        assert f"{name} replay(events) vs playing the game:" in out
        if name != first:
            assert f"x {first}" in out.split(f"({name},")[1].splitlines()[0]
