"""Each button of the King's positive hand says what pressing it commits to, in words made from
the action it posts and the engine's values for the match's options: a bid its tricks, its
points and the payment; the ultimatum and its answer the top up bid (8 up by default, 6 up
under a 150 cap); accepting a bid who pays what; a choice of how to play the hand the hand's
name as the score sheet will print it. Pressing a button posts exactly its action."""

import html
import json
import re

from games.engine.king import UP_VALUE, bid_value
from games.models import Event
from games.service import states
from games.templatetags.cards import hand_name
from tests.pages.decisions import act, king_auction, king_positive
from tests.pages.tables import browser

BUTTON = re.compile(
    r'<button type="submit" name="action" value="([^"]*)"[^>]*>'
    r'<span class="label">(.*?)</span> <small class="detail">(.*?)</small></button>',
    re.S,
)


def labelled(page):
    """Each choice button as (its action, its label, what it commits to)."""
    found = BUTTON.findall(page)
    return [(json.loads(html.unescape(v)), html.unescape(label), html.unescape(d)) for v, label, d in found]


def test_each_bid_says_its_tricks_its_points_and_what_is_paid(players):
    match = king_auction(players, calls=[("bid", 4, "up")])
    page = browser(players[1]).get(f"/matches/{match.pk}/").content.decode()
    bids = [(a, label, detail) for a, label, detail in labelled(page) if a["type"] == "bid"]

    assert [a for a, _, _ in bids] == [a for a in states.match_state(match).legal_actions() if a["type"] == "bid"]
    for action, label, detail in bids:
        n, d = action["tricks"], action["direction"]
        assert label == f"Bid {n} {d}"
        assert detail.startswith(f"{bid_value(n, d)} points: ")
        if d == "up":
            assert f"you name trumps and pay player3 {bid_value(n, d)}; {n} tricks earn it back." in detail
        else:
            paid = f"played down and you pay player3 75 for each trick the dealer takes, at most {bid_value(n, d)}"
            assert paid in detail


def test_the_ultimatum_and_its_answer_name_the_top_up_bid_of_the_game(players):
    for cap, top in ((200, 8), (150, 6)):
        match = king_positive(players, options={"auction_max_value": cap})
        page = browser(players[3]).get(f"/matches/{match.pk}/").content.decode()
        ultimatum = [(label, d) for a, label, d in labelled(page) if a["type"] == "ultimatum"]
        assert ultimatum == [
            (
                f"Ultimatum: {top} up, or I play down",
                f"The first to take it plays {top} up and pays you {top * UP_VALUE} points; if nobody does, "
                "you play the hand down.",
            )
        ]
        act(match, players[3], {"type": "ultimatum"})
        page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
        answers = {a["type"]: (label, d) for a, label, d in labelled(page)}
        assert answers["take"] == (
            f"Take it: {top} up",
            f"{top * UP_VALUE} points: you name trumps and pay player3 {top * UP_VALUE}; {top} tricks earn it back.",
        )
        assert answers["pass"] == ("Pass", "If nobody takes it, player3 plays the hand down.")


def test_the_dealer_is_told_who_pays_what_for_the_winning_bid(players):
    match = king_auction(players, calls=[("bid", 2, "down"), ("pass",), ("pass",)])
    page = browser(players[3]).get(f"/matches/{match.pk}/").content.decode()
    answers = {a["type"]: (label, d) for a, label, d in labelled(page)}

    assert answers["accept"] == (
        "Accept 2 down by player0",
        "player0 decides how the hand is played and pays you up to 150.",
    )
    assert answers["decline"] == ("Decline the bid", "You play the hand yourself, up or down, and nobody pays.")
    # A foiled auction (at most 3 bids) may be forfeited: 4 up to the dealer, 3 up to each other.
    assert answers["forfeit"] == ("Forfeit the hand", "Nobody plays it: you score 100, each other player 75.")


def test_a_way_to_play_the_hand_is_named_as_the_score_sheet_names_it(players):
    match = king_auction(players, calls=[("pass",), ("pass",), ("pass",)])  # nobody bid: the dealer plays
    page = browser(players[3]).get(f"/matches/{match.pk}/").content.decode()
    contract = states.match_state(match).view(3)["table"]["contract"]
    chosen = [(a, label, d) for a, label, d in labelled(page) if a["type"] == "choose"]

    assert len(chosen) == 6  # four trump suits, no trump, down
    for action, label, detail in chosen:
        hand = {"name": contract["name"], "mode": action["mode"], "trump": action.get("trump")}
        assert label == f"Play {hand_name('king', hand)}"
        assert detail in (
            "Every trick is worth 25 to whoever takes it.",
            "Each player scores 325, less 75 for each trick they take.",
        )


def test_pressing_a_button_posts_exactly_its_action(players):
    match = king_auction(players, calls=[("bid", 4, "up")])
    client = browser(players[1])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    action, label, _ = next(b for b in labelled(page) if b[1] == "Bid 2 down")
    client.post(f"/matches/{match.pk}/act/", {"action": json.dumps(action), "expected_version": match.version})

    event = Event.objects.get(stream=match.stream, version=match.version + 1)
    assert (event.type, event.payload["tricks"], event.payload["direction"], event.payload["seat"]) == (
        "bid",
        2,
        "down",
        1,
    )
