"""bots/examples/: the webhook and polling examples of docs/bots.md (the starter kit's server and
client playing the lowest_card strategy) play whole matches with no fault."""

import threading

import pytest

from bots import runner
from bots.examples import polling_bot, webhook_bot
from bots.models import Turn
from games.models import Match
from games.record import eventlog
from games.service import creating
from tests.fixtures.bots import run_until_over


def test_the_webhook_example_checks_signatures_and_plays_a_whole_match(make_bot, private_webhooks_allowed):
    bot = make_bot(kind="webhook", url="http://127.0.0.1:1/", name="example-hook")
    server = webhook_bot.serve(bot.secret, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        bot.url = f"http://127.0.0.1:{server.server_port}/"
        bot.save()
        match = creating.do_create_match(
            "king", {"quick_game_combined_negatives": True}, [bot] + [make_bot(name=f"r{i}") for i in range(3)]
        )
        Match.objects.filter(pk=match.pk).update(bot_turn_timeout=10)  # a loaded CI machine is no fault
        run_until_over(match)
    finally:
        server.shutdown()
        server.server_close()
    assert "action_fallback" not in [r.type for r in eventlog.stream_events(match.stream)]


@pytest.mark.django_db(transaction=True)
def test_the_polling_example_plays_a_whole_match_against_a_live_server(make_bot, live_server):
    bot = make_bot(kind="polling", name="example-poller")
    match = creating.do_create_match(
        "king", {"quick_game_combined_negatives": True}, [make_bot(name=f"r{i}") for i in range(3)] + [bot]
    )
    answered = 0
    for _ in range(3000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        if Turn.objects.filter(match=match, status="pending").exists():
            answered += polling_bot.play_pending(live_server.url, bot.token, wait=0)
        else:
            runner.run_turns(match.pk, match.version)
    assert match.status == Match.Status.OVER and answered >= 10
    assert "action_fallback" not in [r.type for r in eventlog.stream_events(match.stream)]
