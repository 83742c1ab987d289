"""/matches/<id>/replay/: a finished public match, one event at a time, drawn by the table's own
fragment (issue 19: the home page's demo is the table replaying itself)."""

import re

from tests.pages.replays import house_deal
from tests.pages.tables import browser


def test_the_first_step_shows_the_table_and_a_link_to_the_next(db):
    match = house_deal()
    page = browser().get(f"/matches/{match.pk}/replay/?v=1").content.decode()
    assert 'id="table"' in page and 'id="seats"' in page
    assert f"Move 1 of {match.version}" in page
    assert 'id="replay-next" href="?seat=spectator&amp;v=2"' in page and 'id="replay-previous"' not in page
    assert "js/replay.js" in page


def test_each_step_is_one_event_further_and_the_last_shows_the_final_result(db):
    match = house_deal()
    client = browser()
    middle = client.get(f"/matches/{match.pk}/replay/?v=20&fragment=1").content.decode()
    assert 'data-version="20"' in middle
    assert 'id="replay-previous" href="?seat=spectator&amp;v=19"' in middle
    assert 'id="replay-next" href="?seat=spectator&amp;v=21"' in middle
    assert "<html" not in middle  # the fragment the script swaps in, not a page
    last = client.get(f"/matches/{match.pk}/replay/?v={match.version}").content.decode()
    assert 'id="final"' in last and 'id="replay-next"' not in last


def test_a_past_step_never_polls_the_live_table_nor_offers_an_action(db):
    match = house_deal()
    page = browser().get(f"/matches/{match.pk}/replay/?v=10").content.decode()
    # The table's fragment polls while its game runs; inside hx-disable htmx leaves it alone.
    assert re.search(r"<div hx-disable>\s*(?:\{#.*?#\}\s*)?<div id=\"table\"", page, re.S)
    assert 'id="act"' not in page and "table-act" not in page and "thinking for" not in page


def test_a_version_out_of_range_is_a_400_that_says_the_range(db):
    match = house_deal()
    for bad in ("0", str(match.version + 1), "x", "9" * 12):
        response = browser().get(f"/matches/{match.pk}/replay/?v={bad}")
        assert response.status_code == 400
        assert f"version is 1 to {match.version}" in response.content.decode()
