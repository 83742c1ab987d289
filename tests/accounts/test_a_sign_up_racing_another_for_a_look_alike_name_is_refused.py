"""Between a sign-up's check of its name and its insert, another sign-up of a look-alike name
could pass the same check: each sign-up claims its name's keys in the shared cache until it is
stored, and a second one that finds a key claimed is refused (409 username_taken), not stored."""

from django.contrib.auth import get_user_model
from django.core.cache import cache

from games.accounts import users
from games.accounts.usernames import name_keys
from tests.fixtures.people import body

from .conftest import sign_up

User = get_user_model()


def test_a_look_alike_of_a_name_being_registered_is_refused(db):
    claim = users.claim_key(sorted(name_keys("alice"))[0])
    assert cache.add(claim, 1, timeout=30)  # "alice" is being signed up by someone else right now
    for name in ("аlice", "ALICE"):
        response = sign_up(name)
        assert response.status_code == 409 and body(response)["error"]["reason"] == "being_registered"
    assert not User.objects.exists()
    cache.delete(claim)  # that sign-up finished
    assert sign_up("alice").status_code == 201


def test_a_sign_up_releases_its_claims_whatever_happens(db, alice):
    assert sign_up("ALICE").status_code == 409
    assert sign_up("bob").status_code == 201
    for name in ("alice", "bob"):
        assert all(cache.get(users.claim_key(key)) is None for key in name_keys(name))


def test_an_insert_that_loses_the_race_on_the_exact_name_is_a_409(db, alice, monkeypatch):
    monkeypatch.setattr(users, "check_username_available", lambda username: None)  # as if checked before alice
    response = sign_up("alice")
    assert response.status_code == 409 and body(response)["error"]["code"] == "username_taken"
    assert User.objects.count() == 1
