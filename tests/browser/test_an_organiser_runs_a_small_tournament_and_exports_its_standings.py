"""An organiser creates a small tournament in the browser, registers four bots, starts the
round (a real worker plays it), closes it once every table is over, and downloads the
standings as CSV: the same sheet the API serves, every bot ranked. Then the room's pages: the
projector on a wall (1920x1080), a small screen (1280x720) and a phone, and the table cards in print."""

import csv
import io
import re
import time

import pytest

from games.record import eventlog
from tests.fixtures.browser import sign_up
from tournaments import projection, read
from tournaments import standings as folds
from tournaments.models import Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_an_organiser_creates_a_tournament_registers_bots_runs_a_round_and_exports_standings(
    new_page, bot_worker, make_bot, screenshot
):
    bots = [make_bot(name=f"club-bot-{i}", strategy="random") for i in range(4)]
    page = new_page()
    sign_up(page, "organiser")

    page.get_by_role("link", name="New tournament").click()
    page.fill("#id_name", "Friday night King")
    page.select_option("#id_ruleset", "king")
    page.select_option("#id_format", "swiss")
    page.fill("#id_rounds", "1")
    page.click("#king-options summary")
    page.select_option("#id_king__quick_game_combined_negatives", "true")
    screenshot(page, "new")
    page.click("#create-tournament")
    page.wait_for_selector("#register-bot")
    tournament = Tournament.objects.get(name="Friday night King")
    assert tournament.options["quick_game_combined_negatives"] is True and tournament.rounds == 1

    for bot in bots:
        page.fill("#id_bot", bot.name)
        page.click("#register-bot")
        page.wait_for_selector(f"#entrants >> text={bot.name}")
    page.click("#start-round")
    page.wait_for_selector("#manage-rounds >> text=Round 1")
    screenshot(page, "round-started")

    # The worker plays the table; the organiser closes the round once its result is in.
    deadline = time.monotonic() + 120
    while True:
        page.wait_for_selector("#manage-rounds td:text-is('over')", timeout=120_000)
        page.click("#close-round")
        page.wait_for_load_state()
        if page.locator("#refusal").count() == 0:
            break
        assert time.monotonic() < deadline, page.inner_text("#refusal")
        time.sleep(1)  # the result is being recorded
        page.goto(f"/tournaments/{tournament.pk}/manage/")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    types = [r.type for r in eventlog.stream_events(tournament.stream)]
    assert types.count("entrant_registered") == 4 and types[-2:] == ["round_closed", "tournament_ended"]
    screenshot(page, "finished")

    with page.expect_download() as download:
        page.click("#export-csv")
    text = open(download.value.path(), encoding="utf-8").read()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["root_hash"] for r in rows} == {read.root_hash(tournament)}
    expected = folds.ranking(projection.update_standings(tournament.pk))
    assert [r["name"] for r in rows] == [row.name for row in expected]
    assert sorted(r["name"] for r in rows) == sorted(bot.name for bot in bots)

    # The room's pages: the projector reads from across a room on a 1920x1080 wall and still
    # fits 1280x720 and a phone; the table cards print with nothing of the site around them.
    projector = f"/tournaments/{tournament.pk}/projector/"
    for width, height in ((1920, 1080), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(projector)
        page.wait_for_selector("#projector-table-1")
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing off the side
        body_px = float(page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)"))
        assert body_px >= (24 if width == 1920 else 16)  # big type on a wall
        assert page.locator("header.site").count() == 0
        screenshot(page, f"projector-{width}")
    phone = new_page(phone=True)
    phone.goto(projector)
    phone.wait_for_selector("#projector-table-1")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "projector-phone")

    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/tournaments/{tournament.pk}/manage/")
    page.click("#table-cards")
    page.wait_for_selector("#card-1")
    page.emulate_media(media="print")
    assert not page.locator("header.site").is_visible() and not page.locator(".cards-intro").is_visible()
    screenshot(page, "table-cards-print")
    for paper in ("A4", "Letter"):  # one table: one card, on one page of either paper
        pdf = page.pdf(format=paper)
        assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1
