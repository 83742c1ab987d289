"""One clock for every protocol (docs/bots.md, "The turn's clock"): a turn's whole timeout starts
when the bot can first see it (a poll answered, a stream line written, a webhook request sent);
a turn nobody picks up gets its fallback at the end of the pick-up window; a turn is never
handed out past its deadline, and the platform, not the bot, plays its fallback then."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from bots import api_stream, runner, tasks
from bots.models import Turn
from games.models import Match
from games.record import eventlog
from tests.bots.webhook_turns import match_where_it_acts_first
from tests.fixtures.people import body

pytestmark = pytest.mark.django_db

TIMEOUT = 3.0


@pytest.fixture
def polled(make_bot, settings):
    """A polling bot whose turn is open, made by the worker's task as it would be."""
    settings.BOT_PICKUP_SECONDS = 5.0
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "polls": ""}
    poller = make_bot(kind="polling", name="poller")
    match = match_where_it_acts_first(make_bot, poller, timeout=TIMEOUT)
    armed = []
    runner.run_turns(match.pk, match.version, schedule_deadline=lambda *args: armed.append(args))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bot {poller.token}")
    return poller, match, Turn.objects.get(match=match), client, armed


def as_if_made_ago(turn, seconds):
    """Move the turn's pick-up deadline as if it had been made ``seconds`` ago."""
    Turn.objects.filter(pk=turn.pk).update(deadline=turn.deadline - timedelta(seconds=seconds))


def reasons(match):
    return [r.payload["reason"] for r in eventlog.stream_events(match.stream) if r.type == "action_fallback"]


def test_a_polling_turn_waits_the_pick_up_window_and_the_worker_arms_its_earliest_end(polled):
    _poller, match, turn, _client, armed = polled
    assert turn.delivered_at is None
    assert abs((turn.deadline - turn.created_at).total_seconds() - 5.0) < 0.5
    # The earliest it could run out: its timeout, were it handed out at once (3 s < the 5 s window).
    assert [(m, v) for m, v, _s in armed] == [(match.pk, match.version)] and 0 < armed[0][2] <= TIMEOUT


def test_the_poll_that_first_hands_a_turn_out_starts_its_whole_timeout_and_later_polls_keep_it(polled):
    _poller, _match, turn, client, _armed = polled
    as_if_made_ago(turn, 4.0)  # one second of the pick-up window is left
    before = timezone.now()
    [handed] = body(client.get("/api/v1/bot/turns/"))["turns"]
    turn.refresh_from_db()
    assert turn.delivered_at >= before, "its clock started at the hand-out"
    assert turn.deadline - turn.delivered_at == timedelta(seconds=TIMEOUT), "the whole timeout, not the second left"
    assert timezone.datetime.fromisoformat(handed["deadline"]) == turn.deadline
    assert handed["timeout_seconds"] == TIMEOUT and handed["pickup_seconds"] == 5.0
    [again] = body(client.get("/api/v1/bot/turns/"))["turns"]
    assert again["deadline"] == handed["deadline"]


def test_the_stream_starts_the_clock_as_it_writes_the_turns_line(polled):
    poller, _match, turn, _client, _armed = polled
    as_if_made_ago(turn, 4.0)
    before = timezone.now()
    lines, _ = api_stream.TurnFeed(poller).new_turns()
    [(line, _event)] = lines
    turn.refresh_from_db()
    assert line["type"] == "turn" and turn.delivered_at >= before
    assert turn.deadline - turn.delivered_at == timedelta(seconds=TIMEOUT)
    assert timezone.datetime.fromisoformat(line["deadline"]) == turn.deadline


def test_a_turn_past_its_deadline_is_handed_out_by_neither_the_poll_nor_the_stream(polled):
    poller, _match, turn, client, _armed = polled
    as_if_made_ago(turn, 6.0)
    assert body(client.get("/api/v1/bot/turns/"))["turns"] == []
    assert api_stream.TurnFeed(poller).new_turns()[0] == []
    turn.refresh_from_db()
    assert turn.status == Turn.Status.PENDING and turn.delivered_at is None  # its fallback is the platform's


def test_the_deadline_task_plays_the_fallback_of_a_turn_nobody_picked_up(polled):
    _poller, match, turn, _client, _armed = polled
    as_if_made_ago(turn, 6.0)
    tasks.person_turn_deadline(match.pk, turn.version)
    turn.refresh_from_db()
    assert turn.status == Turn.Status.FAULTED and turn.fault == "not_picked_up"
    assert reasons(match) == ["not_picked_up"]
    assert Match.objects.get(pk=match.pk).version > turn.version


def test_the_deadline_task_plays_the_fallback_of_a_turn_handed_out_and_not_answered(polled):
    _poller, match, turn, client, _armed = polled
    body(client.get("/api/v1/bot/turns/"))
    tasks.person_turn_deadline(match.pk, turn.version)  # woken early: nothing yet
    turn.refresh_from_db()
    assert turn.status == Turn.Status.PENDING and reasons(match) == []
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(milliseconds=1))
    tasks.person_turn_deadline(match.pk, turn.version)
    turn.refresh_from_db()
    assert turn.status == Turn.Status.FAULTED and turn.fault == "timeout" and reasons(match) == ["timeout"]


def test_the_deadline_task_woken_early_arms_the_turns_exact_deadline(polled, monkeypatch):
    _poller, match, turn, client, _armed = polled
    published = []
    monkeypatch.setattr(tasks, "queue_deadline", lambda *args: published.append(args))
    tasks.person_turn_deadline(match.pk, turn.version)  # not handed out: its pick-up deadline
    body(client.get("/api/v1/bot/turns/"))
    handed = Turn.objects.get(pk=turn.pk)
    tasks.person_turn_deadline(match.pk, turn.version)  # handed out: its answer deadline
    assert [(m, v) for m, v, _wake in published] == [(match.pk, turn.version)] * 2
    assert [wake for _m, _v, wake in published] == [
        turn.deadline + tasks.DEADLINE_LATE,
        handed.deadline + tasks.DEADLINE_LATE,
    ]


def test_a_webhook_requests_deadline_is_the_whole_timeout_from_when_it_is_sent(make_bot, monkeypatch, settings):
    settings.BOT_PICKUP_SECONDS = 5.0
    hook = make_bot(kind="webhook", name="hook", url="https://bot.example/turn")
    match = match_where_it_acts_first(make_bot, hook, timeout=TIMEOUT)
    sent = []

    def call(url, key, request, timeout):
        sent.append((timezone.now(), request, timeout))
        return request["legal_actions"][0]

    monkeypatch.setattr(runner, "call", call)
    runner.run_webhook_turn(match.pk, match.version)
    [(at, request, timeout)] = sent
    turn = Turn.objects.get(match=match)
    assert turn.delivered_at <= at and timeout == TIMEOUT, "its clock started as the request went out"
    assert turn.deadline - turn.delivered_at == timedelta(seconds=TIMEOUT)
    assert timezone.datetime.fromisoformat(request["deadline"]) == turn.deadline
    assert turn.status == Turn.Status.DONE
