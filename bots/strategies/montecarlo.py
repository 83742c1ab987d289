"""The Monte Carlo strategy: perfect-information sampling for card play.

For each card decision it deals the unseen cards consistently with what the seat has seen
(``sampling``), rebuilds each sampled deal as an engine board, replays the deal's plays so far,
then plays every candidate card and the rest of the deal with the rollout policy for all
seats. The card with the best mean deal score for the seat wins. Everything before the first
card (contracts, auction, misdeal claims, the slam call) is the heuristic's.

Cards that are equivalent (same suit, same penalty, nothing still out ranks between them) are
searched once. With the same ``rng`` state and budget, the choice is always the same.
"""

import time
from dataclasses import dataclass

from games.engine import IllegalAction, king, new_game, replay, rifki
from games.engine.actions import PLAY_ACTIONS
from games.engine.cards import RANK, RANKS
from games.engine.king import POSITIVE
from games.engine.rifki import TRUMP

from . import heuristic
from .budget import check_search_budget
from .contract import contract_from_view
from .play import Turn, choose_card
from .sampling import DealSampler, InconsistentView, hands_at_start
from .table import Table, plays_so_far

ROLLOUT_POLICIES = ("heuristic", "random")
# Rifki rules that cannot matter once a deal is in play, or that a deal score cannot weigh: the
# misdeal claims are settled before the first card, and a slam ends the game instead of scoring
# the deal, so rollouts score a trump hand by its tricks.
ROLLOUT_OPTIONS = {
    king.KingState.ruleset: {},
    rifki.RifkiState.ruleset: {"misdeal_trump_no_high_cards": "off", "king_slam": "off"},
}
TRIES_PER_SAMPLE = 20  # deals drawn before a sample is given up (a rare rule the sampler does not model)


@dataclass(frozen=True)
class Budget:
    """How hard the search works on one decision.

    ``samples`` deals are drawn and every candidate card is played out once in each. ``seconds``
    optionally stops the search early once that much time has gone (the choice then depends on
    the machine's speed, so it is off by default). ``rollout`` names the policy every seat
    plays in the rollouts.
    """

    samples: int = 16
    seconds: float | None = None
    rollout: str = "heuristic"

    def __post_init__(self):
        check_search_budget(self, ROLLOUT_POLICIES)


class MonteCarlo:
    """The strategy as a callable, ``MonteCarlo(budget)(view, rng)``, searching within ``budget``."""

    def __init__(self, budget=None):
        self.budget = budget or Budget()

    def __call__(self, view, rng):
        choice = heuristic.choose(view, rng)
        if choice["type"] != "play":
            return choice  # not a card decision (or the slam call)
        groups = equivalent_cards(view)
        if len(groups) < 2:
            return choice
        # One card per group; the heuristic's own card stands for its group, so ties go its way.
        candidates = [choice["card"] if choice["card"] in group else group[0] for group in groups]
        try:
            totals = self.search(view, candidates, rng)
        except InconsistentView:
            return choice
        if totals is None:
            return choice
        best = max(candidates, key=lambda card: (totals[card], card == choice["card"]))
        return heuristic.play_action(view, best)

    def search(self, view, candidates, rng):
        """Total deal score for the seat of each candidate card over the sampled deals, or None."""
        sampler = DealSampler(view)
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        table = Table.from_view(view)
        contract = contract_from_view(view)
        totals = dict.fromkeys(candidates, 0.0)
        searched = 0
        for _ in range(self.budget.samples):
            position = sampled_position(view, sampler, rng)
            if position is None:
                continue
            for card in candidates:
                totals[card] += self.rollout(position, view["seat"], card, table.copy(), contract, rng)
            searched += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return totals if searched else None

    def rollout(self, position, seat, card, table, contract, rng):
        """The seat's score for the deal when it plays ``card`` in ``position`` and play goes on."""
        state = replay(position.events)  # a fresh copy of the sampled position
        player = seat
        while True:
            state.apply(PLAY_ACTIONS[card])
            table.observe(player, card)
            if state.is_over:
                return state.deal_scores[0][seat] if state.deal_scores else 0  # a cancelled deal scores nothing
            player = state.to_act
            legal = [a["card"] for a in state.legal_actions()]
            if len(legal) == 1:
                card = legal[0]
            elif self.budget.rollout == "random":
                card = rng.choice(legal)
            else:
                card = choose_card(Turn(player, state.hand(player), legal, table, contract))


def sampled_position(view, sampler, rng):
    """An engine state at the view's decision, from one sampled deal; None if none replays."""
    ruleset = view["ruleset"]
    options = dict(view["options"], **ROLLOUT_OPTIONS[ruleset])
    for _ in range(TRIES_PER_SAMPLE):
        board = board_for(view, hands_at_start(sampler.plays, sampler.sample(rng)))
        state = new_game(ruleset, board=board, options=options)
        try:
            for _, card in sampler.plays:
                state.apply(PLAY_ACTIONS[card])
        except IllegalAction:
            continue  # the deal breaks a rule the sampler does not model
        if state.to_act == view["seat"]:
            return state
        # Otherwise the sampled deal would have been void from the start (Rifki's unguarded K of hearts).
    return None


def board_for(view, hands):
    """The engine board of the view's deal, with these hands as dealt."""
    table = view["table"]
    contract = table["contract"]
    if view["ruleset"] == rifki.RifkiState.ruleset:
        board = {"declarer": table["declarer"], "hands": hands, "contract": contract["name"]}
        if contract["name"] == TRUMP:
            board["trump"] = contract["trump"]
        return board
    board = {"dealer": table["dealer"], "hands": hands, "contract": contract["name"]}
    if contract["name"] == POSITIVE:
        bid = contract["accepted_bid"]
        board.update(
            mode=contract["mode"],
            trump=contract["trump"],
            accepted_bid=None if bid is None else {k: bid[k] for k in ("bidder", "tricks", "direction")},
        )
    return board


def equivalent_cards(view):
    """The seat's legal cards in groups that play alike: same suit and penalty, and no card
    between them in rank still in another hand (all such cards are played or the seat's own)."""
    legal = [a["card"] for a in view["legal_actions"] if a["type"] == "play"]
    contract = contract_from_view(view)
    accounted = set(view["hand"]) | {card for _, card in plays_so_far(view)}
    groups: list = []
    for card in legal:  # canonical order: by suit, low to high
        if groups:
            last = groups[-1][-1]
            between = [rank + card[1] for rank in RANKS[RANK[last] + 1 : RANK[card]]]
            if (
                last[1] == card[1]
                and contract.card_cost(last) == contract.card_cost(card)
                and all(c in accounted for c in between)
            ):
                groups[-1].append(card)
                continue
        groups.append([card])
    return groups
