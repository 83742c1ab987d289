"""A seat or version the page cannot show is a 400 that says what is wrong, not a 500 or a
silent default."""

import pytest

from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import browser, finished_deal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query,message",
    [
        ("seat=4&version=3", "seat is 0 to 3"),
        ("seat=x&version=3", "seat is 0 to 3"),
        ("seat=-1&version=3", "seat is 0 to 3"),
        ("seat=1&version=0", "version is 1 to"),
        ("seat=1&version=100000", "version is 1 to"),
        ("seat=1&version=abc", "version must be a whole number"),
        ("seat=1&version=-2", "version must be a whole number"),
        ("seat=1&version=1.5", "version must be a whole number"),
        ("seat=%D9%A1&version=3", "seat is 0 to 3"),
    ],
)
def test_a_bad_seat_or_version_is_refused_with_a_400_saying_why(players, staff, query, message):
    match = finished_deal(players, staff)
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = browser(staff).get(f"/matches/{match.pk}/audit/?{query}", **htmx)
        assert response.status_code == 400
        assert message in response.content.decode() and 'role="alert"' in response.content.decode()


def test_an_unknown_match_is_404(client, db):
    assert client.get("/matches/999999/audit/").status_code == 404
