"""The standalone verifier checks each receipt's Ed25519 signature itself (RFC 8032's verification,
in pure Python), so that anyone can check a receipt without trusting the site or installing
anything: it agrees with the RFC's test vectors and with the ``cryptography`` package the site
signs with, and the single file, run isolated (no site-packages: no ``cryptography``), refuses a
receipt whose signature was changed by one digit."""

import importlib.util
import json
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from games.record import receipts
from games.service.access import public_export
from tests.audit.conftest import VERIFIER
from tests.fixtures.matches import act
from tests.fixtures.people import body
from tests.fixtures.verifier import run_alone, write_lines, write_verifier

pytestmark = pytest.mark.django_db

spec = importlib.util.spec_from_file_location("verify_export_ed25519", VERIFIER)
verify_export = importlib.util.module_from_spec(spec)
spec.loader.exec_module(verify_export)

# RFC 8032, section 7.1: tests 1, 2, 3 and "SHA(abc)" (public key, message, signature).
VECTORS = [
    (
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
    (
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
    ),
]


@pytest.mark.parametrize("public, message, signature", VECTORS)
def test_the_rfcs_test_vectors_verify_and_a_changed_bit_does_not(public, message, signature):
    public, message, signature = bytes.fromhex(public), bytes.fromhex(message), bytes.fromhex(signature)
    assert verify_export.ed25519_verify(public, message, signature)
    for flipped in (
        bytes([signature[0] ^ 1]) + signature[1:],
        signature[:40] + bytes([signature[40] ^ 4]) + signature[41:],
    ):
        assert not verify_export.ed25519_verify(public, message, flipped)
    assert not verify_export.ed25519_verify(public, message + b"!", signature)
    assert not verify_export.ed25519_verify(public, message, signature[:63])


def test_a_signature_whose_scalar_is_not_reduced_is_refused():
    """S + L signs the same equation but is not the canonical signature (RFC 8032 5.1.7)."""
    public, message, signature = (bytes.fromhex(x) for x in VECTORS[1])
    s = int.from_bytes(signature[32:], "little") + verify_export.ED_L
    assert not verify_export.ed25519_verify(public, message, signature[:32] + s.to_bytes(32, "little"))


def test_it_agrees_with_the_cryptography_package_the_site_signs_with():
    rng = random.Random(31)
    for size in (0, 1, 64, 200, 1000):
        key = Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        message = rng.randbytes(size)
        signature = key.sign(message)
        assert verify_export.ed25519_verify(public, message, signature)
        other = Ed25519PrivateKey.from_private_bytes(rng.randbytes(32)).public_key()
        assert not verify_export.ed25519_verify(other.public_bytes(Encoding.Raw, PublicFormat.Raw), message, signature)


def test_the_single_file_run_without_site_packages_checks_the_signatures(king_board_match, clients, tmp_path):
    match = king_board_match
    from games.service import states

    state = states.match_state(match)
    receipt = body(act(clients[state.to_act], match, state.legal_actions()[0]))["receipt"]
    export = write_lines(tmp_path / "export.jsonl", public_export(match))
    alone = tmp_path / "outsider"
    alone.mkdir()
    program = write_verifier(alone)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": receipts.FILE_FORMAT, "receipts": [receipt]}))
    result = run_alone(program, export, "--receipts", good, cwd=alone)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"receipt(s) hold, the latest at version {receipt['version']}" in result.stdout
    assert f"signatures checked with key {receipt['key'][:16]}…" in result.stdout
    assert "compare it with the key the site publishes (GET /api/v1/receipts/key/)" in result.stdout
    digit = "0" if receipt["signature"][70] != "0" else "1"
    changed = {**receipt, "signature": receipt["signature"][:70] + digit + receipt["signature"][71:]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([changed]))
    result = run_alone(program, export, "--receipts", bad, cwd=alone)
    assert result.returncode == 2 and result.stdout == ""
    assert "bad.json: receipt 1: its signature does not verify" in result.stderr
