"""The replay from a seat's eyes shows only what the viewer may see (games.service.access): a live
deal to nobody, a closed room's board to nobody outside it, and in a finished deal no card still
hidden from the chosen seat at that step. Every answer that refuses holds no card at all."""

import random
import re

import pytest
from django.contrib.auth import get_user_model

from games.record import eventlog
from games.service import access, creating, playing, states
from tests.engine.helpers import random_hands
from tests.pages.deals_to_replay import browser
from tests.pages.tables import into_the_second_deal

pytestmark = pytest.mark.django_db
CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def cards_in(response):
    return set(CARD.findall(response.content.decode()))


def hidden_from(match, version, seat):
    """The cards in the other seats' hands at ``version`` while the deal is live: what ``seat`` never saw then."""
    state = states.match_state(match, eventlog.stream_events(match.stream)[:version])
    if state.phase in ("deal_over", "over"):
        return set()
    return {c for s in range(match.num_seats) if s != seat for c in state.hand(s)}


def test_a_live_deal_is_refused_from_every_eye_and_shows_no_card(players, staff):
    match = into_the_second_deal(players, staff, b"live replay" * 3)
    outsider = get_user_model().objects.create_user("kibitzer", password="long-enough-pass")
    url = f"/matches/{match.pk}/replay/"
    for user in (None, outsider):
        for query in ("", "?seat=1", "?seat=all", "?seat=spectator", "?deal=2", f"?v={match.version}"):
            response = browser(user).get(url + query)
            assert response.status_code == 403, query
            assert not cards_in(response), query
    # a player at the table may replay the finished deal from any seat, never the live one: the
    # refusal falls back to a step of the finished deal, showing only what that seat saw then
    finished = access.finished_through(eventlog.stream_events(match.stream))
    for seat in range(4):
        response = browser(players[0]).get(f"{url}?seat={seat}&v={match.version}")
        assert response.status_code == 403
        shown = int(re.search(r'id="replay-step" data-version="(\d+)"', response.content.decode()).group(1))
        assert shown <= finished
        assert not hidden_from(match, shown, seat) & cards_in(response)


def test_a_finished_deal_seen_by_one_seat_shows_no_card_hidden_from_that_seat(players, staff):
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(11))}
    match = creating.do_create_match("king", {}, players, board, created_by=staff)
    while match.status != "over":
        state = states.match_state(match)
        playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
        match.refresh_from_db()
    viewer = browser(None)
    for version in range(1, match.version + 1, 3):
        for seat in (1, 3):
            response = viewer.get(f"/matches/{match.pk}/replay/?seat={seat}&v={version}&fragment=1")
            assert response.status_code == 200
            assert not hidden_from(match, version, seat) & cards_in(response), (version, seat)
        spectator = viewer.get(f"/matches/{match.pk}/replay/?seat=spectator&v={version}&fragment=1")
        assert not (hidden_from(match, version, 0) | hidden_from(match, version, 1)) & cards_in(spectator)


def test_a_closed_rooms_board_reaches_nobody_while_another_table_plays_it(players, staff, django_user_model):
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(12))}
    others = [django_user_model.objects.create_user(f"other{i}", password="long-enough-pass") for i in range(4)]
    # as a tournament's boards: their cards held back until its round closes
    board_match = {"created_by": staff, "event": "cup", "cards_group": "b1", "public_when_over": False}
    done = creating.do_create_match("king", {}, players, board, **board_match)
    creating.do_create_match("king", {}, others, board, **board_match)
    while done.status != "over":
        state = states.match_state(done)
        playing.submit_action(done.pk, players[state.to_act], state.legal_actions()[0], done.version)
        done.refresh_from_db()
    outsider = django_user_model.objects.create_user("outsider", password="long-enough-pass")
    for user in (None, outsider, others[0], players[1]):
        for query in ("", "?seat=1&v=5", "?seat=all&deal=1", "?seat=spectator"):
            response = browser(user).get(f"/matches/{done.pk}/replay/{query}")
            assert response.status_code == 403, (user, query)
            assert not cards_in(response), (user, query)
