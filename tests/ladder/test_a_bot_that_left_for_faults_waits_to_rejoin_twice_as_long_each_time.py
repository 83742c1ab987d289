"""A bot that left the ladder for faults may not be opted in again at once: for
LADDER_REJOIN_WAIT_SECONDS from the time it left, doubling on each leave for faults, a join is
refused with 409 ``rejoin_too_soon``, ``retry_after`` (seconds) and ``rejoin_at``, by the service,
the API and the bot page's button alike, and nothing is stored. The bot's page says until when
and offers no "join" button meanwhile; once the wait is over it joins as before."""

import math
from datetime import timedelta

import pytest

from games.errors import ServiceError
from games.models import Event
from tests.fixtures.people import body, client_for
from tests.ladder.conftest import RULESET, play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import MAX_REJOIN_WAIT, rejoin_wait
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import Ladder, LadderEntry, LadderTable

pytestmark = pytest.mark.django_db
WAIT = 600


def leave_for_faults(bot):
    """The bot's next ladder match: it faults until a house bot takes its seat; then rated."""
    ladder_tick()
    table = LadderTable.objects.get(match__status="live")
    play_out(table.match, take_over=table.seats.index(bot.pk))
    ladder_service.do_rate_match(table.match_id)
    assert LadderEntry.objects.get(bot=bot).left_reason == "faults"
    return Event.objects.filter(stream=f"ladder/{RULESET}", type="bot_left").order_by("-version").first().recorded_at


def stored():
    """Everything a join could store: the log, the ladder's head, the entries."""
    return (
        Event.objects.count(),
        list(Ladder.objects.values_list("version", "head_hash")),
        list(LadderEntry.objects.order_by("pk").values_list("status", "left_reason", "joined_at", "changed_at")),
    )


def refused_now(owner, bot, retry_after):
    before = stored()
    with pytest.raises(ServiceError) as refusal:
        ladder_service.do_join(RULESET, owner, bot.pk)
    assert (refusal.value.status, refusal.value.code) == (409, "rejoin_too_soon")
    assert refusal.value.details["retry_after"] == retry_after
    assert stored() == before
    return refusal.value


def ladder_section(client, bot):
    """This ladder's part of the bot's page (the other games' ladders have buttons of their own)."""
    page = client.get(f"/bots/{bot.pk}/").content.decode()
    start = page.index(f'<section aria-labelledby="ladder-{RULESET}-heading"')
    return page[start : page.index("</section>", start)]


def whole(moment):
    """Up to the next whole second: the moments a wait ends on."""
    return moment.replace(microsecond=0) + timedelta(seconds=1) if moment.microsecond else moment


def seconds_to(end, now):
    return max(1, math.ceil((end - now).total_seconds()))


def at(monkeypatch, moment):
    monkeypatch.setattr("django.utils.timezone.now", lambda: moment)


def test_the_wait_doubles_on_each_leave_for_faults(owners, bots, settings, monkeypatch, client):
    settings.LADDER_REJOIN_WAIT_SECONDS = WAIT
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    owner, faulty = owners[0], bots[0]
    left_at = leave_for_faults(faulty)

    at(monkeypatch, left_at)
    rejoin = whole(left_at + timedelta(seconds=WAIT))
    refusal = refused_now(owner, faulty, seconds_to(rejoin, left_at))
    assert refusal.details["rejoin_at"] == rejoin.isoformat() and refusal.details["fault_leaves"] == 1
    assert f"may join again at {rejoin.isoformat()} (UTC), in {seconds_to(rejoin, left_at)} seconds" in refusal.message

    before = stored()
    api = client_for(owner).post(f"/api/v1/ladder/{RULESET}/entries/", {"bot": faulty.pk}, format="json")
    assert api.status_code == 409
    error = body(api)["error"]
    assert (error["code"], error["rejoin_at"]) == ("rejoin_too_soon", rejoin.isoformat())
    assert error["retry_after"] == refusal.details["retry_after"]
    listed = body(client_for(owner).get(f"/api/v1/ladder/{RULESET}/entries/"))
    assert next(e for e in listed if e["bot"] == faulty.pk)["rejoin_at"] == rejoin.isoformat()

    client.force_login(owner)
    section = ladder_section(client, faulty)
    assert f'id="ladder-{RULESET}-rejoin"' in section and "It may join again from" in section
    assert 'value="join"' not in section  # no button the service would refuse
    button = client.post(f"/ladder/{RULESET}/bots/{faulty.pk}/", {"action": "join"})
    assert button.status_code == 409 and "may join again at" in button.content.decode()
    assert stored() == before

    at(monkeypatch, rejoin - timedelta(seconds=0.5))
    refused_now(owner, faulty, 1)

    at(monkeypatch, rejoin)
    section = ladder_section(client, faulty)
    assert 'value="join"' in section and "It may join again from" not in section
    ladder_service.do_join(RULESET, owner, faulty.pk)  # the wait is over
    left_again = leave_for_faults(faulty)

    at(monkeypatch, left_again)
    twice = whole(left_again + timedelta(seconds=2 * WAIT))
    refusal = refused_now(owner, faulty, seconds_to(twice, left_again))
    assert refusal.details["rejoin_at"] == twice.isoformat() and refusal.details["fault_leaves"] == 2
    at(monkeypatch, twice)
    ladder_service.do_join(RULESET, owner, faulty.pk)
    assert_read_models_equal_a_rebuild(RULESET)


def test_a_bot_that_left_for_another_reason_rejoins_at_once(owners, bots, settings):
    settings.LADDER_REJOIN_WAIT_SECONDS = WAIT
    ladder_service.do_join(RULESET, owners[0], bots[0].pk)
    ladder_service.do_leave(RULESET, owners[0], bots[0].pk)
    assert ladder_service.do_join(RULESET, owners[0], bots[0].pk).status == "active"


def test_the_wait_is_the_setting_doubled_per_repeat_up_to_a_year():
    assert [rejoin_wait(n, 3600) for n in range(5)] == [0, 3600, 7200, 14400, 28800]
    assert rejoin_wait(40, 3600) == rejoin_wait(10**6, 3600) == MAX_REJOIN_WAIT == 365 * 24 * 3600
    assert rejoin_wait(3, 0) == 0  # no wait at all
