"""`make run` starts three workers: one on the default queue (built-in bots, rounds, standings),
one on the people queue (the bots' turns at tables where a person sits, so a person's game is
never queued behind a tournament on autopilot) and one on the webhook queue, so a webhook that
takes its whole deadline never holds up a built-in bot; the webhook worker makes
BOT_WEBHOOK_CONCURRENCY calls at once, in threads, so a bot that hangs holds up no other bot's
call. The queue names and that number come from the settings. The default queue's worker runs
at a lower priority (nice), so bot tables on autopilot never take a person's CPU time."""

from tools.run_site import from_settings


def queue_of(child):
    return child.argv[child.argv.index("-Q") + 1]


def test_one_worker_per_queue_named_by_the_settings(settings, tmp_path):
    settings.CELERY_TASK_DEFAULT_QUEUE = "main-q"
    settings.BOT_PEOPLE_QUEUE = "people-q"
    settings.BOT_WEBHOOK_QUEUE = "hooks-q"
    settings.BOT_WEBHOOK_CONCURRENCY = 12
    settings.VAR_DIR = tmp_path
    children = {child.name: child for child in from_settings("python", "127.0.0.1", 8123)}

    assert set(children) == {"site", "beat", "worker-default", "worker-people", "worker-webhooks"}
    assert queue_of(children["worker-default"]) == "main-q"
    assert queue_of(children["worker-people"]) == "people-q"
    assert queue_of(children["worker-webhooks"]) == "hooks-q"
    assert {"--pool=threads", "--concurrency=12"} <= set(children["worker-webhooks"].argv)
    assert {"--pool=solo", "--concurrency=1"} <= set(children["worker-default"].argv)
    assert {"--pool=solo", "--concurrency=1"} <= set(children["worker-people"].argv)
    assert children["worker-people"].summary == "queue people-q (tables with people)"
    assert children["worker-default"].argv[:3] == ["nice", "-n", "10"]
    assert all(children[name].argv[0] == "python" for name in ("worker-people", "worker-webhooks", "site", "beat"))
    workers = [child.argv for child in children.values() if "worker" in child.argv]
    node_names = {argv[argv.index("-n", argv.index("worker")) + 1] for argv in workers}
    assert node_names == {"default@%h", "people@%h", "webhooks@%h"}  # three workers on one host, three names
    assert children["site"].argv[-1] == "127.0.0.1:8123"
    assert str(tmp_path / "celerybeat-schedule") in children["beat"].argv
    assert [c.restart for c in children.values()] == [False, True, True, True, True]  # all but the site come back


def test_the_people_queue_is_people_until_the_settings_name_it(settings, tmp_path):
    if hasattr(settings, "BOT_PEOPLE_QUEUE"):
        del settings.BOT_PEOPLE_QUEUE
    settings.VAR_DIR = tmp_path
    children = {child.name: child for child in from_settings("python", "127.0.0.1", 8123)}
    assert queue_of(children["worker-people"]) == "people"
