"""GET matches/<id>/ while Rifki's misdeal question is asked (docs/misdeal-question.md): a seat with
nothing to answer (the seat asked that holds a card above a ten, every other seat, a weak hand
before its own turn, a spectator) reads "Waiting for the misdeal question (3 s)", with its
countdown, and nothing says it is their turn (no "Your turn", no tab title, no your-turn mark, no
button). What the page says is the same for each of them, so it never tells who may claim; only
the asked seat that may claim sees its turn and the Claim button."""

import html
import re

import pytest

from games.engine.cards import DECK
from games.service import creating, playing
from tests.pages.tables import browser, choices

pytestmark = pytest.mark.django_db

LOW = [c for c in DECK if c[0] in "23456789T"]
TRUMPS = {"type": "contract", "name": "trump", "suit": "S"}


def asked(players, weak_seat):
    """A Rifki deal of four people where the declarer (seat 0) has named trumps, so seat 0 is
    asked first; only ``weak_seat`` holds no card above a ten."""
    rest = [c for c in DECK if c not in LOW[:13]]
    strong = iter([rest[i::3] for i in range(3)])
    hands = [LOW[:13] if seat == weak_seat else next(strong) for seat in range(4)]
    match = creating.do_create_match("rifki", {}, players, board={"declarer": 0, "hands": hands})
    playing.submit_action(match.pk, players[0], TRUMPS, match.version)
    match.refresh_from_db()
    return match


def said(page):
    """What a viewer is told about the question: the tab's title, the table's own marks, the
    status line in words (its countdown as "n": the seconds left run on between two requests),
    the choices offered and any words about claiming."""
    table = re.search(r'<div id="table" class="([^"]*)"[^>]*data-your-turn="(\w+)"', page)
    status = re.search(r'<p id="status"[^>]*>(.*?)</p>', page, re.S).group(1)
    return {
        "title": html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1)).split("—")[0].strip()[:1],
        "classes": table.group(1),
        "your_turn": table.group(2),
        "status": re.sub(r"\d+", "n", " ".join(html.unescape(re.sub(r"<[^>]+>", "", status)).split())),
        "choices": choices(page),
        "claim": [words for words in ("Claim a misdeal", "You may claim", "above a ten") if words in page],
    }


def test_every_seat_with_nothing_to_claim_reads_the_same_waiting_line(players, client):
    match = asked(players, weak_seat=2)  # seat 0 is asked, and holds a card above a ten
    pages = {seat: browser(players[seat]).get(f"/matches/{match.pk}/").content.decode() for seat in range(4)}
    pages["spectator"] = client.get(f"/matches/{match.pk}/").content.decode()
    seen = {who: said(page) for who, page in pages.items()}

    asked_seat = seen[0]
    assert asked_seat["status"] == "Waiting for the misdeal question (n s)"
    countdown = re.search(r'<p id="status"[^>]*>.*?data-countdown="(\d+)"', pages[0], re.S)
    assert 1 <= int(countdown.group(1)) <= 3  # it counts down the question's 3 seconds
    assert asked_seat["your_turn"] == "false" and "your-turn" not in asked_seat["classes"].split()
    assert asked_seat["choices"] == [] and asked_seat["claim"] == [] and asked_seat["title"] != "●"
    assert "Your turn" not in asked_seat["status"]
    # The asked seat, the others (the weak seat 2 among them) and a spectator: word for word the same.
    assert all(seen[who] == asked_seat for who in (1, 2, 3, "spectator")), seen


def test_only_the_asked_seat_that_may_claim_sees_its_turn_and_the_others_read_the_same_line(players, client):
    match = asked(players, weak_seat=0)  # seat 0 is asked, and may claim
    claimer = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert said(claimer)["status"].startswith("Your turn") and said(claimer)["your_turn"] == "true"
    assert said(claimer)["choices"] == [{"action": '{"type": "cancel"}'}]
    assert ">Claim a misdeal</button>" in claimer

    others = [said(browser(players[seat]).get(f"/matches/{match.pk}/").content.decode()) for seat in (1, 2, 3)]
    others.append(said(client.get(f"/matches/{match.pk}/").content.decode()))
    strong_asked = asked(players, weak_seat=2)
    before = said(browser(players[1]).get(f"/matches/{strong_asked.pk}/").content.decode())
    # Whether the seat asked may claim or not, the others read the same: the page tells them nothing.
    assert all(o == before for o in others), (others, before)
