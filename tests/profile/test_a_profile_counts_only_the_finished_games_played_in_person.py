"""A profile counts each game (ruleset) a person played to its end in person: played, won alone
and first place shared, read from each game's recorded ending. A game still live counts for
nothing, nor does a game their bot played (the bot is not them)."""

import pytest

from bots import registry
from tests.bots.my_games.games import ended, played, table

from .people import games_row, profile_page, stat

pytestmark = pytest.mark.django_db


def test_only_finished_games_in_person_are_counted(players, make_bot):
    ana = players[0]
    house = [make_bot(name=f"house{i}") for i in range(3)]
    ended(table([ana, *house]), [0], scores=[30, 1, 2, 3])  # won alone
    ended(table([house[0], ana, house[1], house[2]]), [0], scores=[30, 1, 2, 3])  # lost
    ended(table([ana, *house]), [0, 2])  # first place shared
    table([ana, *house])  # live: not counted
    robot = registry.register(ana, "ana-bot", "builtin", strategy="random")[0]
    played(table([robot, *house]))  # her bot's game: not hers

    status, page = profile_page("player0")
    assert status == 200
    assert games_row(page, "king") == (3, 1, 1)
    assert stat(page, "played") == "3" and stat(page, "won") == "1"


def test_a_live_game_alone_counts_nothing(players, make_bot):
    house = [make_bot(name=f"house{i}") for i in range(3)]
    table([players[0], *house])
    _status, page = profile_page("player0")
    assert games_row(page, "king") is None and 'id="no-games"' in page
    assert stat(page, "played") == "0"
