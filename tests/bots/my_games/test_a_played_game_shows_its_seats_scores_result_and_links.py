"""A game played to its end shows what its recorded ending says: each seat's final score, the
caller's result by the winners, when it finished; and links to its table, score sheet, audit,
replay and export, each of which answers."""

from games.models import Event
from tests.fixtures.people import body

from .games import bot_of, played, table


def test_a_finished_game_as_the_list_shows_it(owners, house):
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    match = played(table([house[0], mine, house[1], house[2]]))
    ending = Event.objects.get(stream=match.stream, type="game_ended").payload

    (game,) = body(ana.api.get("/api/v1/me/games/"))["results"]
    (seat,) = game["yours"]
    assert game["status"] == "over" and game["public"] is True and game["finished_at"]
    assert game["scores"] == ending["scores"] and seat["score"] == ending["scores"][1]
    expected = "lost" if 1 not in ending["winners"] else ("won" if len(ending["winners"]) == 1 else "drawn")
    assert seat["result"] == expected
    assert match.pk in [g["match"] for g in body(ana.api.get("/api/v1/me/games/", {"result": expected}))["results"]]

    for name, link in game["links"].items():
        answer = ana.browser.get(link)
        assert answer.status_code == 200, (name, link, answer.status_code)


def test_a_live_game_links_no_replay_and_no_export(owners, house):
    ana = owners["ana"]
    table([ana, *house])
    (game,) = body(ana.api.get("/api/v1/me/games/"))["results"]
    assert game["public"] is False
    assert game["links"]["replay"] is None and game["links"]["export"] is None
    assert ana.browser.get(game["links"]["table"]).status_code == 200
