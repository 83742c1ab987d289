"""When the rules engine's background build fails (tools/run_site.py --build-engine), the site,
beat and workers run on, on the engine's Python sources, untouched; no stamp is written, so the
next `make run` (or `make engine`) tries again; and the console says so once, with the path of
the compiler's output."""

import logging
import sys
import time

from tests.embedded.test_make_run_serves_on_the_engines_sources_while_it_compiles_then_restarts_every_child_on_the_build import (  # noqa: E501
    recording_children,
    records,
    stop_when,
)
from tools import run_site


def test_a_failed_build_leaves_every_child_running_on_the_sources_and_logs_the_output_path(tmp_path, caplog):
    record, stamp, log_path = tmp_path / "record", tmp_path / "engine.stamp", tmp_path / "engine.log"
    children = recording_children(record)
    broken = "import sys; print('error: games/engine/king.py:1: this will not compile'); sys.exit(1)"
    build = run_site.EngineBuild([sys.executable, "-c", broken], log_path, stamp)
    running = []

    def failed_with_every_child_running():
        started = build.state == "failed" and len(records(record)) == 4
        return started and all(child.proc.poll() is None for child in children)

    stop_when(failed_with_every_child_running, running)
    with caplog.at_level(logging.INFO, logger="run_site"):
        assert run_site.supervise(children, build) == 0  # the run went on until it was stopped
    assert running == [True], caplog.text

    time.sleep(0.5)  # a child restarted by mistake would have written its line by now
    lines = records(record)
    assert len(lines) == 4  # each child started once, none restarted
    assert all(engine == "python" for _name, _pid, engine in lines)
    assert not stamp.exists()
    assert "this will not compile" in log_path.read_text()
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(failures) == 1
    assert "the rules engine did not compile (exit status 1" in failures[0].getMessage()
    assert str(log_path) in failures[0].getMessage()
    assert "the site goes on running the engine's Python sources" in failures[0].getMessage()
    assert "the compiled engine is ready" not in caplog.text
