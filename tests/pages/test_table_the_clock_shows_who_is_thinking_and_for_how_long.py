"""The clock: who is to act, how long since their turn began (the last event's time), and a
webhook or polling bot's time limit."""

from datetime import timedelta

from django.utils import timezone

from games.service import creating
from tests.pages.tables import browser

HANDS = [[rank + suit for rank in "23456789TJQKA"] for suit in "SHDC"]


def king_deal(seats, dealer):
    return creating.do_create_match(
        "king", {}, seats, board={"dealer": dealer, "contract": "no_hearts", "hands": HANDS}
    )


def test_the_clock_counts_from_the_last_event_and_names_a_remote_bots_time_limit(players, make_bot, monkeypatch):
    remote = make_bot(kind="webhook", url="https://bots.example/turn", name="Faraway")
    local = make_bot(name="Local")
    match = king_deal([players[0], remote, local, local], dealer=1)  # the webhook bot leads
    later = timezone.now() + timedelta(seconds=75)
    monkeypatch.setattr("games.pages.table.timezone.now", lambda: later)
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    clock = page[page.index('id="clock"') : page.index("</p>", page.index('id="clock"'))]
    assert "Faraway has been thinking for" in clock
    assert 'data-elapsed="75"' in clock and ">1:15</time>" in clock
    assert f"A bot has {match.bot_turn_timeout:g} seconds per turn." in clock


def test_a_built_in_bot_or_a_person_has_no_time_limit_shown(players, make_bot):
    local = make_bot(name="Local")
    for dealer, name in ((1, "Bravo"), (0, players[0].username)):
        match = king_deal([players[0], local, local, local], dealer)
        page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
        assert f"{name} has been thinking for" in page and "seconds per turn" not in page
