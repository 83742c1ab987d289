"""An organiser creates a small tournament in the browser, registers four bots, starts the
round (a real worker plays it), closes it once every table is over, and downloads the
standings as CSV: the same sheet the API serves, every bot ranked."""

import csv
import io
import time

import pytest

from games import eventlog
from tests.bots.conftest import make_bot  # noqa: F401  (fixture)
from tournaments import projection, read
from tournaments import standings as folds
from tournaments.models import Tournament

from .conftest import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_an_organiser_creates_a_tournament_registers_bots_runs_a_round_and_exports_standings(
    new_page, bot_worker, make_bot, screenshot
):  # noqa: F811
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
