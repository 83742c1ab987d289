"""A person at a table of house bots, `make run`'s broker (no REDIS_URL): after each of the
person's moves the real worker plays the bots' turns, until it is the person's turn again. The
path bench.latency times, here proven to work, not timed."""

import time

import pytest
from django.db import connection

from bots.house import house_bot
from games import engine
from games.models import Match
from games.record import eventlog
from games.service import creating, playing, states

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]

ANSWERS = 5  # person moves the bots answered


def wait_for_person(match, seat, worker, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.to_act == seat or match.status == Match.Status.OVER:
            return
        time.sleep(0.05)
    pytest.fail(f"the bots of match {match.pk} did not play\n--- worker log ---\n{worker.log_text()[-4000:]}")


def test_the_worker_answers_each_person_move_with_the_bots_moves(celery_worker_factory, postgres_url, players):
    database = postgres_url.rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"]
    worker = celery_worker_factory(None, extra_env={"DATABASE_URL": database})
    person, bot = players[0], house_bot("random")
    seats = engine.RULESETS["king"].num_seats()
    match = creating.do_create_match("king", {}, [person] + [bot] * (seats - 1))
    worker.client.send_task("bots.tasks.play_bot_turns", args=[match.pk, match.version])
    wait_for_person(match, 0, worker)

    answered = 0
    while answered < ANSWERS:
        assert match.status == Match.Status.LIVE
        action = states.current_state(match).legal_actions()[0]
        moved = playing.submit_action(match.pk, person, dict(action), match.version)["version"]
        match.refresh_from_db()
        if match.to_act == 0:
            continue  # the person acts again (they lead the next trick, say): no bot's turn
        worker.client.send_task("bots.tasks.play_bot_turns", args=[match.pk, moved])
        wait_for_person(match, 0, worker)
        actors = {r.metadata.get("actor") for r in eventlog.stream_events(match.stream, after=moved)}
        assert actors == {f"bot:{bot.pk}"}  # the bots, and only they, played on
        answered += 1

    assert "Traceback" not in worker.log_text()
