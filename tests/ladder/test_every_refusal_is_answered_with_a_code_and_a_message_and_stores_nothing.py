"""Every bad request to the ladder is refused with its code and a message in the reader's
language, and stores nothing: no event, no entry change, no match. Opting in: someone else's
bot or one that does not exist (404 not_found, as in the bots API), a disabled bot (400
bot_disabled), a built-in bot, the house's or one's own (400 builtin_bot), a ruleset not
offered (400 ruleset_not_offered), a bot already in (409 already_in_ladder). Pausing and
resuming: a bot not in (404 not_in_ladder), no change (409 already_paused / already_active), a
disabled bot resumed (400 bot_disabled), a bad status (400 invalid_input). Leaving a ladder one
is not in (404). Seating a table: one owner at two seats (400 same_owner), a bot not in the
ladder (409 seat_not_in_ladder) or already at a live ladder match (409 bot_busy), a bot that is not
an anchor completing it (400 not_an_anchor)."""

import pytest
from django.db.models import Count

from bots.house import house_bot
from games.errors import ServiceError
from games.models import Event, Match
from tests.fixtures.people import body, client_for
from tests.ladder.conftest import RULESET, new_bot
from tournaments.ladder import service as ladder_service
from tournaments.models import Ladder, LadderEntry, LadderTable

pytestmark = pytest.mark.django_db
BASE = f"/api/v1/ladder/{RULESET}/entries/"


def snapshot():
    return (
        list(Event.objects.filter(stream__startswith="ladder/").values_list("stream", "version")),
        list(Ladder.objects.values_list("ruleset", "version", "head_hash")),
        sorted(LadderEntry.objects.values_list("ruleset", "bot_id", "status", "left_reason")),
        Match.objects.aggregate(n=Count("pk"))["n"],
        LadderTable.objects.count(),
    )


def refused(call, *args):
    with pytest.raises(ServiceError) as e:
        call(*args)
    return e.value.status, e.value.code


@pytest.fixture
def joined(owners, bots):
    """ana-bot and bo-bot are in the ladder; bo-bot is paused."""
    ladder_service.do_join(RULESET, owners[0], bots[0].pk)
    ladder_service.do_join(RULESET, owners[1], bots[1].pk)
    ladder_service.do_set_status(RULESET, owners[1], bots[1].pk, "paused")


def test_opting_in(owners, bots, joined, settings):
    ana, cem = owners[0], owners[2]
    disabled = new_bot(ana, "ana-off")
    disabled.is_active = False
    disabled.save()
    builtin = new_bot(ana, "ana-builtin", kind="builtin", strategy="random")
    before = snapshot()
    cases = [
        (ana, bots[2].pk, RULESET, (404, "not_found")),  # cem's
        (ana, 999999, RULESET, (404, "not_found")),
        (ana, disabled.pk, RULESET, (400, "bot_disabled")),
        (ana, builtin.pk, RULESET, (400, "builtin_bot")),
        (ana, house_bot("heuristic").pk, RULESET, (404, "not_found")),  # the house's: not ana's
        (ana, bots[0].pk, "nonsense", (400, "ruleset_not_offered")),
        (ana, bots[0].pk, RULESET, (409, "already_in_ladder")),
        (owners[1], bots[1].pk, RULESET, (409, "already_in_ladder")),  # paused is still in
    ]
    before = snapshot()
    for user, bot, ruleset, expected in cases:
        assert refused(ladder_service.do_join, ruleset, user, bot) == expected, (bot, ruleset)
        r = client_for(user).post(f"/api/v1/ladder/{ruleset}/entries/", {"bot": bot}, format="json")
        assert (r.status_code, body(r)["error"]["code"]) == expected
        assert body(r)["error"]["message"]
    house = house_bot("random")
    assert refused(ladder_service.do_join, RULESET, house.owner, house.pk) == (400, "builtin_bot")
    assert snapshot() == before
    r = client_for(ana).post(BASE, {"bot": disabled.pk}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert body(r)["error"] == {"code": "bot_disabled", "message": "the bot “ana-off” is disabled", "bot": "ana-off"}
    for bad in ({}, {"bot": "ana-bot"}, {"bot": -1}, {"bot": True}):
        r = client_for(cem).post(BASE, bad, format="json")
        assert (r.status_code, body(r)["error"]["code"]) == (400, "invalid_input")
    r = client_for().post(BASE, {"bot": bots[2].pk}, format="json")  # nobody signed in
    assert r.status_code in (401, 403)
    assert snapshot() == before


def test_pausing_resuming_and_leaving(owners, bots, joined):
    ana, bo, cem = owners[:3]
    before = snapshot()
    cases = [
        (cem, bots[2].pk, "paused", (404, "not_in_ladder")),
        (ana, bots[1].pk, "paused", (404, "not_found")),  # bo's bot
        (ana, bots[0].pk, "active", (409, "already_active")),
        (bo, bots[1].pk, "paused", (409, "already_paused")),
        (ana, bots[0].pk, "asleep", (400, "invalid_input")),
    ]
    for user, bot, status, expected in cases:
        assert refused(ladder_service.do_set_status, RULESET, user, bot, status) == expected
        r = client_for(user).patch(f"{BASE}{bot}/", {"status": status}, format="json")
        assert (r.status_code, body(r)["error"]["code"]) == expected
    bots[1].is_active = False
    bots[1].save()
    assert refused(ladder_service.do_set_status, RULESET, bo, bots[1].pk, "active") == (400, "bot_disabled")
    for user, bot, expected in ((cem, bots[2].pk, (404, "not_in_ladder")), (bo, bots[0].pk, (404, "not_found"))):
        assert refused(ladder_service.do_leave, RULESET, user, bot) == expected
        r = client_for(user).delete(f"{BASE}{bot}/")
        assert (r.status_code, body(r)["error"]["code"]) == expected
    r = client_for().delete(f"{BASE}{bots[0].pk}/")
    assert r.status_code in (401, 403)
    assert snapshot() == before


def test_the_page_buttons_show_the_refusal_with_its_status(client, owners, bots, joined):
    client.force_login(owners[0])
    before = snapshot()
    for bot, action, status, words in (
        (bots[0].pk, "join", 409, "“ana-bot” is already in this ladder"),
        (bots[2].pk, "join", 404, f"you have no bot {bots[2].pk}"),
        (bots[0].pk, "resume", 409, "“ana-bot” is already playing"),
        (bots[0].pk, "dance", 400, "action must be join, pause, resume or leave"),
    ):
        r = client.post(f"/ladder/{RULESET}/bots/{bot}/", {"action": action})
        assert r.status_code == status and words in r.content.decode()
    assert client.get(f"/ladder/{RULESET}/bots/{bots[0].pk}/").status_code == 405
    assert snapshot() == before


def test_seating_a_table(owners, bots, joined):
    ana, bo, cem, dia = owners[:4]
    ladder_service.do_set_status(RULESET, bo, bots[1].pk, "active")
    ladder_service.do_join(RULESET, cem, bots[2].pk)
    ladder_service.do_join(RULESET, dia, bots[3].pk)
    second = new_bot(ana, "ana-second")
    ladder_service.do_join(RULESET, ana, second.pk)
    anchors = [house_bot(s).pk for s in ("random", "heuristic")]
    before = snapshot()
    cases = [
        ([bots[0].pk, second.pk, bots[2].pk, bots[3].pk], [], (400, "same_owner")),  # one owner at two seats
        ([bots[0].pk, bots[4].pk, bots[2].pk, bots[3].pk], [], (409, "seat_not_in_ladder")),  # eli-bot never joined
        ([bots[0].pk, bots[1].pk, bots[2].pk], [bots[3].pk], (400, "not_an_anchor")),
        ([bots[0].pk, bots[1].pk], anchors[:1], (400, "invalid_seats")),  # a seat short
        ([bots[0].pk, bots[1].pk], [anchors[0], anchors[0]], (400, "invalid_seats")),  # an anchor twice
        (["x"], [], (404, "not_found")),
    ]
    for seats, house, expected in cases:
        if seats == ["x"]:
            seats = [987654]
        assert refused(ladder_service.do_seat_table, RULESET, seats, house) == expected, seats
    assert snapshot() == before
    table = ladder_service.do_seat_table(RULESET, [bots[0].pk, bots[1].pk], anchors)
    assert sorted(table.seats) == sorted([bots[0].pk, bots[1].pk, *anchors])
    after = snapshot()
    busy = [bots[0].pk, bots[2].pk, bots[3].pk, second.pk]
    assert refused(ladder_service.do_seat_table, RULESET, busy, []) == (409, "bot_busy")
    assert snapshot() == after
