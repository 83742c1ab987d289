"""The public facts of the deal in play that a card player counts: which cards are gone, which
suits each seat has shown it lacks, and the trick on the table.

A ``Table`` is read once from a seat's view (``Table.from_view``) and then kept up to date card
by card (``observe``), which is how the Monte Carlo rollouts keep it without building views.
"""
from dataclasses import dataclass, field

# The next seat in play is seat + STEP: King goes clockwise, Rifki counter-clockwise (rules.md 4).
STEP = {"king": 1, "rifki": 3}


def plays_so_far(view):
    """Every card played in the current deal, in order, as (seat, card) pairs."""
    step = STEP[view["ruleset"]]
    plays = []
    for trick in view["tricks"]:
        leader = trick["leader"]
        plays += [((leader + i * step) % 4, card) for i, card in enumerate(trick["cards"])]
    plays += [(p["seat"], p["card"]) for p in view["trick"]]
    return plays


@dataclass
class Table:
    """What everyone at the table has seen of the deal so far."""

    step: int
    played: set = field(default_factory=set)  # every card played this deal, the current trick included
    voids: list = field(default_factory=lambda: [set(), set(), set(), set()])  # suits each seat did not follow
    trick: list = field(default_factory=list)  # (seat, card) of the trick in progress
    tricks_done: int = 0

    @classmethod
    def from_view(cls, view):
        table = cls(STEP[view["ruleset"]])
        for seat, card in plays_so_far(view):
            table.observe(seat, card)
        return table

    def observe(self, seat, card):
        """Record a card as it is played."""
        if self.trick and card[1] != self.trick[0][1][1]:
            self.voids[seat].add(self.trick[0][1][1])  # a seat that does not follow has none of the suit led
        self.played.add(card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            self.trick = []
            self.tricks_done += 1

    def copy(self):
        return Table(self.step, set(self.played), [set(v) for v in self.voids], list(self.trick), self.tricks_done)

    def still_to_play(self, seat):
        """The seats that play to the current trick after ``seat`` (who is to play now)."""
        return [(seat + k * self.step) % 4 for k in range(1, 4 - len(self.trick))]
