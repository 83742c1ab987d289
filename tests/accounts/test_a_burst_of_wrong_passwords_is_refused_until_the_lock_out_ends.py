"""POST /api/v1/auth/token/: failed log-ins are limited per account name and per client address
(THROTTLE_RATES login_account "5/m, 20/h", login_address "20/m, 100/h"); past a limit the answer
is 429 with the wait, the password is not even checked, and once the window ends the right
password works again."""

from games.models import ApiToken
from tests.fixtures.people import body
from tests.fixtures.throttles import assert_throttled

from .conftest import log_in


def test_the_sixth_wrong_password_in_a_minute_is_refused_and_so_is_the_right_one(db, alice, clock):
    for _ in range(5):
        assert body(log_in("alice", "wrong guess"))["error"]["code"] == "invalid_credentials"
    assert assert_throttled(log_in("alice", "wrong guess")) == 60
    clock.advance(30)
    assert assert_throttled(log_in("alice", "correct horse battery")) == 30  # no password check while locked
    assert not ApiToken.objects.exists()


def test_the_right_password_works_once_the_lock_out_expires(db, alice, clock):
    for _ in range(5):
        log_in("alice", "wrong guess")
    wait = assert_throttled(log_in("alice", "wrong guess"))
    clock.advance(wait)
    response = log_in("alice", "correct horse battery")
    assert response.status_code == 201 and body(response)["token"].startswith("kr_")


def test_a_steady_guesser_is_slowed_to_five_a_minute_then_refused_for_the_hour(db, alice, clock):
    for _minute in range(4):
        for _ in range(5):
            assert log_in("alice", "wrong guess").status_code == 401
        assert_throttled(log_in("alice", "wrong guess"))
        clock.advance(60)
    assert assert_throttled(log_in("alice", "correct horse battery")) == 3600 - 4 * 60
    clock.advance(3600 - 4 * 60)
    assert log_in("alice", "correct horse battery").status_code == 201


def test_every_spelling_of_the_name_spends_the_same_budget(db, alice, clock):
    for name in ("alice", "ALICE", "Alice", "ａｌｉｃｅ", "aLiCe"):
        assert log_in(name, "wrong guess").status_code == 401
    assert_throttled(log_in("alice", "wrong guess"))


def test_successful_log_ins_do_not_count(db, alice, clock):
    for _ in range(12):
        assert log_in("alice", "correct horse battery").status_code == 201
    for _ in range(5):
        assert log_in("alice", "wrong guess").status_code == 401
    assert_throttled(log_in("alice", "wrong guess"))


def test_one_address_trying_many_accounts_is_refused_after_twenty_failures(db, alice, clock):
    for i in range(20):
        assert log_in(f"someone{i % 4}", "guess").status_code == 401
    assert_throttled(log_in("alice", "correct horse battery"))
    assert log_in("alice", "correct horse battery", address="198.51.100.9").status_code == 201  # another address


def test_a_forged_forwarded_for_header_does_not_give_a_fresh_address(db, alice, clock):
    for i in range(20):
        assert log_in(f"someone{i % 4}", "guess", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}").status_code == 401
    assert_throttled(log_in("alice", "correct horse battery", HTTP_X_FORWARDED_FOR="10.9.9.9"))


def test_behind_a_trusted_proxy_the_address_it_saw_is_counted(db, alice, clock, settings):
    settings.TRUSTED_PROXIES = 1
    for i in range(20):
        # The client wrote the first entry; the proxy appended the address it saw.
        assert (
            log_in(
                f"someone{i % 4}", "guess", address="10.0.0.1", HTTP_X_FORWARDED_FOR=f"1.2.3.{i}, 203.0.113.50"
            ).status_code
            == 401
        )
    assert_throttled(log_in("alice", "correct horse battery", address="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.50"))
    assert (
        log_in("alice", "correct horse battery", address="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.51").status_code
        == 201
    )


def test_an_ipv6_client_is_counted_by_its_slash_64(db, alice, clock):
    for i in range(20):
        assert log_in(f"someone{i % 4}", "guess", address=f"2001:db8:1:2::{i + 1:x}").status_code == 401
    assert_throttled(log_in("alice", "correct horse battery", address="2001:db8:1:2:ffff::1"))
    assert log_in("alice", "correct horse battery", address="2001:db8:1:3::1").status_code == 201
