"""The invitation events (entrant_invited, entrant_accepted, entrant_declined) sit in the
tournament's stream beside the rest: the standings fold leaves them be and counts the entrant
from its entrant_registered, verify_tournament finds nothing wrong, and the standalone
verifier checks the export of a finished event that held them."""

import pytest

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tests.fixtures.verifier import write_lines
from tournaments import projection
from tournaments import standings as folds
from tournaments.audit import verify_tournament
from tournaments.export import tournament_export_lines
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds


@pytest.fixture
def finished(organiser, django_user_model, make_bot):
    """A one-round Swiss: ana's built-in bot invited and accepted, bo's declined, three of the house's."""
    ana, bo = (django_user_model.objects.create_user(name, password="long-enough-pass") for name in ("ana", "bo"))
    t = creation.do_create_tournament(
        organiser, "Invitations", "king", {"quick_game_combined_negatives": True}, "swiss", 1
    )
    for owner, name in ((ana, "ana-bot"), (bo, "bo-bot")):
        bot = make_bot(name=name)
        bot.owner = owner
        bot.save(update_fields=["owner"])
        invited = entries.do_register(t.pk, organiser, bot=bot)
        entries.do_answer_invitation(invited.pk, owner, accept=owner == ana)
    for i in range(3):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"house{i}"))
    rounds.do_start_round(t.pk, organiser)
    table = TournamentTable.objects.get(tournament=t)
    run_until_over(table.match)
    results.do_record_result(table.match_id)
    results.do_close_round(t.pk, organiser)
    t.refresh_from_db()
    return t


def test_the_fold_counts_the_accepted_entrant_and_ignores_the_rest(finished):
    types = [r.type for r in eventlog.stream_events(finished.stream)]
    assert {"entrant_invited", "entrant_accepted", "entrant_declined"} <= set(types)
    rebuilt = folds.rebuild(eventlog.as_engine_event(r) for r in eventlog.stream_events(finished.stream))
    assert rebuilt == projection.update_standings(finished.pk)
    assert {row.name for row in folds.ranking(rebuilt)} == {"ana-bot", "house0", "house1", "house2"}


def test_the_tournament_verifies_and_its_export_passes_the_standalone_verifier(finished, tmp_path, verify_json):
    report = verify_tournament(finished)
    assert report["ok"], report
    code, checked = verify_json(write_lines(tmp_path / "tournament.jsonl", tournament_export_lines(finished)))
    assert code == 0, checked["failures"]
