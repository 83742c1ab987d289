"""Shared helpers for the engine tests: the rules of docs/rules.md restated independently of the
engine (unit values, table totals, scoring from trick events), random boards, and play-out loops.

Nothing here imports the engine's scoring: expectations are computed from the rules so that a
scoring bug in the engine cannot hide behind the same bug in the test.
"""

import os
import random

from hypothesis import HealthCheck, settings

from games.engine import new_game, replay

RANKS = "23456789TJQKA"
SUITS = "SHDC"
ALL_CARDS = tuple(r + s for s in SUITS for r in RANKS)
CARD_SET = frozenset(ALL_CARDS)

# docs/rules.md §1.4 (King) and §2.5 (Rifki): points per penalty unit.
KING_UNIT = {
    "no_tricks": -20,
    "no_hearts": -20,
    "no_queens": -50,
    "no_men": -30,
    "no_king_of_hearts": -160,
    "no_last_two": -90,
}
RIFKI_UNIT = {
    "no_tricks": -50,
    "no_hearts": -30,
    "no_queens": -100,
    "no_men": -60,
    "no_king_of_hearts": -320,
    "no_last_two": -180,
}
# docs/rules.md §1.4 (with its quick game) and §2.5: what each contract costs the table in all.
KING_TABLE_TOTAL = {
    "no_tricks": -260,
    "no_hearts": -260,
    "no_queens": -200,
    "no_men": -240,
    "no_king_of_hearts": -160,
    "no_last_two": -180,
    "no_tricks+no_last_two": -440,
    "no_hearts+no_king_of_hearts": -420,
    "no_queens+no_men": -440,
}
RIFKI_TABLE_TOTAL = {
    "no_tricks": -650,
    "no_hearts": -390,
    "no_queens": -400,
    "no_men": -480,
    "no_king_of_hearts": -320,
    "no_last_two": -360,
}
NEGATIVES = ("no_tricks", "no_hearts", "no_queens", "no_men", "no_king_of_hearts", "no_last_two")
COMBINED = ("no_tricks+no_last_two", "no_hearts+no_king_of_hearts", "no_queens+no_men")
CARD_BASED = {"no_hearts", "no_queens", "no_men", "no_king_of_hearts"}


# The engine's Hypothesis profiles, under names of their own so that they leave alone the global
# profile tests/conftest.py loads for the rest of the suite; engine_settings() applies them.
# ``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) searches harder; anything else, or nothing, runs
# the quick ``dev`` profile. Budget (measured on two cores): the whole tests/engine run takes
# about 10 seconds under ``dev`` (40 examples per property) and about a minute and a half under
# ``ci`` (500 examples), well inside the 3 and 6 minute targets. Deadlines are off: a loaded CI
# machine would make them flaky.
ENGINE_PROFILES = {
    "dev": dict(
        max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
    ),
    "ci": dict(
        max_examples=500,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    ),
}
for _name, _kwargs in ENGINE_PROFILES.items():
    settings.register_profile(f"engine-{_name}", **_kwargs)


def engine_settings():
    """The engine's Hypothesis profile (registered above)."""
    return settings.get_profile("engine-ci" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "engine-dev")


def is_penalty(part, card):
    if part == "no_hearts":
        return card[1] == "H"
    if part == "no_queens":
        return card[0] == "Q"
    if part == "no_men":
        return card[0] in "KJ"
    if part == "no_king_of_hearts":
        return card == "KH"
    return False


def units_taken(part, tricks):
    """Penalty units per seat for one contract part, from trick events ({number, cards, winner})."""
    out = [0, 0, 0, 0]
    for t in tricks:
        if part == "no_tricks":
            out[t["winner"]] += 1
        elif part == "no_last_two":
            out[t["winner"]] += t["number"] in (12, 13)
        else:
            out[t["winner"]] += sum(1 for c in t["cards"] if is_penalty(part, c))
    return out


def expected_negative(contract, tricks, unit):
    parts = contract.split("+")
    scores = [0, 0, 0, 0]
    for part in parts:
        for s, n in enumerate(units_taken(part, tricks)):
            scores[s] += n * unit[part]
    return scores


def random_hands(rng):
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return [deck[i::4] for i in range(4)]


def play_out(state, rng, limit=20000):
    """Apply random legal actions until the game is over; returns the events produced."""
    produced = []
    for _ in range(limit):
        if state.is_over:
            return produced
        produced += state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


def play_first_legal(state, limit=20000):
    produced = []
    for _ in range(limit):
        if state.is_over:
            return produced
        produced += state.apply(state.legal_actions()[0])
    raise AssertionError("the game did not end")


def split_deals(events):
    """The log cut into deals: a list of lists, each starting with its deal_started event."""
    deals = []
    for ev in events:
        if ev["type"] == "deal_started":
            deals.append([ev])
        elif deals:
            deals[-1].append(ev)
    return deals


def deal_contract(deal_events):
    """The contract a deal was played under: (name, trump or None), from its events."""
    start = deal_events[0]
    name, trump = None, None
    c = start.get("contract")
    if isinstance(c, dict):
        name, trump = c["name"], c.get("suit")
    elif c is not None:
        name = c
    for ev in deal_events:
        if ev["type"] == "contract":
            name, trump = ev["name"], ev.get("suit")
        if ev["type"] == "choose" and ev.get("mode") == "up":
            trump = ev.get("trump")
    return name, trump


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def card_strings(obj, skip=("trick", "tricks", "dealt_hands")):
    """Every card string found anywhere in ``obj`` (keys and values), except under keys in ``skip``."""
    found = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in skip:
                continue
            if isinstance(k, str) and k in CARD_SET:
                found.add(k)
            found |= card_strings(v, skip)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            found |= card_strings(v, skip)
    elif isinstance(obj, str) and obj in CARD_SET:
        found.add(obj)
    return found


def strip_keys(obj, skip=("trick", "tricks", "dealt_hands")):
    if isinstance(obj, dict):
        return {k: strip_keys(v, skip) for k, v in obj.items() if k not in skip}
    if isinstance(obj, (list, tuple)):
        return [strip_keys(v, skip) for v in obj]
    return obj


def find_key(obj, key):
    """Every value stored under ``key`` anywhere in a nested view."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == key:
                out.append(v)
            out += find_key(v, key)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out += find_key(v, key)
    return out


def copy_of(state):
    """An independent copy of a state, rebuilt from its log."""
    return replay(state.events, seed=state.seed)


def board_game(ruleset, rng=None, hands=None, options=None, **board):
    if hands is None:
        hands = random_hands(rng or random.Random(0))
    return new_game(ruleset, board=dict(board, hands=hands), options=options)
