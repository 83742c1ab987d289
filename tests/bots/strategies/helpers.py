"""Shared helpers for the strategy tests: random engine positions and a driver that asks every
strategy at every decision.

The random boards, seeds and option flags are the engine property tests' own strategies, so the
bots meet every flag combination the engine accepts.
"""

from hypothesis import settings

from bots.strategies import STRATEGIES, Budget, MonteCarlo
from games.engine import new_game
from tests.engine.helpers import engine_settings

# A search small enough to run at every decision of a test game.
QUICK_SEARCH = MonteCarlo(Budget(samples=2))
ALL_STRATEGIES = {"random": STRATEGIES["random"], "heuristic": STRATEGIES["heuristic"], "montecarlo": QUICK_SEARCH}


def is_listed(action, legal):
    """The very object from the legal list, as the strategy interface promises."""
    return any(action is entry for entry in legal)


def play_asking_every_strategy(state, rng, search=lambda view: True):
    """Play to the end; at each decision every strategy is asked (the search only where
    ``search(view)`` says) and must answer with a listed action; one of the answers, drawn at
    random, is applied. Returns the (phase, action type) pairs that were decided."""
    decided = set()
    while not state.is_over:
        view = state.view(state.to_act)
        answers = []
        for name, strategy in ALL_STRATEGIES.items():
            if name == "montecarlo" and not search(view):
                continue
            answer = strategy(view, rng)
            assert is_listed(answer, view["legal_actions"]), (name, answer, view["legal_actions"])
            answers.append(answer)
        decided |= {(view["phase"], a["type"]) for a in view["legal_actions"]}
        state.apply(rng.choice(answers))
    return decided


def position_in_play(ruleset, hands, plays, options=None, **board):
    """A one-deal game on these hands, with these cards played from the first lead on."""
    state = new_game(ruleset, board=dict(board, hands=hands), options=options)
    for card in plays:
        state.apply({"type": "play", "card": card})
    return state


def fewer_examples(share):
    """The engine's Hypothesis profile with a ``share`` of its examples: every example here plays
    whole deals with a search at many decisions, so it costs far more than an engine example."""
    profile = engine_settings()
    return settings(profile, max_examples=max(5, profile.max_examples // share))


def into_play(state, rng, plays):
    """Random legal actions until ``plays`` cards are played (or the deal ends); the view of the seat to act."""
    played = 0
    while not state.is_over:
        if state.phase == "play" and played >= plays and len(state.legal_actions()) > 1:
            return state.view(state.to_act)
        action = rng.choice(state.legal_actions())
        played += action["type"] == "play"
        state.apply(action)
    return None
