"""The arena plays every ruleset the house's bots play, at the table sizes its descriptor
allows, asking the descriptor (not a ruleset's name) what a game is."""

import re

import pytest

from bots import arena
from bots.strategies import strategies_for
from games.engine import RULESETS

PLAYED = [name for name in RULESETS if strategies_for(name)]


@pytest.mark.parametrize("ruleset", PLAYED)
def test_one_game_at_the_default_table(ruleset, capsys):
    short = ["--short"] if RULESETS[ruleset].short_game else []
    assert arena.main(["bots/examples/lowest_card.py", "--ruleset", ruleset, "--games", "1", *short]) == 0
    out = capsys.readouterr().out
    seats = RULESETS[ruleset].num_seats(RULESETS[ruleset].short_game)
    assert f"{seats} seats" in out and "1 games" in out
    assert re.search(r"your bot +mean score +-?\d+\.\d\d +\(one game: no interval\)", out)


@pytest.mark.parametrize("ruleset", [name for name in PLAYED if len(RULESETS[name].seats) > 1])
def test_the_smallest_and_largest_tables(ruleset, capsys):
    for players in (RULESETS[ruleset].seats[0], RULESETS[ruleset].seats[-1]):
        options = f'{{"players": {players}}}'
        assert (
            arena.main(["bots/examples/lowest_card.py", "--ruleset", ruleset, "--options", options, "--games", "2"])
            == 0
        )
        assert f"{players} seats" in capsys.readouterr().out
