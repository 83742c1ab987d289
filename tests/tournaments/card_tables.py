"""Helpers of the tables-with-cards tests (docs/tournaments.md, "Tables with cards"): an event
of people and bots with its first table playing real cards, and a table's deals entered and
confirmed through its code, as the players' phones do."""

from django.contrib.auth import get_user_model

from tests.fixtures.people import client_for
from tournaments.models import Tournament
from tournaments.service import creation, entries, tables_with_cards

User = get_user_model()
SHORT_RIFKI = {"short_mode": True}


def people_and_bots(organiser, make_bot, people=4, bots=4, rounds=1, ruleset="rifki", options=None, cards=1):
    """A Swiss event of ``people`` (registered themselves) and ``bots`` built-in bots, with
    ``cards`` tables a round playing real cards. People enter first, so round 1 seats them
    together at table 1."""
    options = SHORT_RIFKI if options is None else options
    t = creation.do_create_tournament(organiser, "Club night", ruleset, options, "swiss", rounds)
    for i in range(people):
        someone = User.objects.create_user(f"card-player-{i}", password="long-enough-pass")
        entries.do_register(t.pk, someone, user=someone)
    for i in range(bots):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"online-{i}", strategy="heuristic"))
    tables_with_cards.do_set_tables_with_cards(t.pk, organiser, cards)
    return Tournament.objects.get(pk=t.pk)


def first_entry(sheet, deal):
    """Deal ``deal`` as a table might say it: the first contract the chooser has left, every
    count taken by the chooser's left-hand neighbour."""
    offered = sheet["form"]["contracts"][0]
    contract = {k: offered[k] for k in ("name", "suit") if k in offered}
    seats = len(sheet["names"])
    taker = (sheet["form"]["chooser"] + 1) % seats
    taken = {c["field"]: [c["total"] if s == taker else 0 for s in range(seats)] for c in offered["counts"]}
    return {"type": "enter", "deal": deal, "contract": contract, "taken": taken}


def post(client, code, action, version, command_id=None):
    body = {"action": action, "expected_version": version, "command_id": command_id}
    return client.post(f"/api/v1/score-tables/{code}/actions/", body, format="json")


def enter_and_confirm(code, deals, confirm=True, client=None):
    """Enter ``deals`` deals at the table ``code`` opens, each confirmed by the next seat (on
    the same phone, handed over) unless ``confirm`` is false; returns the last sheet."""
    client = client or client_for()
    sheet = client.get(f"/api/v1/score-tables/{code}/").json()
    for _ in range(deals):
        deal = sheet["form"]["deal"]
        answer = post(client, code, first_entry(sheet, deal), sheet["version"], f"deal-{deal}")
        assert answer.status_code == 201, answer.content
        sheet = answer.json()["sheet"]
        if confirm:
            seat = (sheet["deals"][deal - 1]["seat"] + 1) % len(sheet["names"])
            answer = post(client, code, {"type": "confirm", "deal": deal, "seat": seat}, sheet["version"])
            assert answer.status_code == 201, answer.content
            sheet = answer.json()["sheet"]
    return sheet
