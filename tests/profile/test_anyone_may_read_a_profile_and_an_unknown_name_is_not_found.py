"""A person's profile, ``/people/<username>/``, is public: anyone reads it, signed in or not.
A name nobody has is a 404, as is a closed account; another spelling of a name leads to the
page's one address."""

import pytest

from .people import profile_page

pytestmark = pytest.mark.django_db


def test_a_visitor_who_is_not_signed_in_reads_a_profile(players):
    status, page = profile_page("player0")
    assert status == 200
    assert '<h2 id="profile-name">player0</h2>' in page
    assert 'id="no-games"' in page and 'id="no-rating"' in page and 'id="no-tournaments"' in page
    assert "This is your profile" not in page


def test_the_person_reading_their_own_profile_is_told_so(players):
    status, page = profile_page("player0", reader=players[0])
    assert status == 200 and "This is your profile" in page and 'href="/me/games/"' in page
    _status, theirs = profile_page("player1", reader=players[0])
    assert "This is your profile" not in theirs


def test_an_unknown_name_is_not_found(players):
    status, _page = profile_page("nobody-of-that-name")
    assert status == 404


def test_a_closed_account_is_not_found(players):
    players[1].is_active = False
    players[1].save()
    status, _page = profile_page("player1")
    assert status == 404


def test_another_spelling_of_a_name_leads_to_its_page(client, players):
    answer = client.get("/people/PLAYER2/")
    assert answer.status_code == 301 and answer["Location"] == "/people/player2/"
