"""A database superuser rolls a match back to an earlier sealed head: the tail of its stream
deleted with the triggers lifted, the match row and the older StreamHead restored. Every event
left is chained, the head is the row's and its seal is the site's own, so verification passes:
a seal binds a version and a hash, not freshness. The receipt a player was given for an action
before the rollback catches it, in verify_match, the verify endpoint, the management command and
the standalone verifier, naming the receipt (games/record/receipts.py, docs/audit.md "Receipts")."""

import json

import pytest
from django.core.management import call_command
from django.db import connection

from games.models import Event, Match, StreamHead
from games.record import receipts, triggers
from games.record.audit import verify_match
from games.service import states
from games.service.access import public_export
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db


def play_by_api(clients, match, moves):
    """``moves`` actions, each by the player to act through the API: the receipts they got."""
    got = []
    for _ in range(moves):
        state = states.match_state(match)
        response = act(clients[state.to_act], match, state.legal_actions()[0])
        assert response.status_code == 201, response.content
        got.append(body(response)["receipt"])
        match.refresh_from_db()
    return got


def sealed_moment(match):
    """What a superuser notes down to roll the match back here: its row and its sealed head."""
    match.refresh_from_db()
    row = {name: getattr(match, name) for name in ("version", "head_hash", "status", "to_act")}
    head = StreamHead.objects.filter(stream=match.stream).values("version", "hash", "seal").get()
    return row, head


def roll_back(match, moment):
    """Delete the stream's tail with the triggers lifted; put the row and the sealed head back."""
    row, head = moment
    triggers.remove(connection)
    try:
        Event.objects.filter(stream=match.stream, version__gt=row["version"]).delete()
    finally:
        triggers.install(connection)
    Match.objects.filter(pk=match.pk).update(**row)
    StreamHead.objects.filter(stream=match.stream).update(**head)
    match.refresh_from_db()


@pytest.fixture
def rolled_back(king_board_match, clients):
    """(match, the version it was rolled back to, a receipt its player got for an action that
    was rolled back, one for an action before the rollback point)."""
    match = king_board_match
    before = play_by_api(clients, match, 4)
    moment = sealed_moment(match)
    after = play_by_api(clients, match, 5)
    assert Event.objects.filter(stream=match.stream).count() > moment[0]["version"]
    roll_back(match, moment)
    return match, moment[0]["version"], after[2], before[-1]


def failed(findings):
    return [(f.check, f.version) for f in findings if not f.ok]


def receipts_file(tmp_path, *kept):
    path = tmp_path / "my-receipts.json"
    path.write_text(json.dumps({"format": receipts.FILE_FORMAT, "receipts": list(kept)}), encoding="utf-8")
    return path


def test_without_receipts_the_rolled_back_log_passes_every_check(rolled_back, tmp_path, verifier):
    match, back_to, _, _ = rolled_back
    assert failed(verify_match(match)) == []
    assert body(client_for().get(f"/api/v1/matches/{match.pk}/verify/"))["ok"] is True
    call_command("verify_match", match.pk)  # exits 1 on a failure
    code, out = verifier(write_lines(tmp_path / "export.jsonl", public_export(match)))
    assert code == 0, out


def test_verify_match_fails_with_the_players_receipt_and_names_it(rolled_back):
    match, back_to, kept, _ = rolled_back
    findings = verify_match(match, receipts=receipts.checked([kept], match.stream))
    assert failed(findings) == [("receipts", back_to)]
    [finding] = [f for f in findings if not f.ok]
    assert f"receipt 1 ({match.stream}:{kept['version']}:{kept['hash'][:16]}…" in finding.message
    assert f"the log ends at version {back_to}" in finding.message and "rolled back" in finding.message


def test_a_receipt_of_an_action_before_the_rollback_point_still_holds(rolled_back):
    match, _, _, earlier = rolled_back
    findings = verify_match(match, receipts=receipts.checked([earlier], match.stream))
    assert failed(findings) == []
    assert [f.message for f in findings if f.check == "receipts"] == [
        f"1 receipt holds: its event is in the log with the receipted hash (version {earlier['version']})"
    ]


def test_the_verify_endpoint_takes_the_receipts_file_and_fails(rolled_back, players):
    match, back_to, kept, earlier = rolled_back
    response = client_for(players[0]).post(
        f"/api/v1/matches/{match.pk}/verify/",
        {"format": receipts.FILE_FORMAT, "receipts": [earlier, kept]},
        format="json",
    )
    assert response.status_code == 200
    report = body(response)
    assert report["ok"] is False
    assert [(c["check"], c["version"]) for c in report["checks"] if not c["ok"]] == [("receipts", back_to)]
    assert "receipt 2 (" in next(c["message"] for c in report["checks"] if not c["ok"])


def test_the_management_command_takes_receipts_and_exits_1(rolled_back, tmp_path, capsys):
    match, back_to, kept, _ = rolled_back
    with pytest.raises(SystemExit) as exit:
        call_command("verify_match", match.pk, "--receipts", str(receipts_file(tmp_path, kept)))
    assert exit.value.code == 1
    out = capsys.readouterr().out
    assert f"FAIL receipts   {match.stream} at version {back_to}: receipt 1 (" in out


def test_the_standalone_verifier_fails_on_the_export_with_the_receipt(rolled_back, tmp_path, verifier):
    match, back_to, kept, _ = rolled_back
    export = write_lines(tmp_path / "export.jsonl", public_export(match))
    key = body(client_for().get("/api/v1/receipts/key/"))["public_key"]
    code, out = verifier(export, "--json", "--receipts", receipts_file(tmp_path, kept), "--receipt-key", key)
    out = json.loads(out)
    assert code == 1
    assert [(f["check"], f["stream"], f["version"]) for f in out["failures"]] == [("receipts", match.stream, back_to)]
    assert out["failures"][0]["message"].startswith("receipt 1 of my-receipts.json (")
    assert "rolled back" in out["failures"][0]["message"]


def test_a_match_played_on_after_the_rollback_fails_at_the_receipted_version(rolled_back, clients):
    """The rolled-back match goes on: new events take the receipted versions, with other hashes."""
    match, _, kept, _ = rolled_back
    play_by_api(clients, match, 5)
    assert match.version >= kept["version"]
    findings = verify_match(match, receipts=receipts.checked([kept], match.stream))
    assert failed(findings) == [("receipts", kept["version"])]
    assert "the log was rewritten after the receipt was issued" in next(f.message for f in findings if not f.ok)
