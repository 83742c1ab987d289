"""Hand records (docs/tournaments.md, "Hand records for duplicate with cards"): for each board
of a duplicate event, every deal with its dealer (and declarer) and every seat's cards, derived
from the tournament's seed before any table plays, are exactly what its tables' matches are
dealt once the round starts: every deal_started of every table of the board, hands, dealer,
declarer, Kings in the Corner's layout and stock, and a cancelled deal's redeal. A fixed-board
event's records are its boards as the engine deals them. The page prints the same cards."""

import json
import re

import pytest

from games.engine import new_game
from games.models import Match
from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tests.tournaments.draws import event, signed_in
from tournaments import hand_records
from tournaments.models import TournamentTable
from tournaments.service import results, rounds

RANKS = "23456789TJQKA"
GAMES = [
    ("king", {"quick_game_combined_negatives": True}, 8),
    ("rifki", {"short_mode": True}, 8),
    ("corners", {"players": 3}, 6),
]


def dealt(match):
    """The deal_started events of a match, as the hand records keep a deal."""
    rows = eventlog.stream_events(f"match/{match.pk}")
    return [hand_records.record(r.payload) for r in rows if r.type == "deal_started"]


def printed(board, deal):
    """The hand records' entry for a deal (and redeal) a table was dealt."""
    return next(d for d in board.deals if (d["deal"], d["redeal"]) == (deal["deal"], deal["redeal"]))


def play_round(t, organiser, number):
    rounds.do_start_round(t.pk, organiser)
    matches = [x.match for x in TournamentTable.objects.filter(tournament=t, round=number).select_related("match")]
    for match in matches:
        run_until_over(match)
    return [Match.objects.get(pk=m.pk) for m in matches]


@pytest.mark.parametrize("ruleset, options, entrants", GAMES, ids=[g[0] for g in GAMES])
def test_every_deal_every_table_of_a_board_is_dealt_is_on_its_hand_record(
    organiser, make_bot, ruleset, options, entrants
):
    t = event(organiser, make_bot, "duplicate", entrants, rounds=2, ruleset=ruleset, options=options)
    before = {
        b.name: b for b in hand_records.boards(t, deals=hand_records.MOST_DEALS, redeals=hand_records.MOST_REDEALS)
    }
    assert sorted(before) == ["b0", "b1"] and before["b0"].rounds == [1] and before["b1"].rounds == [2]
    for number, name in ((1, "b0"), (2, "b1")):
        matches = play_round(t, organiser, number)
        assert len(matches) == 2 and {m.cards_group for m in matches} == {f"{t.stream}/board/{name}"}
        for match in matches:
            for deal in dealt(match):
                assert printed(before[name], deal) == deal, (name, match.pk, deal["deal"], deal["redeal"])
        if number == 1:
            results.do_close_round(t.pk, organiser)
    t.refresh_from_db()
    assert {b.name: b for b in hand_records.boards(t, deals=hand_records.MOST_DEALS, redeals=3)} == before


def test_a_fixed_board_events_records_are_its_boards_as_dealt(organiser, make_bot):
    boards = []
    for seed in (b"fixed-1", b"fixed-2"):
        started = next(e for e in new_game("king", seed=seed).events if e["type"] == "deal_started")
        boards.append({"dealer": started["dealer"], "hands": started["hands"], "contract": "no_hearts"})
    t = event(organiser, make_bot, "swiss", 4, rounds=2, options={}, boards=boards)
    found = hand_records.boards(t)
    assert [(b.name, b.rounds) for b in found] == [("1", [1]), ("2", [2])]
    assert [b.deals for b in found] == [
        [{"deal": 1, "redeal": 0, "dealer": board["dealer"], "hands": board["hands"]}] for board in boards
    ]
    match = play_round(t, organiser, 1)[0]
    assert dealt(match) == found[0].deals


def test_the_page_and_its_download_print_the_same_cards(organiser, make_bot):
    t = event(organiser, make_bot, "duplicate", 8, rounds=2)
    client = signed_in(organiser)
    page = client.get(f"/tournaments/{t.pk}/manage/hand-records/")
    assert page.status_code == 200
    text = page.content.decode()
    found = hand_records.boards(t)
    assert 'id="board-b0"' in text and 'id="board-b1"' in text
    assert text.count('class="deal"') == sum(len(b.deals) for b in found) == 2 * 7
    first = re.search(r'id="board-b0-deal-1".*?</article>', text, re.S).group(0)
    for seat, hand in enumerate(found[0].deals[0]["hands"], 1):
        assert f"Seat {seat}</strong>" in first
        for suit, symbol in zip("SHDC", "♠♥♦♣"):
            held = sorted((c[0] for c in hand if c[1] == suit), key=RANKS.index, reverse=True)
            if held:
                assert f"{symbol}</span> {' '.join('10' if r == 'T' else r for r in held)}</p>" in first
    compact = client.get(f"/tournaments/{t.pk}/manage/hand-records/?compact=1").content.decode()
    assert 'class="compact-deals"' in compact and compact.count('<tr id="board-') == 14
    download = client.get(f"/tournaments/{t.pk}/manage/hand-records/?export=json")
    assert download["Content-Disposition"].startswith("attachment;")
    data = json.loads(download.content)
    assert data["seed_sha256"] == t.seed_sha256 and t.seed not in download.content.decode()
    assert [b["deals"] for b in data["boards"]] == [b.deals for b in found]
