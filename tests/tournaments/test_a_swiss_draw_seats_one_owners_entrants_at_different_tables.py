"""A Swiss event may hold a person and their own bots (or two bots of one owner): its draw seats
them at different tables (docs/architecture.md §3.5), with house bots filling the tables or with byes. When
a round cannot (an owner with more entrants than it has tables), starting it is refused with
409 owner_entrants_together naming the owner, and nothing is stored."""

import pytest

from games.errors import ServiceError
from games.models import Match
from games.record import eventlog
from tournaments.models import Entrant, TournamentTable
from tournaments.service import creation, entries, rounds

QUICK = {"quick_game_combined_negatives": True}


@pytest.fixture
def own_bots(organiser, make_bot):
    """own_bots(n): n polling bots of the organiser's own (entered without an invitation)."""

    def make(count):
        bots = [make_bot(kind="polling", name=f"organiser-bot{i}") for i in range(count)]
        for bot in bots:
            bot.owner = organiser
            bot.save(update_fields=["owner"])
        return bots

    return make


def enter(tournament, organiser, own, builtin, make_bot):
    """The organiser in person, their ``own`` bots, then ``builtin`` house bots, in that order:
    round 1's standing puts the organiser's entrants side by side at the top table."""
    entrants = [entries.do_register(tournament.pk, organiser, user=organiser)]
    entrants += [entries.do_register(tournament.pk, organiser, bot=bot) for bot in own]
    entrants += [entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"h{i}")) for i in range(builtin)]
    assert all(e.status == Entrant.Status.REGISTERED for e in entrants)
    return [e.pk for e in entrants[: 1 + len(own)]]


def tables_of_round(tournament, round_no=1):
    started = [r.payload for r in eventlog.stream_events(tournament.stream) if r.type == "round_started"]
    return started[round_no - 1]


def assert_apart(tables, mine):
    for table in tables:
        assert len(set(table["seats"]) & set(mine)) <= 1, (table, mine)


def test_an_organiser_and_their_bot_at_the_top_of_the_standing_sit_at_different_tables(organiser, own_bots, make_bot):
    t = creation.do_create_tournament(organiser, "Mine", "king", QUICK, "swiss", 2)
    mine = enter(t, organiser, own_bots(1), 6, make_bot)
    rounds.do_start_round(t.pk, organiser)
    drawn = tables_of_round(t)
    assert len(drawn["tables"]) == 2
    assert_apart(drawn["tables"], mine)
    assert Match.objects.count() == 2


def test_house_bots_fill_the_tables_that_keep_them_apart(organiser, own_bots, make_bot):
    t = creation.do_create_tournament(organiser, "Filled", "king", QUICK, "swiss", 1)
    mine = enter(t, organiser, own_bots(1), 3, make_bot)  # five entrants: three house bots make two tables
    rounds.do_start_round(t.pk, organiser)
    drawn = tables_of_round(t)
    assert len(drawn["tables"]) == 2 and not drawn["byes"]
    assert Entrant.objects.filter(kind=Entrant.Kind.HOUSE_BOT).count() == 3
    assert_apart(drawn["tables"], mine)


def test_byes_take_the_entrant_that_cannot_sit_apart(organiser, own_bots, make_bot):
    t = creation.do_create_tournament(organiser, "Byes", "king", QUICK, "swiss", 1, fill="byes")
    mine = enter(t, organiser, own_bots(1), 3, make_bot)  # five entrants, one table: one sits out
    rounds.do_start_round(t.pk, organiser)
    drawn = tables_of_round(t)
    assert len(drawn["byes"]) == 1 and drawn["byes"][0] in mine
    assert_apart(drawn["tables"], mine)


def test_a_round_with_fewer_tables_than_an_owners_entrants_is_refused_and_nothing_is_stored(
    organiser, own_bots, make_bot
):
    t = creation.do_create_tournament(organiser, "Crowded", "king", QUICK, "swiss", 1)
    enter(t, organiser, own_bots(2), 5, make_bot)  # eight entrants, two tables, three of the organiser's
    t.refresh_from_db()
    version = t.version
    with pytest.raises(ServiceError) as refusal:
        rounds.do_start_round(t.pk, organiser)
    assert refusal.value.status == 409 and refusal.value.code == "owner_entrants_together"
    assert "“organiser” has 3 players" in refusal.value.message and "withdraw" in refusal.value.message
    t.refresh_from_db()
    assert t.version == version and t.current_round == 0
    assert not Match.objects.exists() and not TournamentTable.objects.exists()
