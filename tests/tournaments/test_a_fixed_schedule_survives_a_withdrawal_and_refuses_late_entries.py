"""Round robin and duplicate schedules are fixed at round 1: a withdrawn entrant's slot goes to
a house bot, and late entries are refused; a Swiss event seats a late entry from the next round."""

import pytest

from games.errors import ServiceError
from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments import seating
from tournaments.models import Entrant, Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds

QUICK = {"quick_game_combined_negatives": True}


def event(organiser, make_bot, format, entrants=8, rounds=3):
    t = creation.do_create_tournament(organiser, "Fixed", "king", QUICK, format, rounds)
    for i in range(entrants):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"{format}{i}"))
    return t


def finish_round(t, organiser):
    for table in TournamentTable.objects.filter(tournament=t, result_recorded=False):
        run_until_over(table.match)
    results.do_close_round(t.pk, organiser)


def round_started(t, number):
    return next(
        r.payload
        for r in eventlog.stream_events(t.stream)
        if r.type == "round_started" and r.payload["round"] == number
    )


def test_a_withdrawn_round_robin_entrant_is_replaced_by_a_house_bot_in_the_same_slot(organiser, make_bot):
    t = event(organiser, make_bot, "round_robin")
    rounds.do_start_round(t.pk, organiser)
    finish_round(t, organiser)
    slots = round_started(t, 1)["slots"]
    leaver = slots[2]
    entries.do_withdraw(leaver, organiser)
    rounds.do_start_round(t.pk, organiser)
    second = round_started(Tournament.objects.get(pk=t.pk), 2)
    substitute = Entrant.objects.get(tournament=t, kind="house_bot")
    assert not substitute.ranked
    expected_slots = slots[:2] + [substitute.pk] + slots[3:]
    assert second["slots"] == expected_slots
    schedule = seating.round_robin(8, 3, table_size=4)[1]
    assert [t_["seats"] for t_ in second["tables"]] == [[expected_slots[i] for i in table] for table in schedule]


def test_a_late_entry_is_refused_once_a_round_robin_has_started_and_nothing_is_stored(organiser, make_bot):
    t = event(organiser, make_bot, "round_robin")
    rounds.do_start_round(t.pk, organiser)
    version = Tournament.objects.get(pk=t.pk).version
    with pytest.raises(ServiceError) as refused:
        entries.do_register(t.pk, organiser, bot=make_bot(name="latecomer"))
    assert (refused.value.status, refused.value.code) == (409, "late_entry_closed")
    assert Tournament.objects.get(pk=t.pk).version == version
    assert not Entrant.objects.filter(name="latecomer").exists()


def test_a_late_swiss_entry_is_seated_from_the_next_round(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", entrants=7)
    rounds.do_start_round(t.pk, organiser)
    late = entries.do_register(t.pk, organiser, bot=make_bot(name="latecomer"))
    assert late.joined_round == 2
    assert all(late.pk not in table["seats"] for table in round_started(t, 1)["tables"])
    finish_round(t, organiser)
    rounds.do_start_round(t.pk, organiser)
    assert any(late.pk in table["seats"] for table in round_started(t, 2)["tables"])
