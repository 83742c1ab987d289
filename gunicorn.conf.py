"""gunicorn's settings: gunicorn reads ./gunicorn.conf.py by default, so the Docker image and
docker-compose (which start it from the project root) get these; the command line may still
choose the workers and threads.

Long polls (games/live/longpoll.py) hold a thread each while they wait. Here every worker caps
them to half its threads, and on SIGTERM (a restart or a stop) ends them at once: gunicorn
then waits for in-flight requests up to ``graceful_timeout``, and a long poll must never be
what it waits on.
"""

import gc
import os
import signal

worker_class = "gthread"
threads = 16
# A stopping worker finishes its requests within this, then is killed. Waits end at once on
# SIGTERM, so only ordinary requests are left to finish.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT") or 10)


def post_worker_init(worker):
    from games.live import longpoll

    # The worker's start-up objects (Django, the apps, every module: hundreds of thousands) live
    # as long as the worker. Frozen, the cyclic collector's full passes no longer walk them: in
    # bench.http those passes held every thread of the worker for up to 0.2 s, and now 0.05 s.
    gc.freeze()
    worker.log.info("gc: %d start-up objects frozen", gc.get_freeze_count())
    longpoll.fit_to_threads(worker.cfg.threads)
    on_term = signal.getsignal(signal.SIGTERM)  # the worker's own: stop accepting, finish requests

    def end_waits_then_stop(signum, frame):
        longpoll.stop()
        on_term(signum, frame)

    signal.signal(signal.SIGTERM, end_waits_then_stop)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn sets it: do not break system calls


def worker_int(worker):
    """SIGINT or SIGQUIT: the worker exits at once, after its threads (so end their waits)."""
    from games.live import longpoll

    longpoll.stop()
