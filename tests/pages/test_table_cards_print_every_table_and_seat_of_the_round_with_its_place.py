"""The organiser prints table cards for a round: one card per table with the table and round
numbers, each seat in order with its number, its compass point (games.pages.compass, in the ruleset's
direction of play: seat 0 South) and its player's name, the ruleset's name and the match's
address. Only the organiser (or staff) may open it; the manage page links to it."""

import re

import pytest
from django.test import Client

from games.engine import RULESETS
from games.pages import compass
from tests.pages.tables import table_rows
from tests.pages.wallboard import round_in_play, signed_in
from tournaments.models import TournamentTable
from tournaments.wallboard import COMPASS_POINTS

pytestmark = pytest.mark.django_db


def cards(page):
    return re.findall(r'<article class="table-card" id="card-(\d+)">(.*?)</article>', page, re.S)


def test_each_table_of_the_round_has_a_card_with_its_seats_in_order(organiser, make_bot):
    tournament, _matches = round_in_play(organiser, make_bot)
    page = signed_in(organiser).get(f"/tournaments/{tournament.pk}/manage/cards/").content.decode()
    tables = TournamentTable.objects.filter(tournament=tournament).select_related("match").order_by("table")
    found = cards(page)
    assert [int(number) for number, _ in found] == [t.table for t in tables] == [1, 2]
    game = RULESETS[tournament.ruleset]
    for (number, card), table in zip(found, tables):
        assert f"Table {number}" in card and "Round 1" in card and game.label in card
        assert f"Match {table.match_id}" in card and f'href="/matches/{table.match_id}/"' in card
        places = compass.places(0, table.match.num_seats, game.direction)
        seats = table.match.seats.select_related("bot").order_by("index")
        expected = [[str(s.index + 1), COMPASS_POINTS[places[s.index]], s.bot.name] for s in seats]
        assert table_rows(card, "tbody") == expected
        assert expected[0][1] == "South"


def test_a_round_is_chosen_by_number_and_the_manage_page_links_the_cards(organiser, make_bot):
    tournament, _ = round_in_play(organiser, make_bot)
    client = signed_in(organiser)
    assert (
        f'href="/tournaments/{tournament.pk}/manage/cards/"'
        in client.get(f"/tournaments/{tournament.pk}/manage/").content.decode()
    )
    for query in ("?round=1", "?round=99", "?round=x"):  # an unknown round: the latest
        assert len(cards(client.get(f"/tournaments/{tournament.pk}/manage/cards/{query}").content.decode())) == 2


def test_only_the_organiser_opens_the_cards(organiser, make_bot, django_user_model):
    tournament, _ = round_in_play(organiser, make_bot)
    stranger = django_user_model.objects.create_user("stranger", password="long-enough-pass")
    assert signed_in(stranger).get(f"/tournaments/{tournament.pk}/manage/cards/").status_code == 403
    anonymous = Client().get(f"/tournaments/{tournament.pk}/manage/cards/")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
