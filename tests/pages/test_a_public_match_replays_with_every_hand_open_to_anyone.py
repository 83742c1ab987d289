"""In a finished public match anyone may look from every seat, so the replay shows anyone every
hand at once ("Every hand"): each seat's hand as that seat's own replay gives it, and no more.
A match whose cards are not public offers it to nobody but its arbiter."""

import re

import pytest

from games.service import access
from tests.pages.deals_to_replay import browser, deal_starts, game_of_deals

pytestmark = pytest.mark.django_db
CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def test_anyone_sees_every_hand_of_a_public_match_each_as_its_seat_saw_it(make_bot):
    match = game_of_deals(make_bot)
    assert access.is_public(match)
    version = deal_starts(match)[2] + 6
    page = browser().get(f"/matches/{match.pk}/replay/?seat=all&v={version}").content.decode()
    assert '<option value="all" selected>' in page
    for seat in range(4):
        shown = re.search(rf'data-hand="{seat}">(.*?)</div>', page, re.S).group(1)
        assert sorted(CARD.findall(shown)) == sorted(access.seat_replay(match, None, seat, version)["view"]["hand"])


def test_every_hand_of_a_match_not_public_is_refused_to_a_player_of_it(players, staff):
    from tests.pages.tables import into_the_second_deal

    match = into_the_second_deal(players, staff, b"not public" * 3)
    response = browser(players[0]).get(f"/matches/{match.pk}/replay/?seat=all&deal=1")
    page = response.content.decode()
    assert response.status_code == 403 and "only an arbiter sees every hand" in page
    assert 'data-hand="1"' not in page and 'data-hand="0"' in page  # fell back to the player's own seat
