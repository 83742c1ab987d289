"""Where the draw cannot keep one owner's entrants apart (a round robin's or duplicate's fixed
schedule), and wherever tables share cards (a duplicate board, fixed boards: one owner at two
tables would see the same cards from two seats), an owner enters once: registering a second
entrant of the same owner (a person and their bot, or two bots of one owner, invited or not) is
refused with 409 owner_entrants_together through the service, the API and the manage page, and nothing is
stored. Built-in bots are exempt, and a Swiss event without fixed boards takes both."""

import pytest
from django.test import Client

from games.engine import new_game
from games.errors import ServiceError
from tests.fixtures.people import body, client_for
from tournaments.models import Entrant, Tournament
from tournaments.service import creation, entries

FIXED = [("round_robin", None), ("duplicate", None), ("swiss", "boards")]


def a_board():
    state = new_game("king", seed=b"one board")
    return {"dealer": 0, "contract": "no_hearts", "hands": [state.view(seat)["hand"] for seat in range(4)]}


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="long-enough-pass")


@pytest.fixture
def bot_of(make_bot):
    def make(owner, name, kind="polling"):
        bot = make_bot(kind=kind, name=name)
        bot.owner = owner
        bot.save(update_fields=["owner"])
        return bot

    return make


def event(organiser, format, boards):
    return creation.do_create_tournament(
        organiser, "Fixed", "king", {}, format, 1, boards=[a_board()] if boards else None
    )


def refused(tournament_id, by, **entry):
    """Register ``entry`` expecting the owner_entrants_together refusal; returns its message."""
    before = Tournament.objects.get(pk=tournament_id).version, Entrant.objects.count()
    with pytest.raises(ServiceError) as refusal:
        entries.do_register(tournament_id, by, **entry)
    assert refusal.value.status == 409 and refusal.value.code == "owner_entrants_together"
    assert (Tournament.objects.get(pk=tournament_id).version, Entrant.objects.count()) == before
    return refusal.value.message


@pytest.mark.parametrize("format, boards", FIXED)
def test_a_person_and_their_own_bot_enter_once(organiser, bot_of, format, boards):
    t = event(organiser, format, boards)
    entries.do_register(t.pk, organiser, user=organiser)
    message = refused(t.pk, organiser, bot=bot_of(organiser, "mine"))
    assert "organiser already has an entrant in this tournament (organiser)" in message


@pytest.mark.parametrize("format, boards", FIXED)
def test_two_bots_of_one_owner_enter_once_even_while_the_first_is_only_invited(organiser, ana, bot_of, format, boards):
    t = event(organiser, format, boards)
    first = entries.do_register(t.pk, organiser, bot=bot_of(ana, "ana-1"))
    assert first.status == Entrant.Status.INVITED
    assert "ana already has an entrant" in refused(t.pk, organiser, bot=bot_of(ana, "ana-2"))
    assert "ana already has an entrant" in refused(t.pk, organiser, user=ana)


def test_a_declined_or_withdrawn_entry_holds_no_place(organiser, ana, bot_of):
    t = event(organiser, "round_robin", None)
    first = entries.do_register(t.pk, organiser, bot=bot_of(ana, "ana-1"))
    entries.do_answer_invitation(first.pk, ana, accept=False)
    second = entries.do_register(t.pk, organiser, bot=bot_of(ana, "ana-2"))
    entries.do_withdraw(entries.do_answer_invitation(second.pk, ana, accept=True).pk, ana)
    assert entries.do_register(t.pk, ana, user=ana).status == Entrant.Status.REGISTERED


def test_built_in_bots_of_one_owner_and_a_swiss_without_fixed_boards_take_both(organiser, bot_of):
    t = event(organiser, "duplicate", None)
    entries.do_register(t.pk, organiser, user=organiser)
    for i in range(2):
        entries.do_register(t.pk, organiser, bot=bot_of(organiser, f"mine-builtin{i}", kind="builtin"))
    swiss = event(organiser, "swiss", None)
    entries.do_register(swiss.pk, organiser, user=organiser)
    entries.do_register(swiss.pk, organiser, bot=bot_of(organiser, "mine"))
    assert Entrant.objects.filter(status=Entrant.Status.REGISTERED).count() == 5


def test_the_api_refuses_it_as_a_json_error(organiser, bot_of):
    t = event(organiser, "duplicate", None)
    client = client_for(organiser)
    assert client.post(f"/api/v1/tournaments/{t.pk}/entrants/", {"user": "organiser"}, format="json").status_code == 201
    bot_of(organiser, "mine")
    r = client.post(f"/api/v1/tournaments/{t.pk}/entrants/", {"bot": "mine"}, format="json")
    assert r.status_code == 409 and body(r)["error"]["code"] == "owner_entrants_together"
    assert "a duplicate schedule is fixed" in body(r)["error"]["message"]
    assert list(Entrant.objects.values_list("name", flat=True)) == ["organiser"]


def test_the_manage_page_refuses_it_with_its_message(organiser, bot_of):
    t = event(organiser, "swiss", "boards")
    browser = Client()
    browser.force_login(organiser)
    assert browser.post(f"/tournaments/{t.pk}/manage/register/", {"user": "organiser"}).status_code == 302
    bot_of(organiser, "mine")
    r = browser.post(f"/tournaments/{t.pk}/manage/register/", {"bot": "mine"})
    assert r.status_code == 409
    assert "its tables share cards (fixed boards)" in r.content.decode()
    assert list(Entrant.objects.values_list("name", flat=True)) == ["organiser"]
