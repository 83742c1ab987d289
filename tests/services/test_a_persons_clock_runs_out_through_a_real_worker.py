"""A person's clock is the real worker's to enforce, never the browser's: when a person's turn
starts the worker queues its deadline with a countdown; past it the worker records the
fallback (``action_fallback``, reason "timeout", then the first legal action), and at the
strike limit a house bot takes the seat and the worker plays it on. Nobody here acts for the
person: only the worker and its clock."""

import time

import pytest
from django.db import connection

from games.models import Event, Match
from games.service import creating

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]


def wait_for(match, condition, worker, timeout=45):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    pytest.fail(f"match {match.pk} waited in vain\n--- worker log ---\n{worker.log_text()[-4000:]}")


def test_a_persons_turns_past_the_deadline_get_the_fallback_and_then_a_house_bot(
    celery_worker_factory, redis_url, postgres_url, players, make_bot
):
    env = {"DATABASE_URL": postgres_url.rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"]}
    worker = celery_worker_factory(redis_url, extra_env=env)
    person = players[0]
    seats = [person, make_bot(name="b1"), make_bot(name="b2"), make_bot(name="b3")]
    match = creating.do_create_match("king", {"quick_game_combined_negatives": True}, seats)
    Match.objects.filter(pk=match.pk).update(move_seconds=1, bank_seconds=0, strike_limit=2)
    started = time.monotonic()
    worker.client.send_task("bots.tasks.play_bot_turns", args=[match.pk, match.version])

    fallbacks = Event.objects.filter(stream=match.stream, type="action_fallback", payload__seat=0)
    wait_for(match, lambda: fallbacks.exists(), worker)
    first = fallbacks.get()
    assert first.payload == {"seat": 0, "reason": "timeout"} and first.metadata["actor"] == "clock"
    took = first.recorded_at - Event.objects.get(stream=match.stream, version=first.version - 1).recorded_at
    assert 1.0 <= took.total_seconds() < 10  # at the deadline, not before it

    taken = wait_for(
        match,
        lambda: Event.objects.filter(stream=match.stream, type="seat_taken_over", payload__seat=0).first(),
        worker,
    )
    assert taken.payload["reason"] == "timeouts" and fallbacks.count() == 2
    # The worker plays the seat on with the house bot.
    by_bot = wait_for(
        match,
        lambda: Event.objects.filter(
            stream=match.stream, version__gt=taken.version, metadata__seat=0, metadata__actor__startswith="bot:"
        ).first(),
        worker,
    )
    assert by_bot is not None and time.monotonic() - started < 60
