"""The ladder's public board and a bot's page with its ladder section and rating chart, after a
few rated ladder matches: on a 390 px phone no page is wider than the screen, the board's
columns all fit it (none hidden in a sideways scroll), the chart is drawn
with its text alternative, and only the owner sees the buttons. Screenshots for review (phone
and desktop). No worker: the matches are played and rated in this process."""

import pytest

from bots import registry
from games.models import Match, Seat
from games.service import playing, states
from tests.fixtures.browser import PASSWORD, PHONE, log_in
from tournaments.ladder import service as ladder_service
from tournaments.models import LadderTable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"
OWNERS = ("ana", "bruno", "cem", "deniz")


def play_and_rate(table):
    match = table.match
    while match.status != Match.Status.OVER:
        seat = states.current_state(match).to_act
        bot = Seat.objects.get(match=match, index=seat).bot
        playing.do_act(match.pk, f"bot:{bot.pk}", lambda m, seat=seat: seat, playing.FALLBACK, match.version)
        match.refresh_from_db()
    ladder_service.do_rate_match(match.pk)


@pytest.fixture
def rated_ladder(django_user_model, settings, monkeypatch):
    import tournaments.ladder.tasks

    monkeypatch.setattr(tournaments.ladder.tasks.rate_ladder_match, "apply_async", lambda args: None)  # rated below
    settings.LADDER_OPTIONS = {"king": {"quick_game_combined_negatives": True}}
    settings.LADDER_ANCHORS = ["random"]
    bots = []
    for name in OWNERS:
        owner = django_user_model.objects.create_user(name, password=PASSWORD)
        bots.append(registry.register(owner, f"{name}-bot-with-a-longish-name", "polling")[0])
        ladder_service.do_join("king", owner, bots[-1].pk)
    for _ in range(3):
        for table in ladder_service.do_seat_tables("king"):
            play_and_rate(LadderTable.objects.select_related("match").get(pk=table.pk))
    return bots


def test_the_board_and_the_bots_page_fit_and_show_the_chart(new_page, rated_ladder, screenshot):
    """On a phone, then on a desktop, on the one ladder (its matches, played and rated once, are
    most of the test's time)."""
    for phone in (True, False):
        read_on(phone, new_page, rated_ladder, screenshot)


def read_on(phone, new_page, rated_ladder, screenshot):
    screen = "phone" if phone else "desktop"
    page = new_page(phone=phone)
    page.goto("/ladder/king/")
    screenshot(page, f"{screen}-board")
    assert not phone or page.evaluate(PAGE_WIDTH) <= PHONE["width"]
    board = page.locator("#ladder-board").bounding_box()  # every column in sight, none scrolled off
    assert not phone or board["x"] + board["width"] <= PHONE["width"]
    for bot in rated_ladder:
        assert page.get_by_role("link", name=bot.name).count() == 1

    log_in(page, "ana")
    page.goto(f"/bots/{rated_ladder[0].pk}/")
    screenshot(page, f"{screen}-bot-page")
    assert not phone or page.evaluate(PAGE_WIDTH) <= PHONE["width"]
    chart = page.locator("svg").first
    assert chart.is_visible() and chart.get_attribute("role") == "img"
    assert (
        page.get_by_role("button", name="Pause").count() == 1
        and page.get_by_role("button", name="Leave the ladder").count() == 1
    )

    stranger = new_page(phone=phone)
    stranger.goto(f"/bots/{rated_ladder[0].pk}/")
    assert stranger.locator("svg").count() >= 1
    assert stranger.get_by_role("button", name="Pause").count() == 0
