"""The SDK's polling client plays whole short matches against the real API (a live server):
every one of its turns answered, no fallback."""

import pytest

from bots import runner
from bots.examples.lowest_card import choose
from bots.models import Turn
from bots.sdk.kingrifki_bot import poll_once
from games import engine
from games.engine import RULESETS
from games.models import Match
from games.offer import offered_names
from games.record import eventlog
from games.service import creating


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("ruleset", offered_names())
def test_a_short_match_ends_with_every_turn_answered(make_bot, live_server, ruleset):
    game = RULESETS[ruleset]
    options = game.short_game or {}
    seats = game.num_seats(options)
    poller = make_bot(kind="polling", name="sdk-poller")
    holders = [make_bot(name=f"house{i}") for i in range(seats - 1)]
    # The poller sits where the first decision is: a short shedding game can end before a later
    # seat's first turn, and then there would be nothing to answer.
    seed = b"the poller decides first"
    poller_seat = engine.new_game(ruleset, seed=seed, options=options).to_act
    holders.insert(poller_seat, poller)
    match = creating.do_create_match(ruleset, options, holders, seed=seed)
    answered = 0
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        if Turn.objects.filter(match=match, status=Turn.Status.PENDING).exists():
            answered += poll_once(choose, live_server.url, poller.token, wait=0)
        else:
            runner.run_turns(match.pk, match.version)
    assert match.status == Match.Status.OVER
    # Every turn the poller was given, it answered: a short shedding game may give it only a few.
    turns = Turn.objects.filter(match=match, bot=poller)
    assert answered == turns.count() == turns.filter(status=Turn.Status.DONE).count() > 0
    decided = [r for r in eventlog.stream_events(match.stream) if r.metadata.get("seat") == poller_seat]
    assert decided and all(r.metadata["actor"] == f"bot:{poller.pk}" for r in decided)
    assert "action_fallback" not in [row.type for row in eventlog.stream_events(match.stream)]
