"""The baseline: any legal action of the turn, uniformly at random."""


def choose(view, rng):
    return rng.choice(view["legal_actions"])
