"""Usernames are compared after NFKC and case folding, and a name confusable with an existing one
(UTS #39 skeletons) is refused too: 409 username_taken with the reason, nothing stored, on the
API as on the sign-up page."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import ApiToken
from tests.fixtures.people import body

from .conftest import sign_up

User = get_user_model()

SAME_NAME = ["alice", "ALICE", "Alice", "ＡLICE", "ａｌｉｃｅ"]  # fullwidth letters
LOOK_ALIKES = ["аlice", "АLICE", "aIice", "a1ice", "alicе", "ɑlice"]  # Cyrillic а/А/е, capital I, one, Latin alpha


@pytest.mark.parametrize("name", SAME_NAME)
def test_the_same_name_in_another_case_or_unicode_form_is_taken(db, alice, name):
    response = sign_up(name)
    assert response.status_code == 409
    assert body(response)["error"]["code"] == "username_taken" and body(response)["error"]["reason"] == "same_name"
    assert User.objects.count() == 1 and not ApiToken.objects.exists()


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_an_existing_name_is_refused(db, alice, name):
    response = sign_up(name)
    assert response.status_code == 409, name
    error = body(response)["error"]
    assert error["code"] == "username_taken" and error["reason"] == "confusable" and "alice" in error["message"]
    assert User.objects.count() == 1 and not ApiToken.objects.exists()


def test_a_look_alike_is_refused_whichever_came_first(db):
    assert sign_up("аlice").status_code == 201  # Cyrillic а first
    assert sign_up("alice").status_code == 409


def test_different_names_are_still_welcome(db, alice):
    for name in ("alicia", "malice", "alice2", "élise", "алиса"):
        assert sign_up(name).status_code == 201, name


def test_the_stored_name_is_the_nfkc_form(db):
    response = sign_up("ｂｏｂ")
    assert response.status_code == 201 and body(response)["username"] == "bob"
    assert User.objects.get().username == "bob"


@pytest.mark.parametrize("name", ["ALICE", "аlice"])
def test_the_sign_up_page_refuses_them_with_a_form_error(db, alice, name):
    response = Client().post(
        "/accounts/signup/", {"username": name, "password1": "a long pass phrase", "password2": "a long pass phrase"}
    )
    assert response.status_code == 200
    errors = response.context["form"].errors.as_data()["username"]
    assert [e.code for e in errors] == ["username_taken"]
    assert User.objects.count() == 1
