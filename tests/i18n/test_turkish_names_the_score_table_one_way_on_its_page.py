"""Issue 35: a Turkish reader met the score table's sheet under two names on one page ("skor
tablosu" in the title, "puan çizelgesi" on its buttons). The score table is a "puan tablosu"
(docs/glossary.md), a score is "puan" everywhere, and on its own page its sheet is the "tablo"."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_score_table_page_in_turkish_says_puan_tablosu_and_never_another_name(client):
    data = {"ruleset": "rifki", "first": "2", "name_0": "Ayşe", "name_1": "Can", "name_2": "Deniz", "name_3": "Elif"}
    url = client.post("/score-tables/new/", data)["Location"]

    text = client.get(url, HTTP_ACCEPT_LANGUAGE="tr").content.decode().lower()

    assert "puan tablosu" in text
    assert "çizelge" not in text and "skor" not in text
