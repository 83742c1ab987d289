"""A season over three of the club's events, each played to its end: under "sum" a player's
total is the sum of their points in each event (the event's own standings, read through its
stream's projection), under "best 2" the sum of their two best; a player who played fewer events
than N keeps them all. Its rows are ranked by total, an event not finished yet counts for nothing
until it is, and the page and the API show the same standings."""

import pytest
from django.test import Client

from tests.clubs.helpers import play_event
from tests.fixtures.people import body, client_for
from tournaments import projection
from tournaments import standings as folds
from tournaments.clubs import service
from tournaments.service import creation

pytestmark = pytest.mark.django_db


def points_by_bot(tournament):
    value = projection.current_standings(tournament)
    bots = dict(tournament.entrants.values_list("pk", "bot_id"))
    return {f"bot:{bots[e]}": p for e, p in folds.event_points(value).items()}


@pytest.fixture
def season_of_three(people, club, make_bot):
    ana = people[0]
    robots = [make_bot(name=f"robot{i}") for i in range(5)]
    events = [
        play_event(ana, club, robots[:4], name="Night 1"),
        play_event(ana, club, robots[:4], name="Night 2"),
        play_event(ana, club, [robots[0], robots[1], robots[2], robots[4]], name="Night 3"),
    ]
    waiting = creation.do_create_tournament(
        ana, "Night 4", "king", {"quick_game_combined_negatives": True}, "swiss", 1, club=club
    )
    return robots, events, waiting


def test_sum_and_best_two(people, club, season_of_three):
    ana = people[0]
    robots, events, waiting = season_of_three
    points = [points_by_bot(t) for t in events]
    whole = service.do_create_season(club.pk, ana, "Whole year")
    best = service.do_create_season(club.pk, ana, "Best two", scoring="best", best_n=2)
    for season in (whole, best):
        for t in [*events, waiting]:
            service.do_add_event(season.pk, ana, t.pk)

    rows = body(client_for(ana).get(f"/api/v1/seasons/{whole.pk}/"))["standings"]
    assert [e["tournament"] for e in rows[0]["events"]] == [t.pk for t in events]  # Night 4 waits
    for row in rows:
        mine = [p[row["account"]] for p in points if row["account"] in p]
        assert row["total"] == pytest.approx(sum(mine))
        assert row["events_played"] == len(mine) == row["events_counted"]
    assert {row["account"] for row in rows} == {f"bot:{r.pk}" for r in robots}
    assert [row["total"] for row in rows] == sorted((row["total"] for row in rows), reverse=True)
    assert [row["rank"] for row in rows][0] == 1

    best_rows = body(client_for(ana).get(f"/api/v1/seasons/{best.pk}/"))["standings"]
    for row in best_rows:
        mine = [p[row["account"]] for p in points if row["account"] in p]
        assert row["total"] == pytest.approx(sum(sorted(mine, reverse=True)[:2]))
        assert row["events_counted"] == min(2, len(mine))
        assert sum(e["counted"] for e in row["events"]) == row["events_counted"]
    once = {f"bot:{robots[3].pk}": 2, f"bot:{robots[4].pk}": 1}
    assert {r["account"]: r["events_played"] for r in best_rows if r["account"] in once} == once

    page = Client().get(f"/seasons/{best.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert all(t.name in text for t in events) and "Night 4" in text
    assert page.context["standing"]["rows"][0].account == best_rows[0]["account"]
