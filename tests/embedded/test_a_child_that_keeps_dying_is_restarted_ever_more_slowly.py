"""The supervisor restarts a worker that keeps exiting after 1 s, then 2, 4, ... (at most 30),
logging why each time; one that had run steadily comes back after 1 s again."""

import logging
import sys

from tools import run_site


def test_backoff_doubles_on_quick_exits_and_resets_after_a_steady_run(caplog):
    child = run_site.Child("worker-default", [sys.executable, "-c", "import sys; sys.exit(3)"], restart=True)
    delays = []
    with caplog.at_level(logging.WARNING, logger="run_site"):
        run_site.start(child)
        for _ in range(4):
            child.proc.wait()
            now = child.started_at + 0.5  # exited half a second after it started
            assert run_site.check(child, now) is True  # the run goes on
            delays.append(child.restart_at - now)
            run_site.check(child, now)  # not yet due: nothing starts
            assert child.proc is None
            run_site.check(child, child.restart_at)  # due: started again
            assert child.proc is not None
        child.proc.wait()
        steady = child.started_at + run_site.STEADY_SECONDS + 1
        run_site.check(child, steady)
        delays.append(child.restart_at - steady)

    assert delays == [1, 2, 4, 8, 1]
    assert caplog.text.count("worker-default") == 5
    assert "exited unexpectedly (exit status 3) after 0.5 s; restarting in 1 s" in caplog.text


def test_backoff_is_capped():
    assert run_site.backoff_seconds(20) == run_site.BACKOFF_MAX
