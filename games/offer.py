"""Which rulesets the platform offers people and bots: every ruleset the engine plays.

Matches, tables, bots and tournaments take any of them; the pages ask the ruleset descriptor
(docs/architecture.md §3.2a) how to show it. Forms and the match API ask this one function, so a ruleset
the engine gains before its pages are ready can be held back here.
"""

from games.engine import RULESETS


def offered_rulesets():
    """The descriptors of the rulesets a match or a tournament may be created with, in order."""
    return list(RULESETS.values())


def offered_names():
    return [ruleset.name for ruleset in offered_rulesets()]
