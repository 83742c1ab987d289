"""A webhook or polling bot is told when a game it sits in starts (the match, the game, its
options, its seat and who else sits there) and how it ended (the result, the scores, its own
result: won, drawn, lost); a built-in bot, which runs on the site, is told nothing. Each happening is stored once,
however often it is announced."""

import pytest

from bots import events
from bots.models import BotEvent
from games.hooks import MatchAdvanced
from games.service import creating, states
from tests.fixtures.bots import run_until_over

pytestmark = pytest.mark.django_db


def test_a_webhook_bot_hears_its_game_start_then_its_game_end(
    make_bot, bot_server, private_webhooks_allowed, django_capture_on_commit_callbacks, webhook_calls_queued
):
    hook = make_bot(kind="webhook", url=bot_server().url, name="hooky")
    others = [make_bot(name=f"house{i}") for i in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        match = creating.do_create_match(
            "king", {"quick_game_combined_negatives": True}, [others[0], hook, *others[1:]]
        )

    start = BotEvent.objects.get(bot=hook)
    assert start.type == "game_start" and start.match == match
    assert start.data["seat"] == 1 and start.data["ruleset"] == "king"
    assert start.data["options"] == match.options
    assert start.data["opponents"] == [{"seat": i, "bot": others[n].name} for n, i in enumerate((0, 2, 3))]
    assert not BotEvent.objects.exclude(bot=hook).exists()  # built-in bots are told nothing

    run_until_over(match)
    end = BotEvent.objects.get(bot=hook, type="game_end")
    final = states.match_state(match)
    assert end.data["scores"] == list(final.scores)
    winners = end.data["winners"]
    assert winners and end.data["result"] == ("lost" if 1 not in winners else "won" if len(winners) == 1 else "drawn")
    assert end.data["taken_over"] is False and "rating" not in end.data
    # Each reached the webhook queue once (the worker POSTs it, signed: bots.events.deliver).
    assert [call for call in webhook_calls_queued if call[0] == "event"] == [("event", start.pk), ("event", end.pk)]


def test_an_announcement_heard_twice_tells_the_bot_once(make_bot, django_capture_on_commit_callbacks):
    poller = make_bot(kind="polling", name="poller")
    with django_capture_on_commit_callbacks(execute=True):
        match = creating.do_create_match("king", {}, [poller, *(make_bot(name=f"h{i}") for i in range(3))])
    events.on_match_advanced(MatchAdvanced(match.pk, match.version, match, created=True))
    assert list(BotEvent.objects.values_list("type", flat=True)) == ["game_start"]
