"""The stored standings: incremental updates from a checkpoint equal a rebuild from zero."""

import io

import pytest
from django.core.management import CommandError, call_command

from tournaments import projection
from tournaments import standings as folds
from tournaments.models import StandingsCheckpoint
from tournaments.service import entries


def test_each_update_folds_only_new_events_and_matches_a_rebuild(tournament, players, organiser, make_bot):
    projection.update_standings(tournament.pk)
    assert StandingsCheckpoint.objects.get(tournament=tournament).version == 1
    for p in players:
        entries.do_register(tournament.pk, p, user=p)  # each registers themself: no invitation to answer
        projection.update_standings(tournament.pk)  # a checkpoint after every event
    entries.do_register(tournament.pk, organiser, bot=make_bot(name="house-random"), house=True)
    entries.do_withdraw(tournament.entrants.get(user=players[1]).pk, organiser)
    incremental = projection.update_standings(tournament.pk)
    tournament.refresh_from_db()
    checkpoint = StandingsCheckpoint.objects.get(tournament=tournament)
    assert checkpoint.version == tournament.version == 7
    rebuilt = projection.rebuild_standings(tournament.pk)
    assert incremental == rebuilt
    assert folds.ranking(incremental) == folds.ranking(rebuilt)
    rows = {r.name: r for r in folds.ranking(rebuilt)}
    assert rows["player1"].withdrawn and not rows["house-random"].ranked


def test_the_rebuild_command_recomputes_every_tournament_and_reports_its_speed(tournament, players, organiser):
    entries.do_register(tournament.pk, organiser, user=players[0])
    StandingsCheckpoint.objects.update_or_create(tournament=tournament, defaults={"version": 1, "value": {}})
    out = io.StringIO()
    call_command("rebuild_standings", stdout=out)
    assert "rebuilt 1 tournament(s): 2 events" in out.getvalue() and "events/s" in out.getvalue()
    assert StandingsCheckpoint.objects.get(tournament=tournament).version == 2
    with pytest.raises(CommandError, match="no tournament 999"):
        call_command("rebuild_standings", tournament=[999])
