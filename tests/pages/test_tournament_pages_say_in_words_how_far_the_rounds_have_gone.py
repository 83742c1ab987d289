"""The home, tournament and manage pages say a tournament's status and progress in words
("Open for registration: 3 rounds, none started yet", "Running: round 1 of 3"), never as a
code or as "round 0", and a table's link says where it leads ("Watch live"); the names of
formats, statuses and entrants' kinds come from the models' choices, through gettext, the same
on every page and in the form."""

import html
import re

import pytest
from django.utils.functional import Promise

from tournaments.forms import TournamentForm
from tournaments.models import Entrant, Tournament
from tournaments.service import creation, entries, rounds

pytestmark = pytest.mark.django_db


def text(response):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_before_the_first_round_the_pages_say_none_has_started(client, organiser, tournament):
    client.force_login(organiser)
    assert "Club night Brazilian King, Swiss 3 rounds, none started yet Open for registration" in text(client.get("/"))
    assert "Open for registration: 3 rounds, none started yet." in text(client.get(f"/tournaments/{tournament.pk}/"))
    manage = text(client.get(f"/tournaments/{tournament.pk}/manage/"))
    assert "Brazilian King, Swiss: Open for registration, 3 rounds, none started yet." in manage
    assert "round 0" not in manage and "registration:" not in manage


def test_once_a_round_starts_the_pages_count_it(client, organiser, tournament, make_bot):
    for i in range(4):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"b{i}"))
    rounds.do_start_round(tournament.pk, organiser)
    client.force_login(organiser)

    assert "Club night Brazilian King, Swiss Round 1 of 3 Running" in text(client.get("/"))
    public = client.get(f"/tournaments/{tournament.pk}/")
    assert "Running: round 1 of 3." in text(public)
    match = tournament.tables.get().match_id  # each table's link says what it leads to
    assert f'<a href="/matches/{match}/">Watch live</a>' in public.content.decode()
    manage = text(client.get(f"/tournaments/{tournament.pk}/manage/"))
    assert "Brazilian King, Swiss: Running, round 1 of 3." in manage
    assert "b0 bot registered from round 1" in manage  # the entrant's kind and status, in words


def test_a_one_round_event_reads_in_the_singular(organiser):
    t = creation.do_create_tournament(organiser, "One night", "king", {}, "swiss", 1)
    assert t.round_progress == "1 round, none started yet"


def test_the_form_offers_the_models_own_names_for_each_choice():
    form = TournamentForm()
    for field, choices in (
        ("format", Tournament.Format),
        ("table_points", Tournament.TablePoints),
        ("fill", Tournament.Fill),
    ):
        assert list(form.fields[field].choices) == choices.choices
    assert form.fields["format"].initial == "swiss"
    # Every label is a lazy gettext string, translated when a page shows it.
    assert all(
        isinstance(label, Promise)
        for choices in (Tournament.Format, Tournament.Status, Entrant.Kind, Entrant.Status)
        for _, label in choices.choices
    )
