"""A club night's draw and a duplicate event's hand records in a real browser, at 390x844 and
1280x800 (docs/tournaments.md, "Draw, check-in and start", "Hand records for duplicate with
cards"): the manage page with a drawn round and its buttons, the tournament page and the
projector under "Round 1 — drawn, not started", and the hand records (one board a page, and the
compact sheet) are no wider than the screen; each is saved under var/screenshots/. No worker:
the data is made in this process, and the pages only read it."""

import pytest

from tests.fixtures.browser import PASSWORD, log_in
from tournaments.service import creation, entries, rounds

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
SCREENS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"
# The innermost elements past the screen's right edge, for the failure message.
OVERFLOWING = """w => Array.from(document.querySelectorAll("body *"))
  .filter(el => el.getBoundingClientRect().right > w + 1)
  .filter(el => !Array.from(el.children).some(c => c.getBoundingClientRect().right > w + 1))
  .slice(0, 6)
  .map(el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + " "
             + Math.round(el.getBoundingClientRect().right))"""


def test_the_draw_and_the_hand_records_fit_a_phone_and_a_desktop(new_page, make_bot, django_user_model, screenshot):
    organiser = django_user_model.objects.create_user("organiser-of-the-thursday-club", password=PASSWORD)
    t = creation.do_create_tournament(
        organiser,
        "Thursday duplicate King, spring season",
        "king",
        {"quick_game_combined_negatives": True},
        "duplicate",
        2,
    )
    for i in range(7):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"thursday_club_player_{i}_with_a_long_name"))
    person = django_user_model.objects.create_user("ana-maria-de-souza", password=PASSWORD)
    entries.do_register(t.pk, organiser, user=person)  # invited: accepted below
    entrant = t.entrants.get(user=person)
    entries.do_answer_invitation(entrant.pk, person, accept=True)
    entries.do_check_in(entrant.pk, person)
    rounds.do_draw_round(t.pk, organiser)

    for screen, size in SCREENS.items():
        page = new_page(phone=screen == "phone")
        page.set_viewport_size(size)
        log_in(page, organiser.username)
        for name, url in [
            ("manage", f"/tournaments/{t.pk}/manage/"),
            ("tournament", f"/tournaments/{t.pk}/"),
            ("projector", f"/tournaments/{t.pk}/projector/"),
            ("hand-records", f"/tournaments/{t.pk}/manage/hand-records/"),
            ("hand-records-compact", f"/tournaments/{t.pk}/manage/hand-records/?compact=1"),
            ("table-cards", f"/tournaments/{t.pk}/manage/cards/"),
        ]:
            page.goto(url)
            screenshot(page, f"{name}-{screen}")
            assert page.evaluate(PAGE_WIDTH) <= size["width"], (screen, url, page.evaluate(OVERFLOWING, size["width"]))
        page.goto(f"/tournaments/{t.pk}/manage/")
        assert page.locator("#start-round").is_visible() and page.locator("#redraw-round").is_visible()
        page.goto(f"/tournaments/{t.pk}/")
        assert page.get_by_text("Round 1 — drawn, not started").is_visible()
