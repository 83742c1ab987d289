"""Helpers for the decision page tests (the King auction, the Rifki contract choice) and their
browser test: real matches driven through the one legality path (games.service.playing.submit_action), so
every page shows what the engine decided."""

import random

from games.service import creating, playing, states
from tests.engine.helpers import random_hands


def act(match, person, action):
    playing.submit_action(match.pk, person, action, match.version)
    match.refresh_from_db()


def king_positive(people, options=None, seed=3):
    """A King positive hand dealt by the last seat, who is to choose how it is played. Every
    seat a person, so nothing moves but the actions a test makes."""
    board = {"dealer": len(people) - 1, "contract": "positive", "hands": random_hands(random.Random(seed))}
    return creating.do_create_match("king", options or {}, people, board=board, created_by=people[0])


def king_auction(people, calls=(("bid", 4, "up"), ("bid", 5, "up"), ("pass",)), options=None, seed=3):
    """``king_positive`` with its auction opened and called so far: ``calls`` in turn from the
    first bidder (seat 0, who has preference over seats 1 and 2)."""
    match = king_positive(people, options, seed)
    act(match, people[-1], {"type": "open_auction"})
    for call in calls:
        state = states.match_state(match)
        action = {"type": call[0]}
        if call[0] == "bid":
            action.update(tricks=call[1], direction=call[2])
        act(match, people[state.to_act], action)
    return match


def rifki_after(people, deals, options=None, seed=b"quotas-decide-1"):
    """A whole Rifki game whose first ``deals`` deals are played, each seat taking its first
    legal action (but playing on rather than cancelling a deal): returns the match, its next
    declarer to choose a contract."""
    match = creating.do_create_match("rifki", options or {}, people, seed=seed, created_by=people[0])
    while True:
        state = states.match_state(match)
        if len(state.deal_scores) >= deals and state.phase == "contract":
            return match
        legal = [a for a in state.legal_actions() if a["type"] != "cancel"]
        act(match, people[state.to_act], legal[0])
