"""Every organiser action is an event in the tournament's stream; refusals store nothing."""

import hashlib

import pytest

from games.errors import ServiceError
from games.record import eventlog
from tournaments.models import Entrant, Tournament
from tournaments.service import creation, entries, rounds


def stream_types(tournament):
    return [r.type for r in eventlog.stream_events(tournament.stream)]


def test_creating_a_tournament_publishes_its_settings_and_the_seeds_digest_not_the_seed(tournament):
    rows = eventlog.stream_events(tournament.stream)
    assert [r.type for r in rows] == ["tournament_created"]
    created = rows[0].payload
    assert created["seed_sha256"] == hashlib.sha256(bytes.fromhex(tournament.seed)).hexdigest()
    assert tournament.seed not in str(created)
    assert created["format"] == "swiss" and created["rounds"] == 3 and created["table_points"] == "place"
    assert created["options"]["hand_order"] == "fixed"  # every flag, resolved to its value
    assert eventlog.check_chain(rows) is None


def test_registration_withdrawal_and_check_in_are_recorded_in_order(tournament, players, organiser, make_bot):
    me = entries.do_register(tournament.pk, players[0], user=players[0])  # a person registers themself
    bot = entries.do_register(tournament.pk, organiser, bot=make_bot(kind="polling", name="deep"))
    house = entries.do_register(tournament.pk, organiser, bot=make_bot(name="house-random"), house=True)
    entries.do_check_in(me.pk, players[0])
    entries.do_withdraw(bot.pk, organiser)
    assert stream_types(tournament) == [
        "tournament_created",
        "entrant_registered",
        "entrant_registered",
        "entrant_registered",
        "entrant_checked_in",
        "entrant_withdrawn",
    ]
    assert (house.kind, house.ranked) == ("house_bot", False)
    assert Entrant.objects.get(pk=bot.pk).status == "withdrawn"
    tournament.refresh_from_db()
    assert tournament.version == 6 and eventlog.check_chain(eventlog.stream_events(tournament.stream)) is None


def test_only_the_organiser_registers_others(tournament, players):
    with pytest.raises(ServiceError) as err:
        entries.do_register(tournament.pk, players[0], user=players[1])
    assert err.value.status == 403 and err.value.code == "organiser_only"
    assert stream_types(tournament) == ["tournament_created"]


def test_registering_twice_is_refused_and_nothing_is_stored(tournament, players):
    entries.do_register(tournament.pk, players[0], user=players[0])
    with pytest.raises(ServiceError) as err:
        entries.do_register(tournament.pk, players[0], user=players[0])
    assert err.value.code == "already_registered"
    assert Entrant.objects.count() == 1 and len(stream_types(tournament)) == 2


@pytest.mark.parametrize(
    "bad, code",
    [
        ({"format": "knockout"}, "invalid_format"),
        ({"rounds": 0}, "invalid_rounds"),
        ({"rounds": "3"}, "invalid_rounds"),
        ({"table_points": "elo"}, "invalid_table_points"),
        ({"fill": "ghosts"}, "invalid_fill"),
        ({"tie_breaks": ["coin_toss"]}, "invalid_tie_breaks"),
        ({"tie_breaks": ["wins", "wins"]}, "invalid_tie_breaks"),
        ({"bot_turn_timeout": 0}, "invalid_timeout"),
        ({"options": {"no_such_flag": True}}, "unknown_option"),
        ({"ruleset": "poker"}, "unknown_ruleset"),
        ({"boards": []}, "invalid_boards"),
        ({"boards": [{"dealer": 9, "hands": []}]}, "invalid_board"),
        ({"name": ""}, "invalid_name"),
        ({"format": "duplicate", "fill": "byes"}, "invalid_fill"),
    ],
)
def test_bad_settings_are_refused_with_a_code_and_nothing_is_stored(organiser, bad, code):
    args = {"name": "Night", "ruleset": "king", "options": {}, "format": "swiss", "rounds": 3, **bad}
    with pytest.raises(ServiceError) as err:
        creation.do_create_tournament(organiser, **args)
    assert err.value.status == 400 and err.value.code == code
    assert not Tournament.objects.exists()


def test_each_match_seed_derives_from_the_tournament_seed_and_duplicate_tables_share_a_boards_seed():
    seed = bytes(range(32))
    a = rounds.match_seed(seed, 7, 1, table=1)
    assert a != rounds.match_seed(seed, 7, 1, table=2) != rounds.match_seed(seed, 7, 2, table=1)
    assert rounds.match_seed(seed, 7, 1, board="b3") == rounds.match_seed(seed, 7, 2, board="b3")
    assert a == rounds.match_seed(seed, 7, 1, table=1) and len(a) == 32


def test_withdrawing_twice_or_checking_in_after_withdrawing_is_refused_and_nothing_is_stored(
    tournament, players, organiser
):
    entrant = entries.do_register(tournament.pk, players[0], user=players[0])
    entries.do_withdraw(entrant.pk, players[0])
    for action, code in ((entries.do_withdraw, "already_withdrawn"), (entries.do_check_in, "cannot_check_in")):
        with pytest.raises(ServiceError) as err:
            action(entrant.pk, organiser)
        assert err.value.status == 409 and err.value.code == code
    assert stream_types(tournament)[-1] == "entrant_withdrawn" and len(stream_types(tournament)) == 3
