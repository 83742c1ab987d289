"""High card in a tournament: the organiser's service creates a round robin of the plugged-in
game, built-in bots (their strategy found in the registry the fixture filled) play every table
to its end, each result reaches the tournament once, and the standings total the games."""

from games.service import states
from tests.tournaments.test_a_swiss_event_of_bots_runs_from_the_draw_to_the_revealed_seed import play_round
from tournaments import projection
from tournaments import standings as folds
from tournaments.models import TournamentTable
from tournaments.service import creation, entries

from .highcard import NAME


def test_four_bots_play_a_round_robin_of_high_card(highcard, organiser, make_bot):
    tournament = creation.do_create_tournament(
        organiser, "High card night", NAME, highcard.short_game, "round_robin", 3, table_points="score"
    )
    for i in range(4):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"entrant{i}", strategy="heuristic"))
    drawn = [play_round(tournament, organiser) for _ in range(3)]
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert all(len(table["seats"]) == 2 for round_ in drawn for table in round_)

    totals = {}
    for table in TournamentTable.objects.filter(tournament=tournament):
        state = states.match_state(table.match)
        assert state.is_over and state.ruleset == NAME
        seats = next(t["seats"] for r in drawn for t in r if t["match"] == table.match_id)
        for entrant, score in zip(seats, state.scores):
            totals[entrant] = totals.get(entrant, 0) + score
    rows = folds.ranking(projection.update_standings(tournament.pk))
    assert {row.entrant: row.game_score for row in rows} == totals
