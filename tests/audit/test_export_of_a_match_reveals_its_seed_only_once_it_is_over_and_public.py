"""A match's seed is in its export only once the match is over and its cards are public."""

import json

import pytest

from games.models import Match
from games.record.export import match_export_lines
from games.service import creating
from games.service.access import public_export
from tests.audit.conftest import read_records
from tests.fixtures.matches import QUICK_KING
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db


def seed_of(lines):
    """The seed in the match record of an export's lines."""
    return json.loads(list(lines)[1])["seed"]


def test_a_live_match_exports_no_seed_and_verifies_what_it_can(bots, tmp_path, verify_json):
    match = creating.do_create_match("king", QUICK_KING, bots)
    assert match.status == Match.Status.LIVE
    path = write_lines(tmp_path / "live.jsonl", public_export(match))
    assert match.seed not in path.read_text() and read_records(path)[1]["seed"] is None
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    status = {r["check"]: r["status"] for r in report["results"]}
    assert status == {
        "format": "pass",
        "chain": "pass",
        "seed": "skip",
        "deals": "skip",
        "rules": "pass",  # the decisions so far, on the logged deals
        "end": "pass",  # in play, as its record says
    }


def test_a_finished_match_held_back_for_its_round_exports_no_seed(play):
    match = play()
    assert seed_of(public_export(match)) == match.seed
    Match.objects.filter(pk=match.pk).update(public_when_over=False)
    match.refresh_from_db()
    assert seed_of(public_export(match)) is None


def test_the_log_reveals_a_seed_only_when_its_caller_says_so(play):
    match = play()
    assert seed_of(match_export_lines(match, reveal_seed=False)) is None
    assert seed_of(match_export_lines(match, reveal_seed=True)) == match.seed
