"""Folding events one at a time from any saved value, kept in memory or stored as a JSON
checkpoint, gives exactly what a full rebuild gives: a live scoreboard that folds as events
arrive can never drift from an audit of the log."""

import json
from functools import reduce
from itertools import count

from hypothesis import given
from hypothesis import strategies as st

from tests.fixtures.tournament_events import (
    created,
    registered,
    result,
    round_closed,
    round_started,
    ruling,
    table,
    withdrawn,
)
from tournaments.standings import (
    FORMATS,
    KINDS,
    TABLE_POINTS,
    TIE_BREAKS,
    fold,
    from_checkpoint,
    ranking,
    rebuild,
    to_checkpoint,
)

UNKNOWN_EVENTS = [
    {"type": "chat_message", "text": "gg"},
    {"type": "match_started", "match": 1},
    {"note": "an event without a type"},
]


@st.composite
def histories(draw):
    """A valid event stream: entrants, rounds of tables of four with byes for the rest,
    results in any order with tied scores, rulings, withdrawals, and unknown events anywhere."""
    format_ = draw(st.sampled_from(FORMATS))
    events = [
        created(
            format_,
            table_points=draw(st.sampled_from(TABLE_POINTS)),
            tie_breaks=draw(
                st.permutations(TIE_BREAKS).flatmap(
                    lambda names: st.integers(0, len(names)).map(lambda n: list(names[:n]))
                )
            ),
            rated=draw(st.booleans()),
            ruleset=draw(st.sampled_from(["king", "rifki"])),
        )
    ]
    active = list(range(1, draw(st.integers(4, 12)) + 1))
    for entrant in active:
        events.append(registered(entrant, kind=draw(st.sampled_from(KINDS))))
    match_ids = count(1)
    reported, annulled, drawn, replays = [], set(), {}, {}
    for number in range(1, draw(st.integers(0, 4)) + 1):
        for entrant in draw(st.lists(st.sampled_from(active), unique=True, max_size=1)):
            active.remove(entrant)
            events.append(withdrawn(entrant))
        if len(active) < 4:
            break
        seating = draw(st.permutations(active))
        tables = [
            table(
                index + 1,
                match=next(match_ids),
                board=draw(
                    st.sampled_from(["A", "B"]) if format_ == "duplicate" else st.none() | st.sampled_from(["A", "B"])
                ),
                seats=seating[4 * index : 4 * index + 4],
            )
            for index in range(len(seating) // 4)
        ]
        byes = list(seating[4 * len(tables) :])
        events.append(round_started(number, tables, byes))
        drawn.update((table["match"], (number, table)) for table in tables)
        for drawn_table in draw(st.permutations(tables)):
            if draw(st.integers(0, 4)) == 0:
                continue  # this table's result never came in
            scores = draw(st.lists(st.integers(-3, 3), min_size=4, max_size=4))
            events.append(result(number, drawn_table, scores))
            reported.append(drawn_table["match"])
        for match in draw(st.lists(st.sampled_from(reported), max_size=2)) if reported else []:
            if match not in annulled and draw(st.integers(0, 2)) == 0:
                # replayed: annulled, and its table plays a replacement, maybe reported too
                annulled.add(match)
                played_in, replayed = drawn[match]
                replay = replays[(played_in, replayed["table"])] = replays.get((played_in, replayed["table"]), 0) + 1
                replacement = next(match_ids)
                drawn[replacement] = (played_in, {**replayed, "match": replacement})
                events.append(ruling("replay_match", match, replacement=replacement, replay=replay))
                if draw(st.booleans()):
                    scores = draw(st.lists(st.integers(-3, 3), min_size=4, max_size=4))
                    events.append(result(played_in, drawn[replacement][1], scores))
                    reported.append(replacement)
            elif match not in annulled and draw(st.booleans()):
                annulled.add(match)
                events.append(ruling("annul_match", match))
            else:
                events.append(
                    ruling("adjust_score", match, seat=draw(st.integers(0, 3)), delta=draw(st.integers(-3, 3)))
                )
        if draw(st.booleans()):
            events.append(round_closed(number))
    for unknown in draw(st.lists(st.sampled_from(UNKNOWN_EVENTS), max_size=3)):
        events.insert(draw(st.integers(0, len(events))), unknown)
    return events


@given(histories(), st.data())
def test_folding_on_from_any_checkpoint_equals_rebuilding_everything(history, data):
    checkpoint_at = data.draw(st.integers(0, len(history)), label="checkpoint")
    checkpoint = rebuild(history[:checkpoint_at])
    resumed = reduce(fold, history[checkpoint_at:], checkpoint)
    rebuilt = rebuild(history)

    assert resumed == rebuilt
    assert ranking(resumed) == ranking(rebuilt)
    assert ranking(resumed, include_unranked=False) == ranking(rebuilt, include_unranked=False)
    assert checkpoint == rebuild(history[:checkpoint_at]), "folding on changed the kept value"


@given(histories(), st.data())
def test_folding_on_from_a_stored_json_checkpoint_equals_rebuilding_everything(history, data):
    checkpoint_at = data.draw(st.integers(0, len(history)), label="checkpoint")
    stored = json.dumps(to_checkpoint(rebuild(history[:checkpoint_at])))

    resumed = reduce(fold, history[checkpoint_at:], from_checkpoint(json.loads(stored)))

    assert resumed == rebuild(history)
