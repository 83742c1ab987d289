"""Rifki asks every seat in turn whether to cancel a trump deal for want of high cards (asking
only the weak hands would tell the table who they are). The page says plainly what the question
means for the seat asked: a hand that may cancel sees its turn and the claim button; any other
waits for the question as every other seat does, with nothing to click and no turn of its own;
nobody gets a "Play on" button, as the clock plays on for every hand at the same delay
(docs/misdeal-question.md). The King auction names the standing bid once ("8 up, by Ana")."""

import json

import pytest

from games.engine.cards import DECK
from games.service import creating, playing
from tests.pages.tables import browser, buttons

LOW = [c for c in DECK if c[0] in "23456789T"]
HIGH = [c for c in DECK if c[0] in "JQKA"]
TRUMPS = {"type": "contract", "name": "trump", "suit": "S"}


def asked_after_trumps(person, bot, declarer_hand):
    """A Rifki deal where ``person``, the declarer in seat 0, has named spades as trumps."""
    others = [c for c in DECK if c not in declarer_hand]
    board = {"declarer": 0, "hands": [declarer_hand, others[:13], others[13:26], others[26:]]}
    match = creating.do_create_match("rifki", {}, [person, bot, bot, bot], board=board)
    playing.submit_action(match.pk, person, TRUMPS, match.version)
    match.refresh_from_db()
    return match


def labels(page):
    return {json.loads(b["value"])["type"]: b for b in buttons(page) if b.get("name") == "action"}


@pytest.mark.parametrize("hand", [HIGH[:13], HIGH[3:9] + LOW[:7]])
def test_a_hand_with_a_card_above_a_ten_waits_for_the_question_with_nothing_to_click(players, make_bot, hand):
    match = asked_after_trumps(players[0], make_bot(), hand)
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()

    assert "Waiting for the misdeal question (" in page and "<title>● Your turn" not in page
    assert "Your turn:" not in page  # neither in the status line nor anywhere else in words
    assert list(labels(page)) == []  # the clock plays on for them: no button to click
    assert ">Play on</button>" not in page and ">Pass</button>" not in page
    assert "above a ten" not in page and 'data-your-turn="false"' in page


def test_a_hand_without_one_may_claim_and_otherwise_play_goes_on_by_itself(players, make_bot):
    match = asked_after_trumps(players[0], make_bot(), LOW[:13])
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()

    assert "Your turn: claim a misdeal or play on." in page
    assert list(labels(page)) == ["cancel"]
    assert ">Claim a misdeal</button>" in page and ">Play on</button>" not in page
    assert "You may claim a misdeal" in page and "Play goes on by itself in" in page


def test_the_other_seats_see_only_that_the_question_is_asked(players, make_bot):
    match = asked_after_trumps(players[0], make_bot(), HIGH[:13])
    page = browser(players[1]).get(f"/matches/{match.pk}/").content.decode()

    assert "Waiting for the misdeal question (" in page
    assert "above a ten" not in page and "player0 to claim" not in page


def test_the_auction_names_the_standing_bid_once(players, make_bot):
    from games.pages.decisions import auction_lines

    auction = {
        "standing_bid": {"tricks": 8, "direction": "up", "bidder": 2},
        "history": [{"type": "bid", "seat": 2, "tricks": 8, "direction": "up"}, {"type": "pass", "seat": 3}],
    }
    lines = auction_lines("king", auction, ["Ana", "Bo", "Cy", "Di"])

    assert lines["standing"] == "8 up, by Cy"
    assert [(c["name"], c["label"]) for c in lines["calls"]] == [("Cy", "Bid 8 up"), ("Di", "Pass")]
