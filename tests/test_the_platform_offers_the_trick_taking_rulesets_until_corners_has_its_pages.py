from games.engine import RULESETS
from games.offer import offered_names, offered_rulesets


def test_every_trick_taking_ruleset_is_offered_in_the_engines_order():
    assert offered_names() == [name for name, ruleset in RULESETS.items() if ruleset.trick_taking]
    assert offered_names()  # the platform offers at least one game


def test_the_shedding_rulesets_are_not_offered_yet():
    shedding = [name for name, ruleset in RULESETS.items() if not ruleset.trick_taking]
    assert shedding, "the engine plays a shedding game (Kings in the Corner)"
    assert not set(shedding) & set(offered_names())
    assert all(ruleset is RULESETS[ruleset.name] for ruleset in offered_rulesets())
