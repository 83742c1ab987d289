"""Helpers for the "my games" tests: a person at several King tables of house bots."""

from bots import runner
from bots.house import house_bot
from games.service import states
from tests.pages.tables import king_deal


def games_of(person, waiting=2, seed=1):
    """``person`` at one table where it is their turn and ``waiting`` tables where a bot is to act
    (the first of which has the latest move); returns (yours, [waiting, newest move first])."""
    bot = house_bot("random")
    yours = king_deal(person, bot, dealer=0, seed=seed)  # the dealer leads: seat 0, the person
    others = [king_deal(person, bot, dealer=1, seed=seed + i + 1) for i in range(waiting)]
    if others:  # a bot plays a card at the oldest: its latest move is now the newest of all
        oldest = others[0]
        state = states.current_state(oldest)
        runner.play_builtin(oldest, bot, state.to_act, oldest.version, state, "random")
        oldest.refresh_from_db()
    return yours, others[:1] + others[1:][::-1]
