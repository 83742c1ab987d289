"""A gunicorn worker freezes the objects of its start-up (gc.freeze in gunicorn.conf.py), so the
cyclic garbage collector's full passes, which hold every thread of the worker while they run,
walk only what requests and the state cache made since; and it still serves."""

import re


def test_a_served_worker_froze_its_start_up_objects_and_answers(serve_site):
    site = serve_site()

    assert site.get("/")[0] == 200
    frozen = re.findall(r"gc: (\d+) start-up objects frozen", site.log())
    assert len(frozen) == 1, site.log()  # one worker, once
    assert int(frozen[0]) > 50_000  # Django and the apps, not a handful of objects
