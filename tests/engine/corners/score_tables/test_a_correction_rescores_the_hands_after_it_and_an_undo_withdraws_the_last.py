"""Entries are corrected by new events, never edited (docs/architecture.md §3.9): a correction
rescores the sheet from the hand it changes, chips, debts and carried pots included; it is
refused when it makes a later hand impossible (the game would have ended before it) or is
impossible itself; the last hand can be withdrawn; the log replays to the same sheet, whole or
caught up from any point."""

import pytest

from games.engine import IllegalAction, new_score_table, replay


def jax():
    # 12 chips for 3: 4 each, 3 after the ante; debts taken off the next win; void pots carried over
    return new_score_table(
        "corners_jax",
        first=2,
        options={"players": 3, "chips_total": 12, "jax_deadlock": "carry_over", "target_points": 20},
    )


def hand(deal, winner, cards_left, penalties=(0, 0, 0)):
    return {
        "type": "enter",
        "deal": deal,
        "winner": winner,
        "taken": {"cards_left": cards_left, "penalties": list(penalties)},
    }


def sheet():
    table = jax()
    table.apply(hand(1, 0, [0, 5, 2], [0, 4, 0]))  # seat 1: 3 chips, then owes 1 + 5
    table.apply(hand(2, None, [1, 1, 1]))  # a deadlock: void, its pot of 3 carried over
    table.apply(hand(3, 1, [2, 0, 3]))  # 3 + 3 + 5 = 11, less the 6 seat 1 owes
    return table


def fix(deal, winner, cards_left, penalties=(0, 0, 0)):
    entry = hand(deal, winner, cards_left, penalties)
    return {
        "type": "correct",
        "deal": deal,
        "entry": {k: entry[k] for k in ("winner", "taken")},
        "reason": "miscounted",
    }


def test_a_correction_rescores_every_hand_after_it():
    table = sheet()
    assert table.deal_scores == [[14, 0, 0], [0, 5, 0]] and table.scores == [14, 5, 0]
    events = table.apply(fix(1, 0, [0, 5, 2]))  # seat 1 was charged nothing: he owed only 2
    assert [e["type"] for e in events] == ["correct"]
    assert table.deal_scores == [[10, 0, 0], [0, 9, 0]] and table.scores == [10, 9, 0]
    assert table.deals[2]["ledger"]["carried"] == 3 and table.entry_form()["deal"] == 4
    assert table.entry_form()["dealer"] == 2  # the deal still passes clockwise from the first dealer
    assert replay(table.events) == table
    assert replay(table.events, verify=True) == table


def test_a_correction_that_would_have_ended_the_game_earlier_is_refused():
    table = sheet()
    before = replay(table.events)
    with pytest.raises(IllegalAction) as err:
        table.apply(fix(1, 0, [0, 15, 2], [0, 4, 0]))  # a pot of 24: the game ends at 20
    assert err.value.code == "correction_breaks_later_deal"
    assert err.value.params["deal"] == 2 and err.value.params["cause"] == "all_deals_entered"
    assert table == before
    with pytest.raises(IllegalAction) as err:
        table.apply(fix(2, None, [1, 0, 1]))  # impossible itself: refused with its own code
    assert err.value.code == "loser_without_cards"
    assert table == before


def test_the_last_hand_is_withdrawn_and_entered_again():
    table = sheet()
    table.apply({"type": "undo", "deal": 3})
    assert table.deal_scores == [[14, 0, 0]] and table.entry_form()["deal"] == 3
    assert table.view(None)["table"]["pot"] == 3 + 3  # the carried pot and the ante, waiting again
    table.apply(hand(3, 2, [1, 1, 0]))
    assert table.deal_scores == [[14, 0, 0], [0, 0, 8]]
    assert replay(table.events, verify=True) == table


def test_a_cached_table_catching_up_from_any_point_of_its_log_is_the_whole_replay():
    table = sheet()
    table.apply({"type": "undo", "deal": 3})
    table.apply(hand(3, 2, [1, 1, 0]))
    table.apply(fix(2, None, [2, 2, 2], [1, 0, 3]))
    whole = replay(table.events)
    assert whole == table
    for k in range(1, len(table.events)):
        assert replay(table.events[:k]).fold_on(table.events[k:]) == whole, k
