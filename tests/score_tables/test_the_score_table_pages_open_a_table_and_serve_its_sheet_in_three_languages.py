"""The pages of a score table (docs/pages.md "Score tables"): opening one without an account,
its phone screen by its link in every language, its CSV, and a link that opens nothing."""

import csv
import io

import pytest

from games.models import Match, ScoreTable

pytestmark = pytest.mark.django_db


def open_by_form(client, **fields):
    data = {"ruleset": "rifki", "first": "2", "name_0": "Ayşe", "name_1": "Can", "name_2": "Deniz", "name_3": "Elif"}
    data.update(fields)
    return client.post("/score-tables/new/", data)


def test_a_table_opened_by_the_form_is_at_its_own_link(client):
    response = open_by_form(client, short="on")
    assert response.status_code == 302
    url = response["Location"]
    assert url.startswith("/score-tables/") and "score_device" in response.cookies
    table = ScoreTable.objects.get()
    assert table.names == ["Ayşe", "Can", "Deniz", "Elif"] and table.match.options["short_mode"] is True
    assert url.strip("/").split("/")[-1] not in table.key_hash  # only the secret's hash is kept
    for language in ("en", "pt-br", "tr"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        text = page.content.decode()
        assert "Deniz" in text and "<svg" in text and 'id="score-table-sheet"' in text
    assert "Enter deal 1" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_form_refuses_two_players_of_one_name_and_stores_nothing(client):
    response = open_by_form(client, name_1="ayşe")
    assert response.status_code == 400
    assert "different names" in response.content.decode()
    assert not Match.objects.exists() and not ScoreTable.objects.exists()


def test_the_sheet_downloads_as_csv(client):
    url = open_by_form(client)["Location"]
    response = client.get(url + "sheet.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:7] == ["deal", "chooser", "contract", "Ayşe", "Can", "Deniz", "Elif"]


def test_a_link_that_opens_nothing_is_a_404_page(client):
    response = client.get("/score-tables/AAAAAAAAAAAAAAAAAAAAAAAA/")
    assert response.status_code == 404
    assert "no score table opens" in response.content.decode()
