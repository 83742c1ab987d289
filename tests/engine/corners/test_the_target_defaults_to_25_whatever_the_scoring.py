"""docs/rules.md §3.5: target_score defaults to 25 whatever the scoring; an organiser sets it."""

import pytest

from games.engine import RULESETS


@pytest.mark.parametrize("scoring", RULESETS["corners"].flags["scoring"].choices)
def test_the_default_target_is_25(scoring):
    assert RULESETS["corners"].resolve_options({"scoring": scoring})["target_score"] == 25


def test_jax_plays_to_100_points():
    assert RULESETS["corners_jax"].flag_defaults()["target_points"] == 100
