"""A player finds their tournament table from the home page and plays it (issue 19): a small
tournament of the person and three house bots, started through the service; the home page lists
the table under "Your games" with a Play link; the person clicks it and plays a card, the real
worker playing the bots' seats."""

import re

import pytest
from django.contrib.auth import get_user_model

from bots.house import house_bot
from games.models import Match
from games.record import eventlog
from tests.fixtures.browser import PASSWORD, log_in
from tournaments.service import creation, entries, rounds

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 60_000


def test_a_player_finds_their_tournament_table_from_the_home_page_and_plays_a_card(new_page, bot_worker, screenshot):
    users = get_user_model().objects
    organiser = users.create_user("organiser", password=PASSWORD)
    person = users.create_user("entrant", password=PASSWORD)
    tournament = creation.do_create_tournament(organiser, "Club night", "king", {}, "swiss", 1)
    entries.do_register(tournament.pk, person, user=person)
    for _ in range(3):
        entries.do_register(tournament.pk, organiser, bot=house_bot("heuristic"), house=True)
    rounds.do_start_round(tournament.pk, organiser)
    match = Match.objects.get()

    page = new_page(phone=True)
    log_in(page, "entrant")
    page.goto("/")
    games = page.locator("#my-games")
    games.get_by_text("Club night, round 1, table 1").wait_for()
    screenshot(page, "home")
    games.get_by_role("link", name="Play", exact=True).click()
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))

    played = None
    while played is None:
        page.wait_for_selector('#table[data-your-turn="true"]', timeout=TURN_TIMEOUT_MS)
        version = page.get_attribute("#table", "data-version")
        legal = page.locator("#hand button.legal:not([disabled])")
        if legal.count():
            played = legal.first.get_attribute("data-card")
            legal.first.click()
        else:  # a decision before the cards (a contract, a bid): the first offered
            page.locator("#choices button").first.click()
        page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    screenshot(page, "played")

    seat = match.seats.get(user=person).index
    plays = [r for r in eventlog.stream_events(match.stream) if r.type == "play" and r.payload["seat"] == seat]
    assert plays[0].payload["card"] == played and plays[0].metadata["actor"] == f"user:{person.pk}"
