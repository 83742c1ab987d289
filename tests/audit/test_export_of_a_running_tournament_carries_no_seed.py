"""While a tournament runs, its export holds no seed, neither the tournament's nor a match's."""

import pytest

from games.models import Match
from tests.audit.conftest import read_records
from tests.fixtures.verifier import write_lines
from tournaments import read
from tournaments.export import tournament_export_lines
from tournaments.service import creation, entries, rounds

pytestmark = pytest.mark.django_db


def test_a_running_tournament_exports_without_seeds_and_still_verifies_its_chains(
    organiser, bots, tmp_path, verify_json
):
    tournament = creation.do_create_tournament(
        organiser, "Running", "king", {"quick_game_combined_negatives": True}, "swiss", 2
    )
    for bot in bots:
        entries.do_register(tournament.pk, organiser, bot=bot)
    drawn = rounds.do_start_round(tournament.pk, organiser)
    tournament.refresh_from_db()
    match = Match.objects.get(pk=drawn[0]["match"])
    path = write_lines(tmp_path / "running.jsonl", tournament_export_lines(tournament))
    text = path.read_text()
    assert tournament.seed not in text and match.seed not in text
    records = read_records(path)
    assert records[1]["seed"] is None and records[1]["root_hash"] == read.root_hash(tournament)
    assert [r["seed"] for r in records if r["record"] == "match"] == [None]
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    status = {(r["check"], r["stream"]): r["status"] for r in report["results"]}
    assert status[("seed", tournament.stream)] == "skip" and status[("match seeds", tournament.stream)] == "skip"
    assert status[("chain", match.stream)] == "pass" and status[("root hash", tournament.stream)] == "pass"
