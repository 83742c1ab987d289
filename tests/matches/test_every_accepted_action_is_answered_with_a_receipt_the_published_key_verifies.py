"""POST matches/{id}/actions/ answers an accepted action with a receipt (games/record/receipts.py): the
stream, the version and hash of its new head, when it was recorded, the site's public key and
an Ed25519 signature that the key published at GET receipts/key/ verifies. A retried command
gets the same receipt; a refused action gets none and stores nothing."""

import json

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_pem_public_key

from games.models import CommandResult, Event
from games.record import eventlog, receipts
from games.service import states
from tests.audit.test_a_deal_played_with_physical_cards_is_entered_checked_and_scored import enter, written_record
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


def published():
    response = client_for().get("/api/v1/receipts/key/")
    assert response.status_code == 200
    return body(response)


def signed_bytes(receipt):
    fields = {name: receipt[name] for name in ("receipt", "stream", "version", "hash", "issued_at", "key")}
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_an_accepted_action_comes_with_a_receipt_of_the_new_head(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    r = act(clients[state.to_act], match, state.legal_actions()[0])
    assert r.status_code == 201
    receipt = body(r)["receipt"]
    match.refresh_from_db()
    last = Event.objects.get(stream=match.stream, version=match.version)
    assert set(receipt) == {"receipt", "stream", "version", "hash", "issued_at", "key", "signature"}
    assert receipt["receipt"] == "kingrifki-receipt/1"
    assert (receipt["stream"], receipt["version"], receipt["hash"]) == (match.stream, match.version, match.head_hash)
    assert (
        receipt["issued_at"]
        == eventlog.event_document(last.stream, last.version, last.type, last.payload, last.metadata, last.recorded_at)[
            "recorded_at"
        ]
    )


def test_the_published_key_verifies_the_signature_and_nothing_else(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    receipt = body(act(clients[state.to_act], match, state.legal_actions()[0]))["receipt"]
    key = published()
    assert key["algorithm"] == "Ed25519" and receipt["key"] == key["public_key"]
    public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key["public_key"]))
    signature = bytes.fromhex(receipt["signature"])
    public.verify(signature, signed_bytes(receipt))
    load_pem_public_key(key["public_key_pem"].encode()).verify(signature, signed_bytes(receipt))
    for field, value in (("version", receipt["version"] + 1), ("hash", "0" * 64), ("stream", "match/999")):
        with pytest.raises(InvalidSignature):
            public.verify(signature, signed_bytes({**receipt, field: value}))


def test_a_retried_command_gets_the_same_receipt_and_stores_nothing(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    action, at = state.legal_actions()[0], match.version
    first = act(clients[state.to_act], match, action, expected_version=at, command_id="once")
    stored = Event.objects.filter(stream=match.stream).count()
    again = act(clients[state.to_act], match, action, expected_version=at, command_id="once")
    assert first.status_code == again.status_code == 201
    assert body(again)["receipt"] == body(first)["receipt"]
    assert Event.objects.filter(stream=match.stream).count() == stored
    assert CommandResult.objects.get(command_id="once").response["receipt"] == body(first)["receipt"]


def test_a_refused_action_gets_no_receipt_and_stores_nothing(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    stored = Event.objects.filter(stream=match.stream).count()
    other = (state.to_act + 1) % match.num_seats
    for client, action, version in (
        (clients[other], {"type": "play", "card": state.hand(other)[0]}, match.version),
        (clients[state.to_act], state.legal_actions()[0], match.version - 1),
        (clients[state.to_act], {"type": "play", "card": "ZZ"}, match.version),
    ):
        r = act(client, match, action, expected_version=version, command_id="refused")
        assert r.status_code in (403, 409, 422) and "receipt" not in body(r)
    assert Event.objects.filter(stream=match.stream).count() == stored
    assert not CommandResult.objects.exists()


def test_a_deal_entered_from_paper_is_answered_with_the_receipt_of_its_head(players):
    actions, _ = written_record()
    data = body(enter(players[0], actions))
    receipt = data["receipt"]
    assert (receipt["stream"], receipt["version"]) == (f"match/{data['id']}", data["version"])
    assert receipts.checked([receipt], receipt["stream"]) == [(1, receipt)]
