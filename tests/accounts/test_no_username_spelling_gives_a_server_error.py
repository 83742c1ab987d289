"""Any text as a username, on sign-up and log-in, gets an answer below 500: a new account, or a
4xx with a code. Hypothesis draws names from all of Unicode, lone surrogates included (sent as
JSON escapes, as a client may), and names that NFKC lengthens past the column's 150 characters."""

import json

from django.contrib.auth import get_user_model
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

User = get_user_model()

ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=160)
# Letters NFKC expands to several characters, some not allowed in a name (ﷺ has spaces): 150
# of them fit the request's limit and outgrow the column.
EXPANDING = st.builds(lambda letter, n: letter * n, st.sampled_from(["ﬃ", "ﬀ", "ǆ", "ﷺ", "½"]), st.integers(1, 150))
NEAR_NAMES = st.sampled_from(["alice", "ALICE", "аlice", "ａｌｉｃｅ", "alice\u0301", "a\u200blice", "Ⅻ", "ǅ"])


def post(path, username, password="a long pass phrase"):
    raw = json.dumps({"username": username, "password": password})  # \\ud800 escapes survive as lone surrogates
    return APIClient().post(path, raw, content_type="application/json", REMOTE_ADDR="203.0.113.7")


def no_limits(settings):
    settings.THROTTLE_RATES = {scope: "" for scope in settings.THROTTLE_RATES}


def test_any_username_on_sign_up_gets_an_answer_and_never_a_server_error(db, alice, settings):
    no_limits(settings)

    @given(st.one_of(ANY_TEXT, EXPANDING, NEAR_NAMES))
    @hypothesis_settings(database=None)
    def signs_up(name):
        response = post("/api/v1/auth/signup/", name)
        assert response.status_code in (201, 400, 409), (name, response.content)
        error = json.loads(response.content).get("error")
        if response.status_code == 201:
            stored = User.objects.get(username=json.loads(response.content)["username"])
            assert len(stored.username) <= 150
            User.username_validator(stored.username)  # what is stored follows the rules, not just what was sent
        else:
            assert error["code"] in ("invalid_input", "username_taken")

    signs_up()


def test_any_username_on_log_in_gets_an_answer_and_never_a_server_error(db, alice, settings):
    no_limits(settings)

    @given(st.one_of(ANY_TEXT, EXPANDING, NEAR_NAMES), st.one_of(ANY_TEXT, st.just("correct horse battery")))
    @hypothesis_settings(database=None)
    def logs_in(name, password):
        response = post("/api/v1/auth/token/", name, password)
        assert response.status_code in (201, 400, 401), (name, response.content)

    logs_in()
