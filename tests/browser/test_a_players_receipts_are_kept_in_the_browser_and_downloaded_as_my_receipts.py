"""A player's moves on the table page are receipted and the page keeps each receipt in the
browser as it arrives (static/js/receipts.js): "My receipts" counts them, still after a reload,
and downloads them as one JSON file that the verify endpoint takes as it is. On a phone and on
a desktop (screenshots of the control under var/screenshots/).

Four people sit at the table (no bot, no worker): the others' moves are made through the
service while the page follows the match."""

import json

import pytest

from games.record import receipts
from games.service import creating, playing, states
from tests.fixtures.browser import PASSWORD, SCREENSHOTS, log_in
from tests.fixtures.people import client_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}


def caught_up(page, match):
    match.refresh_from_db()
    page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) === v", arg=match.version, timeout=20_000
    )


def test_the_page_keeps_each_receipt_and_downloads_my_receipts(new_page, django_user_model, settings, screenshot):
    settings.PERSON_MOVE_SECONDS = None  # no clock: nothing but the moves change the table
    people = [django_user_model.objects.create_user(f"person{i}", password=PASSWORD) for i in range(4)]
    match = creating.do_create_match("king", {}, people, seed=b"my receipts" * 3)
    me = people[states.match_state(match).to_act]
    page = new_page(phone=True)
    log_in(page, me.username)
    page.goto(f"/matches/{match.pk}/")
    assert page.inner_text("#my-receipts .count") == "0" and page.is_disabled("#my-receipts")

    versions = []  # the head after each of my moves, as the site answered it
    while len(versions) < 2:
        state = states.match_state(match)
        if state.to_act != people.index(me):
            playing.submit_action(match.pk, people[state.to_act], state.legal_actions()[0], match.version)
            caught_up(page, match)
            continue
        if page.locator("#choices button").count():
            page.locator("#choices button").first.click()
        else:
            page.locator("#hand button.legal:not([disabled])").first.click()
        match.refresh_from_db()
        page.wait_for_function("n => document.querySelector('#my-receipts .count').textContent === String(n)",
                               arg=len(versions) + 1)  # fmt: skip
        match.refresh_from_db()
        versions.append(match.version)
        caught_up(page, match)

    kept = page.evaluate(f"JSON.parse(localStorage.getItem('kingrifki.receipts.{match.stream}'))")
    assert [r["version"] for r in kept] == versions
    assert [n for n, _ in receipts.checked(kept, match.stream)] == [1, 2]
    screenshot(page, "phone")
    page.locator("#receipts").screenshot(path=str(SCREENSHOTS / "my-receipts-phone.png"))

    page.reload()
    assert page.inner_text("#my-receipts .count") == "2" and not page.is_disabled("#my-receipts")
    with page.expect_download() as download:
        page.click("#my-receipts")
    assert download.value.suggested_filename == f"match-{match.pk}-receipts.json"
    with open(download.value.path(), encoding="utf-8") as f:
        file = json.load(f)
    assert file["format"] == "kingrifki-receipts/1" and file["stream"] == match.stream
    assert file["receipts"] == kept
    report = client_for(me).post(f"/api/v1/matches/{match.pk}/verify/", file, format="json").json()
    assert report["ok"] and report["checks"][-1]["check"] == "receipts", report

    page.set_viewport_size(DESKTOP)
    screenshot(page, "desktop")
    page.locator("#receipts").screenshot(path=str(SCREENSHOTS / "my-receipts-desktop.png"))

    # The audit page the note links to publishes the key, and it fits a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#receipts a")
    page.wait_for_selector("#receipt-public-key")
    assert page.inner_text("#receipt-public-key") == receipts.public_key_hex() == kept[0]["key"]
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.locator("#receipt-key").screenshot(path=str(SCREENSHOTS / "receipt-key-phone.png"))
