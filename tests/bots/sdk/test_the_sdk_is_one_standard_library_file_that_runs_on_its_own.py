"""bots/sdk/kingrifki_bot.py is one file that imports only the standard library: copied alone
into an empty folder it runs, and its command line takes the token and secret from the
environment only."""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

SDK = Path(__file__).resolve().parents[3] / "bots" / "sdk" / "kingrifki_bot.py"


def imported_modules(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "a relative import ties the file to a package"
            yield node.module


def test_it_imports_only_the_standard_library():
    outside = {name for name in imported_modules(SDK) if name.split(".")[0] not in sys.stdlib_module_names}
    assert not outside


def run_alone(tmp_path, *args, env=None):
    shutil.copy(SDK, tmp_path / "kingrifki_bot.py")
    (tmp_path / "mybot.py").write_text("def choose(turn):\n    return turn['legal_actions'][0]\n")
    environment = {"PATH": os.environ.get("PATH", ""), **(env or {})}
    return subprocess.run(
        [sys.executable, "-I", "kingrifki_bot.py", *args],  # -I: no site-packages, no project on the path
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_copy_alone_runs_and_explains_itself(tmp_path):
    shown = run_alone(tmp_path, "--help")
    assert shown.returncode == 0
    for word in ("webhook", "poll", "stream", "--strategy", "--server", "--port", "BOT_TOKEN", "BOT_SECRET"):
        assert word in shown.stdout


def test_credentials_come_from_the_environment_only(tmp_path):
    for protocol, variable in (("poll", "BOT_TOKEN"), ("stream", "BOT_TOKEN"), ("webhook", "BOT_SECRET")):
        refused = run_alone(tmp_path, protocol, "--strategy", "mybot.py")
        assert refused.returncode == 2 and f"set {variable} in the environment" in refused.stderr
    on_the_command_line = run_alone(tmp_path, "poll", "--strategy", "mybot.py", "--token", "krb_x")
    assert on_the_command_line.returncode == 2 and "unrecognized arguments: --token" in on_the_command_line.stderr


def test_a_strategy_file_without_choose_is_refused_clearly(tmp_path):
    (tmp_path / "empty.py").write_text("x = 1\n")
    refused = run_alone(tmp_path, "poll", "--strategy", "empty.py", env={"BOT_TOKEN": "krb_x"})
    assert refused.returncode == 2 and "empty.py defines no choose(turn) function" in refused.stderr
