"""A whole Swiss event in-process: rounds drawn, matches played by bots, results, standings, seed."""

import hashlib

import pytest

from games import engine
from games.errors import ServiceError
from games.record import eventlog
from games.service import states
from tests.fixtures.bots import run_until_over
from tournaments import projection
from tournaments import standings as folds
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds


def play_round(tournament, organiser):
    """Play every table of a new round to its end, then check each result was recorded once
    (tables that share a board record theirs when the last of them ends)."""
    drawn = rounds.do_start_round(tournament.pk, organiser)
    for table in drawn:
        run_until_over(TournamentTable.objects.get(match_id=table["match"]).match)  # its end is announced
    for table in drawn:
        match = TournamentTable.objects.get(match_id=table["match"]).match
        assert results.do_record_result(match.pk) is None  # once only
        result = next(
            r.payload
            for r in eventlog.stream_events(tournament.stream)
            if r.type == "match_result" and r.payload["match"] == match.pk
        )
        assert result["scores"] == states.match_state(match).scores and result["seats"] == table["seats"]
    results.do_close_round(tournament.pk, organiser)
    return drawn


def test_six_bots_and_two_house_bots_play_two_swiss_rounds_and_the_standings_match_the_games(organiser, make_bot):
    tournament = creation.do_create_tournament(
        organiser, "Bots night", "king", {"quick_game_combined_negatives": True}, "swiss", 2
    )
    for i in range(6):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"entrant{i}", strategy="heuristic"))
    drawn = [play_round(tournament, organiser) for _ in range(2)]
    tournament.refresh_from_db()
    assert tournament.status == "finished" and len(drawn[0]) == 2
    house = tournament.entrants.filter(kind="house_bot")
    assert house.count() == 2 and not any(e.ranked for e in house)
    # the second round avoids first-round meetings where the standings allow
    first = {frozenset(p for p in t["seats"]) for t in drawn[0]}
    assert all(frozenset(t["seats"]) not in first for t in drawn[1])
    # standings equal a recomputation from the engine's own results
    expected = {}
    for t in TournamentTable.objects.filter(tournament=tournament):
        seats = next(x["seats"] for r in drawn for x in r if x["match"] == t.match_id)
        for entrant, points in zip(seats, folds.points_at_table(states.match_state(t.match).scores, "place")):
            expected[entrant] = expected.get(entrant, 0) + points
    rows = folds.ranking(projection.update_standings(tournament.pk))
    assert {r.entrant: r.table_points for r in rows} == expected
    assert projection.update_standings(tournament.pk) == projection.rebuild_standings(tournament.pk)
    # the seed is revealed at the end and every match's deals re-derive from it
    events = [r.payload for r in eventlog.stream_events(tournament.stream)]
    seed = bytes.fromhex(events[-1]["seed"])
    assert hashlib.sha256(seed).hexdigest() == events[0]["seed_sha256"]
    for t in TournamentTable.objects.filter(tournament=tournament):
        derived = rounds.match_seed(seed, tournament.pk, t.round, t.table)
        replayed = engine.replay(
            [eventlog.as_engine_event(r) for r in eventlog.stream_events(t.match.stream)], seed=derived, verify=True
        )
        assert replayed.is_over


def test_a_round_cannot_start_before_the_last_one_closes_nor_close_before_its_tables_finish(organiser, make_bot):
    tournament = creation.do_create_tournament(organiser, "Night", "king", {}, "swiss", 2)
    for i in range(4):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"e{i}"))
    rounds.do_start_round(tournament.pk, organiser)
    with pytest.raises(ServiceError) as err:
        rounds.do_start_round(tournament.pk, organiser)
    assert err.value.code == "round_in_progress"
    with pytest.raises(ServiceError) as err:
        results.do_close_round(tournament.pk, organiser)
    assert err.value.code == "results_missing"


def test_byes_instead_of_house_bots_seat_the_rest_out_in_turn(organiser, make_bot):
    tournament = creation.do_create_tournament(
        organiser, "Night", "king", {"quick_game_combined_negatives": True}, "swiss", 2, fill="byes"
    )
    for i in range(5):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"e{i}"))
    first = play_round(tournament, organiser)
    events = [r.payload for r in eventlog.stream_events(tournament.stream) if r.type == "round_started"]
    assert len(first) == 1 and len(events[0]["byes"]) == 1
    play_round(tournament, organiser)
    events = [r.payload for r in eventlog.stream_events(tournament.stream) if r.type == "round_started"]
    assert events[0]["byes"] != events[1]["byes"]  # never the same player twice in a row
