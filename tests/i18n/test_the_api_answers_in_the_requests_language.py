"""The API keeps its machine-readable ``code`` and says ``message`` in the request's language:
``Accept-Language``, or ``?lang=`` (which wins), English when neither names a language the
site offers. A refused card's message is the rule it broke, as Turkish and Brazilian players
say it; the engine's own English stays in ``reason``, for programs."""

import pytest
from django.utils import translation

from games.service import states
from tests.fixtures.people import body

pytestmark = pytest.mark.django_db


def in_language(language, text):
    with translation.override(language):
        return translation.gettext(text)


def act(client, match, action, query="", **headers):
    match.refresh_from_db()
    return client.post(
        f"/api/v1/matches/{match.pk}/actions/{query}",
        {"action": action, "expected_version": match.version},
        format="json",
        **headers,
    )


def refused_card(match):
    state = states.match_state(match)
    legal = {a["card"] for a in state.legal_actions() if a["type"] == "play"}
    return state.to_act, next(c for c in state.hand(state.to_act) if c not in legal)


def test_a_refused_card_is_explained_in_turkish_to_a_client_asking_for_turkish(clients, king_board_match):
    seat, card = refused_card(king_board_match)
    before = king_board_match.version

    r = act(clients[seat], king_board_match, {"type": "play", "card": card}, HTTP_ACCEPT_LANGUAGE="tr")

    error = body(r)["error"]
    assert r.status_code == 422 and error["rule"]
    assert error["message"] == in_language("tr", error["rule"]) != error["rule"]
    assert error["code"] not in error["message"] and card in error["reason"]  # the code and the engine's words
    king_board_match.refresh_from_db()
    assert king_board_match.version == before  # refused: nothing stored


def test_lang_in_the_query_wins_over_the_browsers_language(clients, king_board_match):
    seat, card = refused_card(king_board_match)

    r = act(clients[seat], king_board_match, {"type": "play", "card": card}, "?lang=pt-BR", HTTP_ACCEPT_LANGUAGE="tr")

    error = body(r)["error"]
    assert error["message"] == in_language("pt-br", error["rule"]) != in_language("tr", error["rule"])


def test_a_message_with_values_is_translated_with_its_values_in_place(clients, king_board_match):
    state = states.match_state(king_board_match)
    other = (state.to_act + 1) % 4

    r = act(clients[other], king_board_match, {"type": "play", "card": state.hand(other)[0]}, HTTP_ACCEPT_LANGUAGE="tr")

    error = body(r)["error"]
    expected = in_language("tr", "it is seat %(to_act)s's turn, not yours (seat %(seat)s)") % error
    assert r.status_code == 403 and error["code"] == "not_your_turn"
    assert error["message"] == expected and "%(" not in expected and "turn" not in expected


@pytest.mark.parametrize("asked", ["", "fr", "xx-yy", "de-DE,de;q=0.9", "../../etc"])
def test_a_language_the_site_does_not_offer_is_answered_in_english(clients, king_board_match, asked):
    seat, card = refused_card(king_board_match)
    r = act(clients[seat], king_board_match, {"type": "play", "card": card}, HTTP_ACCEPT_LANGUAGE=asked)

    error = body(r)["error"]
    assert error["message"] == error["rule"]


def test_errors_made_outside_the_views_are_translated_too(client):
    english = body(client.get("/api/v1/no-such-endpoint/"))["error"]["message"]
    turkish = body(client.get("/api/v1/no-such-endpoint/", HTTP_ACCEPT_LANGUAGE="tr"))["error"]["message"]

    assert english.startswith("not found: no API endpoint at ") and turkish != english
    assert "/api/v1/no-such-endpoint/" in turkish
