"""Consent: an organiser may enter another person or someone else's bot, but that entry is an
invitation (status "invited", an entrant_invited event) that is never seated or ranked until its
owner accepts it (entrant_accepted, then the entrant_registered the standings fold); a declined
invitation (entrant_declined) never counts. Entering yourself, your own bots or the house's needs
no acceptance."""

import pytest

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments import projection
from tournaments import standings as folds
from tournaments.models import Entrant, TournamentTable
from tournaments.service import creation, entries, results, rounds

QUICK = {"quick_game_combined_negatives": True}


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="long-enough-pass")


@pytest.fixture
def bo_bot(django_user_model, make_bot):
    bot = make_bot(kind="polling", name="bo-bot")
    bot.owner = django_user_model.objects.create_user("bo", password="long-enough-pass")
    bot.save(update_fields=["owner"])
    return bot


def stream(tournament):
    return [(r.type, r.payload) for r in eventlog.stream_events(tournament.stream)][1:]


def seated(tournament):
    return {
        e
        for r in eventlog.stream_events(tournament.stream)
        if r.type == "round_started"
        for table in r.payload["tables"]
        for e in table["seats"]
    }


def ranked_names(tournament):
    return {row.name for row in folds.ranking(projection.update_standings(tournament.pk))}


def test_someone_elses_person_or_bot_is_invited_and_never_seated_until_accepted(organiser, ana, bo_bot, make_bot):
    t = creation.do_create_tournament(organiser, "Club night", "king", QUICK, "swiss", 2)
    invited = [entries.do_register(t.pk, organiser, user=ana), entries.do_register(t.pk, organiser, bot=bo_bot)]
    assert [e.status for e in invited] == ["invited", "invited"]
    assert stream(t) == [
        ("entrant_invited", {"entrant": invited[0].pk, "name": "ana", "kind": "user"}),
        ("entrant_invited", {"entrant": invited[1].pk, "name": "bo-bot", "kind": "bot"}),
    ]
    house = [entries.do_register(t.pk, organiser, bot=make_bot(name=f"h{i}")) for i in range(4)]
    rounds.do_start_round(t.pk, organiser)
    assert seated(t) == {e.pk for e in house}  # one table of the house's bots: no invitation seated
    assert ranked_names(t) == {"h0", "h1", "h2", "h3"}

    accepted = entries.do_answer_invitation(invited[0].pk, ana, accept=True)
    declined = entries.do_answer_invitation(invited[1].pk, bo_bot.owner, accept=False)
    assert (accepted.status, accepted.joined_round, declined.status) == ("registered", 2, "declined")
    answers = [
        (kind, p["entrant"])
        for kind, p in stream(t)
        if kind in ("entrant_accepted", "entrant_registered", "entrant_declined")
    ]
    assert answers[-3:] == [
        ("entrant_accepted", accepted.pk),
        ("entrant_registered", accepted.pk),
        ("entrant_declined", declined.pk),
    ]
    assert "ana" in ranked_names(t) and "bo-bot" not in ranked_names(t)

    for table in TournamentTable.objects.filter(tournament=t):  # round 1 plays out and closes
        run_until_over(table.match)
        results.do_record_result(table.match_id)
    results.do_close_round(t.pk, organiser)
    rounds.do_start_round(t.pk, organiser)
    assert accepted.pk in seated(t) and declined.pk not in seated(t)


def test_entering_yourself_your_own_bots_or_the_houses_needs_no_acceptance(organiser, ana, make_bot):
    t = creation.do_create_tournament(organiser, "Club night", "king", QUICK, "swiss", 1)
    mine = make_bot(kind="polling", name="organiser-bot")
    mine.owner = organiser
    mine.save(update_fields=["owner"])
    entered = [
        entries.do_register(t.pk, ana, user=ana),  # a person enters themself
        entries.do_register(t.pk, organiser, user=organiser),
        entries.do_register(t.pk, organiser, bot=mine),
        entries.do_register(t.pk, organiser, bot=make_bot(name="house-random")),
    ]
    assert {e.status for e in entered} == {Entrant.Status.REGISTERED}
    assert [kind for kind, _ in stream(t)] == ["entrant_registered"] * 4


def test_an_invitation_declined_can_be_sent_again(organiser, ana):
    t = creation.do_create_tournament(organiser, "Club night", "king", QUICK, "swiss", 1)
    first = entries.do_register(t.pk, organiser, user=ana)
    entries.do_answer_invitation(first.pk, ana, accept=False)
    again = entries.do_register(t.pk, organiser, user=ana)
    assert again.pk == first.pk and again.status == Entrant.Status.INVITED
    assert entries.do_answer_invitation(again.pk, ana, accept=True).status == Entrant.Status.REGISTERED
    assert ranked_names(t) == {"ana"}
