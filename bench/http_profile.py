"""``bench.http --profile DIR``: each gunicorn worker profiles its action POSTs (cProfile, one
profile per request, summed) and writes the sum to DIR/<pid>.prof every 50 requests; read it
with ``python -m pstats``. Only installed by bench.http_site when asked."""

import cProfile
import os
import pstats
import threading

_lock = threading.Lock()
_stats = None
_count = 0


class ProfileActions:
    def __init__(self, get_response):
        self.get_response = get_response
        self.path = os.path.join(os.environ["BENCH_PROFILE_DIR"], f"{os.getpid()}.prof")

    def __call__(self, request):
        if not request.path.endswith("/actions/"):
            return self.get_response(request)
        profile = cProfile.Profile()
        response = profile.runcall(self.get_response, request)
        global _stats, _count
        with _lock:
            if _stats is None:
                _stats = pstats.Stats(profile)
            else:
                _stats.add(profile)
            _count += 1
            if _count % 50 == 0:
                _stats.dump_stats(self.path)
        return response
