"""A newcomer signs up, sits down at a King table with three built-in bots (played by a real
worker), plays a whole deal by clicking cards, then reads the score sheet: on a phone-sized
screen, with every decision going through the page and nothing through the API."""

import re

import pytest

from games.engine.playout import score_sheet_rows
from games.models import Match
from games.record import eventlog
from games.service import states
from tests.fixtures.browser import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DEAL_TIMEOUT_MS = 120_000


def scored_deals(page):
    return page.locator("#scores tbody tr").count()


def test_a_newcomer_signs_up_plays_a_whole_deal_by_clicking_and_reads_the_score_sheet(new_page, bot_worker, screenshot):
    page = new_page(phone=True)
    sign_up(page, "newcomer")
    page.get_by_role("button", name="Menu").click()  # a phone's header folds the site's links
    page.get_by_role("link", name="Play").first.click()
    page.check("input[name=ruleset][value=king]")
    page.select_option("select[name=strategy]", "random")
    page.locator("#play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(pk=int(re.search(r"/matches/(\d+)/", page.url).group(1)))

    cards, choices, shot = [], 0, False
    while scored_deals(page) == 0:
        page.wait_for_selector('#table[data-your-turn="true"], #scores tbody tr', timeout=DEAL_TIMEOUT_MS)
        if scored_deals(page):
            break
        if not shot:
            screenshot(page, "table")
            shot = True
        version = page.get_attribute("#table", "data-version")
        if page.locator("#choices button").count():
            page.locator("#choices button").first.click()
            choices += 1
        else:
            legal = page.locator("#hand button.legal:not([disabled])")
            assert legal.count() >= 1
            cards.append(legal.first.get_attribute("data-card"))
            legal.first.click()
        page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    screenshot(page, "deal-scored")

    # Every card the newcomer clicked is in the log as seat 0's play, by the newcomer, in order.
    rows = eventlog.stream_events(match.stream)
    first_deal_end = next(r.version for r in rows if r.type == "deal_ended")
    played = [
        r.payload["card"] for r in rows if r.type == "play" and r.payload["seat"] == 0 and r.version < first_deal_end
    ]
    assert played == cards and len(cards) >= 1
    assert {r.metadata["actor"] for r in rows if r.type == "play" and r.payload["seat"] == 0} == {
        f"user:{match.seats.get(index=0).user_id}"
    }

    page.click("#sheet-link")
    page.wait_for_selector("#score-sheet")
    screenshot(page, "score-sheet")
    state = states.match_state(Match.objects.get(pk=match.pk))
    sheet = score_sheet_rows(state)
    first = page.locator("#score-sheet tbody tr").first
    cells = [c.strip() for c in first.locator("td").all_inner_texts()]
    row = sheet["rows"][0]
    assert cells[1] == row["label"] and [int(c) for c in cells[2:6]] == row["scores"]
    assert int(cells[6]) == row["total"]
