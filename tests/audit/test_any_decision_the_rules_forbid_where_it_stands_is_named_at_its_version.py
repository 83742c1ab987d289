"""A property of the verifier's rules check: in a random game of any ruleset (any flags, any
table size), any one decision replaced by another decision of the same game that the rules do
not allow where it stands (another seat's, or one not legal then), the chain re-linked, is
named by the rules check at that version, and by no other check (the verifier loaded as the
file it is and run in this process for speed)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import new_game
from games.record import eventlog
from tests.audit.conftest import engine_export_records, events_of, relink
from tests.audit.test_every_rulesets_seeded_games_verify_by_the_deal_rules_of_its_descriptor import (
    any_game,
    verify_export,
)

MOVES = 300  # enough decisions of every kind; the game need not end (its export then says live)
# The deals check reads who nominates King's first dealer from the first nominate event: a forged
# one is caught there first (at deal 1), which is not the property's point.
DEALT_BY = "nominate"


def decision(event):
    return {k: v for k, v in event.items() if k != "seat"}


def forgeries(state, decided, at):
    """(index, the decisions of the game the rules do not allow at ``at``) or None."""
    index, seat, legal = at
    others = (state.events[i] for i, _, _ in decided)
    forged = [e for e in others if not (e["seat"] == seat and decision(e) in legal)]
    return (index, forged) if forged else None


@settings(max_examples=30, deadline=None)
@given(game=any_game, seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_a_decision_the_rules_forbid_is_named_at_its_version_by_the_rules_alone(game, seed, pick):
    ruleset, options = game
    rng = random.Random(seed)
    state = new_game(ruleset, seed=rng.randbytes(32), options=options)
    decided = []  # (index of the decision in the log, the seat to act, the legal actions then)
    for _ in range(MOVES):
        if state.is_over:
            break
        legal = list(state.legal_actions())
        decided.append((len(state.events), state.to_act, legal))
        state.apply(rng.choice(legal))
    choices = random.Random(pick)
    decided = [d for d in decided if state.events[d[0]]["type"] != DEALT_BY]
    choices.shuffle(decided)
    found = next(filter(None, (forgeries(state, decided, d) for d in decided)), None)
    if found is None:
        return  # every decision of this short game is legal everywhere: nothing to forge
    index, forged = found
    records = engine_export_records(state)
    event = events_of(records, "match/1")[index]
    own = [e for e in forged if e["seat"] == state.events[index]["seat"]]  # refused by a rule, not the turn
    replacement = choices.choice(own if own and choices.random() < 0.7 else forged)
    event["type"] = replacement["type"]
    event["payload"] = {k: v for k, v in replacement.items() if k != "type"}
    relink(records, "match/1", event["version"])
    report = verify_export.verify([eventlog.canonical_json(record) for record in records])
    named = [(r["check"], r["version"]) for r in report.failures]
    assert named == [("rules", index + 1)], (replacement, report.failures)
    code = report.failures[0]["message"].split(":")[0]
    assert code == "out_of_turn" or code.startswith("illegal_event/"), report.failures[0]["message"]
