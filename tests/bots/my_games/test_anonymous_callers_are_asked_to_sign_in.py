"""Nobody's games are listed to an anonymous caller: the API answers 401 ``not_authenticated``,
the page sends them to log in and back."""

from django.test import Client

from tests.fixtures.people import body, client_for


def test_the_api_answers_401(owners, house):
    for path in ("/api/v1/me/games/", "/api/v1/me/games/export/"):
        answer = client_for().get(path)
        assert answer.status_code == 401 and body(answer)["error"]["code"] == "not_authenticated"


def test_the_page_sends_them_to_log_in(db):
    answer = Client().get("/me/games/?result=won")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/?next=/me/games/")
