"""``?result=`` narrows the list by the result of the caller's seat, read from the ending the
finished match records (``game_ended``: its winners): ``won`` alone among the winners, ``drawn``
sharing first place, ``lost`` not among them, ``cancelled`` when the game ended with no winner,
``in_progress`` while the match is live. Each entry's ``result`` and ``score`` say the same."""

import pytest

from tests.fixtures.people import body

from .games import bot_of, ended, listed, table


@pytest.fixture
def results(owners, house):
    """ana's games, one of each result, some played by her bot; and bob's, beside hers."""
    ana, bob = owners["ana"], owners["bob"]
    mine = bot_of(ana, "ana-bot")
    return {
        "won": [ended(table([ana, *house]), [0]).pk, ended(table([house[0], mine, house[1], house[2]]), [1]).pk],
        "drawn": [ended(table([house[0], ana, house[1], house[2]]), [1, 3]).pk],
        "lost": [ended(table([house[0], house[1], mine, bob]), [3]).pk],
        "cancelled": [ended(table([ana, *house]), []).pk],
        "in_progress": [table([mine, *house]).pk],
    }


@pytest.mark.parametrize("result", ["won", "drawn", "lost", "cancelled", "in_progress"])
def test_each_result_lists_the_games_that_ended_so(owners, results, result):
    assert listed(owners["ana"], result=result) == sorted(results[result], reverse=True)


def test_each_entry_says_its_result_and_score(owners, results):
    for game in body(owners["ana"].api.get("/api/v1/me/games/"))["results"]:
        (seat,) = game["yours"]
        assert game["match"] in results[seat["result"]]
        if seat["result"] == "in_progress":
            assert seat["score"] is None and game["scores"] is None and game["finished_at"] is None
        else:
            assert seat["score"] == game["scores"][seat["seat"]] and game["finished_at"]


def test_the_same_game_is_won_by_one_owner_and_lost_by_the_other(owners, results):
    (lost,) = results["lost"]
    assert lost in listed(owners["bob"], result="won")
    assert lost not in listed(owners["bob"], result="lost")


def test_a_filter_by_result_combines_with_a_filter_by_bot(owners, results):
    mine = owners["ana"].bots.get()
    assert listed(owners["ana"], result="won", bot=mine.pk) == [results["won"][1]]
