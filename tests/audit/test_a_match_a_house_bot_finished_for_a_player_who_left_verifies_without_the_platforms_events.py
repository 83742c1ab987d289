"""A person leaves the table and a house bot plays their seat to the end: the log holds the
platform's ``seat_taken_over`` among the game's events. The export of the finished match passes
every check; the rules replay the game's events and leave the platform's aside (the verifier
knows the platform's event types, which are the site's, not a game's: docs/events.md)."""

import pytest

from games.models import PLATFORM_EVENT_TYPES
from games.service import creating, hand_overs
from games.service.access import public_export
from tests.audit.conftest import read_records
from tests.fixtures.bots import run_until_over
from tests.fixtures.matches import QUICK_KING
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db


def test_the_finished_match_verifies_its_rules_with_the_hand_over_in_its_log(
    make_bot, django_user_model, tmp_path, verify_json, verifier_file
):
    person = django_user_model.objects.create_user("leaver", password="long-enough-pass")
    bots = [make_bot(name=f"stay{i}", strategy="heuristic") for i in range(3)]
    match = creating.do_create_match("king", QUICK_KING, [person, *bots])
    hand_overs.do_leave_seat(match.pk, person)
    match = run_until_over(match)
    path = write_lines(tmp_path / "left.jsonl", public_export(match))
    assert [r["type"] for r in read_records(path) if r["record"] == "event"].count("seat_taken_over") == 1
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    rules = next(r for r in report["results"] if r["check"] == "rules")
    assert rules["status"] == "pass" and "game over" in rules["message"]
    assert f"{match.version - 1} events replayed" in rules["message"]  # all but the hand-over


def test_the_verifier_knows_the_platforms_event_types():
    import importlib.util

    from tests.audit.conftest import VERIFIER

    spec = importlib.util.spec_from_file_location("verify_export_types", VERIFIER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.PLATFORM_EVENTS == frozenset(PLATFORM_EVENT_TYPES)
