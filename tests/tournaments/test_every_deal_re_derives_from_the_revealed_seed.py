"""Fair deals: the API and the command re-derive every deal of a finished tournament."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games.record import eventlog
from tests.fixtures.people import body, client_for
from tests.tournaments.test_a_swiss_event_of_bots_runs_from_the_draw_to_the_revealed_seed import play_round
from tournaments.models import TournamentTable
from tournaments.service import creation, entries


@pytest.fixture
def finished(organiser, make_bot):
    tournament = creation.do_create_tournament(
        organiser, "Fair", "king", {"quick_game_combined_negatives": True}, "swiss", 1
    )
    for i in range(4):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"e{i}"))
    play_round(tournament, organiser)
    tournament.refresh_from_db()
    return tournament


def test_the_api_reports_every_match_re_derived_once_the_seed_is_out(finished, players):
    report = body(client_for(players[0]).get(f"/api/v1/tournaments/{finished.pk}/deals/verify/"))
    assert report["ok"] and len(report["matches"]) == 1 and report["seed"] == finished.seed


def test_before_the_end_the_seed_stays_secret(organiser, make_bot, players):
    t = creation.do_create_tournament(organiser, "Open", "king", {}, "swiss", 1)
    r = client_for(players[0]).get(f"/api/v1/tournaments/{t.pk}/deals/verify/")
    assert r.status_code == 409 and body(r)["error"]["code"] == "seed_secret" and t.seed not in r.content.decode()


def test_the_command_passes_a_true_log_and_names_a_tampered_deal(finished):
    out = io.StringIO()
    call_command("verify_tournament_deals", finished.pk, stdout=out)
    assert "all 1 match(es) re-derive from the seed" in out.getvalue()
    with pytest.raises(CommandError, match="does not match"):
        call_command("verify_tournament_deals", finished.pk, seed="00" * 32, stdout=io.StringIO())
    # with the triggers lifted inside this test, swap two cards of one dealt hand
    match = TournamentTable.objects.get(tournament=finished).match
    row = next(r for r in eventlog.stream_events(match.stream) if r.type == "deal_started")
    hands = row.payload["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    from games.record import triggers

    triggers.remove(connection)
    try:
        type(row).objects.filter(pk=row.pk).update(payload={**row.payload, "hands": hands})
    finally:
        triggers.install(connection)
    with pytest.raises(CommandError, match="1 of 1 match"):
        call_command("verify_tournament_deals", finished.pk, stdout=io.StringIO())
