"""A bot's accepted answer is receipted like a person's action (games/record/receipts.py): a polling
bot's POST bot/turns/{id}/ answers with the receipt, and every turn request (the webhook's
body, each entry of GET bot/turns/, each line of the turn stream) carries ``previous_receipt``,
the receipt of that seat's previous accepted answer, as it was signed when the answer was
accepted: the only way a webhook's answer is receipted. A fault's fallback is nobody's accepted
answer: the next request still carries the last accepted one."""

import json

from bots import runner
from bots.api_stream import TurnFeed
from bots.models import Turn
from games.models import Event, Match
from games.record import receipts
from games.service import creating
from tests.bots.test_polling_bots_fetch_and_answer_their_turns import advance_to_polling_turn, bot_client
from tests.bots.webhook_turns import match_where_it_acts_first
from tests.fixtures.people import body


def accepted_answer(receipt, request_id, stream):
    """The receipt is the site's, for the head the answer made: the last event of that append
    was written for this turn (its command id is the turn's request id), with that hash."""
    assert receipts.checked([receipt], stream) == [(1, receipt)]
    event = Event.objects.get(stream=stream, version=receipt["version"])
    assert event.metadata["command_id"] == request_id and event.hash == receipt["hash"]


def test_a_polling_bots_answer_is_answered_with_a_receipt_its_next_turn_carries(make_bot):
    poller = make_bot(kind="polling", name="poller")
    match = creating.do_create_match(
        "king", {"quick_game_combined_negatives": True}, [make_bot(name=f"r{i}") for i in range(3)] + [poller]
    )
    client = bot_client(poller)
    advance_to_polling_turn(match)
    [first] = body(client.get("/api/v1/bot/turns/"))["turns"]
    assert first["previous_receipt"] is None
    r = client.post(f"/api/v1/bot/turns/{first['request_id']}/", {"action": first["legal_actions"][0]}, format="json")
    assert r.status_code == 201
    receipt = body(r)["receipt"]
    assert receipt["version"] == body(r)["version"]
    accepted_answer(receipt, first["request_id"], match.stream)
    advance_to_polling_turn(match)
    [second] = body(client.get("/api/v1/bot/turns/"))["turns"]
    assert second["version"] > first["version"] and second["previous_receipt"] == receipt
    # the turn stream's line is the same turn
    [(line, _)] = TurnFeed(poller).opening()[0]
    assert line == {"type": "turn", **second}


def test_each_webhook_request_carries_the_receipt_of_the_previous_accepted_answer(make_bot, bot_server, settings):
    settings.BOT_WEBHOOKS_ALLOW_LOOPBACK = True
    illegal_once = []

    def behave(request):  # the third turn gets an illegal answer: a fault, and its fallback
        if len(server.requests) == 3 and not illegal_once:
            illegal_once.append(request["request_id"])
            return 200, json.dumps({"action": {"type": "play", "card": "ZZ"}}).encode(), 0
        return 200, json.dumps({"action": request["legal_actions"][0]}).encode(), 0

    server = bot_server(behave)
    hook = make_bot(kind="webhook", name="hook", url=server.url)
    match = match_where_it_acts_first(make_bot, hook)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER or len(server.requests) >= 6:
            break
        runner.run_turns(match.pk, match.version)
    sent = [json.loads(raw) for _, raw in server.requests]
    assert len(sent) >= 5 and sent[0]["previous_receipt"] is None
    assert illegal_once and illegal_once[0] in [s["request_id"] for s in sent[:-1]]
    accepted = None  # the receipt of the last answer the match accepted, as the bot should hold it
    for before, after in zip(sent, sent[1:]):
        turn = Turn.objects.get(request_id=before["request_id"])
        if before["request_id"] in illegal_once:
            assert turn.status == Turn.Status.FAULTED and turn.receipt is None
        else:
            assert turn.status == Turn.Status.DONE
            accepted_answer(turn.receipt, before["request_id"], match.stream)
            accepted = turn.receipt
        assert after["previous_receipt"] == accepted
