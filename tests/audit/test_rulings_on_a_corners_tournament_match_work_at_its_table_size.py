"""Rulings on a Kings in the Corner tournament match at a table of three, as for King: an adjusted
score takes one number per seat of that table (three, not four), a penalty names one of its
seats, the standings follow, a list sized for another table is refused with nothing stored,
and the tournament still verifies."""

import io

import pytest
from django.core.management import call_command

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tests.fixtures.people import body, client_for
from tournaments import projection
from tournaments import standings as folds
from tournaments.models import Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds

pytestmark = pytest.mark.django_db

OPTIONS = {"players": 3, "game_length": "fixed_hands", "fixed_hands": 1}


@pytest.fixture
def finished_corners_event(organiser, make_bot):
    t = creation.do_create_tournament(organiser, "Corners dispute", "corners", OPTIONS, "swiss", 1, fill="byes")
    for i in range(3):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"c{i}", strategy="heuristic"))
    rounds.do_start_round(t.pk, organiser)
    table = TournamentTable.objects.get(tournament=t)
    assert table.match.num_seats == 3
    run_until_over(table.match)
    results.do_close_round(t.pk, organiser)
    return Tournament.objects.get(pk=t.pk), table


def scores_by_entrant(t):
    return {r.entrant: r.game_score for r in folds.ranking(projection.update_standings(t.pk))}


def rule(user, t, **fields):
    return client_for(user).post(f"/api/v1/tournaments/{t.pk}/rulings/", fields, format="json")


def seats_drawn(t):
    return next(p for p in eventlog.stream_events(t.stream) if p.type == "round_started").payload["tables"][0]["seats"]


def verified(t):
    report = body(client_for().get(f"/api/v1/tournaments/{t.pk}/verify/"))
    out = io.StringIO()
    call_command("verify_tournament", str(t.pk), stdout=out)
    return report["ok"] and "all checks pass" in out.getvalue()


def test_an_adjusted_score_takes_three_deltas_and_the_standings_follow(finished_corners_event, organiser):
    t, table = finished_corners_event
    before = scores_by_entrant(t)
    seats = seats_drawn(t)
    assert len(seats) == 3
    r = rule(
        organiser,
        t,
        kind="adjust_score",
        match=table.match_id,
        method="split",
        deltas=[2, -1, 0],
        reason="a card exposed by the site during hand 1 (from the audit replay)",
    )
    assert r.status_code == 201, r.content
    after = scores_by_entrant(t)
    assert [after[e] - before[e] for e in seats] == [2, -1, 0]
    assert verified(t)


def test_deltas_sized_for_four_seats_are_refused_and_nothing_is_stored(finished_corners_event, organiser):
    t, table = finished_corners_event
    version = t.version
    r = rule(organiser, t, kind="adjust_score", match=table.match_id, method="split", deltas=[1, 1, 1, 1], reason="x")
    assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_ruling"
    assert "3 numbers" in body(r)["error"]["message"], body(r)
    t.refresh_from_db()
    assert t.version == version


def test_a_penalty_names_one_of_the_three_seats(finished_corners_event, organiser):
    t, table = finished_corners_event
    before = scores_by_entrant(t)
    offender = seats_drawn(t)[2]
    r = rule(organiser, t, kind="penalty", match=table.match_id, seat=2, points=3, offence="other", reason="slow")
    assert r.status_code == 201, r.content
    after = scores_by_entrant(t)
    assert after[offender] != before[offender]
    assert all(after[e] == before[e] for e in before if e != offender)
    refused = rule(organiser, t, kind="penalty", match=table.match_id, seat=3, points=3, offence="other", reason="slow")
    assert refused.status_code == 400 and "0 to 2" in body(refused)["error"]["message"], body(refused)
    assert verified(t)
