"""Withdrawing an entrant from the manage page asks first: the Withdraw link opens a page that
says what withdrawal means (no later round, the table in play goes on, the results and place are
kept) with the button that does it. Opening that page changes nothing; only its POST withdraws;
anyone but the organiser (or staff) is refused and nothing changes."""

import pytest
from django.test import Client

from games.record import eventlog
from tests.pages.wallboard import round_in_play, signed_in
from tournaments.models import Entrant
from tournaments.service import entries

pytestmark = pytest.mark.django_db


def withdrawals(tournament):
    return [r.payload["entrant"] for r in eventlog.stream_events(tournament.stream) if r.type == "entrant_withdrawn"]


def test_the_manage_page_links_to_the_question_which_changes_nothing(tournament, make_bot):
    entrant = entries.do_register(tournament.pk, tournament.organiser, bot=make_bot(name="alpha"))
    client = signed_in(tournament.organiser)
    url = f"/tournaments/{tournament.pk}/manage/withdraw/{entrant.pk}/"
    manage = client.get(f"/tournaments/{tournament.pk}/manage/").content.decode()
    assert f'href="{url}" id="withdraw-{entrant.pk}"' in manage
    tournament.refresh_from_db()
    version = tournament.version
    page = client.get(url)
    text = page.content.decode()
    assert page.status_code == 200 and "Withdraw alpha?" in text
    assert "not seated in any of the 3 rounds still to start" in text and "cannot be undone" in text
    assert f'<form method="post" action="{url}"' in text and 'id="confirm-withdraw"' in text
    tournament.refresh_from_db()
    assert tournament.version == version and withdrawals(tournament) == []
    entrant.refresh_from_db()
    assert entrant.status == "registered"


def test_the_post_withdraws_once(tournament, make_bot):
    entrant = entries.do_register(tournament.pk, tournament.organiser, bot=make_bot(name="alpha"))
    client = signed_in(tournament.organiser)
    url = f"/tournaments/{tournament.pk}/manage/withdraw/{entrant.pk}/"
    r = client.post(url)
    assert r.status_code == 302 and r["Location"] == f"/tournaments/{tournament.pk}/manage/"
    assert withdrawals(tournament) == [entrant.pk]
    again = client.get(url).content.decode()
    assert 'id="confirm-withdraw"' not in again and "cannot be withdrawn" in again
    assert client.post(url).status_code == 409 and withdrawals(tournament) == [entrant.pk]


def test_the_question_names_the_table_in_play_and_the_standing_kept(organiser, make_bot):
    tournament, _ = round_in_play(organiser, make_bot)
    seated = tournament.tables.get(table=2).match.seats.order_by("index").first()
    entrant = Entrant.objects.get(tournament=tournament, bot=seated.bot)
    text = signed_in(organiser).get(f"/tournaments/{tournament.pk}/manage/withdraw/{entrant.pk}/").content.decode()
    assert "Their table in round 1 (table 2) plays on, and its result counts." in text
    assert "not seated in any of the 2 rounds still to start" in text
    assert "their place in the standings (now" in text


def test_anyone_else_is_refused_and_nothing_changes(tournament, make_bot, django_user_model):
    entrant = entries.do_register(tournament.pk, tournament.organiser, bot=make_bot(name="alpha"))
    stranger = signed_in(django_user_model.objects.create_user("stranger", password="long-enough-pass"))
    url = f"/tournaments/{tournament.pk}/manage/withdraw/{entrant.pk}/"
    assert stranger.get(url).status_code == 403
    assert stranger.post(url).status_code == 403
    anonymous = Client().post(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    entrant.refresh_from_db()
    assert entrant.status == "registered" and withdrawals(tournament) == []
