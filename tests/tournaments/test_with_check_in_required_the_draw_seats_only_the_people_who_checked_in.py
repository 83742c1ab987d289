"""Check-in required (docs/tournaments.md, "Draw, check-in and start"): off by default, when the
draw seats every registered entrant as before; once the organiser turns it on (a
``check_in_required`` event), a draw or a start without a draw seats a person only once they
have checked in, and bots as always. Turning it off seats everyone again."""

import pytest

from tests.tournaments.draws import payloads, signed_in
from tournaments.service import entries, rounds


@pytest.fixture
def night(tournament, players, organiser, make_bot, django_user_model):
    """The Swiss club night: six people (the four players and two more) and two bots."""
    more = [django_user_model.objects.create_user(f"late{i}", password="long-enough-pass") for i in range(2)]
    people = [entries.do_register(tournament.pk, p, user=p) for p in players + more]
    bots = [entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"desk-bot{i}")) for i in range(2)]
    return tournament, people, bots


def seated(drawn):
    return {e for table in drawn["tables"] for e in table["seats"]}


def test_by_default_every_registered_entrant_is_seated(night, organiser):
    t, people, bots = night
    entries.do_check_in(people[0].pk, organiser)
    assert seated(rounds.do_draw_round(t.pk, organiser)) == {e.pk for e in people + bots}


def test_once_required_only_the_people_checked_in_and_the_bots_are_seated(night, organiser, players):
    t, people, bots = night
    assert entries.do_require_check_in(t.pk, organiser, True) is True
    entries.do_check_in(people[0].pk, players[0])
    entries.do_check_in(people[1].pk, organiser)  # at the desk
    assert seated(rounds.do_draw_round(t.pk, organiser)) == {people[0].pk, people[1].pk, *(b.pk for b in bots)}

    entries.do_require_check_in(t.pk, organiser, True)  # unchanged: no second event
    assert [p["required"] for p in payloads(t, "check_in_required")] == [True]
    entries.do_require_check_in(t.pk, organiser, False)
    assert seated(rounds.do_draw_round(t.pk, organiser)) == {e.pk for e in people + bots}


def test_a_start_without_a_draw_follows_check_in_too(night, organiser):
    t, people, bots = night
    client = signed_in(organiser)
    assert client.post(f"/tournaments/{t.pk}/manage/check-in-required/", {"required": "true"}).status_code == 302
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert "Check-in is required" in page and 'id="toggle-check-in"' in page
    for entrant in people[:2]:
        entries.do_check_in(entrant.pk, organiser)
    rounds.do_start_round(t.pk, organiser)
    started = payloads(t, "round_started")[0]
    assert seated(started) == {people[0].pk, people[1].pk, *(b.pk for b in bots)}
