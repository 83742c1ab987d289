"""`python -m bench.strength` measures Kings in the Corner too: duplicate single hands dealt by the
engine's layout shuffle, at the table sizes the descriptor gives (2, 4 and 6 players), with the
advantage signed so that the lowest score wins in a penalty scoring; the trick games' boards are
the same as before."""

from bench.strength import deal_board, main, play_deal, table_sizes
from games.engine import RULESETS, new_game
from games.engine.deal import deal_hands

from .helpers import PACK


def test_the_table_sizes_come_from_the_descriptor():
    assert table_sizes(RULESETS["corners"]) == [2, 4, 6]
    assert table_sizes(RULESETS["king"]) == [4]


def test_a_corners_board_holds_the_pack_and_moves_the_dealer():
    for deal in range(3):
        board = deal_board("corners", "s", deal, 4)
        assert board["dealer"] == deal
        cards = [c for h in board["hands"] for c in h] + list(board["layout"].values()) + board["stock"]
        assert sorted(cards) == sorted(PACK)
        new_game("corners", board=board, options={"players": 4})


def test_the_trick_game_boards_are_unchanged():
    assert deal_board("king", "strength", 0, 4) == {
        "dealer": 0,
        "hands": deal_hands("strength", "strength/king/deal/0", 1, 1),
        "contract": "no_tricks",
    }
    board = deal_board("rifki", "strength", 1, 4)
    assert board["declarer"] == 1 and board["hands"] == deal_hands("strength", "strength/rifki/deal/1", 1, 3)


def test_a_deal_is_played_in_both_seatings_and_knows_the_lowest_wins():
    contract, _, _, lowest = play_deal(("corners", 2, "s", 0, ("heuristic", "random"), None))
    assert contract is None and lowest in (True, None)


def test_the_report_gives_an_interval_per_table_size(capsys):
    assert (
        main(
            [
                "--ruleset",
                "corners",
                "--players",
                "2",
                "--players",
                "4",
                "--deals",
                "3",
                "--workers",
                "1",
                "--pairings",
                "heuristic:random",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "corners, 2 players: heuristic vs random, 3 deals" in out
    assert "corners, 4 players: heuristic vs random, 3 deals" in out
    assert out.count("95% CI") == 2
