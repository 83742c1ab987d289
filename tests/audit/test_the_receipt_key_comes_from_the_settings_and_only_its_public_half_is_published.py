"""The key that signs receipts (games/record/receipts.py) lives in the settings, never in the database:
EVENT_RECEIPT_SIGNING_KEY, or by default one derived from SECRET_KEY (a key of its own, that
setting EVENT_RECEIPT_SIGNING_KEY to keeps across a rotation of SECRET_KEY). Only its public
half is published; a malformed setting is an error of ``manage.py check``."""

import io

import pytest
from django.core.management import call_command

from games.record import receipts
from games.service import states
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db

A_KEY = "11" * 32


def public_key():
    return body(client_for().get("/api/v1/receipts/key/"))["public_key"]


def test_by_default_the_key_is_derived_from_secret_key(settings):
    settings.EVENT_RECEIPT_SIGNING_KEY = ""
    derived, published = receipts.signing_key_hex(), public_key()
    assert len(derived) == 64 and derived != settings.SECRET_KEY
    settings.SECRET_KEY = "another secret key"
    assert public_key() != published
    # SECRET_KEY rotated, the derived key kept as EVENT_RECEIPT_SIGNING_KEY: the same public key
    settings.EVENT_RECEIPT_SIGNING_KEY = derived
    assert public_key() == published


def test_the_setting_names_the_key_and_receipts_are_signed_with_it(settings, king_board_match, clients):
    settings.EVENT_RECEIPT_SIGNING_KEY = A_KEY
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    expected = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(A_KEY)).public_key()
    assert public_key() == expected.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    state = states.match_state(king_board_match)
    receipt = body(act(clients[state.to_act], king_board_match, state.legal_actions()[0]))["receipt"]
    assert receipt["key"] == public_key()


def test_only_the_public_key_is_published_and_the_private_one_is_stored_nowhere(
    settings,
    king_board_match,
    clients,
):
    settings.EVENT_RECEIPT_SIGNING_KEY = A_KEY
    published = client_for().get("/api/v1/receipts/key/").content.decode()
    assert A_KEY not in published
    assert set(body(client_for().get("/api/v1/receipts/key/"))) == {
        "format",
        "algorithm",
        "public_key",
        "public_key_pem",
        "signed",
    }
    state = states.match_state(king_board_match)
    act(clients[state.to_act], king_board_match, state.legal_actions()[0], command_id="kept")
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert public_key() in dump.getvalue()  # in the receipt the command's result keeps
    assert A_KEY not in dump.getvalue()


@pytest.mark.parametrize("value", ["too short", "zz" * 32, "11" * 31, "11" * 33])
def test_a_malformed_setting_is_an_error_of_manage_py_check(settings, value):
    settings.EVENT_RECEIPT_SIGNING_KEY = value
    [error] = receipts.check_receipt_key()
    assert error.id == "games.E001" and "64 hex digits" in error.msg
    settings.EVENT_RECEIPT_SIGNING_KEY = A_KEY
    assert receipts.check_receipt_key() == []
