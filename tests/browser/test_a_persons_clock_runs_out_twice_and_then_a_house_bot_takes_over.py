"""A person sits at a King table with three house bots and a tiny move time (2 s, strike
limit 2) and never moves: the table shows their clock counting down; the real worker plays
their first legal action when it runs out (a timeout, shown on their seat), then again, and at
the second a house bot takes the seat and plays on. The browser only shows the clock."""

import re

import pytest

from games.models import Event, Match
from tests.fixtures.browser import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_persons_clock_runs_out_twice_and_then_a_house_bot_takes_over(new_page, bot_worker, screenshot, settings):
    settings.PERSON_MOVE_SECONDS, settings.PERSON_STRIKE_LIMIT = 2, 2
    page = new_page(phone=True)
    sign_up(page, "sleeper")
    page.goto("/play/")
    page.check("input[name=ruleset][value=king]")
    page.select_option("select[name=strategy]", "random")
    page.locator("#play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(pk=int(re.search(r"/matches/(\d+)/", page.url).group(1)))
    assert (match.move_seconds, match.strike_limit) == (2, 2)

    page.wait_for_selector('#table[data-your-turn="true"] [data-seat-clock="0"].running')
    screenshot(page, "clock-running")

    page.wait_for_selector('[data-seat-clock="0"] .strikes')  # the first timeout, on the seat
    assert "1 of 2 timeouts" in page.inner_text('[data-seat-clock="0"]')
    screenshot(page, "one-timeout")

    # The house bots then play the table's run of moves in one go, so the match may already be
    # over when the page looks (and the live-only "#seat-taken" note gone): the seat's own line
    # says who played it either way.
    page.wait_for_selector('[data-seat-clock="0"].taken', timeout=30_000)
    assert "out of time; a house bot plays on" in page.inner_text('[data-seat-clock="0"]')
    screenshot(page, "taken-over")

    fallbacks = Event.objects.filter(stream=match.stream, type="action_fallback", payload__seat=0)
    assert fallbacks.count() == 2 and {e.metadata["actor"] for e in fallbacks} == {"clock"}
    taken = Event.objects.get(stream=match.stream, type="seat_taken_over")
    assert taken.payload == {"seat": 0, "by": "heuristic", "reason": "timeouts"}
    page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) > v", arg=taken.version + 8, timeout=30_000
    )
    by_bot = Event.objects.filter(stream=match.stream, version__gt=taken.version, metadata__seat=0)
    assert not by_bot.exists() or all(e.metadata["actor"].startswith("bot:") for e in by_bot)

    desktop = new_page()  # a spectator on a desktop sees the seat's state too
    desktop.goto(f"/matches/{match.pk}/")
    assert "out of time; a house bot plays on" in desktop.inner_text('[data-seat-clock="0"]')
    screenshot(desktop, "spectator-desktop")
