"""Helpers for the replay page tests: one King deal of house bots, played to its end here."""

import random

from bots import runner
from bots.house import house_account, house_bot
from games.models import Match
from games.service import creating, states
from tests.engine.helpers import random_hands


def house_deal(public=True, finish=True, seed=5):
    """A fixed King deal (one deal: a whole game) of house bots, played to its end here."""
    bot = house_bot("heuristic")
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(seed))}
    match = creating.do_create_match(
        "king", {}, [bot] * 4, board=board, created_by=house_account(), public_when_over=public
    )
    while finish and match.status == Match.Status.LIVE:
        state = states.current_state(match)
        runner.play_builtin(match, bot, state.to_act, match.version, state, "heuristic")
        match.refresh_from_db()
    return match
