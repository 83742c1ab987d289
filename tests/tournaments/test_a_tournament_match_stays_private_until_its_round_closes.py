"""Duplicate tables share a board: a finished table's cards and seed stay hidden from the public
until the round closes, while another table may still be playing the same cards."""

from rest_framework.test import APIClient

from tests.bots.conftest import run_until_over
from tests.matches.conftest import body
from tournaments import service
from tournaments.models import TournamentTable


def first_deal_hands(client, match_id):
    events = body(client.get(f"/api/v1/matches/{match_id}/events/"))["events"]
    return next(e["event"] for e in events if e["event"]["type"] == "deal_started")["hands"]


def test_the_public_sees_a_finished_tournament_match_only_after_the_round_closes(organiser, make_bot):
    tournament = service.do_create_tournament(
        organiser, "Dup", "king", {"quick_game_combined_negatives": True}, "duplicate", 1
    )
    for i in range(8):
        service.do_register(tournament.pk, organiser, bot=make_bot(name=f"d{i}"))
    service.do_start_round(tournament.pk, organiser)
    first, second = TournamentTable.objects.filter(tournament=tournament).order_by("table")
    assert first.board == second.board  # the same cards at both tables
    run_until_over(first.match)
    public = APIClient()
    detail = body(public.get(f"/api/v1/matches/{first.match_id}/"))
    assert detail["status"] == "over" and detail["seed"] is None
    assert first_deal_hands(public, first.match_id) == [None] * 4  # table 2 may still hold these cards
    run_until_over(second.match)
    service.do_close_round(tournament.pk, organiser)
    detail = body(public.get(f"/api/v1/matches/{first.match_id}/"))
    assert detail["seed"] is not None and None not in first_deal_hands(public, first.match_id)
