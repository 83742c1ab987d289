"""Play again at the end of a practice game against house bots starts a new match at once: the
same game with the same options, the person and each bot in the seat they had, and the person
is taken to its table. The finished table offers it beside the score sheet and the replay."""

import pytest

from bots.house import house_bot
from games.models import Match
from tests.pages.again import SHORT, finished, holders_of
from tests.pages.tables import browser

pytestmark = pytest.mark.django_db


def test_play_again_sits_the_same_bots_at_once_in_the_same_game(players):
    person = players[0]
    table = [house_bot("random"), person, house_bot("heuristic"), house_bot("random")]
    old = finished(table, created_by=person)
    assert old.status == Match.Status.OVER

    page = browser(person).get(f"/matches/{old.pk}/").content.decode()
    assert f'<form id="play-again" class="play-again" method="post" action="/matches/{old.pk}/again/">' in page
    assert f'href="/matches/{old.pk}/replay/"' in page and f'href="/matches/{old.pk}/sheet/"' in page

    response = browser(person).post(f"/matches/{old.pk}/again/")

    new = Match.objects.exclude(pk=old.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{new.pk}/"
    assert new.status == Match.Status.LIVE and new.ruleset == old.ruleset and new.event == ""
    assert new.options == old.options and all(new.options[k] == v for k, v in SHORT.items())
    assert holders_of(new) == table and new.created_by == person
