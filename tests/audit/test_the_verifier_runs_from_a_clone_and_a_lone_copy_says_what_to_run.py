"""From a clone, ``python tools/verify_export.py EXPORT`` runs as the single file does, the
engine imported from the clone (here with ``-I -S``, from another directory: nothing but the
standard library and the clone). The tool copied alone cannot replay the rules: it fails that
check and says what to run instead."""

import random

import pytest

from games import engine
from tests.audit.conftest import VERIFIER, engine_export_records, write_records
from tests.fixtures.verifier import run_alone

pytestmark = pytest.mark.django_db


@pytest.fixture
def export(tmp_path):
    rng = random.Random(7)
    state = engine.new_game("rifki", seed=rng.randbytes(32), options={"short_mode": True})
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return write_records(tmp_path / "rifki.jsonl", engine_export_records(state))


def test_tools_verify_export_py_replays_the_rules_from_a_clone(export, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_alone(VERIFIER, export, cwd=elsewhere)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS  rules       match/1" in result.stdout and "rules of rifki" in result.stdout


def test_a_lone_copy_fails_the_rules_check_and_names_the_single_file(export, tmp_path):
    alone = tmp_path / "alone"
    alone.mkdir()
    copy = alone / "verify_export.py"
    copy.write_bytes(VERIFIER.read_bytes())
    result = run_alone(copy, export, cwd=alone)
    assert result.returncode == 1 and not result.stderr
    assert "FAIL  rules       match/1" in result.stdout and "verify_export.pyz" in result.stdout
    assert "PASS  deals" in result.stdout  # every other check still runs
