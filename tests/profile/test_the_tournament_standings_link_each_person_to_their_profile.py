"""A tournament's standings name each person entered by a link to their profile (a bot's or a
house bot's name stays plain text), and that profile lists the tournament."""

import re

import pytest
from django.test import Client

from tests.clubs.helpers import play_event

pytestmark = pytest.mark.django_db


def test_each_persons_name_in_the_standings_leads_to_their_profile(organiser, players, make_bot):
    robot = make_bot(name="robot0")
    event = play_event(organiser, None, [*players[:3], robot], name="Linked night")
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    standings = re.search(r'<section aria-labelledby="standings-heading">(.*?)</section>', page, re.S).group(1)
    for person in players[:3]:
        assert f'<a href="/people/{person.username}/">{person.username}</a>' in standings
    assert "robot0" in standings and 'href="/people/robot0/"' not in standings
    profile = Client().get(f"/people/{players[0].username}/").content.decode()
    assert f'href="/tournaments/{event.pk}/"' in profile
