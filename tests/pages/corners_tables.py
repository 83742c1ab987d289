"""Helpers for the corners table page tests (tests/pages/test_table_corners_*.py): a fixed hand of
Kings in the Corner at a table of three, a person in seat 0 and a built-in bot in the others."""

from games.engine.cards import DECK
from games.service import creating

# Seat 0 acts first (the dealer is seat 2). The north pile's 9♠ may move onto the east pile's
# 10♥; the 8♥ goes onto the 9♠ (north) and onto no other pile; the K♣ goes into any corner.
HANDS = [["8H", "KC", "2D"], ["3S", "4S", "5S", "6S", "7S"], ["3H", "4H", "5H", "6H", "7H"]]
LAYOUT = {"N": "9S", "E": "TH", "S": "5C", "W": "QD"}


def corners_board():
    used = {c for hand in HANDS for c in hand} | set(LAYOUT.values())
    return {"dealer": 2, "hands": HANDS, "layout": LAYOUT, "stock": [c for c in DECK if c not in used]}


def corners_hand(person, bot, options=None):
    """A corners match of one fixed hand: ``person`` in seat 0 (to act), ``bot`` in seats 1 and 2."""
    opts = {"players": 3, **(options or {})}
    return creating.do_create_match("corners", opts, [person, bot, bot], board=corners_board(), created_by=person)
