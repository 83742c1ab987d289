"""The club's ratings: OpenSkill over every match of its finished, rated events, in the order the
matches ended, people and bots alike, each keyed by their account, rebuilt from the events'
streams. Over two events a member who played both has two points of history, one per rated
match, and a rating equal to rating those matches one after the other; an unrated event, an
event not finished and another club's event move nothing. The API, the club's page and the
member's page show them, the member's with the rating chart."""

import pytest
from django.test import Client

from games.record import eventlog
from tests.clubs.helpers import play_event
from tests.fixtures.people import body, client_for
from tournaments.clubs import read, service
from tournaments.ratings import rate_match
from tournaments.service import creation

pytestmark = pytest.mark.django_db


def results(tournament):
    return [r.payload for r in eventlog.stream_events(tournament.stream) if r.type == "match_result"]


def key_of(tournament):
    entrants = {e.pk: (f"user:{e.user_id}" if e.user_id else f"bot:{e.bot_id}") for e in tournament.entrants.all()}
    return lambda entrant: entrants[entrant]


@pytest.fixture
def members(people, club):
    _invitation, token = service.do_create_invitation(club.pk, people[0])
    for person in people[1:]:
        service.do_join(person, token)
    return people


def test_two_events_give_two_points_and_the_rating_of_both_matches(members, club, make_bot):
    ana, bo, cem, dia = members
    robots = [make_bot(name=f"robot{i}") for i in range(2)]
    first = play_event(ana, club, [ana, bo, cem, dia], name="Night 1")
    second = play_event(ana, club, [ana, bo, *robots], name="Night 2")
    play_event(ana, club, [ana, bo, cem, dia], name="Friendly", rated=False)
    other = service.do_create_club(dia, "Elsewhere")
    play_event(dia, other, [ana, bo, cem, dia], name="Elsewhere night")
    creation.do_create_tournament(ana, "Next week", "king", {}, "swiss", 1, club=club)

    expected = {}
    for tournament in (first, second):
        for result in results(tournament):
            keys = [key_of(tournament)(e) for e in result["seats"]]
            expected = dict(rate_match(expected, keys, result["scores"]))
    rated, _names, _kinds = read.ratings_of(club)
    assert dict(rated.ratings["king"]) == expected
    history = rated.history["king"]
    assert [p.games for p in history[f"user:{ana.pk}"]] == [1, 2]
    assert [p.event for p in history[f"user:{ana.pk}"]] == [first.pk, second.pk]
    assert [p.games for p in history[f"user:{cem.pk}"]] == [1]
    assert [p.games for p in history[f"bot:{robots[0].pk}"]] == [1]
    last = history[f"user:{ana.pk}"][-1]
    assert (last.mu, last.sigma) == tuple(expected[f"user:{ana.pk}"])

    api = body(client_for().get(f"/api/v1/clubs/{club.pk}/ratings/"))
    (king,) = api["games"]
    assert [r["kind"] for r in king["rows"]] == ["user"] * 4 + ["bot"] * 2  # people, then bots
    assert {r["key"]: r["games"] for r in king["rows"]}[f"user:{ana.pk}"] == 2
    assert all(r["member"] == (r["kind"] == "user") for r in king["rows"])

    member = body(client_for().get(f"/api/v1/clubs/{club.pk}/members/{ana.pk}/"))
    assert [p["games"] for p in member["ratings"][0]["history"]] == [1, 2]

    page = Client().get(f"/clubs/{club.pk}/members/{ana.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in text and 'role="img"' in text
    club_page = Client().get(f"/clubs/{club.pk}/").content.decode()
    assert f'href="/clubs/{club.pk}/members/{ana.pk}/"' in club_page and 'id="ratings-king-table"' in club_page
    assert "Next week" in club_page and "Night 2" in club_page


def test_a_member_with_no_rated_game_has_an_empty_history(members, club):
    assert read.history_of(club, f"user:{members[1].pk}") == []
    page = Client().get(f"/clubs/{club.pk}/members/{members[1].pk}/")
    assert page.status_code == 200 and 'id="no-rating"' in page.content.decode()
    assert Client().get(f"/clubs/{club.pk}/members/999999/").status_code == 404
