"""Tables dealt the same cards (a duplicate or fixed board: one ``cards_group``) are a closed room
until every one of them has finished. Until then a finished table of the board shows no score
and counts as ``in_progress``, as the projector shows a closed table's progress and never its
scores (docs/api.md, "Closed rooms"); once the last table finishes, its result shows."""

from tests.fixtures.people import body

from .games import ended, listed, table


def test_the_result_waits_for_the_last_table_of_the_board(owners, house):
    ana, bob = owners["ana"], owners["bob"]
    here = ended(table([ana, *house], cards_group="board/1"), [0])
    there = table([bob, *house], cards_group="board/1")

    (game,) = body(ana.api.get("/api/v1/me/games/"))["results"]
    assert game["status"] == "over" and game["scores"] is None and game["public"] is False
    assert game["yours"][0]["result"] == "in_progress" and game["yours"][0]["score"] is None
    assert listed(ana, result="in_progress") == [here.pk]
    assert listed(ana, result="won") == []

    ended(there, [1])
    (game,) = body(ana.api.get("/api/v1/me/games/"))["results"]
    assert game["yours"][0]["result"] == "won" and game["scores"] and game["public"] is True
    assert listed(ana, result="won") == [here.pk]
    assert listed(ana, result="in_progress") == []
