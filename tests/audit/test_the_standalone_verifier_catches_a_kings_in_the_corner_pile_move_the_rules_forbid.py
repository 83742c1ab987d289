"""A Kings in the Corner pile move rewritten onto a pile it may not go to (every hash after it
recomputed): the deals are the seed's, but the rules refuse the move where it stands, and the
verifier names the match, the move's version and the rule (an engine game of three seats,
exported and chained as the platform does)."""

import random

import pytest

from games import engine
from tests.audit.conftest import engine_export_records, events_of, failures, relink, write_records

pytestmark = pytest.mark.django_db

PILES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")


def played_with_a_move(seed=0):
    """A finished 3-seat game with at least one pile move (random play, the first seed giving one)."""
    while True:
        rng = random.Random(seed)
        state = engine.new_game("corners", seed=rng.randbytes(32), options={"players": 3})
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if any(e["type"] == "move" for e in state.events):
            return state
        seed += 1


def forbidden_move(state, index):
    """A move of the same pile, by the same seat, onto a pile the rules refuse it at event
    ``index`` of the game: (its destination, the refusal's code)."""
    event = state.events[index]
    before = engine.replay(state.events[:index], seed=state.seed)
    assert before.to_act == event["seat"]
    for to in PILES:
        action = {"type": "move", "from": event["from"], "to": to}
        if action in before.legal_actions():
            continue
        try:
            before.apply(action)
        except engine.IllegalAction as refusal:
            return to, refusal.code
    raise AssertionError("every pile takes this move")


def test_a_move_onto_a_pile_it_may_not_go_to_fails_the_rules_at_its_version(tmp_path, verify_json):
    state = played_with_a_move()
    index = next(i for i, e in enumerate(state.events) if e["type"] == "move")
    to, code = forbidden_move(state, index)
    records = engine_export_records(state)
    move = events_of(records, "match/1")[index]
    assert move["type"] == "move" and move["version"] == index + 1
    move["payload"]["to"] = to
    relink(records, "match/1", move["version"])
    code_, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code_ == 1
    assert failures(report) == [("rules", "match/1", move["version"])]
    message = report["failures"][0]["message"]
    assert message.startswith(f"illegal_event/{code}: move by seat {move['payload']['seat']}")
    assert next(r for r in report["results"] if r["check"] == "deals")["status"] == "pass"
