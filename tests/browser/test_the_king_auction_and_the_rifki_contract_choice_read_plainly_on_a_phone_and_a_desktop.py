"""The two decisions besides a card, as a player meets them in a real browser: the King auction
(the standing bid said on the felt; opened on demand, every bid on one ladder by its points, the
standing bid marked, the bidders in preference order; buttons that say what they commit to; one
click bids and the ladder, kept open, moves up) and the Rifki contract choice (everyone's quotas,
opened on demand, the spent contracts greyed with the reason). On a 390 px phone neither page is
wider than the screen. Screenshots for review, phone and desktop.

No worker: every seat is a person and the games are driven in this process through the one
legality path (tests/pages/decisions.py), so the pages show exactly what the engine decided."""

import pytest

from games.service import states
from tests.fixtures.browser import PASSWORD, PHONE, log_in
from tests.pages.decisions import king_auction, rifki_after

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


@pytest.fixture
def people(django_user_model):
    names = ("ana", "bruno-with-a-longer-name", "cem", "deniz")
    return [django_user_model.objects.create_user(n, password=PASSWORD) for n in names]


def test_the_auction_and_the_rifki_choice_fit_a_phone_and_read_plainly(new_page, people, screenshot):
    auction = king_auction(people)  # ana 4 up, bruno 5 up, cem passes: ana to call, with preference
    rifki = rifki_after(people, deals=4, options={"opening_negative_hands": 6})
    declarer = people[states.match_state(rifki).to_act]

    for phone in (True, False):
        kind = "phone" if phone else "desktop"
        page = new_page(phone=phone)
        log_in(page, "ana")
        page.goto(f"/matches/{auction.pk}/")
        assert "Standing bid: 5 up, by bruno-with-a-longer-name" in page.inner_text("#auction summary")
        page.locator("#auction summary").click()  # the ladder, the preference and the calls
        standing = page.locator("#ladder .rung.standing")
        assert standing.inner_text().split()[:3] == ["5", "up", "="]
        assert "bruno-with-a-longer-name" in standing.inner_text()
        assert page.locator("#preference li").all_inner_texts()[0].startswith("ana")
        assert page.get_by_role("button", name="Match 5 up").count() == 1
        screenshot(page, f"auction-{kind}")
        assert not phone or page.evaluate(PAGE_WIDTH) <= PHONE["width"]

        page = new_page(phone=phone)
        log_in(page, declarer.username)
        page.goto(f"/matches/{rifki.pk}/")
        page.locator("#quotas summary").click()  # who has what left
        assert page.locator("#quota-players tbody tr").count() == 4
        spent = page.locator("#choices button:disabled")
        assert spent.count() == 6  # two penalty contracts named twice, and the four trumps (opening hands)
        assert "Named 2 times already" in spent.first.inner_text()
        screenshot(page, f"rifki-{kind}")
        assert not phone or page.evaluate(PAGE_WIDTH) <= PHONE["width"]

    # One click bids: the ladder's standing rung moves up to the bid, and bruno is to call.
    page = new_page(phone=True)
    log_in(page, "ana")
    page.goto(f"/matches/{auction.pk}/")
    page.locator("#auction summary").click()
    page.get_by_role("button", name="Bid 2 down").click()
    page.wait_for_selector("#ladder .rung.standing[data-points='150']")  # the new table's fold is open too
    assert "2 down" in page.locator("#ladder .rung.standing .bid.held").inner_text()
    screenshot(page, "auction-after-a-bid-phone")
