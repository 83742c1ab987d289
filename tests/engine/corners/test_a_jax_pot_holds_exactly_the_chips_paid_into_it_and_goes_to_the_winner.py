"""Property of the Jax chip game (docs/rules.md §3.3 and §3.5): in every hand the pot holds exactly the
chips paid into it (the ante, the turns' penalties, the losers' cards) plus the pot a void hand
carried over, and the winner's points are that pot (less any debt it repays). What each seat
paid is on the table as the hand goes (``table.paid``) and in the hand's record (its ledger),
for the score sheet. The chips are counted here from the events alone, by the rules, not by
the engine's own bookkeeping."""

import random

from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game, replay
from tests.engine.helpers import engine_settings

from .random_games import jax_options

MAX_ACTIONS = 900


class Chips:
    """The chips of docs/rules.md §3.3 restated: shared out again each hand, a short player pays the
    rest as a debt (jax_chip_debt) or only what he has."""

    def __init__(self, options, n):
        self.share = options["chips_total"] // n
        self.debt = options["jax_chip_debt"]
        self.n = n
        self.debts = [0] * n
        self.carry = 0

    def new_hand(self, ante):
        self.chips = [self.share] * self.n
        self.paid = [0] * self.n
        self.cards = [0] * self.n
        self.carried, self.carry = self.carry, 0
        for s in range(self.n):
            self.pay(s, ante)

    def pay(self, seat, amount):
        have = self.chips[seat]
        reached = amount if amount <= have or self.debt else have
        self.debts[seat] += max(0, amount - have) if self.debt else 0
        self.chips[seat] = max(0, have - amount)
        self.paid[seat] += reached
        return reached

    @property
    def pot(self):
        return self.carried + sum(self.paid)


@engine_settings()
@given(jax_options(), st.integers(0, 2**32))
def test_every_jax_hand_pays_its_pot_to_its_winner(spec, seed):
    ruleset, options = spec
    state = new_game(ruleset, seed=seed, options=options)
    n = state.num_seats
    rules = state.rules
    chips = Chips(rules, n)
    rng = random.Random(seed)
    checked = 0
    seen = 0

    def follow(events):
        nonlocal checked, seen
        for ev in events:
            seen += 1
            kind = ev["type"]
            if kind == "deal_started":
                chips.new_hand(rules["ante"])
            elif kind == "turn_ended":
                for p in ev["penalties"]:
                    chips.pay(ev["seat"], p["amount"])
            elif kind == "deal_ended":
                record = state.deals[checked]
                assert record["deal"] == ev["deal"]
                winner = ev["winner"]
                if winner is None:
                    assert ev["pot"] == chips.pot and not record["scored"]
                    assert record["scores"] == [0] * n
                    chips.carry = chips.pot if rules["jax_deadlock"] == "carry_over" else 0
                    took = [0] * n
                else:
                    for s in range(n):
                        if s != winner:
                            chips.cards[s] = chips.pay(s, ev["cards_left"][s])
                    assert ev["pot"] == chips.pot
                    repaid = min(chips.debts[winner], chips.pot)
                    chips.debts[winner] -= repaid
                    assert record["scores"][winner] + repaid == chips.pot
                    assert sum(record["scores"]) == record["scores"][winner]
                    took = [chips.pot if s == winner else 0 for s in range(n)]
                assert record["ledger"] == {
                    "carried": chips.carried,
                    "paid": chips.paid,
                    "cards": chips.cards,
                    "took": took,
                    "carry": chips.carry,
                }
                checked += 1

    follow(state.events)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        follow(state.apply(rng.choice(state.legal_actions())))
        if state.phase == "play":
            table = state.view(None)["table"]
            assert table["paid"] == chips.paid  # what each paid so far, on the table
            assert table["pot"] == chips.pot
    assert seen == len(state.events)
    assert checked == len(state.deals)
    assert replay(state.events, seed=state.seed).deals == state.deals  # the ledger folds from the log
