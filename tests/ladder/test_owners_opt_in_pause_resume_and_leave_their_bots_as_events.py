"""A bot's owner opts it into a ruleset's ladder, pauses, resumes and takes it out, through the
API or the bot's page; each is one event in the ladder's stream (``ladder/<ruleset>``, the
same hash chain as every stream), and the entry read model follows it. A bot that left may
join again."""

import pytest

from games.record import eventlog
from tests.fixtures.people import body, client_for
from tests.ladder.conftest import RULESET
from tournaments.ladder import service as ladder_service
from tournaments.models import LadderEntry

pytestmark = pytest.mark.django_db
STREAM = f"ladder/{RULESET}"


def events():
    rows = eventlog.stream_events(STREAM)
    assert eventlog.check_chain(rows) is None
    return [(r.type, r.payload, r.metadata["actor"]) for r in rows]


def test_through_the_api(owners, bots):
    ana, bot = owners[0], bots[0]
    client = client_for(ana)
    base = f"/api/v1/ladder/{RULESET}/entries/"
    r = client.post(base, {"bot": bot.pk}, format="json")
    assert r.status_code == 201, r.content
    assert body(r) | {"joined_at": None} == {
        "ruleset": RULESET,
        "bot": bot.pk,
        "name": "ana-bot",
        "owner": "ana",
        "status": "active",
        "left_reason": "",
        "joined_at": None,
        "rejoin_at": None,  # it never left for faults
    }
    r = client.patch(f"{base}{bot.pk}/", {"status": "paused"}, format="json")
    assert r.status_code == 200 and body(r)["status"] == "paused"
    r = client.patch(f"{base}{bot.pk}/", {"status": "active"}, format="json")
    assert r.status_code == 200 and body(r)["status"] == "active"
    r = client.delete(f"{base}{bot.pk}/")
    assert r.status_code == 200 and (body(r)["status"], body(r)["left_reason"]) == ("left", "owner")
    r = client.post(base, {"bot": bot.pk}, format="json")  # back again
    assert r.status_code == 201 and body(r)["status"] == "active"
    actor = f"user:{ana.pk}"
    assert events() == [
        ("bot_joined", {"bot": bot.pk, "owner": ana.pk}, actor),
        ("bot_paused", {"bot": bot.pk}, actor),
        ("bot_resumed", {"bot": bot.pk}, actor),
        ("bot_left", {"bot": bot.pk, "reason": "owner"}, actor),
        ("bot_joined", {"bot": bot.pk, "owner": ana.pk}, actor),
    ]
    entry = LadderEntry.objects.get(ruleset=RULESET, bot=bot)
    assert (entry.status, entry.left_reason) == ("active", "")
    listed = body(client_for().get(base))  # the entries are public
    assert [(e["name"], e["status"]) for e in listed] == [("ana-bot", "active")]
    folded = ladder_service.rebuild(RULESET)
    assert {b: (e.status, e.reason) for b, e in folded.entries.items()} == {bot.pk: ("active", "")}


def test_through_the_bot_page_buttons(client, owners, bots):
    ana, bot = owners[0], bots[0]
    client.force_login(ana)
    url = f"/ladder/{RULESET}/bots/{bot.pk}/"
    for action, status in (("join", "active"), ("pause", "paused"), ("resume", "active"), ("leave", "left")):
        r = client.post(url, {"action": action})
        assert r.status_code == 303 and r["Location"] == f"/bots/{bot.pk}/"
        assert LadderEntry.objects.get(ruleset=RULESET, bot=bot).status == status
    assert [t for t, _, _ in events()] == ["bot_joined", "bot_paused", "bot_resumed", "bot_left"]
    page = client.get(f"/bots/{bot.pk}/")
    assert "ana-bot left the ladder; it keeps its rating if it joins again." in page.content.decode()
