"""The Monte Carlo strategy: sample the cards the seat cannot see, play each candidate out.

For one decision of a turn it deals the unseen cards (another seat's hand, the stock) at random
consistently with the view (each hand's size, the stock's size, the cards on the table), builds
that deal as an engine board at this very point of the turn, applies each candidate action and
plays the hand to its end with the rollout policy for every seat. The outcome for the seat is its
hand score against the mean of the others' (points off in a penalty scoring, chips or points
won otherwise). Every candidate is played in the same sampled deals with the same rollout
randomness, so the comparison is between actions, not luck; and the heuristic's choice stands
unless another candidate beats it in that paired comparison by more than ``Budget.margin``
standard errors (most actions of a turn differ little, and noise must not overrule a sound
rule: measured, this gate is what makes the search stronger than the heuristic at 4 and 6
players).

The candidates are the turn's plays and pile moves, the heuristic's best first, and ending the
turn while the seat has not played yet this turn. (Once it has, a fresh board would charge the
turn-without-a-play penalty the real turn no longer owes, so ending it is the heuristic's call.)
With the same ``rng`` state and budget the choice is always the same.
"""

import random
import time
from dataclasses import dataclass

from games.engine import EngineError, new_game

from ..budget import check_search_budget
from . import heuristic, random_bot
from .board import Position, unseen_cards

ROLLOUT_POLICIES = {"heuristic": heuristic.choose, "random": random_bot.choose}
MAX_ROLLOUT_ACTIONS = 3000  # a hand ends long before this; a safety net, never a rule


@dataclass(frozen=True)
class Budget:
    """How hard the search works on one decision.

    ``samples`` deals are drawn and each of at most ``candidates`` actions is played out once in
    each; another action replaces the heuristic's when it does better by more than ``margin``
    standard errors of the paired difference. ``seconds`` optionally stops the search once that
    much time has gone (the choice then depends on the machine's speed, so it is off by
    default). ``rollout`` names the policy every seat plays in the rollouts.
    """

    samples: int = 12
    seconds: float | None = None
    rollout: str = "heuristic"
    candidates: int = 6
    margin: float = 1.0

    def __post_init__(self):
        check_search_budget(self, ROLLOUT_POLICIES)
        if type(self.margin) not in (int, float) or self.margin < 0:
            raise ValueError(f"margin must be a number of at least 0, not {self.margin!r}")
        if type(self.candidates) is not int or self.candidates < 2:
            raise ValueError(f"candidates must be an integer of at least 2, not {self.candidates!r}")


class MonteCarlo:
    """The strategy as a callable, ``MonteCarlo(budget)(view, rng)``, searching within ``budget``."""

    def __init__(self, budget=None):
        self.budget = budget or Budget()

    def __call__(self, view, rng):
        choice = heuristic.choose(view, rng)
        candidates = self.candidates(view)
        if len(candidates) < 2:
            return choice
        outcomes = self.search(view, candidates, rng)
        if outcomes is None:
            return choice
        return candidates[self.pick(outcomes)]

    def pick(self, outcomes):
        """The candidate to take, from each candidate's outcomes over the same samples.

        The heuristic's choice (candidate 0) stands unless another does better in the paired
        comparison by more than ``margin`` standard errors: most actions of a turn differ
        little, and a noisy estimate must not trade a sound rule for luck."""
        k = len(outcomes[0])
        best, best_edge = 0, 0.0
        for i in range(1, len(outcomes)):
            diffs = [a - b for a, b in zip(outcomes[i], outcomes[0])]
            mean = sum(diffs) / k
            if k > 1:
                var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
                if mean <= self.budget.margin * (var / k) ** 0.5:
                    continue
            if mean > best_edge:
                best, best_edge = i, mean
        return best

    def candidates(self, view):
        """The actions worth searching, the heuristic's favourite first."""
        table = view["table"]
        if table["turn"]["stage"] != "playing":
            return []
        position = Position.from_view(view)
        acts = [a for a in view["legal_actions"] if a["type"] in ("play", "move")]
        if not acts:
            return []
        acts.sort(key=lambda a: heuristic.preference(position, a), reverse=True)
        acts = acts[: self.budget.candidates - (0 if table["turn"]["moved"] else 1)]
        if not table["turn"]["moved"]:
            acts += [a for a in view["legal_actions"] if a["type"] == "end_turn" and a.get("draw") is not False]
        return acts

    def search(self, view, candidates, rng):
        """The total outcome of each candidate over the sampled deals, or None if none could be built."""
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        policy = ROLLOUT_POLICIES[self.budget.rollout]
        outcomes: list = [[] for _ in candidates]
        for _ in range(self.budget.samples):
            board, options, opening = sampled_board(view, rng)
            if board is None:
                continue
            rollout_seed = rng.getrandbits(64)
            results = []
            for action in candidates:
                state = position_state(view, board, options, opening)
                if state is None:
                    break
                results.append(rollout(state, view["seat"], action, policy, random.Random(rollout_seed)))
            else:
                for i, value in enumerate(results):
                    outcomes[i].append(value)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return outcomes if outcomes[0] else None


def sampled_board(view, rng):
    """A deal consistent with the view, as (board, options, opening actions): the seat to act
    first in a one-hand game that stands where the view stands. (None, None, None) when the
    view cannot be set up as a fresh board (too few cards to stand in for this turn's draw)."""
    n = view["num_seats"]
    seat = view["seat"]
    table = view["table"]
    options = dict(view["options"])
    jokers = table.get("jokers") or {}
    hand = list(view["hand"])
    pool = unseen_cards(view)
    # A joker on the table stands for a card: the board shows that card there, and the joker
    # takes the card's place among the unseen cards (or in the seat's hand, if he holds it).
    layout = {}
    for pile, cards in table["piles"].items():
        if cards:
            layout[pile] = [jokers.get(c, c) for c in cards]
    for joker, named in jokers.items():
        if named in hand:
            hand[hand.index(named)] = joker
        elif named in pool:
            pool[pool.index(named)] = joker
    rng.shuffle(pool)
    sizes = view["hand_sizes"]
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(pool[: sizes[s]])
            pool = pool[sizes[s] :]
    stock = pool
    opening = []
    turn = table["turn"]
    if options.get("draw_timing") == "start_of_turn" and turn["drew"]:
        # This turn opened with a draw: put that many of the seat's cards back on top of the
        # stock and open the board's turn with the draw (which cards, the view does not say).
        count = options.get("draw_count", 1) if table["stock_size"] else 1
        if len(hand) <= count:
            return None, None, None
        hands[seat] = hand[:-count]
        stock = stock + hand[-count:][::-1]
        opening.append({"type": "draw"})
    if options.get("setup_king_handling") == "auto_corner_refill_from_stock":
        options["setup_king_handling"] = "first_player_may_move"  # the layout was settled long ago
    if not options.get("king_pile_to_corner_anytime", True) and turn["number"] > 1 and "setup_king_handling" in options:
        options["setup_king_handling"] = "stays_in_base"  # past the hand's first turn: no king's pile moves
    if turn["number"] > n and "kleplek_first_turn_out_bonus" in options:
        options["kleplek_first_turn_out_bonus"] = False  # the seat's first turn is behind it
    board = {"dealer": (seat - 1) % n, "hands": hands, "layout": layout, "stock": stock}
    return board, options, opening


def position_state(view, board, options, opening):
    """A fresh engine state of ``board`` with the seat to act, or None if the engine refuses it."""
    try:
        state = new_game(view["ruleset"], board=board, options=options)
        for action in opening:
            state.apply(action)
    except EngineError:
        return None
    return state if state.to_act == view["seat"] else None


def rollout(state, seat, action, policy, rng):
    """The seat's outcome when it takes ``action`` in ``state`` and every seat plays ``policy`` on."""
    try:
        state.apply(action)
    except EngineError:
        return 0.0
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.is_over:
            break
        state.apply(policy(state.view(state.to_act), rng))
    return outcome(state, seat)


def outcome(state, seat):
    """The hand's result for ``seat``: his score against the others' mean, better is higher."""
    if not state.deals or not state.deals[0]["scored"]:
        return 0.0
    scores = state.deals[0]["scores"]
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    mine = scores[seat] - others
    lower_wins = "penalty_points" in state.view(None)["table"]
    return -mine if lower_wins else mine
