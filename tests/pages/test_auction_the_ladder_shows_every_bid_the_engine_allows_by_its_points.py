"""The King auction's ladder: every bid the game allows, one rung per value, highest on top,
each rung its bids and their points. The values are the engine's (king.bid_value over
king.legal_bids for the match's options), so a game with a lower cap or without down bids has
a shorter ladder, and "3 up" shares its rung with "1 down" ("3 up = 1 down")."""

import re
from itertools import groupby

import pytest

from games.engine import new_game
from games.engine.king import bid_value, legal_bids
from games.pages.decisions import ladder
from games.service import states
from tests.pages.decisions import king_auction
from tests.pages.tables import browser

RUNG = re.compile(r'<li class="rung[^"]*" data-points="(\d+)"[^>]*>\s*<span class="bids">(.*?)</span>\s*<span', re.S)
TAG = re.compile(r"<[^>]+>")


def engine_ladder(options):
    """What the ladder must show, from the engine alone: [(points, ["3 up", "1 down"])], top first."""
    bids = sorted(legal_bids(options), key=lambda b: -bid_value(*b))
    rungs = groupby(bids, key=lambda b: bid_value(*b))
    return [(value, [f"{n} {d}" for n, d in sorted(group, key=lambda b: b[1] == "down")]) for value, group in rungs]


def page_ladder(page):
    return [(int(points), TAG.sub("", bids).split(" · ")) for points, bids in RUNG.findall(page)]


@pytest.mark.parametrize(
    "options",
    [{}, {"auction_max_value": 150}, {"auction_allow_down_bids": False}, {"auction_max_value": 325}],
    ids=["default", "capped-at-150", "no-down-bids", "capped-at-325"],
)
def test_the_ladder_on_the_page_is_the_engines_bids_by_value(players, options):
    match = king_auction(players, calls=[("bid", 1, "up")], options=options)
    page = browser(players[1]).get(f"/matches/{match.pk}/").content.decode()
    resolved = states.match_state(match).options

    assert page_ladder(page) == engine_ladder(resolved)


def test_the_default_ladder_reads_as_the_rules_write_it():
    view = {**new_game("king", seed=1).view(0), "table": {"auction": {"standing_bid": None}}}
    rungs = [(r["points"], [b["words"] for b in r["bids"]]) for r in ladder(view, ["A", "B", "C", "D"])]

    assert rungs == [
        (200, ["8 up"]),
        (175, ["7 up"]),
        (150, ["6 up", "2 down"]),
        (125, ["5 up"]),
        (100, ["4 up"]),
        (75, ["3 up", "1 down"]),
        (50, ["2 up"]),
        (25, ["1 up"]),
    ]
