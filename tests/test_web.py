import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from games.engine.playout import play_out, score_sheet
from games.offer import offered_names, offered_rulesets


def test_home_lists_every_ruleset_with_a_demo_link(client, db):
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert {"king", "rifki"} <= set(offered_names())
    for ruleset in offered_rulesets():
        assert f"<strong>{escape(ruleset.label)}</strong>" in page
        assert escape(ruleset.summary) in page
        assert f'href="/demo/{ruleset.name}/watch/"' in page  # the replay of a game of house bots


@pytest.mark.parametrize("ruleset", ["king", "rifki"])
def test_demo_shows_the_score_sheet_of_a_played_out_game(client, ruleset):
    response = client.get(f"/demo/{ruleset}/", {"seed": "7"})
    assert response.status_code == 200
    sheet = score_sheet(play_out(ruleset, 7), gettext)  # in the reader's language
    assert sheet.strip()
    assert f"<pre>{escape(sheet)}</pre>" in response.content.decode()


def test_demo_seed_defaults_to_7(client):
    def sheet(response):  # the page around it carries a fresh CSRF token each time
        page = response.content.decode()
        return page[page.index("<pre>") : page.index("</pre>")]

    assert sheet(client.get("/demo/king/")) == sheet(client.get("/demo/king/?seed=7"))


def test_demo_unknown_ruleset_is_404(client):
    assert client.get("/demo/bridge/?seed=7").status_code == 404


@pytest.mark.parametrize("seed", ["abc", "1.5", "-3", "", "7x", "١٢"])
def test_demo_non_integer_seed_is_400_with_a_clear_message(client, seed):
    response = client.get("/demo/king/", {"seed": seed})
    assert response.status_code == 400
    assert "seed must be a non-negative integer" in response.content.decode()
    assert seed not in response.content.decode() or not seed  # the page never echoes what it was sent


def test_api_schema_is_served(client):
    response = client.get(reverse("schema"))
    assert response.status_code == 200
    assert b"openapi" in response.content


def test_api_docs_load_no_assets_from_a_cdn(client):
    response = client.get(reverse("api-docs"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    assert "cdn." not in page and "unpkg" not in page
