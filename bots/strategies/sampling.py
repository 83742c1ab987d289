"""Determinizations for the Monte Carlo strategy: the cards a seat cannot see, dealt out to the
other seats consistently with what that seat has seen.

Consistent means two things:

- every other seat gets exactly as many cards as the view says it holds;
- no seat gets a card that would have made one of its plays so far illegal.

The second rule asks the engine's own legality functions. Every narrowing rule of both games
has the form "if you hold one of these cards you must play one of them" (follow suit, ruff,
head a trump lead, play the K♥, discard a penalty card, lead only hearts...), so a seat that
played ``x`` cannot hold ``c`` exactly when ``x`` is not legal from the two-card hand
``{x, c}`` at that moment. That finds the suits a seat has shown void in and every card a rule
has shown it lacks, and never excludes a card the seat might hold.
"""

from collections import Counter
from itertools import combinations

from games.engine import king, rifki
from games.engine.cards import DECK_SET, ORDER, by_suit

from .table import plays_so_far


class InconsistentView(Exception):
    """No deal fits what the view shows (it cannot happen with views the engine produced)."""


def _legality(view):
    """legal(hand_by_suit, trick_cards, hearts_broken, trump_broken, seat) -> cards, for the deal in play."""
    options, contract = view["options"], view["table"]["contract"]
    if view["ruleset"] == king.KingState.ruleset:
        king_rules = king.PlayRules(contract["name"], options, contract.get("mode"), contract.get("trump"))
        return lambda hand, trick, hearts, trumps, seat: king.legal_plays(hand, trick, king_rules, hearts)[0]
    rifki_rules = rifki.PlayRules(contract["name"], options, contract.get("trump"))
    # Whether the declarer may lead his top trumps depends on cards he held at the start; allowing
    # it whenever the option is on can only exclude fewer cards, never a card he might hold.
    top_trumps_seat = contract["declarer"] if options["declarer_may_lead_top_trumps"] else None
    return lambda hand, trick, hearts, trumps, seat: rifki.legal_plays(
        hand, trick, rifki_rules, hearts, trumps, seat == top_trumps_seat
    )[0]


def excluded_cards(view, plays, unseen):
    """For each seat, the unseen cards its plays so far show it cannot hold."""
    legal = _legality(view)
    trump = view["table"]["contract"].get("trump")
    num_seats = view["num_seats"]
    excluded = [set() for _ in range(num_seats)]
    trick: list = []
    hearts_broken = trumps_broken = False
    for seat, card in plays:
        if seat != view["seat"]:
            for other in unseen:
                if other not in excluded[seat] and card not in legal(
                    by_suit((card, other)), trick, hearts_broken, trumps_broken, seat
                ):
                    excluded[seat].add(other)
        trick.append(card)
        if len(trick) == num_seats:
            hearts_broken = hearts_broken or any(c[1] == "H" for c in trick)
            trumps_broken = trumps_broken or any(c[1] == trump for c in trick)
            trick = []
    return excluded


class DealSampler:
    """Deals the unseen cards of one view, at random, consistently with what it shows."""

    def __init__(self, view):
        self.seat = view["seat"]
        self.plays = plays_so_far(view)
        played = {card for _, card in self.plays}
        self.hand = list(view["hand"])
        self.unseen = sorted(DECK_SET - played - set(self.hand), key=ORDER.__getitem__)
        self.num_seats = view["num_seats"]
        self.others = [s for s in range(self.num_seats) if s != self.seat]
        self.room = {s: view["hand_sizes"][s] for s in self.others}
        excluded = excluded_cards(view, self.plays, self.unseen)
        self.allowed = {c: tuple(s for s in self.others if c not in excluded[s]) for c in self.unseen}
        if not _fits(Counter(self.allowed.values()), self.room):
            raise InconsistentView("no deal of the unseen cards fits the hand sizes and the plays shown")

    def sample(self, rng):
        """The four hands as they are now: the seat's own, and a consistent guess at the others."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        kinds = Counter(self.allowed.values())  # cards left to place, by the seats that may take them
        room = dict(self.room)
        hands = {s: [] for s in self.others}
        hands[self.seat] = list(self.hand)
        # The cards some seat cannot hold go first, while there is room to choose; once only
        # cards any seat may hold are left, every seat with room will do.
        cards.sort(key=lambda card: len(self.allowed[card]))
        for card in cards:
            kind = self.allowed[card]
            kinds[kind] -= 1
            seat = self._place(kind, kinds, room, rng, check=len(kind) < len(self.others))
            hands[seat].append(card)
        return [hands[s] for s in range(self.num_seats)]

    @staticmethod
    def _place(kind, kinds, room, rng, check):
        """A seat for a card that ``kind`` allows, drawn in proportion to the room left in each
        (as a plain deal would), among those that leave the remaining cards placeable."""
        seats = [s for s in kind if room[s] > 0]
        while seats:
            pick = rng.random() * sum(room[s] for s in seats)
            for seat in seats:
                pick -= room[seat]
                if pick < 0:
                    break
            room[seat] -= 1
            if not check or _fits(kinds, room):
                return seat
            room[seat] += 1
            seats.remove(seat)
        raise InconsistentView("the unseen cards cannot be placed")  # unreachable from a view that _fits


def _fits(kinds, room):
    """Can cards (counted by the tuple of seats each may go to) fill the seats' room exactly?

    Hall's condition for this transport problem: no group of seats (the empty group included) is
    asked to take more cards than it has room for, counting the cards that may go nowhere else.
    """
    seats = list(room)
    if sum(kinds.values()) != sum(room.values()):
        return False
    for size in range(len(seats) + 1):
        for group in combinations(seats, size):
            bound = sum(n for kind, n in kinds.items() if set(kind) <= set(group))
            if bound > sum(room[s] for s in group):
                return False
    return True


def hands_at_start(plays, current):
    """The hands as dealt: each seat's current cards plus those it has played this deal."""
    hands = [list(h) for h in current]
    for seat, card in plays:
        hands[seat].append(card)
    return hands
