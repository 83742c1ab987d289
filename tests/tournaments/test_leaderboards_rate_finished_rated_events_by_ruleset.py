"""GET /api/v1/leaderboards/{ruleset}/: OpenSkill ratings from finished, rated tournaments."""

from tests.fixtures.people import body, client_for
from tests.tournaments.test_a_swiss_event_of_bots_runs_from_the_draw_to_the_revealed_seed import play_round
from tournaments.service import creation, entries


def run_event(organiser, make_bot, names, rated=True, ruleset="king"):
    options = {"quick_game_combined_negatives": True} if ruleset == "king" else {"short_mode": True}
    t = creation.do_create_tournament(organiser, "Rated", ruleset, options, "swiss", 1, rated=rated)
    for name, strategy in names:
        entries.do_register(t.pk, organiser, bot=make_bot(name=name, strategy=strategy))
    play_round(t, organiser)
    return t


def test_a_finished_rated_event_puts_its_entrants_on_the_rulesets_board(organiser, make_bot, players):
    run_event(organiser, make_bot, [("smart", "heuristic"), ("r1", "random"), ("r2", "random"), ("r3", "random")])
    rows = body(client_for(players[0]).get("/api/v1/leaderboards/king/"))["rows"]
    assert sorted(r["name"] for r in rows) == ["r1", "r2", "r3", "smart"]
    assert [r["rank"] for r in rows][0] == 1 and rows == sorted(rows, key=lambda r: -r["ordinal"])
    assert body(client_for(players[0]).get("/api/v1/leaderboards/rifki/"))["rows"] == []


def test_unrated_events_and_house_bots_stay_off_the_board(organiser, make_bot, players):
    run_event(organiser, make_bot, [(f"u{i}", "random") for i in range(4)], rated=False)
    assert body(client_for(players[0]).get("/api/v1/leaderboards/king/"))["rows"] == []
    run_event(organiser, make_bot, [(f"x{i}", "random") for i in range(3)])  # a house bot fills the table
    rows = body(client_for(players[0]).get("/api/v1/leaderboards/king/"))["rows"]
    assert sorted(r["name"] for r in rows) == ["x0", "x1", "x2"]


def test_an_unknown_ruleset_is_not_found(players):
    r = client_for(players[0]).get("/api/v1/leaderboards/poker/")
    assert r.status_code == 404 and body(r)["error"]["code"] == "not_found"
