"""Each entry the rules of Kings in the Corner cannot produce is refused with its code, and the
table is left exactly as it was (docs/architecture.md §3.9): a winner who holds cards or is no
seat, a loser with none, more cards than a hand can hold, counts that do not add up or exceed
the pack, penalties no sum of the game's penalties makes, a first-turn going out the scoring
does not reward, fields the scoring does not use, a hand out of turn."""

import pytest

from games import refusals
from games.engine import IllegalAction, InvalidOptions, new_game, new_score_table, replay


def table(ruleset="corners", **options):
    return new_score_table(ruleset, first=0, options={"players": 4, **options})


def refused(state, action, code):
    before = replay(list(state.events))
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.code == code, err.value.message
    assert refusals.sentence(code) is not None
    assert state == before and state.events == before.events
    return err.value


def hand(winner=0, deal=1, **taken):
    return {"type": "enter", "deal": deal, "winner": winner, "taken": taken}


K10 = {"cards_left": [0, 3, 2, 1], "kings": [0, 1, 0, 0]}


@pytest.mark.parametrize("winner", [4, -1, "0", True, 0.0])
def test_a_winner_who_is_no_seat(winner):
    refused(table(), hand(winner, **K10), "winner_not_a_seat")


def test_an_entry_that_says_nothing_of_who_went_out():
    refused(table(), {"type": "enter", "deal": 1, "taken": K10}, "winner_not_a_seat")


def test_the_winner_holds_no_card_and_every_other_player_some():
    err = refused(table(), hand(1, **K10), "winner_holds_cards")
    assert err.params["seat"] == 1
    err = refused(table(), hand(0, cards_left=[0, 3, 0, 1], kings=[0, 0, 0, 0]), "loser_without_cards")
    assert err.params["seat"] == 2
    # a deadlock: nobody went out, so every hand holds a card
    refused(table(), hand(None, **K10), "loser_without_cards")


def test_no_hand_holds_more_than_its_cards_and_the_whole_stock():
    # 4 players, 7 cards each, 4 on the base: a stock of 20, so 27 cards at most in one hand
    err = refused(table(), hand(0, cards_left=[0, 28, 1, 1], kings=[0, 0, 0, 0]), "cards_left_too_many")
    assert err.params == {"seat": 1, "most": 27}
    table().apply(hand(0, cards_left=[0, 27, 1, 1], kings=[0, 0, 0, 0]))
    err = refused(table(players=2), hand(0, cards_left=[0, 42], kings=[0, 0]), "cards_left_too_many")
    assert err.params["most"] == 7 + 34
    # and the hands hold at most the pack but the base (48) in all, whoever holds them
    six = table(players=6, deal_size=1)  # 6 dealt, a stock of 42: 43 a hand, 48 in all
    err = refused(six, hand(0, cards_left=[0, 43, 1, 1, 1, 3], kings=[0] * 6), "cards_left_total")
    assert err.params == {"entered": 49, "most": 48}


@pytest.mark.parametrize(
    "taken, code",
    [
        ({"cards_left": [0, 3, 2, 1]}, "tally_missing"),  # the kings are needed: a king costs 10
        ({"cards_left": [0, 3, 2, 1], "kings": [0, 1, 0, 0], "penalties": [0, 0, 0, 0]}, "tally_unexpected"),
        ({"cards_left": [0, 3, 2, 1], "kings": [0, 1, 0, 0], "jokers": [0, 0, 0, 0]}, "tally_unexpected"),
        ({"cards_left": [0, 3, 2], "kings": [0, 1, 0]}, "tally_malformed"),  # a count per player
        ({"cards_left": [0, 3, 2, -1], "kings": [0, 1, 0, 0]}, "tally_malformed"),
        ({"cards_left": [0, 3, 2, 1.0], "kings": [0, 1, 0, 0]}, "tally_malformed"),
        ({"cards_left": [0, 3, 2, True], "kings": [0, 1, 0, 0]}, "tally_malformed"),
        ({"cards_left": [0, 3, 2, 1], "kings": [0, 4, 0, 0]}, "count_exceeds_cards"),
        ({"cards_left": [0, 3, 2, 2], "kings": [0, 3, 2, 0]}, "pack_exceeded"),  # five kings
    ],
)
def test_counts_the_pagat_scoring_cannot_have(taken, code):
    refused(table(), hand(0, **taken), code)


def test_taken_must_be_a_mapping_and_an_entry_has_no_other_field():
    refused(table(), {"type": "enter", "deal": 1, "winner": 0, "taken": [0, 3, 2, 1]}, "tally_malformed")
    refused(table(), {**hand(0, **K10), "dealer": 3}, "malformed_action")


def test_jokers_count_as_cards_and_there_are_two():
    wild = table(jokers_wild=True)
    refused(wild, hand(0, **K10), "tally_missing")
    err = refused(
        wild, hand(0, cards_left=[0, 3, 2, 1], kings=[0, 2, 0, 0], jokers=[0, 2, 0, 0]), "count_exceeds_cards"
    )
    assert err.params == {"seat": 1, "field": "jokers"}
    refused(wild, hand(0, cards_left=[0, 3, 2, 1], kings=[0] * 4, jokers=[0, 1, 1, 1]), "pack_exceeded")
    wild.apply(hand(0, cards_left=[0, 3, 2, 1], kings=[0, 1, 0, 0], jokers=[0, 2, 0, 0]))
    assert wild.deal_scores == [[0, 30, 2, 1]]  # a joker costs the dearest card, 10


def test_ranks_where_the_scoring_charges_by_rank():
    pips = table(scoring="pips_a25")
    ranks = [[], ["A", "Q", "7"], ["2"], ["K"]]
    refused(pips, hand(0, **K10), "tally_unexpected")  # kings are not enough: every rank counts
    refused(pips, {**hand(0), "ranks": [[], ["A"], ["Z"], ["K"]]}, "ranks_malformed")
    refused(pips, {**hand(0), "ranks": [[], ["AS"], ["2"], ["K"]]}, "ranks_malformed")  # a rank, not a card
    refused(pips, {**hand(0), "ranks": [[], ["X"], ["2"], ["K"]]}, "ranks_malformed")  # no jokers here
    refused(pips, {**hand(0), "ranks": ranks[:3]}, "ranks_malformed")
    refused(pips, {**hand(0), "ranks": [[], ["A"] * 3, ["A", "A"], ["K"]]}, "pack_exceeded")  # five aces
    err = refused(pips, {**hand(0, cards_left=[0, 2, 1, 1]), "ranks": ranks}, "cards_left_mismatch")
    assert err.params == {"seat": 1, "entered": 2, "total": 3}
    refused(pips, {**hand(1), "ranks": ranks}, "winner_holds_cards")
    events = pips.apply({**hand(0, cards_left=[0, 3, 1, 1]), "ranks": [[], ["7", "Q", "A"], ["2"], ["K"]]})
    assert events[0]["ranks"] == [[], ["7", "Q", "A"], ["2"], ["K"]]  # listed 2 to A
    assert events[0]["taken"] == {"cards_left": [0, 3, 1, 1]}
    assert pips.deal_scores == [[0, 42, 2, 10]]  # docs/rules.md §3.4, KC2


def test_penalties_no_sum_of_the_games_penalties_makes():
    # compulsory kings in a penalty scoring: 3 points a time, and nothing else is charged
    kings = table(compulsory_kings=True)
    err = refused(kings, hand(0, **K10, penalties=[0, 4, 0, 0]), "penalty_impossible")
    assert err.params["seat"] == 1
    refused(table(), hand(0, **K10, penalties=[0, 3, 0, 0]), "tally_unexpected")  # nothing is charged
    kings.apply(hand(0, **K10, penalties=[3, 6, 0, 0]))
    assert kings.deal_scores == [[3, 18, 2, 1]]
    # Jax: 2 for a turn without a play, 5 for a king held, nothing for a refused draw
    jax = table("corners_jax", no_play_penalty=2, hidden_king_penalty=5, refuse_draw_penalty=0)
    refused(jax, hand(0, cards_left=[0, 3, 2, 1], penalties=[0, 3, 0, 0]), "penalty_impossible")
    refused(jax, hand(0, cards_left=[0, 3, 2, 1], penalties=[1, 0, 0, 0]), "penalty_impossible")
    jax.apply(hand(0, cards_left=[0, 3, 2, 1], penalties=[7, 4, 0, 12]))
    assert jax.deal_scores == [[4 + 23 + 6, 0, 0, 0]]  # the ante, the penalties, the cards
    free = table("corners_jax", no_play_penalty=0, hidden_king_penalty=0, refuse_draw_penalty=0)
    refused(free, hand(0, cards_left=[0, 3, 2, 1], penalties=[0, 0, 0, 0]), "tally_unexpected")


def test_corners_completed_where_a_completion_earns_a_bonus():
    bonus = table(ace_completion_bonus=5)
    refused(bonus, hand(0, **K10), "tally_missing")
    refused(bonus, hand(0, **K10, completions=[2, 1, 1, 1]), "pack_exceeded")  # four corners
    refused(table(), hand(0, **K10, completions=[1, 0, 0, 0]), "tally_unexpected")
    bonus.apply(hand(0, **K10, completions=[1, 0, 1, 0]))
    assert bonus.deal_scores == [[-5, 12, -3, 1]]


def test_going_out_on_the_first_turn_only_where_kleplek_rewards_it():
    kleplek = table(scoring="kleplek_10_5_1")
    ranks = [[], ["K", "8", "4"], ["A"], ["2"]]
    refused(table(), {**hand(0, **K10), "first_turn": True}, "first_turn_not_scored")
    refused(
        table(scoring="kleplek_10_5_1", kleplek_first_turn_out_bonus=False),
        {**hand(0), "ranks": ranks, "first_turn": False},
        "first_turn_not_scored",
    )
    refused(kleplek, {**hand(None), "ranks": [["2"], *ranks[1:]], "first_turn": True}, "first_turn_not_scored")
    refused(kleplek, {**hand(0), "ranks": ranks, "first_turn": "yes"}, "malformed_action")
    # before his first turn the others had one turn at most: their 7 cards and one drawn
    err = refused(
        kleplek,
        {**hand(0), "ranks": [[], ["2"] * 4 + ["3"] * 4 + ["4"], ["A"], ["5"]], "first_turn": True},
        "cards_left_too_many",
    )
    assert err.params == {"seat": 1, "most": 8}
    kleplek.apply({**hand(0), "ranks": ranks, "first_turn": True})
    assert kleplek.deal_scores == [[-5, 16, 1, 1]]  # docs/rules.md §3.4, KC4


def test_a_hand_out_of_turn_or_after_the_game_is_decided():
    t = table(game_length="fixed_hands", fixed_hands=1)
    err = refused(t, hand(0, deal=2, **K10), "deal_out_of_turn")
    assert err.params == {"deal": 2, "expected": 1}
    refused(t, {"type": "finish"}, "deals_missing")
    t.apply(hand(0, **K10))
    refused(t, hand(0, deal=2, **K10), "all_deals_entered")
    refused(t, hand(0, deal=1, **K10), "all_deals_entered")
    target = table(target_score=25)
    refused(target, {"type": "finish"}, "game_not_decided")


def test_a_played_game_takes_no_entries_and_a_table_no_cards():
    played = new_game("corners", seed=1)
    refused(played, hand(0, **K10), "not_a_score_table")
    t = table()
    refused(t, {"type": "end_turn"}, "malformed_action")
    assert t.legal_actions() == [] and t.to_act is None


def test_the_first_dealer_is_one_of_the_tables_players():
    with pytest.raises(InvalidOptions) as err:
        new_score_table("corners", first=3, options={"players": 3})
    assert err.value.code == "invalid_seat"
    assert new_score_table("corners", first=5, options={"players": 6}).entry_form()["dealer"] == 5
