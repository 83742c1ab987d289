"""A whole deal, played as a person would: sit down through /play/, then read the page, click
one of the offered buttons, and let the bots (run here as the worker runs them) play between."""

from games.models import Event, Match
from tests.pages.tables import bots_play_until_the_person_acts, browser, choices

VERSION = 'data-version="'


def shown_version(page):
    start = page.index(VERSION) + len(VERSION)
    return int(page[start : page.index('"', start)])


def test_a_whole_king_deal_is_played_through_the_act_endpoint_with_bots_playing_between(players):
    client = browser(players[0])
    client.post("/play/", {"ruleset": "king", "strategy": "random", "short": "on"})
    match = Match.objects.get()
    clicks = 0
    while not bots_play_until_the_person_acts(match).deal_scores:
        page = client.get(f"/matches/{match.pk}/live/").content.decode()
        assert "Your turn" in page and 'data-your-turn="true"' in page
        offered = choices(page)
        assert len(offered) >= 1
        response = client.post(
            f"/matches/{match.pk}/act/",
            {**offered[-1], "expected_version": shown_version(page)},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200 and 'id="error"' not in response.content.decode()
        clicks += 1
    assert clicks == 13  # one card per trick: the first deal is a negative one, all cards
    actor = f"user:{players[0].pk}"
    played = Event.objects.filter(stream=f"match/{match.pk}", type="play", metadata__actor=actor)
    assert played.count() == 13 and {e.payload["seat"] for e in played} == {0}
    page = client.get(f"/matches/{match.pk}/").content.decode()
    scores = page[page.index('id="scores"') :]
    assert '<th scope="row">1</th>' in scores  # the first deal's row on the score table
