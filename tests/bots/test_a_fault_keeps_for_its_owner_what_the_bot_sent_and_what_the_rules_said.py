"""A fault tells the bot's owner what went wrong (docs/bots.md, "Faults"): the HTTP status, the
start of the body as text, the seconds taken, and for an illegal action the action received,
the engine's refusal and the legal actions then. ``GET bots/{id}/faults/`` lists them for the
owner alone; the bot's page shows them to its owner as text, never as markup, and to nobody
else. While the match's cards are not public the owner reads only the status and the time: a
bot's owner sees a live match as the public does, and an answer may name the seat's cards. A
polling bot's illegal answer is answered 422 with the same facts (the bot holds the seat). The
match's log keeps only the fault's reason."""

import json

import pytest
from rest_framework.test import APIClient

from bots import runner
from bots.models import Turn
from games.record import eventlog
from tests.bots.webhook_turns import match_where_it_acts_first
from tests.fixtures.bots import run_until_over
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db

MARKUP = b"<script>alert('boom')</script> the server fell over"


def faulted(match):
    return Turn.objects.get(match=match, status=Turn.Status.FAULTED)


def test_an_http_error_keeps_the_status_the_start_of_the_body_and_the_time(
    make_bot, bot_server, private_webhooks_allowed, client
):
    server = bot_server(lambda request: (500, MARKUP * 40, 0))
    hook = make_bot(kind="webhook", name="hook", url=server.url)
    match = match_where_it_acts_first(make_bot, hook)
    runner.run_webhook_turn(match.pk, match.version)
    facts = faulted(match).fault_facts
    assert facts["status"] == 500 and facts["body"].startswith(MARKUP.decode()) and len(facts["body"]) == 500
    assert 0 <= facts["seconds"] < 5
    [fallback] = [r.payload for r in eventlog.stream_events(match.stream) if r.type == "action_fallback"]
    assert fallback["reason"] == "http_error" and "body" not in json.dumps(fallback)  # the log keeps the reason

    owner = hook.owner
    client.force_login(owner)
    [record] = body(client_for(owner).get(f"/api/v1/bots/{hook.pk}/faults/"))["results"]
    assert (record["fault"], record["status"], record["match"]) == ("http_error", 500, match.pk)
    assert "body" not in record and "alert(" not in client.get(f"/bots/{hook.pk}/").content.decode()  # in play

    run_until_over(match)  # its cards public: the owner reads everything
    records = body(client_for(owner).get(f"/api/v1/bots/{hook.pk}/faults/"))["results"]
    assert all(r["body"].startswith(MARKUP.decode()) for r in records)
    page = client.get(f"/bots/{hook.pk}/").content.decode()
    assert "&lt;script&gt;alert(" in page and "<script>alert(" not in page  # text, never markup


def test_an_illegal_action_keeps_what_was_received_the_refusal_and_the_legal_actions(
    make_bot, bot_server, private_webhooks_allowed
):
    server = bot_server(lambda request: (200, json.dumps({"action": {"type": "play", "card": "ZZ"}}).encode(), 0))
    hook = make_bot(kind="webhook", name="hook", url=server.url)
    match = match_where_it_acts_first(make_bot, hook)
    runner.run_webhook_turn(match.pk, match.version)
    [(_headers, raw)] = server.requests
    facts = faulted(match).fault_facts
    assert facts["received"] == {"type": "play", "card": "ZZ"} and facts["status"] == 200
    assert facts["refusal"]["code"] and facts["refusal"]["message"]
    assert facts["legal_actions"] == json.loads(raw)["legal_actions"]


def test_nobody_but_the_owner_reads_the_faults(make_bot, bot_server, private_webhooks_allowed, client, players):
    server = bot_server(lambda request: (500, b"my hand is AS KS QS", 0))
    hook = make_bot(kind="webhook", name="hook", url=server.url)
    match = match_where_it_acts_first(make_bot, hook)
    runner.run_webhook_turn(match.pk, match.version)
    assert client_for(players[0]).get(f"/api/v1/bots/{hook.pk}/faults/").status_code == 404
    assert APIClient().get(f"/api/v1/bots/{hook.pk}/faults/").status_code in (401, 403)
    client.force_login(players[0])
    page = client.get(f"/bots/{hook.pk}/").content.decode()
    assert "my hand is" not in page and "bot-faults" in page  # the fault is listed, its facts are not
    run_until_over(match)
    assert "my hand is" not in client.get(f"/bots/{hook.pk}/").content.decode()  # nor once it is over


def test_a_polling_bots_illegal_answer_is_answered_with_the_refusal_and_the_legal_actions(make_bot, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": ""}
    poller = make_bot(kind="polling", name="poller")
    match = match_where_it_acts_first(make_bot, poller)
    runner.run_turns(match.pk, match.version)
    turn = Turn.objects.get(match=match)
    bot_client = APIClient()
    bot_client.credentials(HTTP_AUTHORIZATION=f"Bot {poller.token}")
    [handed] = body(bot_client.get("/api/v1/bot/turns/"))["turns"]
    r = bot_client.post(
        f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "play", "card": "ZZ"}}, format="json"
    )
    error = body(r)["error"]
    assert r.status_code == 422 and error["code"] == "illegal_action"
    assert error["refusal"] and error["refusal_message"] and error["legal_actions"] == handed["legal_actions"]
    facts = Turn.objects.get(pk=turn.pk).fault_facts
    assert facts["received"] == {"type": "play", "card": "ZZ"} and facts["seconds"] >= 0
