"""GET tournaments/{id}/results/: every round, table and score, with the root hash and the seed."""

from games.service import states
from tests.fixtures.bots import run_until_over
from tests.fixtures.people import body, client_for
from tournaments import read
from tournaments.models import Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds


def test_the_results_of_a_finished_event_hold_every_table_and_its_engine_scores(organiser, make_bot, players):
    t = creation.do_create_tournament(organiser, "Night", "king", {"quick_game_combined_negatives": True}, "swiss", 1)
    for i in range(5):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"r{i}"))
    rounds.do_start_round(t.pk, organiser)
    for table in TournamentTable.objects.filter(tournament=t):
        run_until_over(table.match)
    results.do_close_round(t.pk, organiser)
    t = Tournament.objects.get(pk=t.pk)
    exported = body(client_for(players[0]).get(f"/api/v1/tournaments/{t.pk}/results/"))
    assert exported["root_hash"] == read.root_hash(t) and exported["version"] == t.version
    assert exported["seed"] == t.seed and exported["tournament"]["format"] == "swiss"
    assert len(exported["entrants"]) == 8  # five entrants and three house bots
    [round_] = exported["rounds"]
    assert round_["closed"] and len(round_["tables"]) == 2
    for row in round_["tables"]:
        match = TournamentTable.objects.get(match_id=row["match"]).match
        assert row["scores"] == row["reported"] == list(states.match_state(match).scores)
        assert sorted(row["table_points"], reverse=True)[0] >= 1.5
    assert [r["name"] for r in exported["standings"] if r["ranked"]] and {
        r["name"] for r in exported["standings"] if r["ranked"]
    } == {f"r{i}" for i in range(5)}


def test_a_running_event_keeps_its_seed_out_of_the_results(tournament, players):
    exported = body(client_for(players[0]).get(f"/api/v1/tournaments/{tournament.pk}/results/"))
    assert exported["seed"] is None and exported["rounds"] == [] and len(exported["seed_sha256"]) == 64


def test_results_of_an_unknown_tournament_are_a_404(players):
    r = client_for(players[0]).get("/api/v1/tournaments/999999/results/")
    assert r.status_code == 404 and body(r)["error"]["code"] == "not_found"
