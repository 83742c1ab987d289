"""As on the platform, an exception in the bot or an action that is not legal is a fault: the
first legal action is played instead, the game goes on, and the arena counts each by reason."""

import re

from bots import arena

BAD_BOT = """
def choose(turn):
    if turn["version"] % 2:
        raise RuntimeError("my strategy has a bug")
    return {"type": "play", "card": "1X"}
"""


def test_every_turn_of_a_failing_bot_is_a_fault_and_the_games_finish(tmp_path, capsys):
    bot = tmp_path / "bad_bot.py"
    bot.write_text(BAD_BOT)
    assert arena.main([str(bot), "--ruleset", "king", "--games", "2", "--short"]) == 0
    out, err = capsys.readouterr()
    faults = re.search(r"faults +(\d+) in (\d+) turns \((\d+) exception, (\d+) illegal_action\)", out)
    assert faults, out
    total, turns, exceptions, illegal = map(int, faults.groups())
    assert total == turns > 0 and exceptions > 0 and illegal > 0 and exceptions + illegal == total
    assert "2 games" in out and "my strategy has a bug" in err  # the first fault, for its author


def test_the_first_legal_action_is_what_a_fault_plays():
    from games.engine import new_game

    ruleset, options = "king", {"quick_game_combined_negatives": True}
    state = new_game(ruleset, seed="arena/0/0", options=options)
    first = state.legal_actions()[0]
    tally = arena.Tally()
    turn = arena.turn_request(state, state.to_act, 0, 1, "0")
    assert arena.bot_turn(lambda turn: {"type": "play", "card": "1X"}, state, turn, tally) is True
    assert state.events[-1]["type"] == first["type"] and state.events[-1].get("card") == first.get("card")
    assert tally.faults == {"illegal_action": 1}
