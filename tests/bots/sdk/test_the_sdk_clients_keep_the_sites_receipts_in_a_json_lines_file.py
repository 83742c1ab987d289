"""The starter kit keeps the site's receipts without effort: each protocol writes every receipt
it is given (a POST answer's, a turn request's ``previous_receipt``) once, as a line of a JSON
Lines file (``kingrifki-receipts.jsonl`` unless ``--receipts`` says elsewhere), that the
verifiers take as it is; and a turn at a version before one already receipted is logged as the
log going back."""

import json
import logging
import threading
import urllib.request

import pytest

from bots import runner
from bots.examples.lowest_card import choose
from bots.models import Turn
from bots.sdk import kingrifki_bot
from bots.sdk.kingrifki_bot import SIGNATURE_HEADER, poll_once, run_stream, webhook_server
from bots.signing import signature_header, signing_key_of
from games.models import Match
from games.record import receipts
from games.service import creating
from tests.bots.sdk.conftest import a_turn, json_response

SECRET = "krs_the-bots-secret"


def lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def a_receipt(version, stream="match/1"):
    return {"receipt": "kingrifki-receipt/1", "stream": stream, "version": version, "hash": f"{version:064x}",
            "issued_at": "2030-01-01T00:00:00.000000+00:00", "key": "ab" * 32, "signature": "cd" * 64}  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_the_polling_client_keeps_the_receipt_of_every_answer_the_site_took(make_bot, live_server, tmp_path):
    poller = make_bot(kind="polling", name="sdk-poller")
    match = creating.do_create_match(
        "king", {"quick_game_combined_negatives": True}, [make_bot(name=f"house{i}") for i in range(3)] + [poller]
    )
    path = tmp_path / "kept.jsonl"
    done = Turn.objects.filter(match=match, bot=poller, status=Turn.Status.DONE).order_by("version")
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER or done.count() >= 5:
            break
        if Turn.objects.filter(match=match, status=Turn.Status.PENDING).exists():
            poll_once(choose, live_server.url, poller.token, wait=0, receipts=path)
        else:
            runner.run_turns(match.pk, match.version)
    kept = lines(path)
    assert kept == [turn.receipt for turn in done] and len(kept) >= 5  # each once, in order
    assert [number for number, _ in receipts.checked(kept, match.stream)] == list(range(1, len(kept) + 1))
    # the verify endpoint takes the file as it is (a JSON list of its lines)
    from tests.fixtures.people import client_for

    report = client_for().post(f"/api/v1/matches/{match.pk}/verify/", kept, format="json").json()
    assert report["ok"] and report["checks"][-1]["check"] == "receipts"


def test_the_stream_client_keeps_the_previous_receipt_and_the_answers(fake_platform, recorded_pauses, tmp_path):
    def respond(request):
        if request.method == "GET":
            turns = [{**a_turn("a"), "previous_receipt": a_receipt(3)}, {**a_turn("b"), "version": 5}]
            return 200, {}, iter([json.dumps({"type": "turn", **t}).encode() + b"\n" for t in turns])
        if request.path.endswith("/b/"):
            recorded_pauses.set()
        version = 4 if request.path.endswith("/a/") else 6
        return json_response(201, {"status": "done", "version": version, "receipt": a_receipt(version)})

    path = tmp_path / "stream.jsonl"
    run_stream(lambda turn: turn["legal_actions"][0], fake_platform(respond).url, "krb_t", recorded_pauses,
               receipts=path)  # fmt: skip
    assert [r["version"] for r in lines(path)] == [3, 4, 6]


def post_turn(server, turn):
    body = json.dumps(turn, separators=(",", ":")).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.server_port}/",
        data=body,
        headers={"Content-Type": "application/json", SIGNATURE_HEADER: signature_header(signing_key_of(SECRET), body)},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def test_the_webhook_server_keeps_each_previous_receipt_once_and_notices_a_log_that_went_back(tmp_path, caplog):
    path = tmp_path / "hook.jsonl"
    path.write_text(json.dumps(a_receipt(2)) + "\n" + '{"cut short by a cr', encoding="utf-8")  # an earlier run's
    server = webhook_server(lambda turn: turn["legal_actions"][0], SECRET, port=0, receipts=path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        post_turn(server, {**a_turn("r1"), "version": 9, "previous_receipt": a_receipt(8)})
        post_turn(server, {**a_turn("r2"), "version": 12, "previous_receipt": a_receipt(8)})  # the same again
        post_turn(server, {**a_turn("r3"), "version": 12, "previous_receipt": a_receipt(2, "match/2")})
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        with caplog.at_level(logging.ERROR, logger="kingrifki_bot"):
            post_turn(server, {**a_turn("r4"), "version": 5, "previous_receipt": None})  # match/1 went back
    finally:
        server.shutdown()
        server.server_close()
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[1] == '{"cut short by a cr'  # left as it was; what follows starts on a line of its own
    assert [(r["stream"], r["version"]) for r in map(json.loads, text[:1] + text[2:])] == [
        ("match/1", 2),
        ("match/1", 8),
        ("match/2", 2),
    ]
    [error] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "match/1: a turn at version 5" in error.getMessage() and "receipt for version 8" in error.getMessage()


def test_the_command_line_keeps_receipts_in_kingrifki_receipts_jsonl_unless_told_elsewhere(monkeypatch, tmp_path):
    used = []
    monkeypatch.setattr(kingrifki_bot, "run_polling", lambda *a, receipts, on_event=None: used.append(receipts.path))
    monkeypatch.setenv("BOT_TOKEN", "krb_t")
    monkeypatch.chdir(tmp_path)
    strategy = tmp_path / "mine.py"
    strategy.write_text("def choose(turn):\n    return turn['legal_actions'][0]\n")
    assert kingrifki_bot.main(["poll", "--strategy", str(strategy)]) == 0
    assert kingrifki_bot.main(["poll", "--strategy", str(strategy), "--receipts", "elsewhere.jsonl"]) == 0
    assert [str(p) for p in used] == ["kingrifki-receipts.jsonl", "elsewhere.jsonl"]
