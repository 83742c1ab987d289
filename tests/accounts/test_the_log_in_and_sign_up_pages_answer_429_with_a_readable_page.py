"""The HTML log-in pages (ours, the admin's, and the browsable API's) and the sign-up page share
the API's limits; past them they answer 429 with a page that says when to try again (the
browsable API's page, under /api/, with the API's JSON error)."""

import pytest
from django.test import Client

from tests.fixtures.throttles import HOUR_START, assert_throttled

PAGES = ["/accounts/login/", "/api/v1/auth/login/", "/admin/login/"]


def post(path, data, address="203.0.113.7"):
    return Client().post(path, data, REMOTE_ADDR=address)


def assert_readable_429(response):
    assert response.status_code == 429
    if response.wsgi_request.path.startswith("/api/"):
        return assert_throttled(response)
    assert response["Content-Type"].startswith("text/html")
    wait = int(response["Retry-After"])
    assert "Too many attempts" in response.content.decode() and f"try again in {wait} seconds" in (
        response.content.decode()
    )
    return wait


@pytest.mark.parametrize("page", PAGES)
def test_a_burst_of_wrong_passwords_on_a_log_in_page_gets_a_429_page(db, django_user_model, clock, page):
    django_user_model.objects.create_user("alice", password="correct horse battery", is_staff=True)
    for _ in range(5):
        assert post(page, {"username": "alice", "password": "wrong guess"}).status_code == 200  # the form again
    assert assert_readable_429(post(page, {"username": "alice", "password": "correct horse battery"})) == 60
    clock.advance(60)
    response = post(page, {"username": "alice", "password": "correct horse battery"})
    assert response.status_code == 302 and "_auth_user_id" in response.wsgi_request.session


def test_wrong_passwords_on_the_page_and_the_api_add_up(db, django_user_model, clock):
    from .conftest import log_in

    django_user_model.objects.create_user("alice", password="correct horse battery")
    for _ in range(3):
        post("/accounts/login/", {"username": "alice", "password": "wrong guess"})
    for _ in range(2):
        log_in("alice", "wrong guess")
    assert assert_readable_429(post("/accounts/login/", {"username": "alice", "password": "wrong guess"})) == 60


def test_spaces_around_the_name_do_not_buy_fresh_attempts(db, django_user_model, clock):
    django_user_model.objects.create_user("alice", password="correct horse battery")
    for name in ("alice", " alice", "alice ", "\talice", " ALICE\u3000"):  # the form strips them all
        assert post("/accounts/login/", {"username": name, "password": "wrong guess"}).status_code == 200
    assert_readable_429(post("/accounts/login/", {"username": "  alice  ", "password": "wrong guess"}))


def test_the_sign_up_page_refuses_a_burst_from_one_address(db, clock, django_user_model):
    assert clock() == HOUR_START
    for i in range(10):
        response = post(
            "/accounts/signup/",
            {"username": f"newbie{i}", "password1": "a long pass phrase", "password2": "a long pass phrase"},
        )
        assert response.status_code == 302
    response = post(
        "/accounts/signup/",
        {"username": "newbie10", "password1": "a long pass phrase", "password2": "a long pass phrase"},
    )
    assert assert_readable_429(response) == 60
    assert not django_user_model.objects.filter(username="newbie10").exists()
