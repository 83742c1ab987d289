"""Each entry the rules cannot produce is refused with its code, and the table is left exactly as
it was (docs/architecture.md §3.9): counts that do not add up or contradict each other, a
contract the chooser has used up, a deal out of turn, another chooser, an impossible auction."""

import pytest

from games.engine import IllegalAction, new_game, new_score_table, replay

FOUR = [1, 1, 1, 1]


def rifki():
    return new_score_table("rifki", first=0)


def king(**options):
    return new_score_table("king", first=0, options=options)


def refused(table, action, code):
    before = replay(list(table.events))
    with pytest.raises(IllegalAction) as err:
        table.apply(action)
    assert err.value.code == code, err.value.message
    assert table == before and table.events == before.events
    return err.value


@pytest.mark.parametrize(
    "contract, taken, code",
    [
        ({"name": "no_tricks"}, {"tricks": [4, 3, 3, 2]}, "tally_total"),  # 12 tricks
        ({"name": "no_hearts"}, {"hearts": [4, 4, 4, 2]}, "tally_total"),  # 14 hearts
        ({"name": "no_queens"}, {"queens": [2, 2, 1, 0]}, "tally_total"),  # 5 queens
        ({"name": "no_men"}, {"men": [2, 2, 2, 1]}, "tally_total"),  # 7 kings and jacks
        ({"name": "no_last_two"}, {"last_two": [1, 1, 1, 0]}, "tally_total"),
        ({"name": "no_king_of_hearts"}, {"king_of_hearts": [1, 1, 0, 0]}, "tally_total"),
        ({"name": "trump", "suit": "S"}, {"tricks": [13, 0, 0, 1]}, "tally_total"),  # 650 is 13 tricks
        ({"name": "no_tricks"}, {"tricks": [13, 0, 0, -0.5]}, "tally_malformed"),
        ({"name": "no_tricks"}, {"tricks": FOUR[:3]}, "tally_malformed"),
        ({"name": "no_tricks"}, {}, "tally_missing"),
        ({"name": "no_tricks"}, {"tricks": [4, 3, 3, 3], "hearts": [4, 3, 3, 3]}, "tally_unexpected"),
        ({"name": "no_tricks"}, None, "tally_malformed"),
        ({"name": "trump", "suit": "X"}, {"tricks": [4, 3, 3, 3]}, "contract_used_up"),
        ({"name": "positive"}, {"tricks": [4, 3, 3, 3]}, "contract_used_up"),  # not a Rifki contract
    ],
)
def test_rifki_counts_and_contracts(contract, taken, code):
    refused(rifki(), {"type": "enter", "deal": 1, "contract": contract, "taken": taken}, code)


def test_counts_that_contradict_each_other():
    # King's quick game scores tricks and the last two together, hearts with the King of Hearts.
    table = king(quick_game_combined_negatives=True, hand_order="dealer_choice")
    last_two_without_tricks = {"tricks": [5, 4, 4, 0], "last_two": [0, 0, 0, 2]}
    err = refused(
        table,
        {"type": "enter", "deal": 1, "contract": {"name": "no_tricks+no_last_two"}, "taken": last_two_without_tricks},
        "tally_inconsistent",
    )
    assert err.params["seat"] == 3
    king_without_hearts = {"hearts": [5, 4, 4, 0], "king_of_hearts": [0, 0, 0, 1]}
    refused(
        table,
        {"type": "enter", "deal": 1, "contract": {"name": "no_hearts+no_king_of_hearts"}, "taken": king_without_hearts},
        "tally_inconsistent",
    )


def test_a_contract_the_chooser_has_used_up():
    # Rifki short mode: two negatives each; declarers go round counter-clockwise, so seat 0
    # declares deals 1, 5 and 9.
    table = new_score_table("rifki", first=0, options={"short_mode": True})
    plan = [("no_tricks", 0), ("no_hearts", 3), ("no_queens", 2), ("no_men", 1), ("no_hearts", 0)]
    counts = {"no_tricks": "tricks", "no_hearts": "hearts", "no_queens": "queens", "no_men": "men"}
    totals = {"tricks": [4, 3, 3, 3], "hearts": [4, 3, 3, 3], "queens": FOUR, "men": [2, 2, 2, 2]}
    for deal, (name, chooser) in enumerate(plan, 1):
        assert table.entry_form()["chooser"] == chooser
        table.apply(
            {"type": "enter", "deal": deal, "contract": {"name": name}, "taken": {counts[name]: totals[counts[name]]}}
        )
    # Seat 3 has declared one negative (no_hearts); no_hearts has been played twice: used up.
    assert table.entry_form()["chooser"] == 3
    err = refused(
        table,
        {"type": "enter", "deal": 6, "contract": {"name": "no_hearts"}, "taken": {"hearts": [4, 3, 3, 3]}},
        "contract_used_up",
    )
    assert err.params["seat"] == 3
    assert {"name": "no_hearts"} not in table.entry_form()["contracts"]


def test_a_deal_out_of_turn_and_another_chooser():
    table = rifki()
    entry = {"contract": {"name": "no_tricks"}, "taken": {"tricks": [4, 3, 3, 3]}}
    err = refused(table, {"type": "enter", "deal": 2, **entry}, "deal_out_of_turn")
    assert err.params == {"deal": 2, "expected": 1}
    table.apply({"type": "enter", "deal": 1, **entry})
    refused(table, {"type": "enter", "deal": 1, **entry}, "deal_out_of_turn")  # sent twice
    err = refused(table, {"type": "enter", "deal": 2, "chooser": 0, **entry}, "not_the_chooser")
    assert err.params["seat"] == 3  # Rifki goes counter-clockwise


def test_a_king_auction_the_options_cannot_produce():
    table = king(hand_order="dealer_choice")
    up = {"tricks": [4, 3, 3, 3]}

    def positive(**contract):
        return {"type": "enter", "deal": 1, "contract": {"name": "positive", **contract}, "taken": up}

    refused(table, positive(mode="sideways", trump=None, bid=None), "positive_not_possible")
    refused(
        table, positive(mode="up", trump="S", bid={"seat": 0, "tricks": 3, "direction": "up"}), "positive_not_possible"
    )  # the dealer cannot buy his own hand
    refused(
        table, positive(mode="up", trump="S", bid={"seat": 1, "tricks": 20, "direction": "up"}), "positive_not_possible"
    )
    refused(table, positive(mode="down", trump="S", bid=None), "positive_not_possible")  # down has no trump
    no_forfeit = king(hand_order="dealer_choice", foiled_auction_forfeit=False, forfeit_without_auction=False)
    refused(
        no_forfeit,
        {"type": "enter", "deal": 1, "contract": {"name": "positive", "forfeit": True}},
        "forfeit_not_allowed",
    )
    # and a fixed-order game's first hand is no_tricks, whatever is said
    refused(
        king(),
        {"type": "enter", "deal": 1, "contract": {"name": "no_hearts"}, "taken": {"hearts": [4, 3, 3, 3]}},
        "contract_used_up",
    )


def test_finishing_early_undoing_another_deal_and_correcting_an_unentered_one():
    table = rifki()
    refused(table, {"type": "finish"}, "deals_missing")
    refused(table, {"type": "undo", "deal": 1}, "nothing_to_undo")
    table.apply({"type": "enter", "deal": 1, "contract": {"name": "no_tricks"}, "taken": {"tricks": [4, 3, 3, 3]}})
    refused(table, {"type": "undo", "deal": 2}, "undo_not_last")
    correction = {
        "type": "correct",
        "deal": 2,
        "entry": {"contract": {"name": "no_tricks"}, "taken": {"tricks": [4, 3, 3, 3]}},
        "reason": "x",
    }
    refused(table, correction, "correction_unknown_deal")
    refused(table, {**correction, "deal": 1, "reason": "  "}, "correction_reason")


def test_a_played_game_takes_no_entries_and_a_score_table_no_cards():
    played = new_game("rifki", seed=1)
    refused(
        played,
        {"type": "enter", "deal": 1, "contract": {"name": "no_tricks"}, "taken": {"tricks": [4, 3, 3, 3]}},
        "not_a_score_table",
    )
    table = rifki()
    refused(table, {"type": "play", "card": "2C"}, "malformed_action")
    assert table.legal_actions() == [] and table.to_act is None


def test_a_score_table_refuses_the_slam_rule_it_cannot_follow():
    from games.engine import InvalidOptions

    with pytest.raises(InvalidOptions) as err:
        new_score_table("rifki", first=0, options={"king_slam": "13"})
    assert err.value.code == "not_for_score_tables"
    with pytest.raises(InvalidOptions) as err:
        new_score_table("rifki", first=4)
    assert err.value.code == "invalid_seat"
