"""A profile lists the tournaments its person entered in person, newest first, each linked to
its page: a finished one with their place among its ranked entrants, as its standings show it;
one not finished with its status and no place. An organiser's invitation they have not
accepted is no entry and is not listed."""

import re

import pytest

from tests.clubs.helpers import play_event
from tournaments import read
from tournaments.models import Entrant
from tournaments.service import creation, entries

from .people import profile_page, stat

pytestmark = pytest.mark.django_db


def test_finished_events_show_the_place_and_others_their_status(organiser, players):
    finished = play_event(organiser, None, players, name="Spring night")
    coming = creation.do_create_tournament(organiser, "Summer night", "king", {}, "swiss", 2)
    entries.do_register(coming.pk, players[0], user=players[0])
    invited = creation.do_create_tournament(organiser, "Autumn night", "king", {}, "swiss", 2)
    entries.do_register(invited.pk, organiser, user=players[0])
    assert Entrant.objects.get(tournament=invited, user=players[0]).status == Entrant.Status.INVITED

    status, page = profile_page("player0")
    assert status == 200
    listed = re.findall(r'<li id="entry-(\d+)">', page)
    assert listed == [str(coming.pk), str(finished.pk)]  # newest first, the invitation left out
    standings = read.standings_rows(finished)
    place = next(row["rank"] for row in standings if row["name"] == "player0")
    entry = re.search(rf'<li id="entry-{finished.pk}">(.*?)</li>', page, re.S).group(1)
    assert f'href="/tournaments/{finished.pk}/"' in entry and "Spring night" in entry
    assert f"place {place} of {len(players)}" in entry
    upcoming = re.search(rf'<li id="entry-{coming.pk}">(.*?)</li>', page, re.S).group(1)
    assert " of " not in upcoming and coming.get_status_display() in upcoming
    assert stat(page, "tournaments") == "2"
