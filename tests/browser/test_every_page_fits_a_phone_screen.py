"""On a 390 px phone no page is wider than the screen (a wider page zooms out, and taps land on
the wrong element): the home page, a tournament's public page, the new-tournament form, the
manage page with entrants and a round started, the table page of a finished King game and its
score sheet. Wide tables scroll inside their own box; the table's scores panel shows all four
scores at once, a trick's cards sit level, the audit page keeps each label beside its control,
and each of the score sheet's four score columns can be brought on screen. No worker: the data
is made in this process, and the pages only read it."""

import pytest

from games.service import creating
from tests.fixtures.bots import run_until_over
from tests.fixtures.browser import PASSWORD, PHONE, log_in
from tournaments import projection
from tournaments.service import creation, entries, rounds

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
WIDTH = PHONE["width"]

# The page's width; on a phone a wider page widens the layout viewport (innerWidth) with it
# as the page zooms out, so both are held to the screen's width.
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"

# The innermost elements that stick out past the screen's right edge (for the failure message).
OVERFLOWING = """w => Array.from(document.querySelectorAll("body *"))
  .filter(el => el.getBoundingClientRect().right > w + 1)
  .filter(el => !Array.from(el.children).some(c => c.getBoundingClientRect().right > w + 1))
  .slice(0, 6).map(el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
                   + (el.className ? "." + el.className : "") + " " + Math.round(el.getBoundingClientRect().right))"""

# A cell can be read if scrolling the boxes around it brings it wholly on screen and inside
# every box around it that clips.
REACHABLE = """(el, w) => {
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.left < -1 || r.right > w + 1) return false;
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflowX === "visible") continue;
    const b = box.getBoundingClientRect();
    if (r.left < b.left - 1 || r.right > b.right + 1) return false;
  }
  return true;
}"""


def test_every_page_fits_a_390_px_phone(new_page, make_bot, django_user_model, screenshot):
    organiser = django_user_model.objects.create_user("organiser-with-a-longish-name", password=PASSWORD)
    make_bot(name="house-heuristic")  # the house bot that fills a round's empty seats
    bots = [make_bot(name=f"club_bot_{i}_of_the_thursday_league") for i in range(4)]
    t = creation.do_create_tournament(
        organiser,
        "The Thursday night King league, spring season",
        "king",
        {"quick_game_combined_negatives": True},
        "swiss",
        3,
    )
    for bot in bots:
        entries.do_register(t.pk, organiser, bot=bot)
    entries.do_register(t.pk, organiser, user=organiser)
    rounds.do_start_round(t.pk, organiser)  # 5 entrants and 3 house bots: two tables
    projection.update_standings(t.pk)  # as the worker would
    house = make_bot(name="house-heuristic-2")  # a finished King game where one bot holds three seats
    match = run_until_over(
        creating.do_create_match(
            "king", {"quick_game_combined_negatives": True}, [bots[0], house, house, house], seed=b"phone" * 4
        )
    )

    page = new_page(phone=True)
    log_in(page, organiser.username)
    too_wide = {}
    for name, url in [
        ("home", "/"),
        ("tournament", f"/tournaments/{t.pk}/"),
        ("new", "/tournaments/new/"),
        ("manage", f"/tournaments/{t.pk}/manage/"),
        ("table", f"/matches/{match.pk}/"),
        ("sheet", f"/matches/{match.pk}/sheet/"),
    ]:
        page.goto(url)
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        screenshot(page, name)
        width = page.evaluate(PAGE_WIDTH)
        if width > WIDTH:
            too_wide[url] = (width, page.evaluate(OVERFLOWING, WIDTH))
    assert not too_wide, "\n".join(f"{url} is {w} px wide: {items}" for url, (w, items) in too_wide.items())

    page.goto(f"/matches/{match.pk}/")  # the scores panel: all four totals on screen at once
    for cell in page.locator("#scores tfoot td").all():
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 1, (cell.inner_text(), box)
    # The last trick's four cards side by side in one row, level whatever the names above them.
    tops = [round(c.bounding_box()["y"]) for c in page.locator("#last-trick .card").all()]
    assert len(tops) == 4 and len(set(tops)) == 1, tops

    page.goto(f"/matches/{match.pk}/audit/?seat=0&version=40")  # each label beside its control
    for label, control in (("Seen by", "#audit-seat"), ("Event", "#audit-slider")):
        name, box = page.get_by_text(label, exact=True).bounding_box(), page.locator(control).bounding_box()
        assert abs((name["y"] + name["height"] / 2) - (box["y"] + box["height"] / 2)) < name["height"] / 2, label
        assert name["x"] + name["width"] <= box["x"], label
    assert page.evaluate(PAGE_WIDTH) <= WIDTH

    page.goto(f"/matches/{match.pk}/sheet/")
    headings = page.locator("#score-sheet thead th")
    # The bot holding three seats is named by each seat's short name (games.pages.table.seat_names).
    assert [h.strip() for h in headings.all_inner_texts()[3:7]] == [bots[0].name, "Bravo", "Charlie", "Delta"]
    for cell in [*headings.all()[3:7], *page.locator("#score-sheet tfoot td").all()[:4]]:
        assert cell.evaluate(REACHABLE, WIDTH), cell.inner_text()
    assert page.evaluate(PAGE_WIDTH) <= WIDTH
