"""A season's standings download as one CSV table (GET seasons/{id}/standings/?export=csv, the
season page's link): a header naming each event, one line per player as the API ranks them,
blanks where a player missed an event, and the root hash over every counted event's streams on
every line and in X-Root-Hash. The projector shows the same ranking in big type to anyone, and
its refresh answers 204 while nothing changed."""

import csv
import io

import pytest
from django.test import Client

from games.record import eventlog
from tests.clubs.helpers import play_event
from tests.fixtures.people import body, client_for
from tournaments import read
from tournaments.clubs import service
from tournaments.service import creation

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(people, club, make_bot):
    ana = people[0]
    robots = [make_bot(name=name) for name in ("=cmd", "robot1", "robot2", "robot3", "robot4")]
    nights = [play_event(ana, club, robots[:4], name="Night 1"), play_event(ana, club, robots[1:], name="Night 2")]
    season = service.do_create_season(club.pk, ana, "Spring", tie_breaks=["game_score"])
    for night in nights:
        service.do_add_event(season.pk, ana, night.pk)
    return season, nights


def test_the_csv_is_one_table_with_the_root_hash(season):
    season, nights = season
    answer = Client().get(f"/api/v1/seasons/{season.pk}/standings/?export=csv")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    assert answer["Content-Disposition"] == f'attachment; filename="season-{season.pk}-standings.csv"'
    table = list(csv.reader(io.StringIO(answer.content.decode())))
    assert table[0] == [
        "rank", "name", "kind", "total", "events_played", "events_counted", "Night 1", "Night 2",
        "tie_break_game_score", "root_hash",
    ]  # fmt: skip
    api = body(client_for().get(f"/api/v1/seasons/{season.pk}/"))
    assert [line[1] for line in table[1:]] == [
        ("'" if r["name"].startswith("=") else "") + r["name"] for r in api["standings"]
    ]
    heads = [head for t in nights for head in read.stream_heads(t)]
    assert {line[-1] for line in table[1:]} == {eventlog.root_hash(heads)} == {answer["X-Root-Hash"]}
    missed = {line[1]: line[6:8] for line in table[1:]}
    assert missed["'=cmd"][1] == "" and missed["robot4"][0] == ""
    assert all(len(line) == len(table[0]) for line in table)


def test_the_projector_shows_the_ranking_and_refreshes_only_on_change(people, club, season):
    season, nights = season
    page = Client().get(f"/seasons/{season.pk}/projector/")
    assert page.status_code == 200
    version = page.context["version"]
    names = [row.name for row in page.context["standing"]["rows"]]
    text = page.content.decode()
    assert all(name in text for name in ("robot1", "robot2", "robot3")) and "Spring" in text
    assert names == [r["name"] for r in body(client_for().get(f"/api/v1/seasons/{season.pk}/"))["standings"]]
    assert Client().get(f"/seasons/{season.pk}/projector/live/?v={version}").status_code == 204
    later = creation.do_create_tournament(people[0], "Night 3", "king", {}, "swiss", 1, club=club)
    service.do_add_event(season.pk, people[0], later.pk)
    changed = Client().get(f"/seasons/{season.pk}/projector/live/?v={version}")
    assert changed.status_code == 200 and 'id="projector"' in changed.content.decode()
