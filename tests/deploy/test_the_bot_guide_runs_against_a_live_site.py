"""The bot guide (docs/bots.md) works as written: its shell block, run as it stands against a live site
(with a real worker playing the house bots), signs a newcomer up, registers a polling bot, runs
it with the starter kit, finishes a sparring match with no admin, puts the bot in the ladder, and
takes it out again before stopping it (a stopped bot left in the ladder would fault its seats)."""

import ast
import json
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from bots.models import Bot
from games.live import longpoll
from games.models import Match
from games.record import eventlog
from tournaments.models import LadderEntry

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
BOT_GUIDE = ROOT / "docs" / "bots.md"
# If the guide fails half-way, its bot (started in the background) must not poll for ever.
STOP_BACKGROUND_JOBS = "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n"


def guide():
    text = BOT_GUIDE.read_text()
    block = re.search(r"<!-- bot-guide:start -->\s*```sh\n(.*?)```\s*<!-- bot-guide:end -->", text, re.S)
    assert block, "docs/bots.md's bot guide is marked <!-- bot-guide:start --> ... <!-- bot-guide:end -->"
    return block.group(1)


def test_the_guide_goes_from_sign_up_to_a_finished_sparring_match_and_the_ladder(live_server, bot_worker, settings):
    settings.BOT_TURN_TIMEOUT_SECONDS = 10.0  # a loaded CI machine is no fault of the bot's
    run = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", STOP_BACKGROUND_JOBS + guide()],
        cwd=ROOT,  # the guide runs from a checkout's root (bots/sdk/, bots/examples/)
        env={**os.environ, "SERVER": live_server.url},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, (run.stdout[-2000:], run.stderr[-3000:], bot_worker.log_text()[-3000:])
    # The bot's last long poll may still wait in the live server's thread: let it end before
    # the test database goes (its wait is at most 25 s).
    deadline = time.monotonic() + 40
    while longpoll.SLOTS.total and time.monotonic() < deadline:
        time.sleep(0.2)

    match = Match.objects.get()
    assert match.status == Match.Status.OVER and match.event == "" and match.created_by.username == "ana"
    assert sorted(s.bot.name for s in match.seats.select_related("bot")) == ["ana-poller", *["house-heuristic"] * 3]
    assert "action_fallback" not in {row.type for row in eventlog.stream_events(match.stream)}  # the bot answered
    scores, joined, board, left = run.stdout.strip().splitlines()[-4:]
    assert len(ast.literal_eval(scores)) == 4  # printed by Python
    assert json.loads(joined)["status"] == "active"
    assert "ana-poller" in board
    assert left == "left"
    bot = Bot.objects.get(name="ana-poller")
    assert list(LadderEntry.objects.filter(bot=bot).values_list("status", "left_reason")) == [("left", "owner")]
