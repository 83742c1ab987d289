"""What every search strategy's ``Budget`` checks, whatever the game: a positive number of
samples, an optional positive time limit, and a rollout policy the family has."""


def check_search_budget(budget, rollout_policies):
    """Raise ValueError naming the first field of ``budget`` that no search can work with."""
    if type(budget.samples) is not int or budget.samples < 1:
        raise ValueError(f"samples must be a positive integer, not {budget.samples!r}")
    if budget.seconds is not None and not (type(budget.seconds) in (int, float) and budget.seconds > 0):
        raise ValueError(f"seconds must be a positive number, not {budget.seconds!r}")
    if budget.rollout not in rollout_policies:
        raise ValueError(f"rollout must be one of {', '.join(rollout_policies)}, not {budget.rollout!r}")
