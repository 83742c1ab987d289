"""A name typed in another case or Unicode form (NFKC) finds its account, on the API and the
page; a look-alike never does, and where older accounts share a folded name (made before
sign-ups refused that) only the exact spelling logs in."""

import pytest
from django.test import Client

from tests.fixtures.people import body

from .conftest import log_in


@pytest.mark.parametrize("name", ["alice", "ALICE", "Alice", "ａｌｉｃｅ", "ＡＬＩＣＥ"])
def test_any_case_or_width_of_the_name_logs_in(db, alice, name):
    response = log_in(name, "correct horse battery")
    assert response.status_code == 201 and body(response)["username"] == "alice"


def test_the_log_in_page_accepts_them_too(db, alice):
    client = Client()
    response = client.post("/accounts/login/", {"username": "ＡLICE", "password": "correct horse battery"})
    assert response.status_code == 302 and int(client.session["_auth_user_id"]) == alice.pk


def test_a_non_ascii_name_in_another_case_logs_in(db, django_user_model):
    django_user_model.objects.create_user("élodie", password="correct horse battery")
    assert log_in("ÉLODIE", "correct horse battery").status_code == 201
    django_user_model.objects.create_user("Straße", password="correct horse battery")
    assert log_in("straße", "correct horse battery").status_code == 201


@pytest.mark.parametrize("name", ["аlice", "a1ice", "alice_", "alic"])
def test_a_look_alike_or_another_name_does_not_log_in(db, alice, name):
    assert body(log_in(name, "correct horse battery"))["error"]["code"] == "invalid_credentials"


def test_when_two_old_accounts_fold_to_one_name_only_the_exact_spelling_logs_in(db, django_user_model):
    django_user_model.objects.create_user("Bob", password="bob's pass phrase")
    django_user_model.objects.create_user("bob", password="other pass phrase")
    assert body(log_in("BOB", "bob's pass phrase"))["error"]["code"] == "invalid_credentials"
    assert body(log_in("BOB", "other pass phrase"))["error"]["code"] == "invalid_credentials"
    assert body(log_in("Bob", "bob's pass phrase"))["username"] == "Bob"
    assert body(log_in("bob", "other pass phrase"))["username"] == "bob"


def test_a_right_password_for_an_inactive_account_is_refused(db, alice):
    alice.is_active = False
    alice.save()
    assert log_in("ALICE", "correct horse battery").status_code == 401
