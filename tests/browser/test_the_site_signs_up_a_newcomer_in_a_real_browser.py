"""The site works in a real browser: its stylesheet and htmx load from our own server, and a
newcomer signs up, is logged in, and logs out again."""

import pytest

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_signs_up_and_is_logged_in(new_page, screenshot, django_user_model):
    page = new_page(phone=True)
    page.goto("/")
    assert page.evaluate("typeof htmx") == "object", "htmx is served by the site itself"
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")

    page.get_by_role("link", name="Sign up").first.click()
    page.fill("#id_username", "newcomer")
    page.fill("#id_password1", "a long club password")
    page.fill("#id_password2", "a long club password")
    screenshot(page, "signup")
    page.get_by_role("button", name="Create my account").click()

    page.wait_for_url("**/")
    assert page.locator("header .account").inner_text().startswith("newcomer")
    assert django_user_model.objects.filter(username="newcomer").exists()
    page.get_by_role("button", name="Menu").click()  # a phone's header folds Log out under its menu
    page.get_by_role("button", name="Log out").click()
    page.wait_for_selector("header .account >> text=Log in")
