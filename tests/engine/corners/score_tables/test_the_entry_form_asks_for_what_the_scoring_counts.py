"""A hand is entered with what its scoring counts, and the form says what that is
(docs/architecture.md §3.9): the cards left and the kings among them (and the jokers, when wild)
where a king costs 10 and every other card 1; the ranks where every rank has its price; the
cards left alone in the pool and the Jax game, which charge a unit a card; the penalties
wherever the rules charge any during play; the corners completed where that earns a bonus;
whether the winner went out on his first turn where Kleplek's scoring rewards it."""

import pytest

from games.engine import new_score_table


def form(ruleset="corners", **options):
    return new_score_table(ruleset, first=0, options=options).entry_form()


def fields(f):
    return [c["field"] for c in f["counts"]]


@pytest.mark.parametrize(
    "ruleset, options, counts, penalties",
    [
        ("corners", {}, ["cards_left", "kings"], []),
        ("corners", {"jokers_wild": True}, ["cards_left", "kings", "jokers"], []),
        ("corners", {"compulsory_kings": True}, ["cards_left", "kings", "penalties"], [3]),
        ("corners", {"ace_completion_bonus": 5}, ["cards_left", "kings", "completions"], []),
        ("corners", {"scoring": "chips_pot"}, ["cards_left", "kings", "penalties"], [1]),
        ("corners", {"scoring": "chips_pot", "compulsory_kings": True}, ["cards_left", "kings", "penalties"], [1, 3]),
        ("corners", {"pool_variant": True, "jokers_wild": True}, ["cards_left", "penalties"], [1]),
        ("corners", {"scoring": "pips_a25"}, [], []),
        ("corners", {"scoring": "robinson_face", "compulsory_kings": True}, ["penalties"], [3]),
        ("corners_jax", {}, ["cards_left", "penalties"], [1, 3]),
        ("corners_jax", {"no_play_penalty": 0, "hidden_king_penalty": 0, "refuse_draw_penalty": 0}, ["cards_left"], []),
    ],
)
def test_the_counts_of_each_scoring(ruleset, options, counts, penalties):
    f = form(ruleset, **options)
    assert fields(f) == counts and f["penalties"] == penalties


def test_the_ranks_where_every_rank_has_its_price():
    f = form(scoring="stofka_50_10_5")
    assert f["ranks"] == {"symbols": list("23456789TJQKA"), "most": 27}
    assert form(scoring="pips_a25", jokers_wild=True)["ranks"]["symbols"][-1] == "X"
    assert form()["ranks"] is None


def test_any_player_may_have_gone_out_or_nobody_and_a_deadlock_scores_only_in_the_penalty_scorings():
    assert form(players=3)["winner"] == {"seats": [0, 1, 2], "deadlock": True, "deadlock_scored": True}
    assert form(scoring="chips_pot")["winner"]["deadlock_scored"] is False
    assert form("corners_jax")["winner"]["deadlock_scored"] is False


def test_going_out_on_the_first_turn_is_asked_only_under_kleplek():
    assert form(scoring="kleplek_10_5_1")["first_turn"] is True
    assert form(scoring="kleplek_10_5_1", kleplek_first_turn_out_bonus=False)["first_turn"] is False
    assert form()["first_turn"] is False


def test_the_most_a_hand_and_the_table_can_hold():
    f = form(players=6, deal_size=3)  # 18 dealt, 4 on the base: a stock of 30
    assert f["counts"][0] == {"field": "cards_left", "most": 33, "in_all": 48}
    assert f["counts"][1] == {"field": "kings", "most": 4, "in_all": 4}


def test_the_table_is_as_large_as_the_players_option_and_the_deal_passes_clockwise():
    table = new_score_table("corners", first=2, options={"players": 3})
    assert table.num_seats == 3 and table.events[0]["first_dealer"] == 2
    dealers = []
    for deal in range(1, 5):
        dealers.append(table.entry_form()["dealer"])
        table.apply({"type": "enter", "deal": deal, "winner": 0, "taken": {"cards_left": [0, 1, 1], "kings": [0] * 3}})
    assert dealers == [2, 0, 1, 2]
