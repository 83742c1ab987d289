"""The public facts of the deal in play that a card player counts: which cards are gone, which
suits each seat has shown it lacks, and the trick on the table.

A ``Table`` is read once from a seat's view (``Table.from_view``) and then kept up to date card
by card (``observe``), which is how the Monte Carlo rollouts keep it without building views.
"""

from dataclasses import dataclass, field

from games.engine import RULESETS


def plays_so_far(view):
    """Every card played in the current deal, in order, as (seat, card) pairs: each trick of the
    view says who played each of its cards, so the direction of play is the engine's alone."""
    table = view["table"]
    plays = [(p["seat"], p["card"]) for trick in table["tricks"] for p in trick["plays"]]
    return plays + [(p["seat"], p["card"]) for p in table["trick"]]


@dataclass
class Table:
    """What everyone at the table has seen of the deal so far."""

    direction: int  # the ruleset's: the next seat in play is (seat + direction) % num_seats
    num_seats: int
    played: set = field(default_factory=set)  # every card played this deal, the current trick included
    voids: list = field(default_factory=list)  # per seat, the suits it did not follow
    trick: list = field(default_factory=list)  # (seat, card) of the trick in progress
    tricks_done: int = 0

    @classmethod
    def from_view(cls, view):
        num_seats = view["num_seats"]
        table = cls(RULESETS[view["ruleset"]].direction, num_seats, voids=[set() for _ in range(num_seats)])
        for seat, card in plays_so_far(view):
            table.observe(seat, card)
        return table

    def observe(self, seat, card):
        """Record a card as it is played."""
        if self.trick and card[1] != self.trick[0][1][1]:
            self.voids[seat].add(self.trick[0][1][1])  # a seat that does not follow has none of the suit led
        self.played.add(card)
        self.trick.append((seat, card))
        if len(self.trick) == self.num_seats:
            self.trick = []
            self.tricks_done += 1

    def copy(self):
        return Table(
            self.direction,
            self.num_seats,
            set(self.played),
            [set(v) for v in self.voids],
            list(self.trick),
            self.tricks_done,
        )

    def still_to_play(self, seat):
        """The seats that play to the current trick after ``seat`` (who is to play now)."""
        n = self.num_seats
        return [(seat + k * self.direction) % n for k in range(1, n - len(self.trick))]
