"""Bad input is refused with the specific error class, a machine-readable code and a clear
message: rulesets, option flags, boards, seeds, and event logs that were tampered with."""

import copy
import random

import pytest

from games.engine import (
    EngineError,
    IllegalAction,
    InvalidBoard,
    InvalidEvents,
    InvalidOptions,
    new_game,
    option_defaults,
    replay,
)
from tests.engine.helpers import ALL_CARDS, play_out, random_hands


def hands():
    return random_hands(random.Random(0))


def refused(error_class, code, fn, *args, mentions=(), **kwargs):
    with pytest.raises(error_class) as err:
        fn(*args, **kwargs)
    e = err.value
    assert isinstance(e, EngineError)
    assert e.code == code
    assert isinstance(e.message, str) and e.message and e.reason == e.message == str(e)
    for text in mentions:
        assert text in e.message, (text, e.message)
    return e


# ------------------------------------------------------------------ rulesets and options
@pytest.mark.parametrize("ruleset", ["chess", "King", "", None, 3])
def test_an_unknown_ruleset_is_refused(ruleset):
    refused(InvalidOptions, "unknown_ruleset", new_game, ruleset, mentions=["ruleset"])
    if isinstance(ruleset, str):
        refused(InvalidOptions, "unknown_ruleset", option_defaults, ruleset)


@pytest.mark.parametrize("ruleset, flag", [("king", "short_mode"), ("rifki", "hand_order"), ("king", "no_such_flag")])
def test_an_unknown_flag_is_refused_by_name(ruleset, flag):
    refused(InvalidOptions, "unknown_option", new_game, ruleset, options={flag: True}, mentions=[flag])


def test_options_that_are_not_a_mapping_are_refused():
    refused(InvalidOptions, "invalid_options", new_game, "king", options=[("allow_down", True)])


ILL_TYPED = [
    ("king", "allow_down", "yes"),  # string for a bool
    ("king", "allow_down", 1),  # int for a bool
    ("king", "foiled_auction_max_bids", True),  # bool for an int
    ("king", "foiled_auction_max_bids", 2.0),  # float for an int
    ("king", "foiled_auction_max_bids", -1),  # below range
    ("king", "auction_max_value", 350),  # above range
    ("king", "auction_max_value", 210),  # not a whole number of tricks up
    ("king", "hand_order", "random"),  # not a choice
    ("king", "forfeit_scores", [4, 4]),  # 4 + 3*4 != 13
    ("king", "forfeit_scores", [4, 3, 0]),  # wrong length
    ("king", "forfeit_scores", [True, 4]),  # bools are not trick counts
    ("king", "forfeit_scores", "4,3"),  # not a list
    ("rifki", "opening_negative_hands", 13),  # above range
    ("rifki", "trump_suit_limit_per_game", 0),  # below range
    ("rifki", "king_slam", 10),  # the slam thresholds are text
    ("rifki", "short_mode", None),  # not nullable
]


@pytest.mark.parametrize("ruleset, flag, value", ILL_TYPED, ids=[f"{f}={v!r}" for _, f, v in ILL_TYPED])
def test_an_ill_typed_or_out_of_range_flag_is_refused(ruleset, flag, value):
    refused(InvalidOptions, "invalid_option_value", new_game, ruleset, options={flag: value}, mentions=[flag])


@pytest.mark.parametrize(
    "options",
    [
        {"short_mode": True, "opening_negative_hands": 9},  # only 8 negative hands in short mode
        {"trump_suit_limit_per_game": 1},  # 4 suits x 1 < 8 trump hands
    ],
)
def test_rifki_flag_combinations_that_cannot_make_a_game_are_refused(options):
    refused(InvalidOptions, "invalid_option_value", new_game, "rifki", options=options)


def test_the_largest_feasible_rifki_settings_are_accepted():
    new_game("rifki", seed=1, options={"opening_negative_hands": 12, "trump_suit_limit_per_game": 2})
    new_game("rifki", seed=1, options={"short_mode": True, "opening_negative_hands": 8, "trump_suit_limit_per_game": 1})


@pytest.mark.parametrize("ruleset", ["king", "rifki"])
def test_every_flag_is_accepted_by_name_with_its_default(ruleset):
    defaults = option_defaults(ruleset)
    state = new_game(ruleset, seed=1, options=defaults)
    assert state.events[0]["options"] == defaults


# ------------------------------------------------------------------ seeds and keys
@pytest.mark.parametrize("seed", [-1, 1.5, b"", "", True, [1]])
def test_an_invalid_seed_is_refused(seed):
    refused(InvalidOptions, "invalid_seed", new_game, "king", seed=seed)


@pytest.mark.parametrize("key", ["", None, 7])
def test_an_invalid_game_key_is_refused(key):
    refused(InvalidOptions, "invalid_key", new_game, "king", seed=1, key=key)


def test_a_seed_and_a_board_together_are_refused():
    refused(
        InvalidOptions,
        "seed_and_board",
        new_game,
        "king",
        seed=1,
        board={"dealer": 0, "hands": hands(), "contract": "no_tricks"},
    )


# ------------------------------------------------------------------ boards
def king_board(**changes):
    board = {"dealer": 0, "hands": hands(), "contract": "no_tricks"}
    board.update(changes)
    return board


def rifki_board(**changes):
    board = {"declarer": 0, "hands": hands()}
    board.update(changes)
    return board


def test_a_malformed_card_in_a_board_is_refused_and_named():
    h = hands()
    h[2][5] = "1S"
    e = refused(InvalidBoard, "invalid_board", new_game, "king", board=king_board(hands=h), mentions=["'1S'", "hand 2"])
    assert "malformed" in e.message


@pytest.mark.parametrize("bad", ["KX", "kh", "10H", "", None, 13, "K H"])
def test_any_string_outside_the_card_notation_is_refused(bad):
    h = hands()
    h[0][0] = bad
    refused(InvalidBoard, "invalid_board", new_game, "rifki", board=rifki_board(hands=h), mentions=[repr(bad)])


@pytest.mark.parametrize("bad", [["KH"], {"card": "KH"}], ids=["a list", "a dict"])
def test_an_unhashable_card_in_a_board_is_refused_as_an_invalid_board(bad):
    h = hands()
    h[1][3] = bad
    refused(InvalidBoard, "invalid_board", new_game, "king", board=king_board(hands=h), mentions=["hand 1"])


def test_a_board_with_a_hand_of_twelve_is_refused():
    h = hands()
    h[1] = h[1][:12]
    refused(InvalidBoard, "invalid_board", new_game, "king", board=king_board(hands=h), mentions=["hand 1", "12"])


def test_a_board_with_a_hand_of_fourteen_is_refused():
    h = hands()
    h[0] = h[0] + [h[3].pop()]
    refused(InvalidBoard, "invalid_board", new_game, "king", board=king_board(hands=h), mentions=["hand 0", "14"])


def test_a_board_with_a_repeated_card_is_refused_and_names_it():
    h = hands()
    card = h[0][0]
    h[2][0] = card
    refused(InvalidBoard, "invalid_board", new_game, "rifki", board=rifki_board(hands=h), mentions=[card])


@pytest.mark.parametrize("board_hands", [None, "cards", [], [[]] * 4, [list(ALL_CARDS[i::4]) for i in range(3)]])
def test_a_board_without_four_hands_is_refused(board_hands):
    refused(InvalidBoard, "invalid_board", new_game, "king", board=king_board(hands=board_hands))


@pytest.mark.parametrize("dealer", [4, -1, "0", True, None, 1.0])
def test_a_king_board_with_a_bad_dealer_is_refused(dealer):
    refused(InvalidBoard, "invalid_board", new_game, "king", board=king_board(dealer=dealer), mentions=["dealer"])


@pytest.mark.parametrize("declarer", [4, -1, "0", False, None])
def test_a_rifki_board_with_a_bad_declarer_is_refused(declarer):
    refused(
        InvalidBoard, "invalid_board", new_game, "rifki", board=rifki_board(declarer=declarer), mentions=["declarer"]
    )


@pytest.mark.parametrize(
    "ruleset, contract",
    [
        ("king", "trump"),
        ("king", "no_last_two+no_tricks"),
        ("king", "no_spades"),
        ("rifki", "positive"),
        ("rifki", "no_tricks+no_last_two"),
        ("rifki", "kiz"),
    ],
)
def test_an_unknown_contract_is_refused(ruleset, contract):
    board = king_board(contract=contract) if ruleset == "king" else rifki_board(contract=contract)
    refused(InvalidBoard, "invalid_board", new_game, ruleset, board=board, mentions=[repr(contract)])


@pytest.mark.parametrize("trump", ["N", "spades", "s"])
def test_a_rifki_trump_board_needs_a_trump_suit(trump):
    refused(
        InvalidBoard,
        "invalid_board",
        new_game,
        "rifki",
        board=rifki_board(contract="trump", trump=trump),
        mentions=["trump"],
    )


@pytest.mark.parametrize("trump", [None, 5, ["S"]], ids=["trump None", "trump 5", "trump list"])
def test_a_rifki_trump_board_without_a_suit_string_is_refused_as_an_invalid_board(trump):
    refused(
        InvalidBoard,
        "invalid_board",
        new_game,
        "rifki",
        board=rifki_board(contract="trump", trump=trump),
        mentions=["trump"],
    )


def test_a_rifki_trump_board_that_leaves_out_the_trump_is_refused_as_an_invalid_board():
    refused(InvalidBoard, "invalid_board", new_game, "rifki", board=rifki_board(contract="trump"), mentions=["trump"])


@pytest.mark.parametrize("trump", ["SH", "", "HDC"], ids=["two suits", "empty", "three suits"])
def test_a_rifki_trump_board_with_several_suits_or_none_is_refused(trump):
    refused(
        InvalidBoard,
        "invalid_board",
        new_game,
        "rifki",
        board=rifki_board(contract="trump", trump=trump),
        mentions=["trump"],
    )


def test_a_trump_suit_without_a_trump_contract_is_refused():
    refused(InvalidBoard, "invalid_board", new_game, "rifki", board=rifki_board(contract="no_queens", trump="S"))


@pytest.mark.parametrize("ruleset, field", [("king", "declarer"), ("rifki", "dealer"), ("king", "trump")])
def test_a_board_with_an_unknown_field_is_refused(ruleset, field):
    board = king_board() if ruleset == "king" else rifki_board()
    board[field] = 1
    refused(InvalidBoard, "invalid_board", new_game, ruleset, board=board, mentions=[field])


def test_a_board_that_is_not_a_mapping_is_refused():
    refused(InvalidBoard, "invalid_board", new_game, "king", board=hands())


# ------------------------------------------------------------------ actions
def test_acting_after_the_game_is_over_is_refused():
    state = new_game("king", board=king_board(contract="no_king_of_hearts"))
    play_out(state, random.Random(0))
    refused(IllegalAction, "game_over", state.apply, {"type": "pass"})


@pytest.mark.parametrize(
    "action",
    [
        None,
        "pass",
        ["play", "KH"],
        {},
        {"type": None},
        {"type": "fly"},
        {"type": "pass", "seat": 0},
        {"type": "play", "card": "KH", "extra": 1},
    ],
)
def test_a_malformed_action_is_refused_as_malformed(action):
    state = new_game("king", board=king_board())
    refused(IllegalAction, "malformed_action", state.apply, action)


@pytest.mark.parametrize("card", ["1S", "", 5, None, ["KH"], "KHX"])
def test_a_play_of_something_that_is_not_a_card_is_refused_as_malformed(card):
    state = new_game("king", board=king_board())
    refused(IllegalAction, "malformed_card", state.apply, {"type": "play", "card": card})


def test_a_seat_outside_0_to_3_has_no_view():
    state = new_game("king", board=king_board())
    for seat in (4, -1, "0", True, 0.0):
        refused(EngineError, "invalid_seat", state.view, seat)


# ------------------------------------------------------------------ event logs
@pytest.fixture(scope="module")
def finished_log():
    state = new_game("rifki", seed=b"tamper", key="t")
    play_out(state, random.Random(1))
    return state


def test_a_genuine_log_verifies(finished_log):
    assert replay(finished_log.events, seed=b"tamper", verify=True) == finished_log
    assert replay(finished_log.events, verify=True) == finished_log


def _first_index(events, kind, start=0):
    return next(i for i, e in enumerate(events) if i >= start and e["type"] == kind)


def test_every_tampering_is_refused_under_verify(finished_log):
    base = finished_log.events
    play_i = _first_index(base, "play", 40)
    trick_i = _first_index(base, "trick", 40)
    ended_i = _first_index(base, "deal_ended")
    started_i = _first_index(base, "deal_started", 5)
    tamperings = {}

    e = copy.deepcopy(base)
    e[play_i]["card"] = next(c for c in ALL_CARDS if c != e[play_i]["card"])
    tamperings["changed card"] = e

    e = copy.deepcopy(base)
    other = next(i for i in range(play_i + 1, len(e)) if e[i]["type"] == "play" and e[i]["seat"] == e[play_i]["seat"])
    e[play_i]["card"], e[other]["card"] = e[other]["card"], e[play_i]["card"]
    tamperings["two cards of one seat swapped"] = e

    e = copy.deepcopy(base)
    del e[play_i]
    tamperings["dropped play"] = e

    e = copy.deepcopy(base)
    del e[trick_i]
    tamperings["dropped trick"] = e

    e = copy.deepcopy(base)
    e[play_i], e[play_i + 1] = e[play_i + 1], e[play_i]
    tamperings["reordered plays"] = e

    e = copy.deepcopy(base)
    e[ended_i]["scores"] = [s + (10 if k == 0 else -10 if k == 1 else 0) for k, s in enumerate(e[ended_i]["scores"])]
    tamperings["edited scores"] = e

    e = copy.deepcopy(base)
    e[trick_i]["winner"] = (e[trick_i]["winner"] + 1) % 4
    tamperings["edited trick winner"] = e

    e = copy.deepcopy(base)
    h = e[started_i]["hands"]
    h[0][0], h[1][0] = h[1][0], h[0][0]
    tamperings["swapped dealt cards"] = e

    e = copy.deepcopy(base)
    e.append(copy.deepcopy(base[play_i]))
    tamperings["event appended after the end"] = e

    e = copy.deepcopy(base)
    e[play_i]["seat"] = (e[play_i]["seat"] + 1) % 4
    tamperings["play by the wrong seat"] = e

    for name, events in tamperings.items():
        with pytest.raises(InvalidEvents) as err:
            replay(events, seed=b"tamper", verify=True)
        assert err.value.code and err.value.message, name


def test_a_truncated_log_that_stops_inside_the_rules_automatic_events_is_refused(finished_log):
    events = finished_log.events
    i = _first_index(events, "trick", 10)
    refused(InvalidEvents, "truncated_log", replay, events[:i], seed=b"tamper", verify=True)


def test_a_log_replayed_with_the_wrong_seed_is_refused(finished_log):
    refused(InvalidEvents, "wrong_seed", replay, finished_log.events, seed=b"not the seed")
    refused(InvalidEvents, "wrong_seed", replay, finished_log.events, seed=b"not the seed", verify=True)


def test_a_log_whose_committed_seed_hash_was_edited_is_refused(finished_log):
    events = copy.deepcopy(finished_log.events)
    events[0]["seed_sha256"] = "0" * 64
    refused(InvalidEvents, "wrong_seed", replay, events, seed=b"tamper")


@pytest.mark.parametrize("log", [[], None, "events", [{"type": "play"}], [{"type": "game_started", "ruleset": "go"}]])
def test_a_log_that_does_not_start_with_a_game_is_refused(log):
    with pytest.raises((InvalidEvents, InvalidOptions)) as err:
        replay(log)
    assert err.value.code and err.value.message


def test_a_log_whose_dealt_hands_repeat_a_card_is_refused_as_invalid_events_under_verify():
    state = new_game("king", seed=b"dup")
    events = copy.deepcopy(state.events)
    h = events[1]["hands"]
    h[0][0] = h[1][0]
    with pytest.raises(InvalidEvents) as err:
        replay(events, verify=True)
    assert err.value.code and h[0][0] in err.value.message


def test_a_log_whose_game_options_were_tampered_is_refused_as_invalid_events():
    state = new_game("king", seed=b"opts")
    events = copy.deepcopy(state.events)
    events[0]["options"] = dict(events[0]["options"], allow_down="sometimes")
    with pytest.raises(InvalidEvents):
        replay(events, seed=b"opts", verify=True)


def test_a_log_with_an_impossible_play_is_refused_even_without_verify():
    state = new_game("king", board=king_board())
    state.apply(state.legal_actions()[0])
    events = copy.deepcopy(state.events)
    held_elsewhere = next(c for c in state.hand(1))
    events[-1]["card"] = held_elsewhere  # seat 0 plays a card of seat 1
    with pytest.raises(InvalidEvents):
        replay(events)


def test_the_actions_handed_out_by_legal_actions_cannot_be_changed():
    state = new_game("king", board=king_board())
    action = state.legal_actions()[0]
    with pytest.raises(TypeError):
        action["card"] = "AS"
    with pytest.raises(TypeError):
        action.update(card="AS")
    assert state.legal_actions()[0] == action
    copy_ = dict(action)
    copy_["card"] = "XX"
    assert state.legal_actions()[0]["card"] != "XX"
