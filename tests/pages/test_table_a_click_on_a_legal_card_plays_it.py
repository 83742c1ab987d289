"""Clicking a legal card posts it through the match service: it is appended to the log, and
the table comes back (as a fragment for htmx, or by a redirect for a plain form post)."""

from games.models import Event
from games.service import states
from tests.pages.tables import browser, king_deal


def legal_card(match):
    return next(a["card"] for a in states.match_state(match).legal_actions() if a["type"] == "play")


def test_an_htmx_click_on_a_legal_card_appends_the_play_and_returns_the_new_table(players, make_bot):
    match = king_deal(players[0], make_bot(name="Robota"))
    card, before = legal_card(match), match.version
    response = browser(players[0]).post(
        f"/matches/{match.pk}/act/",
        {"card": card, "expected_version": before, "command_id": "c1"},
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    match.refresh_from_db()
    assert response.status_code == 200 and "<html" not in page
    assert match.version == before + 1
    last = Event.objects.get(stream=match.stream, version=match.version)
    assert last.type == "play" and last.payload["card"] == card and last.payload["seat"] == 0
    assert last.metadata["actor"] == f"user:{players[0].pk}"
    assert f'data-version="{match.version}"' in page
    assert f'hx-get="/matches/{match.pk}/live/?v={match.version}"' in page
    assert "Waiting for Bravo to play a card." in page  # the bot in seat 2, by its seat's short name
    assert f'data-card="{card}"' in page  # now on the table, in the current trick


def test_a_plain_form_post_plays_the_card_and_redirects_back_to_the_table(players, make_bot):
    match = king_deal(players[0], make_bot())
    card, before = legal_card(match), match.version
    response = browser(players[0]).post(f"/matches/{match.pk}/act/", {"card": card, "expected_version": before})
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    match.refresh_from_db()
    assert match.version == before + 1


def test_a_double_click_with_the_same_command_id_plays_once(players, make_bot):
    match = king_deal(players[0], make_bot())
    card, before = legal_card(match), match.version
    client = browser(players[0])
    for _ in range(2):
        response = client.post(
            f"/matches/{match.pk}/act/",
            {"card": card, "expected_version": before, "command_id": "same"},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200 and 'id="error"' not in response.content.decode()
    match.refresh_from_db()
    assert match.version == before + 1
