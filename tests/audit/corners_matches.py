"""Finished Kings in the Corner matches for the audit, sheet and audit-page tests: built-in bots
at a table of any size, a game kept short by its options (a target or a number of hands), the
seed fixed so that the game is the same whatever ids the database hands out."""

from games.service import creating
from tests.fixtures.bots import run_until_over

# Short games of both rulesets: the pagat game over two hands, the Jax game to a low target.
SHORT = {
    "corners": {"game_length": "fixed_hands", "fixed_hands": 2},
    "corners_jax": {"target_points": 12},
}


def finished_corners(make_bot, ruleset, players, options=None, strategy="heuristic", seed=b"corners!" * 4):
    """A ``ruleset`` match of ``players`` built-in bots (named corners0, corners1...), played to its end."""
    bots = [make_bot(name=f"corners{i}", strategy=strategy) for i in range(players)]
    options = {**SHORT[ruleset], "players": players, **(options or {})}
    return run_until_over(creating.do_create_match(ruleset, options, bots, seed=seed))
