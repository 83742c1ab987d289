"""POST /api/v1/auth/signup/ is limited per client address (signup_address "10/m, 50/h") and per
name tried, look-alikes included (signup_account "5/m, 20/h"): a script cannot mass-create
accounts or probe names, and a refused attempt stores nothing."""

from django.contrib.auth import get_user_model

from tests.fixtures.throttles import assert_throttled

from .conftest import sign_up

User = get_user_model()


def test_an_address_may_create_ten_accounts_a_minute(db, clock):
    for i in range(10):
        assert sign_up(f"player{i}").status_code == 201
    assert assert_throttled(sign_up("player10")) == 60
    assert not User.objects.filter(username="player10").exists()
    assert sign_up("player10", address="198.51.100.9").status_code == 201  # another address
    clock.advance(60)
    assert sign_up("player11").status_code == 201


def test_probing_one_name_and_its_look_alikes_is_refused_after_five_tries(db, clock):
    for i, name in enumerate(["bob", "BOB", "Ｂob", "bоb", "b०b"]):  # fullwidth B, Cyrillic о, Devanagari zero
        assert sign_up(name, password="short", address=f"198.51.100.{i}").status_code == 400
    assert_throttled(sign_up("Bob", address="198.51.100.200"))
    assert not User.objects.exists()
