"""Every page, rendered for a reader whose browser asks for Brazilian Portuguese or Turkish,
is in that language: no English sentence of the project's (a msgid scan) and no everyday
English word (tests/i18n/english.py) is left in its text or its screen-reader labels. The
pages are the ones a club uses: home, sign-up and log-in, the play form, a demo, a live table
seen by its player and by a spectator, a refused move, a score sheet, the audit page with its
verification report, a tournament's public and manage pages, the organiser's form with every
engine flag, invitations, and a bot's pages."""

import json
import random

import pytest
from django.test import Client

from games.engine import RULESETS
from games.models import Match
from games.service import creating, playing, states
from tests.pages.tables import bots_play_until_the_person_acts
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds

from .english import english_left, visible_text

pytestmark = pytest.mark.django_db

LANGUAGES = {"pt-br": "pt_BR", "tr": "tr"}
PEOPLE = ["ana", "bruno", "cem", "deniz"]


def finished(match, holders):
    """Plays ``match`` to its end with seeded random legal actions, each by its seat's holder."""
    rng = random.Random(0)
    while match.status != Match.Status.OVER:
        state = states.current_state(match)
        seat = state.to_act
        holder = holders[seat]
        actor = f"bot:{holder.pk}" if hasattr(holder, "kind") else f"user:{holder.pk}"
        playing.do_act(match.pk, actor, lambda m, seat=seat: seat, rng.choice(state.legal_actions()), match.version)
        match.refresh_from_db()
    return match


@pytest.fixture
def club(django_user_model, make_bot):
    people = [django_user_model.objects.create_user(name, password="long-enough-pass") for name in PEOPLE]
    robots = [make_bot(name=f"robo{i}") for i in range(4)]
    quick = {"quick_game_combined_negatives": True}
    over = finished(creating.do_create_match("king", quick, robots, seed=b"pages" * 4, created_by=people[0]), robots)
    king = creating.do_create_match("king", {}, [people[0], *robots[1:]], seed=b"king" * 8, created_by=people[0])
    bots_play_until_the_person_acts(king)
    rifki = creating.do_create_match("rifki", {}, [people[1], *robots[1:]], seed=b"rifki" * 8, created_by=people[1])
    bots_play_until_the_person_acts(rifki)
    event = creation.do_create_tournament(people[2], "Copa", "king", quick, "swiss", 2)
    for bot in robots:
        entries.do_register(event.pk, people[2], bot=bot)
    entries.do_register(event.pk, people[2], user=people[3])  # an invitation to answer
    rounds.do_start_round(event.pk, people[2])
    return {"people": people, "robots": robots, "over": over, "king": king, "rifki": rifki, "event": event}


def reader(language, user=None):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def names(club):
    return [*PEOPLE, *(bot.name for bot in club["robots"]), "Copa"]


def pages(club):
    """(who reads, path) for every page."""
    ana, bruno, cem, deniz = club["people"]
    over, king, rifki, event = club["over"], club["king"], club["rifki"], club["event"]
    bot = club["robots"][0]
    table = TournamentTable.objects.filter(tournament=event).first().match
    return [
        (None, "/"),
        (ana, "/"),
        (None, "/accounts/signup/"),
        (None, "/accounts/login/"),
        (ana, "/play/"),
        *((None, f"/demo/{name}/?seed=3") for name, game in RULESETS.items() if game.trick_taking),
        (ana, f"/matches/{king.pk}/"),
        (bruno, f"/matches/{rifki.pk}/"),
        (None, f"/matches/{king.pk}/"),
        (None, f"/matches/{over.pk}/"),
        (None, f"/matches/{over.pk}/sheet/"),
        (None, f"/matches/{king.pk}/sheet/"),
        (None, f"/matches/{over.pk}/audit/"),
        (None, f"/matches/{over.pk}/audit/?seat=2&v=60"),
        (None, f"/matches/{table.pk}/"),
        (None, f"/tournaments/{event.pk}/"),
        (cem, f"/tournaments/{event.pk}/manage/"),
        (cem, "/tournaments/new/"),
        (deniz, "/invitations/"),
        (bot.owner, "/bots/"),
        (bot.owner, f"/bots/{bot.pk}/"),
        # The live parts htmx swaps in, and a page that refuses (403, with the reason in words).
        (ana, f"/matches/{king.pk}/live/"),
        (None, f"/tournaments/{event.pk}/live/"),
        (None, f"/matches/{king.pk}/audit/", 403),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_is_in_the_readers_language(club, language):
    left = {}
    for user, path, *status in pages(club):
        response = reader(language, user).get(path)
        assert response.status_code == (status or [200])[0], (path, response.status_code)
        page = response.content.decode()
        assert f'<html lang="{language}">' in page or "/live/" in path, path
        found = english_left(visible_text(page), LANGUAGES[language], names(club))
        if found:
            left[path] = found
    assert not left, json.dumps(left, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_move_is_explained_in_the_readers_language(club, language):
    king, ana = club["king"], club["people"][0]
    state = states.match_state(king)
    illegal = next(c for c in state.hand(0) if {"type": "play", "card": c} not in state.legal_actions())

    response = reader(language, ana).post(
        f"/matches/{king.pk}/act/", {"card": illegal, "expected_version": king.version}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 422
    assert not english_left(visible_text(response.content.decode()), LANGUAGES[language], names(club))


def test_the_scan_finds_english_left_in_a_page():
    """The net holds: an English sentence of ours, or an everyday English word, is found."""
    assert english_left("Sua vez: It is not your turn.", "pt_BR") != []
    assert english_left("Sıra sizde. Waiting for ana", "tr") == ["Waiting"]
    assert english_left("Sıra sizde: bir kart oynayın.", "tr") == []


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_organisers_form_names_every_flag_and_choice_in_words_never_by_its_slug(club, language):
    page = visible_text(reader(language, club["people"][2]).get("/tournaments/new/").content.decode())

    slugs = {
        text
        for game in RULESETS.values()
        for name, flag in game.flags.items()
        for text in (name, *(str(c) for c in (flag.choices or ()) if isinstance(c, str)))
        if "_" in text
    }
    assert slugs and not sorted(slug for slug in slugs if slug in page)
