"""The site is not restarted: when it exits (its port taken, a fatal error) the supervisor
stops the workers and beat too and exits with an error, as `make run` did before."""

import os
import signal
import sys

from tools import run_site


def test_the_site_exiting_stops_the_workers_and_fails_the_run(tmp_path):
    children = [
        run_site.Child("site", [sys.executable, "-c", "import time, sys; time.sleep(0.5); sys.exit(2)"], restart=False),
        run_site.Child("worker-default", [sys.executable, "-c", "import time; time.sleep(60)"], restart=True),
    ]
    before = signal.getsignal(signal.SIGINT)
    assert run_site.supervise(children) == 1
    assert signal.getsignal(signal.SIGINT) is before  # Ctrl-C works again for whoever called it
    worker = children[1].proc
    assert worker.returncode is not None  # stopped (and reaped), not left running for a minute
    try:
        os.killpg(worker.pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive
