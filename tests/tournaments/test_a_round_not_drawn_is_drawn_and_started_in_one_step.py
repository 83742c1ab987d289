"""Starting a round nobody drew draws it and starts it at once, as before the draw step existed
(docs/tournaments.md, "Draw, check-in and start"): one ``round_started`` and no ``round_drawn``,
seated as the draw would seat it; an autopilot event whose organiser drew round 1 goes on drawing
and starting each later round itself, with no draw step."""

from tests.fixtures.bots import run_until_over
from tests.tournaments.draws import event, payloads, types
from tournaments.models import Tournament, TournamentTable
from tournaments.service import rounds


def test_the_organisers_start_without_a_draw_draws_and_starts_in_one_step(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 8)
    tables = rounds.do_start_round(t.pk, organiser)
    assert types(t)[-1] == "round_started" and "round_drawn" not in types(t)
    assert TournamentTable.objects.filter(tournament=t, round=1).count() == len(tables) == 2
    started = payloads(t, "round_started")[0]
    assert started["tables"] == tables and sorted(e for x in tables for e in x["seats"]) == sorted(
        t.entrants.values_list("pk", flat=True)
    )


def test_an_autopilot_event_drawn_by_hand_once_runs_on_without_a_draw_step(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 4, rounds=2, autopilot=True)
    drawn = rounds.do_draw_round(t.pk, organiser)
    assert rounds.do_advance(t.pk) == []  # a drawn round waits for its organiser's start
    rounds.do_start_round(t.pk, organiser)
    assert payloads(t, "round_started")[0]["tables"][0]["seats"] == drawn["tables"][0]["seats"]
    for table in TournamentTable.objects.filter(tournament=t, round=1):
        run_until_over(table.match)
    assert rounds.do_advance(t.pk) == ["close", "start"]
    assert types(t)[-2:] == ["round_closed", "round_started"] and types(t).count("round_drawn") == 1
    assert Tournament.objects.get(pk=t.pk).current_round == 2
