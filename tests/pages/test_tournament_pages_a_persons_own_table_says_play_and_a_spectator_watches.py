"""A person's own tournament table says "Play", not "Watch live", on the tournament page and
its live fragment, and "Continue" (the welcome's first link) on the home page; a spectator (or a
signed-in person who does not sit there) still sees "Watch live"."""

from bots.house import house_bot
from games.models import Match
from tests.pages.tables import browser
from tournaments.service import entries, rounds


def started(tournament, django_user_model):
    person = django_user_model.objects.create_user("entrant", password="long-enough-pass")
    entries.do_register(tournament.pk, person, user=person)
    for _ in range(3):
        entries.do_register(tournament.pk, tournament.organiser, bot=house_bot("random"), house=True)
    rounds.do_start_round(tournament.pk, tournament.organiser)
    return person, Match.objects.get()


def link_text(page, match):
    start = page.index(f'href="/matches/{match.pk}/"')
    return page[start : page.index("</a>", start)]


def test_the_entrant_is_told_to_play_their_own_table(tournament, django_user_model):
    person, match = started(tournament, django_user_model)
    client = browser(person)
    for path in (f"/tournaments/{tournament.pk}/", f"/tournaments/{tournament.pk}/live/"):
        text = link_text(client.get(path).content.decode(), match)
        assert "Play" in text and "Watch live" not in text
    home = client.get("/").content.decode()
    text = link_text(home, match)
    assert "Continue" in text and "Watch" not in text


def test_a_spectator_and_another_person_are_invited_to_watch(tournament, django_user_model):
    _, match = started(tournament, django_user_model)
    for client in (browser(), browser(tournament.organiser)):
        text = link_text(client.get(f"/tournaments/{tournament.pk}/").content.decode(), match)
        assert "Watch live" in text and "Play" not in text
