"""The cast and the doors of the closed-room tests (docs/api.md "Closed rooms"): an event whose
tables are dealt the same cards, the kinds of people who may look at a table, and every door
of a match (API, streams, pages) with what each answers.

A door answers a refused viewer 403 ``board_in_play`` (JSON for the API and the streams, a page
for the pages) with no card in it; an admitted one 200 (204 for an unchanged live fragment).
"""

import json
import re

from django.contrib.auth import get_user_model
from django.test import Client

from games.accounts.tokens import issue_token
from games.models import Match, Seat
from games.service import playing, states
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds

User = get_user_model()

CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")
PAGE_CARD = re.compile(r'data-card="(\w\w)"')


def person(name, **extra):
    return User.objects.create_user(name, password="long-enough-pass", **extra)


def shared_board_event(organiser, make_bot, ruleset, options, people, bot_owners, organiser_plays=False):
    """A one-round duplicate event of ``people`` (and the organiser, if ``organiser_plays``) and
    one polling bot of each of ``bot_owners`` (invited, accepted), at tables of the size the
    options give; returns the tournament, its matches by table and the bots (with their tokens)."""
    tournament = creation.do_create_tournament(organiser, "Shared cards", ruleset, options, "duplicate", 1)
    entrants = ([organiser] if organiser_plays else []) + people
    for someone in entrants:
        entries.do_register(tournament.pk, someone, user=someone)
    bots = []
    for owner in bot_owners:
        bot = make_bot(kind="polling", name=f"poller-{owner.username}")
        bots.append(bot)
        bot.owner = owner
        bot.save(update_fields=["owner"])
        entrant = entries.do_register(tournament.pk, organiser, bot=bot)
        entries.do_answer_invitation(entrant.pk, owner, accept=True)
    rounds.do_start_round(tournament.pk, organiser)
    matches = [t.match for t in TournamentTable.objects.filter(tournament=tournament).order_by("table")]
    assert len({m.cards_group for m in matches}) == 1 and matches[0].cards_group
    return tournament, matches, bots


def first(actions):
    return actions[0]


def play(match, moves, choose=first):
    """``moves`` legal moves of ``match`` through the match service, each by the seat to act,
    ``choose`` picking it from the legal actions."""
    for _ in range(moves):
        match.refresh_from_db()
        state = states.current_state(match)
        seat = state.to_act
        action = choose(state.legal_actions())
        playing.do_act(match.pk, f"test:seat{seat}", lambda m, seat=seat: seat, action, match.version)
    match.refresh_from_db()


def play_until(match, done, most=3000, choose=first):
    for _ in range(most):
        match.refresh_from_db()
        if done(states.match_state(match)):
            return
        play(match, 1, choose)
    raise AssertionError("never got there")


def deals_ended(state):
    return sum(e["type"] in ("deal_ended", "deal_cancelled") for e in state.events)


def seat_of(match, user):
    """The seat ``user`` holds at ``match`` in person, or None."""
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


def members(match):
    """The people seated at ``match`` in person, and the owners of the bots seated there."""
    seats = Seat.objects.filter(match=match).select_related("user", "bot__owner")
    return {s.user for s in seats if s.user} | {s.bot.owner for s in seats if s.bot}


# ------------------------------------------------------------------ the doors
def api_client(user=None, bot=None):
    """A client as the API sees it: a person's token, a bot's token, or nobody."""
    if bot is not None:
        return Client(HTTP_AUTHORIZATION=f"Bot {bot.token}")
    if user is not None:
        return Client(HTTP_AUTHORIZATION=f"Token {issue_token(user)}")
    return Client()


def browser(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api_paths(match):
    m = match.pk
    return [
        f"/api/v1/matches/{m}/",
        f"/api/v1/matches/{m}/events/",
        f"/api/v1/matches/{m}/events/?after={match.version}&wait=20",  # refused at once, never held
        f"/api/v1/matches/{m}/replay/?seat=0&version=1",
        f"/api/v1/matches/{m}/replay/?seat=all&version={match.version}",
        f"/api/v1/matches/{m}/export/",
        f"/api/v1/matches/{m}/verify/",
    ]


def stream_paths(match):
    return [f"/api/v1/matches/{match.pk}/stream/", f"/api/v1/matches/{match.pk}/stream/?format=sse"]


def page_paths(match):
    m = match.pk
    return [
        f"/matches/{m}/",
        f"/matches/{m}/live/",
        f"/matches/{m}/live/?v={match.version}",  # an unchanged table: refused, not a 204
        f"/matches/{m}/sheet/",
        f"/matches/{m}/audit/",
        f"/matches/{m}/replay/",
    ]


def read(client, path):
    """(status, text) of a GET; a stream is read to its end (under the test client a bounded
    long poll: ``streams_end_at_once`` makes it end after its opening lines)."""
    response = client.get(path)
    if getattr(response, "streaming", False):
        return response.status_code, b"".join(response.streaming_content).decode()
    return response.status_code, response.content.decode()


def refused_everywhere(match, api, pages, who):
    """Every door of ``match`` refuses: 403 ``board_in_play``, and nothing with a card in it."""
    for path in api_paths(match) + stream_paths(match):
        status, text = read(api, path)
        assert status == 403, (who, path, status)
        error = json.loads(text)["error"]
        assert error["code"] == "board_in_play", (who, path, error)
        assert not CARD.findall(json.dumps(error)), (who, path)
    for path in page_paths(match):
        status, text = read(pages, path)
        assert status == 403, (who, path, status)
        assert 'id="closed-room"' in text and not PAGE_CARD.findall(text), (who, path)
    acted = pages.post(f"/matches/{match.pk}/act/", {"card": "2C", "expected_version": match.version})
    assert acted.status_code == 403 and 'id="closed-room"' in acted.content.decode(), who
    assert Match.objects.get(pk=match.pk).version == match.version, who  # nothing was stored


def admitted_everywhere(match, api, pages, who):
    """Every door that shows a live match answers (its export and its public replay wait for
    the board to be over everywhere; the replay API for a finished deal): returns the JSON of
    the state and events, and the first line of the stream."""
    status, text = read(api, f"/api/v1/matches/{match.pk}/")
    assert status == 200, (who, status, text[:200])
    detail = json.loads(text)
    status, text = read(api, f"/api/v1/matches/{match.pk}/events/?limit=500")
    assert status == 200, (who, status)
    events = json.loads(text)["events"]
    status, text = read(api, f"/api/v1/matches/{match.pk}/verify/")
    assert status == 200 and json.loads(text)["ok"], (who, text[:300])
    for path in stream_paths(match):
        status, text = read(api, path)
        assert status == 200 and "snapshot" in text, (who, path, status)
    for path in page_paths(match)[:4]:  # the table, its fragment (a 204 when unchanged), the sheet
        status, text = read(pages, path)
        assert status in (200, 204), (who, path, status)
        assert 'id="closed-room"' not in text, (who, path)
    # The audit opens; a deal still dealt elsewhere is refused in place (a 403 step), not the room.
    status, text = read(pages, f"/matches/{match.pk}/audit/")
    assert status in (200, 403) and 'id="closed-room"' not in text and "<h2" in text, (who, status)
    return detail, events


def live_group(match):
    return Match.objects.filter(cards_group=match.cards_group, status=Match.Status.LIVE).exists()
