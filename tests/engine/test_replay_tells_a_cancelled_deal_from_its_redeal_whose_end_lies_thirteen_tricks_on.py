"""A Rifki deal of no queens is cancelled when the queens split one a player, after a few tricks,
and dealt again under the same number. In this game (found by the property test of replay's
fast path) the redeal's deal_ended lies exactly 65 events (thirteen tricks' worth) after the
cancelled deal's first card, where replay looks for the end of a deal played to its end: replay
must still fold the cancelled deal and its redeal apart, and rebuild the played state."""

import random

from games.engine import new_game, replay


def played(seed, choices):
    state = new_game("rifki", seed=seed)
    rng = random.Random(choices)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_redeal_whose_end_lies_where_a_whole_deals_would_is_not_taken_for_it():
    state = played(4648578, 366)
    log = state.events
    cancelled = [i for i, ev in enumerate(log) if ev["type"] == "deal_cancelled" and ev.get("reason") == "kiz_split"]
    firsts = [next(j for j in range(i, -1, -1) if log[j]["type"] == "deal_started") for i in cancelled]
    first_cards = [next(j for j in range(s, len(log)) if log[j]["type"] == "play") for s in firsts]
    # The trap is there: a deal_ended of the same deal number 65 events after a cancelled deal's first card.
    assert any(
        log[c + 65]["type"] == "deal_ended" and log[c + 65]["deal"] == log[c - 1].get("deal", log[f]["deal"])
        for c, f in zip(first_cards, firsts)
    )
    assert replay(log, seed=state.seed) == state
    assert replay(log) == state
