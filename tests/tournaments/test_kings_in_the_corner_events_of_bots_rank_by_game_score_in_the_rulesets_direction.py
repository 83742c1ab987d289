"""Kings in the Corner events of bots, in-process from the draw to the final standings, at the
table size the organiser picks (the ``players`` option): a ``corners`` Swiss at tables of three
(penalty points: the lowest total wins) and a ``corners_jax`` round robin at tables of five
(chips: the highest wins), house bots completing the tables. The standings rank by game score
in the ruleset's direction, show the scores as the engine counted them, and every table's place
points agree with the engine's own winners. A duplicate board deals the same layout and stock
at every table, and every deal re-derives from the revealed seed."""

import pytest

from games import engine
from games.record import eventlog
from games.service import states
from tests.tournaments.test_a_swiss_event_of_bots_runs_from_the_draw_to_the_revealed_seed import play_round
from tournaments import fairness, projection
from tournaments import standings as folds
from tournaments.models import TournamentTable
from tournaments.service import creation, entries


def run_event(organiser, make_bot, ruleset, size, format, entrants, rounds):
    options = {**engine.RULESETS[ruleset].short_game, "players": size}
    tournament = creation.do_create_tournament(
        organiser, "Corners night", ruleset, options, format, rounds, table_points="score", tie_breaks=["wins"]
    )
    for i in range(entrants):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"entrant{i}", strategy="heuristic"))
    drawn = [play_round(tournament, organiser) for _ in range(rounds)]
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    return tournament, drawn


def check_standings(tournament, drawn, size, lowest_wins):
    standings = projection.update_standings(tournament.pk)
    assert standings.config.table_size == size and standings.config.lowest_wins is lowest_wins
    assert all(len(table["seats"]) == size for round_ in drawn for table in round_)
    totals = {}
    for table in TournamentTable.objects.filter(tournament=tournament):
        state = states.match_state(table.match)
        seats = next(t["seats"] for r in drawn for t in r if t["match"] == table.match_id)
        places = folds.points_at_table(state.scores, "place", lowest_wins)
        assert {seat for seat, points in enumerate(places) if points == max(places)} == set(state.winners)
        for entrant, score in zip(seats, state.scores):
            totals[entrant] = totals.get(entrant, 0) + score
    rows = folds.ranking(standings)
    assert {row.entrant: row.game_score for row in rows} == totals  # shown as the engine counted
    assert {row.entrant: row.table_points for row in rows} == totals  # the "score" rule
    ranked = [row for row in rows if row.rank is not None]
    order = [row.table_points for row in ranked]
    assert order == sorted(order, reverse=not lowest_wins)  # the best total first, whichever way
    assert ranked[0].rank == 1 and projection.update_standings(tournament.pk) == projection.rebuild_standings(
        tournament.pk
    )
    return rows


def test_a_corners_swiss_at_tables_of_three_ranks_the_fewest_penalty_points_first(organiser, make_bot):
    ruleset = "corners"
    options = {**engine.RULESETS[ruleset].short_game, "players": 3}
    assert engine.RULESETS[ruleset].lowest_wins(options)
    tournament, drawn = run_event(organiser, make_bot, ruleset, 3, "swiss", entrants=7, rounds=2)
    assert len(drawn[0]) == 3 and tournament.entrants.filter(kind="house_bot").count() == 2
    rows = check_standings(tournament, drawn, 3, lowest_wins=True)
    assert all(row.game_score >= 0 for row in rows)  # penalty points stay positive


def test_a_corners_jax_round_robin_at_tables_of_five_ranks_the_most_chips_first(organiser, make_bot):
    ruleset = "corners_jax"
    options = {**engine.RULESETS[ruleset].short_game, "players": 5}
    assert not engine.RULESETS[ruleset].lowest_wins(options)
    tournament, drawn = run_event(organiser, make_bot, ruleset, 5, "round_robin", entrants=9, rounds=2)
    assert len(drawn[0]) == 2 and tournament.entrants.filter(kind="house_bot").count() == 1
    check_standings(tournament, drawn, 5, lowest_wins=False)
    # the round robin seats everyone every round and no two tables of a round share a player
    for round_ in drawn:
        seated = [entrant for table in round_ for entrant in table["seats"]]
        assert len(seated) == len(set(seated)) == 10


@pytest.mark.parametrize("ruleset, size", [("corners", 3), ("corners_jax", 2)])
def test_a_duplicate_board_deals_the_same_layout_and_stock_at_every_table(organiser, make_bot, ruleset, size):
    options = {**engine.RULESETS[ruleset].short_game, "players": size}
    tournament = creation.do_create_tournament(organiser, "Duplicate corners", ruleset, options, "duplicate", 1)
    for i in range(2 * size):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"entrant{i}"))
    drawn = play_round(tournament, organiser)
    assert len(drawn) == 2 and drawn[0]["board"] == drawn[1]["board"]
    dealt = []
    for table in drawn:
        match = TournamentTable.objects.get(match_id=table["match"]).match
        first_deal = next(r.payload for r in eventlog.stream_events(match.stream) if r.type == "deal_started")
        dealt.append({key: value for key, value in first_deal.items() if key != "deal"})
    assert dealt[0] == dealt[1]  # the same hands, layout and stock at both tables
    rows = folds.ranking(projection.update_standings(tournament.pk))
    assert all(row.matchpoints is not None for row in rows)
    # the event is over and its seed revealed: every deal re-derives from it, board by board
    tournament.refresh_from_db()
    checked = fairness.check_deals(tournament)
    assert len(checked) == 2 and all(row["ok"] and row["problem"] is None for row in checked)
