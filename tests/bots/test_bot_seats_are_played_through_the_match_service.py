"""Bot seats in-process (the runner the Celery task calls): built-in, webhook and faulty bots."""

import json

from games import engine
from games.models import Match
from games.record import eventlog
from games.service import creating, states
from tests.fixtures.bots import run_until_over


def stored_types(match):
    return [r.type for r in eventlog.stream_events(match.stream)]


def test_four_built_in_bots_play_a_king_and_a_rifki_match_to_the_end(make_bot, settings):
    settings.BOT_TIME_SLICE_SECONDS = 0.05  # several tasks' worth of slices, not one
    for ruleset, options in (("king", {"quick_game_combined_negatives": True}), ("rifki", {"short_mode": True})):
        bots = [make_bot(strategy=s, name=f"{ruleset}{i}") for i, s in enumerate(["random", "heuristic"] * 2)]
        match = creating.do_create_match(ruleset, options, bots)
        run_until_over(match)
        rows = eventlog.stream_events(match.stream)
        assert [r.version for r in rows] == list(range(1, match.version + 1))
        assert eventlog.check_chain(rows) is None
        state = states.match_state(match)
        assert state.is_over and rows[-1].type == "game_ended"
        assert all(r.metadata["actor"].startswith("bot:") for r in rows if r.type in ("play", "contract"))
        assert engine.replay(state.events, seed=bytes.fromhex(match.seed), verify=True) == state


def test_a_webhook_bot_plays_a_whole_match_seeing_only_its_own_cards(make_bot, bot_server, private_webhooks_allowed):
    server = bot_server()
    hook = make_bot(kind="webhook", url=server.url, name="hook")
    match = creating.do_create_match(
        "king",
        {"quick_game_combined_negatives": True},
        [hook] + [make_bot(strategy="heuristic", name=f"h{i}") for i in range(3)],
    )
    Match.objects.filter(pk=match.pk).update(bot_turn_timeout=10)  # a loaded CI machine is no fault
    run_until_over(match)
    assert server.requests and "action_fallback" not in stored_types(match)
    events = [eventlog.as_engine_event(r) for r in eventlog.stream_events(match.stream)]
    for _headers, raw in server.requests:
        request = json.loads(raw)
        assert request["seat"] == 0 and request["match"] == match.pk
        before = engine.replay(events[: request["version"]], seed=bytes.fromhex(match.seed))
        hidden = {c for s in (1, 2, 3) for c in before.hand(s)}
        request["view"].pop("last_deal", None)  # the previous deal, over and shown to the table
        assert not {c for c in hidden if f'"{c}"' in json.dumps(request)}
        assert request["view"]["hand"] == before.hand(0)
        assert request["legal_actions"] == before.legal_actions()


def test_faulty_answers_get_the_fallback_and_three_faults_hand_the_seat_to_the_heuristic(
    make_bot, bot_server, private_webhooks_allowed
):
    answers = iter([(200, b"{}", 3.0), (200, b"garbage", 0), (500, b"", 0)])
    server = bot_server(lambda request: next(answers, (200, b'{"action": {"type": "play", "card": "ZZ"}}', 0)))
    hook = make_bot(kind="webhook", url=server.url, name="flaky")
    match = creating.do_create_match(
        "king",
        {"quick_game_combined_negatives": True},
        [make_bot(strategy="random", name=f"r{i}") for i in range(3)] + [hook],
    )
    Match.objects.filter(pk=match.pk).update(bot_turn_timeout=1.0)  # the slow answer takes 3 s
    run_until_over(match)
    rows = eventlog.stream_events(match.stream)
    fallbacks = [r.payload for r in rows if r.type == "action_fallback"]
    assert [f["reason"] for f in fallbacks] == ["timeout", "not_json", "http_error"]
    assert all(f["seat"] == 3 for f in fallbacks)
    takeovers = [r.payload for r in rows if r.type == "seat_taken_over"]
    assert takeovers == [{"seat": 3, "by": "heuristic", "reason": "3 faults in this match"}]
    assert len(server.requests) == 3  # never asked again once replaced
    # each fallback is the first legal action, right after its fault event
    for i, r in enumerate(rows):
        if r.type == "action_fallback":
            state = states.match_state(match, rows[:i])
            assert eventlog.as_engine_event(rows[i + 1])["seat"] == 3
            first = state.legal_actions()[0]
            assert {k: v for k, v in eventlog.as_engine_event(rows[i + 1]).items() if k != "seat"} == dict(first)
    assert states.match_state(match).is_over


def test_an_illegal_answer_is_a_fault_too(make_bot, bot_server, private_webhooks_allowed):
    server = bot_server(lambda request: (200, b'{"action": {"type": "play", "card": "ZZ"}}', 0))
    hook = make_bot(kind="webhook", url=server.url, name="cheat")
    match = creating.do_create_match("king", {}, [hook] + [make_bot(name=f"r{i}") for i in range(3)])
    run_until_over(match)
    rows = eventlog.stream_events(match.stream)
    assert [r.payload["reason"] for r in rows if r.type == "action_fallback"] == ["illegal_action"] * 3
    assert sum(r.type == "seat_taken_over" for r in rows) == 1
