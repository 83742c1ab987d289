"""A withdrawal after the draw (docs/tournaments.md, "Draw, check-in and start"): the organiser's
start is refused (409 ``draw_outdated``, naming who withdrew) and stores nothing, until the round
is drawn again; the autopilot, which has nobody to ask, draws it afresh as it starts it. Nobody
withdrawn is ever seated."""

import pytest

from games.errors import ServiceError
from tests.fixtures.bots import run_until_over
from tests.tournaments.draws import event, head, payloads, types
from tournaments.models import Entrant, TournamentTable
from tournaments.service import entries, rounds


def test_the_organisers_start_is_refused_until_the_round_is_drawn_again(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 8)
    drawn = rounds.do_draw_round(t.pk, organiser)
    leaver = Entrant.objects.get(pk=drawn["tables"][1]["seats"][2])
    entries.do_withdraw(leaver.pk, organiser)
    before = head(t)
    with pytest.raises(ServiceError) as refused:
        rounds.do_start_round(t.pk, organiser)
    assert (refused.value.status, refused.value.code) == (409, "draw_outdated")
    assert refused.value.details == {"round": 1, "names": leaver.name}
    assert head(t) == before and types(t)[-1] == "entrant_withdrawn"

    redrawn = rounds.do_draw_round(t.pk, organiser)
    assert leaver.pk not in {e for table in redrawn["tables"] for e in table["seats"]}
    rounds.do_start_round(t.pk, organiser)
    assert leaver.pk not in {e for table in payloads(t, "round_started")[0]["tables"] for e in table["seats"]}


def test_the_autopilot_draws_a_round_afresh_when_its_draw_seats_someone_who_withdrew(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 8, rounds=2, autopilot=True)
    rounds.do_start_round(t.pk, organiser)
    for table in TournamentTable.objects.filter(tournament=t, round=1):
        run_until_over(table.match)
    from tournaments.service import results

    results.do_close_round(t.pk, organiser)
    drawn = rounds.do_draw_round(t.pk, organiser)  # round 2 drawn by hand before the autopilot starts it
    leaver = drawn["tables"][0]["seats"][0]
    entries.do_withdraw(leaver, organiser)
    assert rounds.do_advance(t.pk) == ["start"]
    started = payloads(t, "round_started")[-1]
    assert started["round"] == 2 and leaver not in {e for table in started["tables"] for e in table["seats"]}
