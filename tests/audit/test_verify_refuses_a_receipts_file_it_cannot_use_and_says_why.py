"""Receipts that cannot be used are refused with a clear error, never counted as a check: a file
that is not receipts, a receipt with a field changed (its signature no longer verifies), one
signed with another key, one with a field more or less, and one for another match. The verify
endpoint answers 400 ``invalid_receipts`` naming the receipt, the management command stops with
the file and the receipt, and the standalone verifier says why and exits 2."""

import json

import pytest
from django.core.management import CommandError, call_command

from games.models import CommandResult, Event
from games.record import receipts
from games.service import creating, states
from games.service.access import public_export
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db

ANOTHER_KEY = "22" * 32


def play_one(match, clients):
    state = states.match_state(match)
    response = act(clients[state.to_act], match, state.legal_actions()[0])
    assert response.status_code == 201
    return body(response)["receipt"]


@pytest.fixture
def kept(king_board_match, clients, players, settings):
    """(match, a receipt of it, a receipt signed with another key, a receipt of another match)."""
    match = king_board_match
    good = play_one(match, clients)
    other_match = creating.do_create_match("king", {}, players, board=match.board)
    elsewhere = play_one(other_match, clients)
    site_key = settings.EVENT_RECEIPT_SIGNING_KEY
    settings.EVENT_RECEIPT_SIGNING_KEY = ANOTHER_KEY
    forged = play_one(match, clients)
    settings.EVENT_RECEIPT_SIGNING_KEY = site_key
    return match, good, forged, elsewhere


def cases(match, good, forged, elsewhere):
    """(name, file text, what the refusal says) for each input that cannot be used."""
    listed = lambda *items: json.dumps({"format": receipts.FILE_FORMAT, "receipts": list(items)})  # noqa: E731
    return [
        ("not json", "this is not a receipts file\n{", "neither JSON nor JSON Lines"),
        ("not receipts", json.dumps([1, 2]), "a list of receipt objects"),
        ("empty", listed(), "holds no receipt"),
        ("changed", listed(good, {**good, "version": good["version"] + 1}), "receipt 2: its signature does not verify"),
        ("another key", listed(forged), "receipt 1: it is signed with the key"),
        ("a field more", listed({**good, "seat": 0}), "receipt 1: a receipt has exactly the fields"),
        ("a field named as a format", listed({**good, "%(what)s 100%": 0}), "unknown: %(what)s 100%)"),
        ("a field less", listed({k: v for k, v in good.items() if k != "issued_at"}), "missing: issued_at"),
        ("bad hex", listed({**good, "hash": good["hash"].upper()}), "receipt 1: its hash is not lowercase hex"),
        ("another match", listed(good, elsewhere), f"receipt 2: it is a receipt for {elsewhere['stream']}"),
    ]


def test_the_verify_endpoint_refuses_each_with_400_naming_the_receipt(kept, players):
    match = kept[0]
    stored = (Event.objects.count(), CommandResult.objects.count())
    for name, text, says in cases(*kept):
        response = client_for(players[0]).post(
            f"/api/v1/matches/{match.pk}/verify/", text, content_type="application/json"
        )
        if name == "not json":
            assert response.status_code == 400, name  # the parser's own refusal
            continue
        assert response.status_code == 400, (name, response.content)
        error = body(response)["error"]
        assert error["code"] == "invalid_receipts" and says in error["message"], (name, error)
    assert (Event.objects.count(), CommandResult.objects.count()) == stored


def test_the_management_command_refuses_each_naming_the_file_and_the_receipt(kept, tmp_path):
    match = kept[0]
    for name, text, says in cases(*kept):
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(CommandError) as refused:
            call_command("verify_match", match.pk, "--receipts", str(path))
        assert str(refused.value).startswith(f"{path}: ") and says in str(refused.value), (name, refused.value)
    with pytest.raises(CommandError, match="cannot read the receipts file"):
        call_command("verify_match", match.pk, "--receipts", str(tmp_path / "missing.json"))


def test_the_standalone_verifier_refuses_each_and_exits_2(kept, tmp_path, settings):
    from tests.fixtures.verifier import run_alone, write_verifier

    match, good, _, _ = kept
    export = write_lines(tmp_path / "export.jsonl", public_export(match))
    alone = tmp_path / "outsider"
    alone.mkdir()
    program = write_verifier(alone)
    key = receipts.public_key_hex()
    for name, text, says in cases(*kept):
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(text, encoding="utf-8")
        result = run_alone(program, export, "--receipts", path, "--receipt-key", key, cwd=alone)
        if name == "another match":
            says = f"receipt 2 of {path.name} is for {kept[3]['stream']}, which this export does not hold"
        elif name == "another key":
            says = "receipt 1: it is signed with the key"
        assert result.returncode == 2 and result.stdout == "", (name, result.stdout)
        assert says in result.stderr, (name, result.stderr)
    result = run_alone(program, export, "--receipts", tmp_path / "missing.json", cwd=alone)
    assert result.returncode == 2 and "cannot read the receipts file" in result.stderr
    result = run_alone(program, export, "--receipt-key", "not a key", cwd=alone)
    assert result.returncode == 2 and "is not a receipt key: 64 hex digits" in result.stderr
