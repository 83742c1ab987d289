"""Check-in (docs/tournaments.md, "Draw, check-in and start"): a signed-in entrant sees "Check
in" on the tournament page while the tournament is open and checks in there (or through the
API); the organiser's manage page counts who has checked in and checks a player in at the desk,
acting for them. Each is an ``entrant_checked_in`` event by whoever did it."""

import pytest

from games.record import eventlog
from tests.fixtures.people import body, client_for
from tests.tournaments.draws import signed_in
from tournaments.models import Entrant
from tournaments.service import entries

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_night(tournament, players, organiser):
    """The Swiss club night with four people registered (themselves)."""
    return tournament, [entries.do_register(tournament.pk, p, user=p) for p in players]


def checked_in(t):
    return [
        (r.payload["entrant"], r.metadata["actor"])
        for r in eventlog.stream_events(t.stream)
        if r.type == "entrant_checked_in"
    ]


def test_a_player_checks_in_on_the_tournament_page(club_night, players):
    t, (mine, *_others) = club_night
    client = signed_in(players[0])
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f'id="check-in-{mine.pk}"' in page and page.count('id="check-in-') == 1  # only their own entry
    assert client.post(f"/tournaments/{t.pk}/check-in/", {"entrant": mine.pk}).status_code == 302
    assert Entrant.objects.get(pk=mine.pk).status == "checked_in"
    assert checked_in(t) == [(mine.pk, f"user:{players[0].pk}")]
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f"{mine.name} is checked in." in page and 'id="check-in-' not in page and "checked in" in page


def test_a_player_checks_in_through_the_api(club_night, players):
    t, (_mine, theirs, *_rest) = club_night
    answer = client_for(players[1]).post(
        f"/api/v1/tournaments/{t.pk}/entrants/{theirs.pk}/", {"action": "check_in"}, format="json"
    )
    assert answer.status_code == 200 and body(answer)["status"] == "checked_in"
    assert checked_in(t) == [(theirs.pk, f"user:{players[1].pk}")]


def test_the_organiser_checks_a_player_in_at_the_desk(club_night, players, organiser):
    t, entrants = club_night
    client = signed_in(organiser)
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert "0 of 4 players checked in." in page
    assert all(f'id="desk-check-in-{e.pk}"' in page for e in entrants)
    assert client.post(f"/tournaments/{t.pk}/manage/check-in/{entrants[2].pk}/").status_code == 302
    assert checked_in(t) == [(entrants[2].pk, f"user:{organiser.pk}")]
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert f"{entrants[2].name} is checked in." in page and "1 of 4 players checked in." in page
    assert f'id="desk-check-in-{entrants[2].pk}"' not in page and f'id="desk-check-in-{entrants[3].pk}"' in page


@pytest.mark.parametrize("posted, status", [("theirs", 403), ("", 404), ("nine", 404), ("99999999", 404)])
def test_a_refused_check_in_on_the_page_says_why_and_stores_nothing(club_night, players, posted, status):
    t, (_mine, theirs, *_rest) = club_night
    version = t.__class__.objects.get(pk=t.pk).version
    answer = signed_in(players[0]).post(
        f"/tournaments/{t.pk}/check-in/", {"entrant": theirs.pk if posted == "theirs" else posted}
    )
    assert answer.status_code == status and 'id="refusal"' in answer.content.decode()
    assert t.__class__.objects.get(pk=t.pk).version == version and checked_in(t) == []
    assert Entrant.objects.get(pk=theirs.pk).status == "registered"
