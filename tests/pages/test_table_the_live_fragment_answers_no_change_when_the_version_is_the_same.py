"""The page asks for /matches/<id>/live/?v=<version it shows> on each event of the match's stream
(or, where no stream runs, by polling; static/js/table.js): an unchanged table is a 204 with no
body (htmx swaps nothing); a changed one is the fragment, which asks on from its new version."""

from tests.pages.tables import bots_play_until_the_person_acts, browser, king_deal


def test_the_live_fragment_answers_no_change_when_the_version_is_the_same(players, make_bot):
    match = king_deal(players[0], make_bot(), dealer=1)
    client = browser(players[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'hx-get="/matches/{match.pk}/live/?v={match.version}" hx-trigger="refresh queue:first"' in page
    assert f'data-stream="/api/v1/matches/{match.pk}/stream/"' in page  # what table.js follows
    unchanged = client.get(f"/matches/{match.pk}/live/", {"v": match.version})
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert "no-store" in unchanged["Cache-Control"]


def test_after_a_change_the_fragment_shows_it_and_polls_from_the_new_version(players, make_bot):
    match = king_deal(players[0], make_bot(), dealer=1)
    seen = match.version
    bots_play_until_the_person_acts(match)
    assert match.version > seen
    response = browser().get(f"/matches/{match.pk}/live/", {"v": seen})
    fragment = response.content.decode()
    assert response.status_code == 200 and "<html" not in fragment
    assert fragment.lstrip().startswith('<div id="table"')
    assert f'?v={match.version}"' in fragment and f'data-version="{match.version}"' in fragment


def test_an_unknown_table_is_a_404(db):
    assert browser().get("/matches/987654/").status_code == 404
    assert browser().get("/matches/987654/live/?v=1").status_code == 404
    assert browser().post("/matches/987654/act/", {}).status_code == 404
