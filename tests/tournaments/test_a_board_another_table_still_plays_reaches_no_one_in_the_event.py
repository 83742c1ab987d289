"""docs/api.md "Closed rooms", hidden information across tables: two tables of a duplicate event are dealt the
same board. When one table finishes a deal, nobody who plays in the event (the players at
either table, the owners of the bots there, their bots' turn requests, an organiser or a staff
member who is also an entrant) is shown that deal's hands while the other table is still
playing the same cards: not through the match, events or replay endpoints, nor the table and
audit pages. A staff member who does not play sees them, and everyone does once no table plays
them.
"""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bots import runner
from games.models import Match, Seat
from games.record import eventlog
from games.service import playing, states
from games.templatetags.cards import card_name
from tests.fixtures.people import client_for
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds

User = get_user_model()


def is_card(value):
    return isinstance(value, str) and len(value) == 2 and value[0] in "23456789TJQKA" and value[1] in "SHDC"


def card_lists(value):
    """Every JSON list of two or more cards in ``value``, at any depth."""
    if isinstance(value, dict):
        for item in value.values():
            yield from card_lists(item)
    elif isinstance(value, list):
        if len(value) >= 2 and all(is_card(v) for v in value):
            yield value
        for item in value:
            yield from card_lists(item)


def leaked_hands(document, live_hands, own_seat):
    """The lists in ``document`` that are (part of) another seat's live hand: a hand shown,
    never a trick, whose cards come from four different hands."""
    others = [set(h) for s, h in enumerate(live_hands) if s != own_seat]
    return [cards for cards in card_lists(document) if any(set(cards) <= hand for hand in others)]


def play(match, actions):
    """Play ``actions`` moves of ``match`` through the match service, each by the seat to act."""
    for _ in range(actions):
        match.refresh_from_db()
        state = states.current_state(match)
        seat = state.to_act
        playing.do_act(match.pk, f"test:seat{seat}", lambda m, seat=seat: seat, state.legal_actions()[0], match.version)


def play_until(match, done):
    for _ in range(2000):
        match.refresh_from_db()
        if done(states.match_state(match)):
            return
        play(match, 1)
    raise AssertionError("never got there")


def deals_ended(state):
    return sum(e["type"] in ("deal_ended", "deal_cancelled") for e in state.events)


@pytest.fixture
def event(organiser, make_bot):
    """A one-round duplicate King event of eight entrants at two tables playing board b1: the
    organiser, a staff member, three more people and three polling bots of three other owners."""
    staff_player = User.objects.create_user("staffplayer", password="long-enough-pass", is_staff=True)
    people = [organiser, staff_player] + [
        User.objects.create_user(f"p{i}", password="long-enough-pass") for i in range(3)
    ]
    owners = [User.objects.create_user(f"owner{i}", password="long-enough-pass") for i in range(3)]
    bots = []
    for i, owner in enumerate(owners):
        bot = make_bot(kind="polling", name=f"poller{i}")
        bot.owner = owner
        bot.save(update_fields=["owner"])
        bots.append(bot)
    tournament = creation.do_create_tournament(
        organiser, "Dup", "king", {"quick_game_combined_negatives": True}, "duplicate", 1
    )
    for person in people:
        entries.do_register(tournament.pk, person, user=person)
    for bot in bots:  # someone else's bot is invited: it counts once its owner accepts
        entrant = entries.do_register(tournament.pk, organiser, bot=bot)
        entries.do_answer_invitation(entrant.pk, bot.owner, accept=True)
    rounds.do_start_round(tournament.pk, organiser)
    a, b = (t.match for t in TournamentTable.objects.filter(tournament=tournament).order_by("table"))
    assert a.cards_group and a.cards_group == b.cards_group
    return {"tournament": tournament, "a": a, "b": b, "people": people, "owners": owners, "bots": bots}


def seat_of(match, user):
    """The seat ``user`` holds at ``match`` in person or through their bot, or None."""
    seat = (
        Seat.objects.filter(match=match, user=user).first() or Seat.objects.filter(match=match, bot__owner=user).first()
    )
    return None if seat is None else seat.index


def api_documents(client, match):
    """Every JSON document the API gives ``client`` about ``match``, with its path."""
    paths = [
        f"/api/v1/matches/{match.pk}/",
        f"/api/v1/matches/{match.pk}/events/",
        f"/api/v1/matches/{match.pk}/events/?after=3&limit=500",
    ]
    paths += [
        f"/api/v1/matches/{match.pk}/replay/?seat={seat}&version={v}"
        for seat in ("0", "1", "2", "3", "all")
        for v in range(1, match.version + 1, 7)
    ]
    paths.append(f"/api/v1/matches/{match.pk}/replay/?seat=0&version={match.version}")
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 403), (path, response.status_code)
        yield path, json.loads(response.content)


def test_a_finished_deal_of_a_shared_board_reaches_no_one_in_the_event_while_the_other_table_plays(event):
    a, b = event["a"], event["b"]
    play_until(a, lambda state: deals_ended(state) >= 1)  # table 1 has finished deal 1 ...
    b_state = states.match_state(b)
    assert deals_ended(b_state) == 0 and b_state.deal_no == 1  # ... which table 2 has not even begun
    live_hands = [b_state.hand(s) for s in range(4)]
    a_deal_one = next(e for e in states.match_state(a).events if e["type"] == "deal_started")
    assert a_deal_one["hands"] == live_hands  # the same cards: table 2's live hands

    viewers = event["people"] + event["owners"]
    for person in viewers:
        client = client_for(person)
        own = seat_of(a, person) if seat_of(a, person) is not None else seat_of(b, person)
        for match in (a, b):
            for path, document in api_documents(client, match):
                assert leaked_hands(document, live_hands, own) == [], (person.username, path)

    # The pages of both tables, for each person: a card is named only if it is in the viewer's
    # own hand at that table or was played there (on the table for everyone to see); the other
    # table is a closed room to them (tests/tournaments/closed_rooms.py tries every door).
    for person in event["people"]:
        browser = Client()
        browser.force_login(person)
        for match in (a, b):
            state = states.match_state(match)
            seat = Seat.objects.filter(match=match, user=person).values_list("index", flat=True).first()
            allowed = {e["card"] for e in state.events if e["type"] == "play"}
            allowed |= set(state.hand(seat)) if seat is not None else set()
            for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/live/", f"/matches/{match.pk}/sheet/"):
                page = browser.get(url)
                assert page.status_code == (200 if seat is not None else 403), url
                named = set(re.findall(r'data-card="(\w\w)"', page.content.decode()))
                assert named <= allowed, (person.username, url, named - allowed)
                if seat is not None and url == f"/matches/{match.pk}/":
                    assert set(state.hand(seat)) <= named  # the page does show the viewer's own hand

    # Every bot at either table: play on until each has been asked for a move once, and read its
    # turn request as the bot does (GET bot/turns/). Table 2 stays within deal 1 meanwhile.
    tokens = {bot.pk: bot.token for bot in event["bots"]}
    asked = 0
    for match in (a, b):
        bot_seats = {s.index: s.bot_id for s in Seat.objects.filter(match=match, bot__isnull=False)}
        waiting = set(bot_seats)
        for _ in range(300):
            state = states.match_state(match)
            if not waiting or (match is b and deals_ended(state) >= 1):
                break
            if state.to_act not in waiting:
                play(match, 1)
                continue
            match.refresh_from_db()
            runner.run_turns(match.pk, match.version)
            bot_client = Client(HTTP_AUTHORIZATION=f"Bot {tokens[bot_seats[state.to_act]]}")
            turns = json.loads(bot_client.get("/api/v1/bot/turns/").content)["turns"]
            assert [(t["match"], t["seat"]) for t in turns] == [(match.pk, state.to_act)]
            assert "last_deal" not in turns[0]["view"]
            assert leaked_hands(turns[0], live_hands, turns[0]["seat"]) == [], (match.pk, state.to_act)
            answer = bot_client.post(
                f"/api/v1/bot/turns/{turns[0]['request_id']}/",
                {"action": turns[0]["legal_actions"][0]},
                content_type="application/json",
            )
            assert answer.status_code == 201
            waiting.discard(state.to_act)
            asked += 1
    assert asked == len(event["bots"])  # every bot of the event, at either table
    assert deals_ended(states.match_state(b)) == 0  # table 2 still plays the cards all along

    # The audit page of table 1 at the end of deal 1, for each person: the hands as dealt there
    # are table 2's live hands, so none but the viewer's own may be shown.
    a.refresh_from_db()
    end_of_deal = next(r.version for r in eventlog.stream_events(a.stream) if r.type == "deal_ended")
    for person in event["people"]:
        browser = Client()
        browser.force_login(person)
        own = seat_of(a, person)
        hidden = {c for s, h in enumerate(live_hands) if s != own for c in h}
        for seat in (own if own is not None else 0, "all"):
            text = browser.get(f"/matches/{a.pk}/audit/?seat={seat}&version={end_of_deal}").content.decode()
            section = (
                text.split('id="audit-hands"', 1)[1].split("</section>", 1)[0] if 'id="audit-hands"' in text else ""
            )
            assert [c for c in hidden if card_name(c) in section] == [], (person.username, seat)


def test_a_staff_member_who_does_not_play_sees_the_finished_deal_and_the_players_see_it_once_both_tables_are_done(
    event,
):
    a, b = event["a"], event["b"]
    play_until(a, lambda state: deals_ended(state) >= 1)
    dealt = next(e for e in states.match_state(a).events if e["type"] == "deal_started")["hands"]

    def first_deal(client, match):
        events = json.loads(client.get(f"/api/v1/matches/{match.pk}/events/").content)["events"]
        return next(e["event"] for e in events if e["event"]["type"] == "deal_started")["hands"]

    arbiter = User.objects.create_user("arbiter", password="long-enough-pass", is_staff=True)
    assert first_deal(client_for(arbiter), a) == dealt
    player = next(p for p in event["people"] if seat_of(a, p) is not None)
    seat = seat_of(a, player)
    assert first_deal(client_for(player), a) == [h if i == seat else None for i, h in enumerate(dealt)]

    play_until(a, lambda state: state.is_over)
    assert first_deal(client_for(player), a) != dealt  # table 2 has not played these cards yet
    play_until(b, lambda state: state.is_over)
    assert Match.objects.filter(cards_group=a.cards_group, status=Match.Status.LIVE).count() == 0
    assert first_deal(client_for(player), a) == dealt  # no table plays them any more
    assert first_deal(Client(), a) == dealt  # nor the public: the board is over everywhere
