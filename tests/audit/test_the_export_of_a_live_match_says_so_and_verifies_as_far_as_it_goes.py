"""A match exported while it is played says so (its record's ``"live": true``): the verifier
replays the decisions made so far through the rules, the platform's own events (a person's
timeout and its fallback move) left aside, and accepts that the game has not ended. The same
log said not to be live, or saying nothing about it (an export written before the field), is
a log cut short; a game that ended and is said to be live is refused too."""

import pytest

from games.models import Match
from games.service import creating, playing, states
from games.service.access import public_export
from tests.audit.conftest import failures, read_records, write_records
from tests.fixtures.matches import QUICK_KING
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db


@pytest.fixture
def live_export(tmp_path):
    """(match, path): a King match 30 moves in, two of them timeouts with their fallback moves."""
    match = creating.do_create_match("king", QUICK_KING)
    for move in range(30):
        state = states.match_state(match)
        seat = state.to_act
        if move in (5, 17):  # a person's time ran out: the platform records it, then plays the fallback
            fault = [{"type": "action_fallback", "seat": seat, "reason": "timeout"}]
            playing.do_act(match.pk, "system", lambda m, s=seat: s, playing.FALLBACK, match.version, before=fault)
        else:
            playing.do_act(match.pk, "test", lambda m, s=seat: s, state.legal_actions()[-1], match.version)
        match.refresh_from_db()
    assert match.status == Match.Status.LIVE
    return match, write_lines(tmp_path / "live.jsonl", public_export(match))


def test_a_live_match_says_so_and_its_moves_so_far_pass_the_rules(live_export, verify_json):
    match, path = live_export
    records = read_records(path)
    assert records[1]["live"] is True and records[1]["seed"] is None
    assert sum(r["record"] == "event" and r["type"] == "action_fallback" for r in records) == 2
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    results = {r["check"]: r for r in report["results"]}
    assert results["rules"]["status"] == "pass" and results["rules"]["message"].endswith("in play")
    assert results["end"]["status"] == "pass" and "the match record says the match is live" in results["end"]["message"]


def test_the_same_log_said_not_live_or_saying_nothing_is_a_log_cut_short(live_export, verify_json):
    match, path = live_export
    records = read_records(path)
    records[1]["live"] = False
    code, report = verify_json(write_records(path, records))
    assert code == 1 and failures(report) == [("end", match.stream, match.version)]
    del records[1]["live"]
    code, report = verify_json(write_records(path, records))
    assert code == 1 and failures(report) == [("end", match.stream, match.version)]
    assert "does not say whether it was still live" in report["failures"][0]["message"]
    assert "export it again" in report["failures"][0]["message"]


def test_a_game_that_ended_said_to_be_live_is_refused_at_game_ended(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    records[1]["live"] = True
    code, report = verify_json(write_records(path, records))
    assert code == 1 and failures(report) == [("end", match.stream, match.version)]
    assert "says the match is live" in report["failures"][0]["message"]
