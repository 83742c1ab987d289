"""Each bad argument stops the arena before any game, with a non-zero exit and a message that
says what is wrong."""

import pytest

from bots import arena

GOOD = "bots/examples/lowest_card.py"

CASES = {
    "a missing file": (["no/such/bot.py", "--ruleset", "king"], "no/such/bot.py: no such file"),
    "a file without choose": (["NOCHOOSE", "--ruleset", "king"], "defines no choose(turn)"),
    "a file that does not load": (["BROKEN", "--ruleset", "king"], "does not load: SyntaxError"),
    "an unknown ruleset": ([GOOD, "--ruleset", "chess"], "unknown ruleset 'chess'; rulesets: king"),
    "no ruleset": ([GOOD], "--ruleset"),
    "options that are not JSON": ([GOOD, "--ruleset", "king", "--options", "{"], "--options is not JSON"),
    "options that are not an object": ([GOOD, "--ruleset", "king", "--options", "[1]"], "must be a JSON object"),
    "an unknown option": ([GOOD, "--ruleset", "king", "--options", '{"bogus": 1}'], "unknown option 'bogus'"),
    "a table size out of range": ([GOOD, "--ruleset", "corners", "--options", '{"players": 9}'], "players"),
    "no games": ([GOOD, "--ruleset", "king", "--games", "0"], "--games must be at least 1"),
    "a number of games that is no number": ([GOOD, "--ruleset", "king", "--games", "x"], "invalid int value"),
    "unknown opponents": ([GOOD, "--ruleset", "king", "--opponents", "alphazero"], "unknown opponents 'alphazero'"),
}


@pytest.mark.parametrize("case", CASES)
def test_the_arena_exits_with_the_reason(case, tmp_path, capsys):
    argv, says = CASES[case]
    (tmp_path / "nochoose.py").write_text("def decide(turn):\n    return None\n")
    (tmp_path / "broken.py").write_text("def choose(turn)\n")
    files = {"NOCHOOSE": str(tmp_path / "nochoose.py"), "BROKEN": str(tmp_path / "broken.py")}
    with pytest.raises(SystemExit) as stopped:
        arena.main([files.get(arg, arg) for arg in argv])
    out, err = capsys.readouterr()
    assert stopped.value.code != 0
    assert says in err and out == ""
