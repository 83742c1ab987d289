"""/play/ on a 390 x 844 and a 360 x 740 phone: "Sit down and play" lies on the first screen, without
scrolling, and so does the reason a game could not start (here the cap of live games), beside it."""

import re

import pytest

from tests.fixtures.browser import PASSWORD, TIMEOUT_MS, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SIZES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}

ON_SCREEN = """sel => {
  const el = document.querySelector(sel);
  if (!el) return "missing";
  const r = el.getBoundingClientRect();
  const inside = r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  if (inside && window.scrollY === 0) return "";
  return [r.left, r.top, r.right, r.bottom, window.scrollY].map(Math.round).join(",");
}"""


@pytest.mark.parametrize("size_name", list(SIZES))
def test_sit_down_and_play_and_the_error_are_on_the_first_screen(
    browser, live_server, django_user_model, settings, screenshot, size_name
):
    settings.LIVE_GAMES_PER_OWNER = 1
    django_user_model.objects.create_user("sitter", password=PASSWORD)
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size_name], is_mobile=True, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        log_in(page, "sitter")
        page.goto("/play/")
        screenshot(page, f"play-{size_name}")
        assert page.evaluate(ON_SCREEN, "#play-form button[type=submit]") == ""
        page.locator("#play-form button[type=submit]").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))

        page.goto("/play/")
        page.locator("#play-form button[type=submit]").click()  # a second game: over the cap
        page.wait_for_selector("#play-form .errorlist")
        screenshot(page, f"play-error-{size_name}")
        assert "already have 1 game in progress" in page.inner_text("#play-form .errorlist")
        assert page.evaluate(ON_SCREEN, "#play-form .errorlist") == ""
        assert page.evaluate(ON_SCREEN, "#play-form button[type=submit]") == ""
    finally:
        context.close()
