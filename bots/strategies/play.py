"""Heuristic card play for every contract of both games.

Two aims cover every contract: avoid tricks and penalty cards (the negative contracts and the
King down hand), or win tricks (trump contracts and the King up hand). Counting is limited to
what the table has shown: the cards played and the suits each seat did not follow.
"""

from bisect import bisect_left
from dataclasses import dataclass

from games.engine.cards import DECK_SET, RANK
from games.engine.tricks import trick_winner

from .contract import Contract, contract_from_view
from .table import Table


@dataclass
class Turn:
    """One card decision: who plays, what it holds and may play, what the table has shown."""

    seat: int
    hand: list
    legal: list
    table: Table
    contract: Contract

    @classmethod
    def from_view(cls, view):
        """The card decision of the view's seat (a view in play, with that seat to act)."""
        legal = [a["card"] for a in view["legal_actions"] if a["type"] == "play"]
        return cls(view["seat"], view["hand"], legal, Table.from_view(view), contract_from_view(view))

    def unseen(self):
        """The cards still in the other seats' hands."""
        return DECK_SET - self.table.played - set(self.hand)


def choose_card(turn):
    if len(turn.legal) == 1:
        return turn.legal[0]
    if turn.contract.wants_tricks:
        return _take_tricks(turn)
    return _avoid_tricks(turn)


# ----------------------------------------------------------------------------- avoiding tricks
def _avoid_tricks(turn):
    trick = turn.table.trick
    if not trick:
        return _safest_lead(turn)
    cost = turn.contract.card_cost
    if _free_to_win(turn):
        # Nothing this trick can cost: get rid of the high cards that would win costly tricks later.
        return max(turn.legal, key=RANK.__getitem__)
    cards = [c for _, c in trick]
    top = cards[trick_winner(cards)]
    following = [c for c in turn.legal if c[1] == top[1]]
    if not following:
        # Void: this card cannot win, so it is the moment to get rid of penalty cards and high cards.
        return max(turn.legal, key=lambda c: (cost(c), RANK[c]))
    under = [c for c in following if RANK[c] < RANK[top]]
    if under:
        # Any of these loses the trick: play the costliest, then the highest, while it is safe to.
        return max(under, key=lambda c: (cost(c), RANK[c]))
    if not turn.table.still_to_play(turn.seat):
        # Last to play and every card wins: keep own penalty cards out of it, spend the highest.
        return max(following, key=lambda c: (-cost(c), RANK[c]))
    # Every card wins for now: the lowest leaves the most room for a later player to go over it.
    return min(following, key=lambda c: (cost(c), RANK[c]))


def _free_to_win(turn):
    """True when winning the current trick cannot cost anything (early tricks of no_last_two)."""
    contract = turn.contract
    if contract.trick_cost(turn.table.tricks_done) > 0:
        return False
    return all(card in turn.table.played for card in contract.card_costs)


def _safest_lead(turn):
    if _free_to_win(turn):
        return max(turn.legal, key=RANK.__getitem__)
    contract = turn.contract
    unseen = turn.unseen()
    # What the three cards that follow are expected to bring if the lead wins.
    pending = sum(cost for card, cost in contract.card_costs.items() if card in unseen) * 3 / max(len(unseen), 1)
    at_stake = contract.trick_cost(turn.table.tricks_done) + pending
    voids = turn.table.voids
    others = [s for s in range(turn.table.num_seats) if s != turn.seat]
    out_by_suit = {}  # suit -> ranks still in the other hands, low to high
    for suit in {card[1] for card in turn.legal}:
        out = sorted(RANK[c] for c in unseen if c[1] == suit)
        out_by_suit[suit] = out if any(suit not in voids[s] for s in others) else []

    def risk(card):
        return _chance_lead_wins(RANK[card], out_by_suit[card[1]]) * (at_stake + contract.card_cost(card))

    return min(turn.legal, key=lambda c: (risk(c), RANK[c]))


def _chance_lead_wins(rank, out):
    """A rough chance that a lead of this rank holds the trick when everyone else tries to duck.

    ``out`` are the ranks of the suit the others can still follow with, low to high. They duck
    with lower cards when they hold some, so a lead is safe when most of what is out is higher,
    and sure to win when nobody else can follow.
    """
    return bisect_left(out, rank) / len(out) if out else 1.0


# ----------------------------------------------------------------------------- winning tricks
def _take_tricks(turn):
    trump = turn.contract.trump
    trick = turn.table.trick
    unseen = turn.unseen()
    if not trick:
        return _winning_lead(turn, unseen)
    cards = [c for _, c in trick]
    top = cards[trick_winner(cards, trump)]
    winners = [c for c in turn.legal if _beats(c, top, trump)]
    if not winners:
        return _cheapest(turn.legal, trump)
    later = turn.table.still_to_play(turn.seat)
    if not later:
        return _cheapest(winners, trump)  # last to play: win as cheaply as possible
    holding = [c for c in winners if _stands(turn, c, cards[0][1], later, unseen)]
    if holding:
        return _cheapest(holding, trump)
    return _cheapest(turn.legal, trump)  # a winner now that is likely beaten later: play low instead


def _beats(card, top, trump):
    if card[1] == top[1]:
        return RANK[card] > RANK[top]
    return card[1] == trump


def _cheapest(cards, trump):
    """The card worth least for later tricks: a low plain card before any trump."""
    return min(cards, key=lambda c: (c[1] == trump, RANK[c]))


def _is_master(card, unseen):
    """No card still out in the other hands beats this one in its own suit."""
    return not any(u[1] == card[1] and RANK[u] > RANK[card] for u in unseen)


def _stands(turn, card, led, later, unseen):
    """Will ``card`` still win the trick after the seats in ``later`` have played?"""
    if not _is_master(card, unseen):
        return False
    trump = turn.contract.trump
    if card[1] == trump or trump is None:
        return True
    # A plain master can still be ruffed by a later seat known to be void in the suit led.
    trumps_out = any(u[1] == trump for u in unseen)
    return not (trumps_out and any(led in turn.table.voids[s] for s in later))


def _winning_lead(turn, unseen):
    trump = turn.contract.trump
    legal = turn.legal
    masters = [c for c in legal if _is_master(c, unseen)]
    trumps_out = trump is not None and any(u[1] == trump for u in unseen)
    master_trumps = [c for c in masters if c[1] == trump]
    if master_trumps and trumps_out:
        return min(master_trumps, key=RANK.__getitem__)  # draw the trumps that could ruff my winners
    voids = turn.table.voids
    safe = [
        c
        for c in masters
        if c[1] != trump and not (trumps_out and any(c[1] in voids[s] for s in range(len(voids)) if s != turn.seat))
    ]
    if safe:
        return min(safe, key=RANK.__getitem__)
    # Nothing sure to win: lead low from the longest plain suit, to make its small cards good later.
    plain = [c for c in legal if c[1] != trump] or legal
    length = {s: sum(1 for c in turn.hand if c[1] == s) for s in {c[1] for c in plain}}
    longest = max(length, key=lambda s: (length[s], s))
    return min((c for c in plain if c[1] == longest), key=RANK.__getitem__)
