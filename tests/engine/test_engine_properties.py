"""Properties of the engine over random legal games, with random flag combinations, random seeds
and random choices among the legal actions (docs/rules.md §1.9, §2.8, §4; docs/architecture.md §3.2, §3.5).

Whole games check the game-level invariants (zero sums, deal counts, replay); single deals on
boards from random permutations of the pack check every decision point more intensively (every
listed action accepted, unlisted ones refused without a trace, views hiding live cards).
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import IllegalAction, InvalidOptions, new_game, replay, rifki
from tests.engine.flag_strategies import KING_OPTIONS, RIFKI_OPTIONS, options_strategy, rifki_options_possible
from tests.engine.helpers import (
    ALL_CARDS,
    CARD_SET,
    COMBINED,
    KING_TABLE_TOTAL,
    KING_UNIT,
    NEGATIVES,
    RIFKI_TABLE_TOTAL,
    RIFKI_UNIT,
    card_strings,
    deal_contract,
    engine_settings,
    expected_negative,
    of_type,
    split_deals,
    strip_keys,
)

ORDER = {c: i for i, c in enumerate(ALL_CARDS)}
SEEDS = st.integers(0, 2**32 - 1)


@engine_settings()
@given(options=KING_OPTIONS)
def test_every_king_flag_combination_drawn_from_the_flag_specs_is_accepted(options):
    state = new_game("king", seed=1, options=options)
    assert {k: state.options[k] for k in options} == options


@engine_settings()
@given(options=options_strategy(rifki.FLAGS))
def test_a_rifki_flag_combination_is_refused_exactly_when_it_cannot_make_a_game(options):
    if rifki_options_possible(options):
        state = new_game("rifki", seed=1, options=options)
        assert {k: state.options[k] for k in options} == options
    else:
        with pytest.raises(InvalidOptions) as err:
            new_game("rifki", seed=1, options=options)
        assert err.value.code == "invalid_option_value"


# ------------------------------------------------------------------ shared checks
def pick(rng, legal):
    """A random legal action: first a random action type, then an action of that type, so that
    rare decisions (open_auction, ultimatum, forfeit, counteroffer, cancel, declare_slam) are
    taken about as often as common ones."""
    kinds = sorted({a["type"] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["type"] == kind])


def hidden_ok(state, seat):
    view = state.view(seat)
    others = {c for s in range(4) if s != seat for c in state.hand(s)}
    played = CARD_SET - {c for s in range(4) for c in state.hand(s)}
    assert set(view["hand"]) == set(state.hand(seat))
    assert card_strings(view) <= set(state.hand(seat)) | played, (seat, card_strings(view) & others)
    stripped = repr(strip_keys(view))
    assert not [c for c in others if f"'{c}'" in stripped]


def legal_ok(state):
    legal = state.legal_actions()
    assert legal, "legal_actions() is empty before the end"
    assert state.to_act in range(4)
    assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)
    cards = [a["card"] for a in legal if a["type"] == "play"]
    assert cards == sorted(cards, key=ORDER.__getitem__), "plays are not in canonical order"
    assert set(cards) <= set(state.hand(state.to_act))
    assert len({repr(sorted(a.items(), key=str)) for a in legal}) == len(legal), "an action is listed twice"
    return legal


def cards_ok(events):
    for deal in split_deals(events):
        hands = deal[0]["hands"]
        assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS)
        plays = of_type(deal, "play")
        played = [p["card"] for p in plays]
        assert len(played) == len(set(played)), "a card was played twice in one deal"
        assert all(p["card"] in hands[p["seat"]] for p in plays)
        ended = of_type(deal, "deal_ended")
        if ended and ended[0]["reason"] == "complete":
            assert sorted(played) == sorted(ALL_CARDS)
            assert len(of_type(deal, "trick")) == 13


def run(state, rng, checkpoints=(), check_views=False, limit=20000):
    """Play random legal actions to the end, checking as we go."""
    for step in range(limit):
        if state.is_over:
            break
        legal = legal_ok(state)
        action = pick(rng, legal)
        if check_views:
            for seat in range(4):
                hidden_ok(state, seat)
        if step in checkpoints:
            copy = replay(state.events, seed=state.seed)
            assert copy == state
            assert copy.legal_actions() == legal
            for seat in range(4):
                hidden_ok(state, seat)
            produced = state.apply(action)
            assert copy.apply(dict(action)) == produced  # the same decision gives the same events
            assert copy == state
        else:
            state.apply(action)
    else:
        raise AssertionError("the game did not end")
    assert state.legal_actions() == [] and state.to_act is None
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "pass"})
    assert err.value.code == "game_over"
    for seat in range(4):
        hidden_ok(state, seat)


def replay_ok(state):
    assert replay(state.events, seed=state.seed) == state
    assert replay(state.events, seed=state.seed, verify=True) == state
    assert replay(state.events, verify=True) == state  # without the seed: the logged deals are checked


def expected_positive(deal, options, units=(4, 3)):
    """Score a positive deal from its events by docs/rules.md §1.8.5 and §1.8.6."""
    dealer = deal[0]["dealer"]
    standing, counter, accepted, mode, forfeited = None, None, None, None, False
    for ev in deal:
        kind = ev["type"]
        if kind == "bid":
            standing = (ev["seat"], ev["tricks"], ev["direction"])
        elif kind == "match":
            standing = (ev["seat"], standing[1], standing[2])
        elif kind == "counteroffer":
            counter = (ev["tricks"], ev["direction"])
        elif kind == "accept":
            if ev["seat"] != dealer:  # the bidder accepts the Beneficiary's counter-offer
                accepted = (ev["seat"], counter[0], counter[1])
            else:
                accepted = standing
        elif kind == "decline" and ev["seat"] != dealer:
            counter = None
        elif kind == "take":
            accepted = (ev["seat"], options["auction_max_value"] // 25, "up")
        elif kind == "choose":
            mode = ev["mode"]
        elif kind == "forfeit":
            forfeited = True
    if forfeited:
        u = options["forfeit_scores"]
        return [25 * (u[0] if s == dealer else u[1]) for s in range(4)]
    if mode is None:  # an accepted down bid, or an ultimatum refused: played down
        mode = "down"
    tricks = [0, 0, 0, 0]
    for t in of_type(deal, "trick"):
        tricks[t["winner"]] += 1
    scores = [25 * t for t in tricks] if mode == "up" else [325 - 75 * t for t in tricks]
    if accepted:
        winner, n, direction = accepted
        if direction == "up":
            moved = 25 * n
            if options["up_payment_mode"] == "capped_at_tricks":
                moved = min(moved, 25 * tricks[winner])
        else:
            k = n if options["down_payment_mode"] == "fixed" else min(n, tricks[dealer])
            moved = 75 * k
        scores[winner] -= moved
        scores[dealer] += moved
    return scores


def king_game_ok(state):
    o = state.options
    deals = split_deals(state.events)
    assert len(deals) == (7 if o["quick_game_combined_negatives"] else 10)
    names = []
    for deal in deals:
        name, _ = deal_contract(deal)
        names.append(name)
        (ended,) = of_type(deal, "deal_ended")
        if name == "positive":
            assert sum(ended["scores"]) == 325
            assert ended["scores"] == expected_positive(deal, o)
        else:
            assert sum(ended["scores"]) == KING_TABLE_TOTAL[name]
            assert ended["scores"] == expected_negative(name, of_type(deal, "trick"), KING_UNIT)
    negatives = COMBINED if o["quick_game_combined_negatives"] else NEGATIVES
    assert sorted(n for n in names if n != "positive") == sorted(negatives)
    assert sum(state.scores) == 0
    assert state.scores == [sum(d[s] for d in state.deal_scores) for s in range(4)]
    (ended,) = of_type(state.events, "game_ended")
    assert ended["scores"] == state.scores and state.winners == ended["winners"]
    top = max(state.scores)
    assert set(state.winners) <= {s for s in range(4) if state.scores[s] == top}


def rifki_game_ok(state):
    o = state.options
    quota_t, quota_n = (1, 2) if o["short_mode"] else (2, 3)
    trumps, negs, uses = [0] * 4, [0] * 4, {}
    slam = False
    for deal in split_deals(state.events):
        name, trump = deal_contract(deal)
        ended = of_type(deal, "deal_ended")
        cancelled = of_type(deal, "deal_cancelled")
        assert len(ended) + len(cancelled) <= 1
        if cancelled or not ended:
            continue
        (ended,) = ended
        if ended["reason"] in ("slam", "failed_slam"):
            slam = True
            assert ended.get("scored") is False and name == "trump"
            continue
        d = deal[0]["declarer"]
        tricks = of_type(deal, "trick")
        if name == "trump":
            trumps[d] += 1
            won = [sum(1 for t in tricks if t["winner"] == s) for s in range(4)]
            assert ended["scores"] == [50 * n for n in won] and sum(ended["scores"]) == 650
        else:
            negs[d] += 1
            uses[name] = uses.get(name, 0) + 1
            assert ended["scores"] == expected_negative(name, tricks, RIFKI_UNIT)
            assert sum(ended["scores"]) == RIFKI_TABLE_TOTAL[name]
    assert max(trumps) <= quota_t and max(negs) <= quota_n
    assert not uses or max(uses.values()) <= 2
    if not slam:
        assert state.result == "complete"
        assert trumps == [quota_t] * 4 and negs == [quota_n] * 4
        assert len(state.deal_scores) == (12 if o["short_mode"] else 20)
        if not o["short_mode"]:
            assert uses == {n: 2 for n in NEGATIVES}
            assert sum(state.scores) == 0
    else:
        assert state.result in ("slam", "failed_slam")
    assert state.scores == [sum(d[s] for d in state.deal_scores) for s in range(4)]


# ------------------------------------------------------------------ whole games
@engine_settings()
@given(options=KING_OPTIONS, seed=SEEDS, choices=SEEDS, checkpoints=st.sets(st.integers(0, 500), max_size=3))
def test_a_random_king_game_with_random_flags_keeps_every_invariant(options, seed, choices, checkpoints):
    state = new_game("king", seed=seed, options=options)
    run(state, random.Random(choices), checkpoints)
    cards_ok(state.events)
    king_game_ok(state)
    replay_ok(state)


@engine_settings()
@given(options=RIFKI_OPTIONS, seed=SEEDS, choices=SEEDS, checkpoints=st.sets(st.integers(0, 1000), max_size=3))
def test_a_random_rifki_game_with_random_flags_keeps_every_invariant(options, seed, choices, checkpoints):
    state = new_game("rifki", seed=seed, options=options)
    run(state, random.Random(choices), checkpoints)
    cards_ok(state.events)
    rifki_game_ok(state)
    replay_ok(state)


# ------------------------------------------------------------------ single deals
# positive boards are weighted up so that auctions are common among the single deals
KING_BOARD_CONTRACTS = [None] + list(NEGATIVES) + list(COMBINED) + ["positive"] * 6
RIFKI_BOARD_CONTRACTS = [None] + list(NEGATIVES) + [("trump", s) for s in "SHDC"]


@st.composite
def boards(draw):
    ruleset = draw(st.sampled_from(["king", "rifki"]))
    deck = draw(st.permutations(ALL_CARDS))
    hands = [list(deck[i::4]) for i in range(4)]
    seat = draw(st.integers(0, 3))
    if ruleset == "king":
        board = {"dealer": seat, "hands": hands, "contract": draw(st.sampled_from(KING_BOARD_CONTRACTS))}
        options = draw(KING_OPTIONS)
    else:
        board = {"declarer": seat, "hands": hands}
        contract = draw(st.sampled_from(RIFKI_BOARD_CONTRACTS))
        if isinstance(contract, tuple):
            board["contract"], board["trump"] = contract
        elif contract:
            board["contract"] = contract
        options = draw(RIFKI_OPTIONS)
    return new_game(ruleset, board=board, options=options)


@engine_settings()
@given(state=boards(), choices=SEEDS)
def test_every_listed_action_is_accepted(state, choices):
    rng = random.Random(choices)
    while not state.is_over:
        legal = legal_ok(state)
        seat = state.to_act
        chosen = legal.index(pick(rng, legal))
        for i, action in enumerate(legal):
            if i == chosen:
                continue
            copy = replay(state.events)
            produced = copy.apply(dict(action))
            first = produced[0]
            assert first["type"] == action["type"] and first["seat"] == seat
            assert all(first[k] == v for k, v in action.items() if k != "type")
            assert copy.events == state.events + produced
        state.apply(legal[chosen])
    cards_ok(state.events)
    assert replay(state.events, verify=True) == state


def _retyped(value):
    if type(value) is int:
        return [True if value == 1 else False, float(value), str(value), [value]]
    if isinstance(value, str):
        return [value.lower() + "x", value.upper() + "!", [value], None, 0]
    if value is None:
        return ["none", 0, False]
    return [None]


def unlisted_actions(state, rng):
    """Actions that are not in legal_actions(): other cards, wrong types, malformed dicts."""
    legal = state.legal_actions()
    legal_cards = {a["card"] for a in legal if a["type"] == "play"}
    out = []
    others = [c for c in ALL_CARDS if c not in legal_cards]
    if others:
        out.append({"type": "play", "card": rng.choice(others)})
    out += [
        None,
        "play",
        7,
        ["play"],
        {},
        {"type": None},
        {"type": "teleport"},
        {"type": "play"},
        {"type": "play", "card": "1S"},
        {"type": "play", "card": rng.choice(ALL_CARDS).lower()},
        {"type": "bid", "tricks": True, "direction": "up"},
        {"type": "bid", "tricks": "3", "direction": "up"},
        {"type": "bid", "tricks": 2, "direction": "sideways"},
        {"type": "contract", "name": "no_fun"},
        {"type": "choose", "mode": "up", "trump": "X"},
        {"type": "nominate", "dealer": True},
        {"type": "pass", "tricks": 1},
    ]
    for action in legal:
        out.append(dict(action, extra=1))
        for k, v in action.items():
            if k != "type":
                for w in _retyped(v):
                    out.append(dict(action, **{k: w}))
    return [a for a in out if not _listed(a, legal)]


def _listed(action, legal):
    if not isinstance(action, dict):
        return False
    return any(a == action and all(type(a[k]) is type(action[k]) for k in a) for a in legal)


@engine_settings()
@given(state=boards(), choices=SEEDS)
def test_an_action_not_in_the_list_is_refused_and_changes_nothing(state, choices):
    rng = random.Random(choices)
    while not state.is_over:
        if rng.random() < 0.25 or state.legal_actions()[0]["type"] != "play":
            before_events = list(state.events)
            before_legal = state.legal_actions()
            before_views = [state.view(s) for s in range(4)]
            snapshot = replay(state.events)
            for bad in unlisted_actions(state, rng):
                with pytest.raises(IllegalAction) as err:
                    state.apply(bad)
                e = err.value
                assert isinstance(e.code, str) and e.code
                assert isinstance(e.reason, str) and e.reason.strip()
                assert len(state.events) == len(before_events)
                assert state.legal_actions() == before_legal
            assert state.events == before_events
            assert [state.view(s) for s in range(4)] == before_views
            assert state == snapshot
        state.apply(pick(rng, state.legal_actions()))


@engine_settings()
@given(state=boards(), choices=SEEDS)
def test_no_view_ever_shows_a_live_card_of_another_seat(state, choices):
    run(state, random.Random(choices), check_views=True)
    cards_ok(state.events)


@engine_settings()
@given(state=boards(), choices=SEEDS, cut=st.floats(0, 1))
def test_a_deal_rebuilt_from_any_prefix_of_its_log_continues_identically(state, choices, cut):
    rng = random.Random(choices)
    actions = []
    while not state.is_over:
        action = pick(rng, state.legal_actions())
        actions.append((len(state.events), action))
        state.apply(action)
    if not actions:  # a board cancelled before anyone acts (an unguarded Rifki, say)
        assert replay(state.events) == state
        return
    at, action = actions[int(cut * (len(actions) - 1))]
    copy = replay(state.events[:at])
    assert copy.to_act == state.events[at]["seat"]
    copy.apply(action)
    for _, later in actions[actions.index((at, action)) + 1 :]:
        copy.apply(later)
    assert copy == state and copy.events == state.events
