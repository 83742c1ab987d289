"""Entries are corrected by new events, never edited (docs/architecture.md §3.9): a correction
rescores the sheet from the deal it changes, is refused when it makes a later deal impossible,
and the last entry can be withdrawn; the log replays to the same sheet."""

import pytest

from games.engine import IllegalAction, new_score_table, replay
from tests.engine.score_tables.played import next_entry


def enter(table, deal, name, field, counts, **contract):
    return table.apply(
        {"type": "enter", "deal": deal, "contract": {"name": name, **contract}, "taken": {field: counts}}
    )


def test_a_correction_rescores_from_the_deal_it_changes():
    table = new_score_table("rifki", first=0)
    enter(table, 1, "no_tricks", "tricks", [4, 3, 3, 3])  # -50 a trick
    enter(table, 2, "trump", "tricks", [1, 2, 4, 6], suit="S")
    assert table.deal_scores[0] == [-200, -150, -150, -150]
    events = table.apply(
        {
            "type": "correct",
            "deal": 1,
            "entry": {"contract": {"name": "no_tricks"}, "taken": {"tricks": [1, 4, 4, 4]}},
            "reason": "seat 0 counted seat 1's tricks",
        }
    )
    assert [e["type"] for e in events] == ["correct"]
    assert table.deal_scores == [[-50, -200, -200, -200], [50, 100, 200, 300]]
    assert table.scores == [0, -100, 0, 100]
    assert table.entry_form()["deal"] == 3
    assert replay(table.events) == table
    assert replay(table.events, verify=True) == table


def test_a_correction_that_makes_a_later_deal_impossible_is_refused():
    table = new_score_table("rifki", first=0)
    enter(table, 1, "no_tricks", "tricks", [4, 3, 3, 3])
    enter(table, 2, "no_hearts", "hearts", [4, 3, 3, 3])
    enter(table, 3, "no_hearts", "hearts", [4, 3, 3, 3])  # no_hearts twice: used up
    before = replay(table.events)
    with pytest.raises(IllegalAction) as err:
        table.apply(
            {
                "type": "correct",
                "deal": 1,
                "entry": {"contract": {"name": "no_hearts"}, "taken": {"hearts": [4, 3, 3, 3]}},
                "reason": "it was hearts",
            }
        )
    assert err.value.code == "correction_breaks_later_deal"
    assert err.value.params["deal"] == 3
    assert table == before


def test_the_last_entry_is_withdrawn_and_entered_again():
    table = new_score_table("king", first=2)
    enter(table, 1, "no_tricks", "tricks", [4, 3, 3, 3])
    enter(table, 2, "no_hearts", "hearts", [4, 3, 3, 3])
    table.apply({"type": "undo", "deal": 2})
    assert len(table.deal_scores) == 1 and table.entry_form()["deal"] == 2
    assert table.entry_form()["dealer"] == 3
    enter(table, 2, "no_hearts", "hearts", [0, 13, 0, 0])
    assert table.deal_scores[1] == [0, -260, 0, 0]
    assert replay(table.events, verify=True) == table


def test_the_game_ends_when_the_table_finishes_it_and_then_takes_nothing():
    table = new_score_table("rifki", first=0, options={"short_mode": True})
    for _ in range(12):
        table.apply(next_entry(table))
    assert not table.is_over and table.entry_form()["can_finish"]
    table.apply({"type": "undo", "deal": 12})  # the last entry can still be withdrawn
    table.apply(next_entry(table))
    events = table.apply({"type": "finish"})
    assert [e["type"] for e in events] == ["finish", "game_ended"]
    assert table.is_over and table.winners == events[-1]["winners"]
    with pytest.raises(IllegalAction) as err:
        table.apply({"type": "undo", "deal": 12})
    assert err.value.code == "game_over"
    assert replay(table.events, verify=True) == table


def test_a_cached_table_catching_up_from_any_point_of_its_log_is_the_whole_replay():
    table = new_score_table("rifki", first=1)
    for _ in range(3):
        table.apply(next_entry(table))
    table.apply({"type": "undo", "deal": 3})
    table.apply(next_entry(table, pick=2))
    fix = next_entry(table, tricks=[0, 13, 0, 0])
    table.apply({"type": "correct", "deal": 1, "entry": {k: fix[k] for k in ("contract", "taken")}, "reason": "r"})
    whole = replay(table.events)
    assert whole == table
    for k in range(1, len(table.events)):
        assert replay(table.events[:k]).fold_on(table.events[k:]) == whole, k
