"""Rifki deals counter-clockwise from the declarer: its exports verify like King's."""

import pytest

from games.service.access import public_export
from tests.audit.conftest import SHORT_RIFKI
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "options",
    [SHORT_RIFKI, {**SHORT_RIFKI, "first_declarer": "holder_2d"}],
    ids=["random first declarer", "2D holder declares first"],
)
def test_a_finished_rifki_match_re_derives_every_deal_from_its_seed(play, tmp_path, verify_json, options):
    match = play("rifki", options)
    path = write_lines(tmp_path / "rifki.jsonl", public_export(match))
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    deals = next(r for r in report["results"] if r["check"] == "deals")
    assert deals["status"] == "pass" and "re-derived from the seed" in deals["message"]
    rules = next(r for r in report["results"] if r["check"] == "rules")
    assert rules["status"] == "pass" and "rules of rifki (deals from the seed)" in rules["message"]
