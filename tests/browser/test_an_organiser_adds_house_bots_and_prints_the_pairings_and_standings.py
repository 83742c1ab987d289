"""An organiser in a real browser enters seven house bots in one step on the manage page, draws
round 1 and opens the printable pairings and standings from the manage page (docs/tournaments.md,
"Several house bots at once", "Printed pairings and standings"): the sheets fit 390x844 and
1280x800, and printed (print media, an A4 PDF) they drop the site's header and tools and keep
the big table numbers. Screenshots and the PDF are saved under var/screenshots/. No worker: the
pages only read what the clicks stored."""

import pytest

from tests.fixtures.browser import PASSWORD, SCREENSHOTS, log_in
from tournaments.models import Entrant
from tournaments.service import creation, entries

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
SCREENS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
A4 = {"width": 794, "height": 1123}  # 210 x 297 mm at 96 dpi
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


def test_house_bots_added_in_one_step_and_the_printed_sheets(new_page, django_user_model, screenshot):
    organiser = django_user_model.objects.create_user("thursday-club-organiser", password=PASSWORD)
    t = creation.do_create_tournament(organiser, "Thursday King night, spring season", "king", {}, "swiss", 3)
    ana = django_user_model.objects.create_user("ana-maria-de-souza", password=PASSWORD)
    entries.do_register(t.pk, ana, user=ana)

    page = new_page(phone=True)
    page.set_viewport_size(SCREENS["phone"])
    log_in(page, organiser.username)
    page.goto(f"/tournaments/{t.pk}/manage/")
    page.fill("#id_count", "7")
    page.select_option("#id_strength", "montecarlo")
    screenshot(page, "manage-house-bots-phone")
    page.locator("#add-house-bots").click()
    page.wait_for_selector("text=7 house bots are registered")
    assert Entrant.objects.filter(tournament=t, bot__strategy="montecarlo").count() == 7
    page.locator("#draw-round").click()
    page.wait_for_selector("text=Round 1 is drawn")
    page.locator("#print-pairings").click()
    page.wait_for_selector("#pairings-round-1")
    assert page.locator(".pairing").count() == 2

    for screen, size in SCREENS.items():
        page.set_viewport_size(size)
        for name, url in [
            ("pairings", f"/tournaments/{t.pk}/print/pairings/"),
            ("standings", f"/tournaments/{t.pk}/print/standings/"),
        ]:
            page.goto(url)
            screenshot(page, f"print-{name}-{screen}")
            assert page.evaluate(PAGE_WIDTH) <= size["width"], (screen, name)

    page.set_viewport_size(A4)
    for name in ("pairings", "standings"):
        page.goto(f"/tournaments/{t.pk}/print/{name}/")
        page.emulate_media(media="print")
        assert not page.locator("header.site").is_visible() and not page.locator(".print-tools").is_visible()
        assert page.locator(".sheet-title").is_visible()
        screenshot(page, f"print-{name}-as-printed")
        pdf = SCREENSHOTS / f"print-{name}.pdf"
        page.pdf(path=str(pdf), format="A4", print_background=True)
        assert pdf.stat().st_size > 0
        page.emulate_media(media="screen")
    page.goto(f"/tournaments/{t.pk}/print/pairings/")
    page.emulate_media(media="print")
    size = page.evaluate("() => getComputedStyle(document.querySelector('.pairing .number')).fontSize")
    assert float(size.removesuffix("px")) >= 36  # 30 pt: a table number read from a step away
