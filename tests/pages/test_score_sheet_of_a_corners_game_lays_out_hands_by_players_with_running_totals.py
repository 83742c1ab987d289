"""GET matches/<id>/sheet/ of a Kings in the Corner game, as the source documents keep it (pagat,
docs/rules.md §3.1 and §3.3): a row per hand with its dealer and how it ended (no contract column), a
pair of columns per player at any table size (the hand's penalty points or chips, the running
total), the totals, the target or number of hands, which total wins and the winner; the Jax
game's chip ledger per hand; a zero-sum check only where every hand nets to zero."""

import re

import pytest

from games.engine.playout import contract_label
from games.service import states
from tests.audit.corners_matches import finished_corners
from tests.pages.tables import CELL, ROW, table_rows

pytestmark = pytest.mark.django_db


def sheet_of(client, match):
    response = client.get(f"/matches/{match.pk}/sheet/")
    assert response.status_code == 200
    return response.content.decode()


def names_of(players):
    return [f"corners{i}" for i in range(players)]


def running(deal_scores, n):
    totals, out = [0] * n, []
    for scores in deal_scores:
        totals = [t + v for t, v in zip(totals, scores)]
        out.append(totals)
    return out


def part(page, element_id):
    return re.search(rf'<table[^>]*id="{element_id}"[^>]*>(.*?)</table>', page, re.S).group(1)


def rows_of(html, section):
    body = re.search(rf"<{section}>(.*?)</{section}>", html, re.S).group(1)
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in CELL.findall(r)] for r in ROW.findall(body)]


@pytest.mark.parametrize("players", [3, 5])
def test_a_penalty_game_shows_each_players_hand_points_and_running_total(make_bot, client, players):
    match = finished_corners(make_bot, "corners", players)
    state = states.match_state(match)
    names = names_of(players)
    page = sheet_of(client, match)
    head = table_rows(page, "thead")
    assert head[0] == ["Hand", "Dealer", "How it ended", *names]
    assert head[1] == ["hand", "total"] * players
    assert page.count('colspan="2" class="player"') == players
    rows = table_rows(page, "tbody")
    assert len(rows) == len(state.deals) == 2
    for row, record, totals in zip(rows, state.deals, running(state.deal_scores, players)):
        assert re.sub(r"<[^>]+>", "", row[0]) == str(record["deal"])  # the number links the deal's replay
        assert row[1] == names[record["dealer"]]
        assert row[2] == contract_label("corners", record, names=names)
        assert [int(v) for v in row[3::2]] == record["scores"]
        assert [int(v) for v in row[4::2]] == totals
    assert [int(v) for v in table_rows(page, "tfoot")[0][1:]] == state.scores
    assert "Contract" not in page and "None" not in page
    terms = re.search(r'id="sheet-terms">(.*?)</p>', page, re.S).group(1)
    assert "penalty points over 2 hands; the lowest total wins" in terms
    zero = re.search(r'id="zero-sum"[^>]*>(.*?)</p>', page, re.S).group(1)
    assert "Penalty points do not sum to zero" in zero and "✓" not in zero and "✗" not in zero
    winners = re.search(r'id="winners">(.*?)</p>', page).group(1)
    assert ", ".join(names[s] for s in state.winners) in winners
    assert min(state.scores) == state.scores[state.winners[0]]
    assert 'id="chip-ledger"' not in page


@pytest.mark.parametrize("players", [3, 5])
def test_the_jax_game_shows_its_target_and_each_hands_chip_ledger(make_bot, client, players):
    match = finished_corners(make_bot, "corners_jax", players)
    state = states.match_state(match)
    names = names_of(players)
    page = sheet_of(client, match)
    terms = re.search(r'id="sheet-terms">(.*?)</p>', page, re.S).group(1)
    assert "points (the winner takes the pot)" in terms
    assert "the first total to reach 12 ends the game, and the highest total wins" in terms
    assert "None" not in page and "Contract" not in page
    ledger = part(page, "chip-ledger")
    assert rows_of(ledger, "thead")[0] == ["Hand", *names, "Carried in", "Pot", "Taken by"]
    rows = rows_of(ledger, "tbody")
    assert len(rows) == len(state.deals) >= 1
    for row, record in zip(rows, state.deals):
        book = record["ledger"]
        assert [int(cell.split()[0]) for cell in row[1 : players + 1]] == book["paid"]
        carried, pot = int(row[players + 1]), int(row[players + 2])
        assert carried == book["carried"] and pot == carried + sum(book["paid"])
        if record["scored"]:
            assert pot == record["pot"] == record["scores"][record["winner"]] + record["debt_repaid"]
            assert row[-1] == f"{names[record['winner']]} took {pot}"
        else:
            assert row[-1].startswith("nobody")
    zero = re.search(r'id="zero-sum"[^>]*>(.*?)</p>', page, re.S).group(1)
    assert "Only each hand's winner scores" in zero
    winners = re.search(r'id="winners">(.*?)</p>', page).group(1)
    assert max(state.scores) >= 12 and names[state.winners[0]] in winners


def test_a_pagat_chip_game_nets_to_zero_and_says_so(make_bot, client):
    match = finished_corners(make_bot, "corners", 4, {"scoring": "chips_pot"})
    state = states.match_state(match)
    page = sheet_of(client, match)
    assert sum(state.scores) == 0
    assert "Sum of totals = 0 ✓" in page
    assert 'id="chip-ledger"' in page and "net chips" in page


def test_a_game_in_progress_to_a_target_names_its_hand_and_no_total_of_hands(make_bot, client):
    from games.service import creating

    bots = [make_bot(name=f"corners{i}") for i in range(4)]
    match = creating.do_create_match("corners_jax", {"players": 4}, bots, seed=b"live" * 8)
    page = sheet_of(client, match)
    status = re.search(r'id="sheet-status">(.*?)</p>', page, re.S).group(1)
    assert status == "Hand 1 in play: 0 hands scored so far; only finished hands are shown."
    assert "None" not in page and "of None" not in page
    assert "No hand has finished yet." in page
    assert 'colspan="11"' in page  # the empty row spans the whole sheet: 3 columns and 2 a player
    assert 'id="winners"' not in page
