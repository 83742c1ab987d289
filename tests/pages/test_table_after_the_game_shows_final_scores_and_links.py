"""When the game is over the table stops polling and offers no action; it shows the final
scores and the winners, with links to the score sheet and the audit."""

from games.service import access
from tests.pages.tables import bots_play_until_the_person_acts, browser, choices, king_deal


def play_to_the_end(match, client):
    while True:
        bots_play_until_the_person_acts(match)
        if match.status == "over":
            return
        page = client.get(f"/matches/{match.pk}/").content.decode()
        client.post(f"/matches/{match.pk}/act/", {**choices(page)[0], "expected_version": match.version})


def test_after_the_game_the_table_shows_final_scores_winners_and_links(players, make_bot):
    match = king_deal(players[0], make_bot(name="Robota"))
    client = browser(players[0])
    play_to_the_end(match, client)
    view = access.visible_state(match, players[0])
    for viewer in (client, browser()):
        page = viewer.get(f"/matches/{match.pk}/").content.decode()
        assert "The game is over." in page and 'id="final"' in page
        assert f'href="/matches/{match.pk}/sheet/"' in page and f'href="/matches/{match.pk}/audit/"' in page
        assert "hx-trigger" not in page and 'id="act"' not in page
        total = page[page.index("<tfoot>") : page.index("</tfoot>")]
        assert [f'<td class="num">{v}</td>' in total for v in view["scores"]] == [True] * 4
        assert "Winner" in page
