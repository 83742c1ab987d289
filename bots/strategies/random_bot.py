"""The baseline: any legal action, uniformly at random."""


def choose(view, rng):
    return rng.choice(view["legal_actions"])
