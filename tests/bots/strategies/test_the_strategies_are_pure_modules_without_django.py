"""The strategies are pure Python on the engine (docs/architecture.md §2, §3.6): importing them and playing a
whole game with them loads no Django module, so a Celery worker or any script can use them."""

import subprocess
import sys

SCRIPT = """
import random, sys
from bots.strategies import choose_action
from games.engine import new_game
state = new_game("rifki", seed=1, options={"short_mode": True})
rng = random.Random(1)
while not state.is_over:
    state.apply(choose_action("heuristic", state.view(state.to_act), rng))
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
"""


def test_importing_and_playing_the_strategies_loads_no_django():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
