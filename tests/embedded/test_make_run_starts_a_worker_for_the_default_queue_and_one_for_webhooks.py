"""`make run` starts two workers: one on the default queue (built-in bots, rounds, standings)
and one on the webhook queue, so a webhook that takes its whole deadline never holds up a
built-in bot; the webhook worker makes BOT_WEBHOOK_CONCURRENCY calls at once, in threads, so a
bot that hangs holds up no other bot's call. The queue names and that number come from the
settings."""

from tools.run_site import from_settings


def queue_of(child):
    return child.argv[child.argv.index("-Q") + 1]


def test_one_worker_per_queue_named_by_the_settings(settings, tmp_path):
    settings.CELERY_TASK_DEFAULT_QUEUE = "main-q"
    settings.BOT_WEBHOOK_QUEUE = "hooks-q"
    settings.BOT_WEBHOOK_CONCURRENCY = 12
    settings.VAR_DIR = tmp_path
    children = {child.name: child for child in from_settings("python", "127.0.0.1", 8123)}

    assert set(children) == {"site", "beat", "worker-default", "worker-webhooks"}
    assert queue_of(children["worker-default"]) == "main-q"
    assert queue_of(children["worker-webhooks"]) == "hooks-q"
    assert {"--pool=threads", "--concurrency=12"} <= set(children["worker-webhooks"].argv)
    assert {"--pool=solo", "--concurrency=1"} <= set(children["worker-default"].argv)
    node_names = {child.argv[child.argv.index("-n") + 1] for child in children.values() if "-n" in child.argv}
    assert len(node_names) == 2  # two workers on one host need two names
    assert children["site"].argv[-1] == "127.0.0.1:8123"
    assert str(tmp_path / "celerybeat-schedule") in children["beat"].argv
    assert [c.restart for c in children.values()] == [False, True, True, True]  # all but the site come back
