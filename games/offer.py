"""Which rulesets the platform offers people and bots today.

The engine plays every ruleset in ``RULESETS``; the platform's matches, tables, bots and
tournaments take the trick-taking ones until the shedding game has its table page, score sheet
and bot protocol (issue 20). Forms and the match API ask this one function, so that day is a
one-line change here.
"""

from games.engine import RULESETS


def offered_rulesets():
    """The descriptors of the rulesets a match or a tournament may be created with, in order."""
    return [ruleset for ruleset in RULESETS.values() if ruleset.trick_taking]


def offered_names():
    return [ruleset.name for ruleset in offered_rulesets()]
