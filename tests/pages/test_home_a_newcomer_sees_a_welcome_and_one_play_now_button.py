"""The home page says what to do first: a newcomer, not signed in or signed in with no game on,
reads one line of welcome and one "Play now" button to a practice table (a visitor through
signing up, which then leads there), before the tournaments, live tables and rulesets."""

import re

from .tables import browser


def welcome(page):
    return re.search(r'<section class="welcome".*?</section>', page, re.S).group(0)


def test_a_visitor_is_welcomed_and_signs_up_on_the_way_to_a_practice_table(db):
    page = browser().get("/").content.decode()
    part = welcome(page)
    assert "Welcome!" in part
    assert part.count('class="button cta"') == 1 and 'id="continue"' not in part
    assert 'id="play-now" href="/accounts/signup/?next=/play/"' in part
    assert 'href="/accounts/login/?next=/"' in part  # an account already: log in here
    assert page.index('id="welcome"') < page.index('id="tournaments-heading"') < page.index('id="rules-heading"')


def test_a_person_with_no_game_on_goes_straight_to_a_practice_table(players):
    page = browser(players[0]).get("/").content.decode()
    part = welcome(page)
    assert "Welcome, player0." in part
    assert part.count('class="button cta"') == 1 and 'id="play-now" href="/play/"' in part
    assert 'href="/me/games/"' in part and 'href="/people/player0/"' in part
    assert browser(players[0]).get("/play/").status_code == 200


def test_signing_up_from_play_now_leads_to_the_practice_table(db):
    client = browser()
    answer = client.post(
        "/accounts/signup/?next=/play/",
        {
            "username": "newcomer",
            "password1": "a long club password",
            "password2": "a long club password",
            "next": "/play/",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/play/"
