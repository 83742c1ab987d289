"""KC-L1 (docs/rules.md §3.4): fits(card, top) is one rank lower and the other colour; nothing goes on an ace."""

import pytest

from games.engine.corners_rules import fits

from .helpers import game


@pytest.mark.parametrize(
    "card, top, expected",
    [
        ("8H", "9S", True),  # red eight on a black nine
        ("8D", "9H", False),  # same colour
        ("7C", "9H", False),  # a rank gap
        ("KS", "AH", False),  # nothing goes on an ace
        ("2S", "AH", False),
    ],
)
def test_fits_follows_kc_l1(card, top, expected):
    assert fits(card, top, "alt_colour_down") is expected


def test_the_engine_offers_a_card_only_where_it_fits():
    state = game(
        [["8H", "8D", "7C", "2C"], ["3C"]], layout={"N": "9S", "E": "9H", "S": "AH", "W": "AD"}, dealer=1, players=2
    )
    plays = {(a["card"], a["to"]) for a in state.legal_actions() if a["type"] == "play"}
    assert ("8H", "N") in plays
    assert ("8D", "E") not in plays and ("7C", "E") not in plays
    assert not {p for p in plays if p[1] in ("S", "W")}  # the aces take nothing
