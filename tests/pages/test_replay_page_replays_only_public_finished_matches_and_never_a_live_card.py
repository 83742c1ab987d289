"""The replay page shows a spectator what the audit shows anyone, no more: only a finished
public match, and at every step no card that its deal still hides."""

import re

from bots.house import house_bot
from games.models import Match
from games.record import eventlog
from games.service import access
from tests.pages.replays import house_deal
from tests.pages.tables import browser, king_deal

CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def test_a_live_match_is_refused_and_shows_no_card(db):
    match = house_deal(finish=False)
    response = browser().get(f"/matches/{match.pk}/replay/?v=1")
    assert response.status_code == 403
    assert not CARD.search(response.content.decode())


def test_a_finished_match_whose_cards_are_held_back_is_refused_to_anyone_not_at_the_table(db):
    match = house_deal(public=False)
    assert not access.is_public(match)
    response = browser().get(f"/matches/{match.pk}/replay/?v=2")
    assert response.status_code == 403
    assert "by everyone once the match is public" in response.content.decode()
    assert not CARD.search(response.content.decode())
    spectator = browser().get(f"/matches/{match.pk}/replay/?seat=spectator&v=2")
    assert spectator.status_code == 403 and not CARD.search(spectator.content.decode())


def test_no_step_of_the_deal_shows_a_card_not_yet_played(db):
    match = house_deal()
    rows = eventlog.stream_events(match.stream)
    client, played = browser(), set()
    for row in rows:
        if row.type == "play":
            played.add(row.payload["card"])
        page = client.get(f"/matches/{match.pk}/replay/?v={row.version}&fragment=1").content.decode()
        shown = set(CARD.findall(page))
        if row.type in ("deal_ended", "game_ended"):
            continue  # the deal is over: its cards are public now
        assert shown <= played, f"version {row.version} shows unplayed {shown - played}"


def test_a_seated_player_replays_as_a_spectator_without_their_own_hand(db, django_user_model):
    person = django_user_model.objects.create_user("sitter", password="long-enough-pass")
    match = king_deal(person, house_bot("random"))
    Match.objects.filter(pk=match.pk).update(status=Match.Status.OVER)  # only the page's own check matters here
    page = browser(person).get(f"/matches/{match.pk}/replay/?v=2").content.decode()
    assert not CARD.search(page) and 'id="hand"' not in page
