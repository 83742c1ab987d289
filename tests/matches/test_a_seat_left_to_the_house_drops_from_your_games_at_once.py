"""The home page's "Your games" (and GET me/matches/) read a person's seats afresh: the moment
they leave a table to a house bot, it is no game of theirs any more and is listed nowhere, not
"Your turn" until the house bot has played. A seat the house plays for their timeouts stays
listed, but never as their turn (they cannot act there), until a ruling gives it back."""

import pytest

from games.accounts import live_games
from games.engine import RULESETS
from games.service import hand_overs
from tests.fixtures.people import body, client_for
from tests.pages.tables import browser, king_deal

pytestmark = pytest.mark.django_db


def listed(person):
    seats, _ = live_games.live_seats(person)
    return [(s.match_id, s.your_turn) for s in seats]


def test_a_seat_left_to_the_house_drops_from_your_games_at_once(players, make_bot):
    person = players[0]
    match = king_deal(person, make_bot())
    assert match.to_act == 0 and listed(person) == [(match.pk, True)]
    assert f'data-match="{match.pk}"' in browser(person).get("/").content.decode()

    hand_overs.do_leave_seat(match.pk, person)

    assert listed(person) == []
    assert f'data-match="{match.pk}"' not in browser(person).get("/").content.decode()
    assert body(client_for(person).get("/api/v1/me/matches/"))["results"] == []


def test_a_seat_the_house_plays_for_timeouts_is_listed_but_never_your_turn(players, make_bot):
    person = players[0]
    match = king_deal(person, make_bot())
    taken = {"type": "seat_taken_over", "seat": 0, "by": RULESETS["king"].takeover_policy, "reason": "timeouts"}
    hand_overs.do_append_platform(match.pk, "clock", [taken])
    assert listed(person) == [(match.pk, False)]
    assert body(client_for(person).get("/api/v1/me/matches/"))["results"][0]["your_turn"] is False

    hand_overs.do_return_seat(match.pk, 0, "arbiter", "a ruling gives the seat back")
    assert listed(person) == [(match.pk, True)]
