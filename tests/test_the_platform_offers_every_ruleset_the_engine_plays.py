from games.engine import RULESETS
from games.offer import offered_names, offered_rulesets


def test_every_ruleset_the_engine_plays_is_offered_in_the_engines_order():
    assert offered_names() == list(RULESETS)
    assert any(not game.trick_taking for game in offered_rulesets()), "the shedding game is offered too"
    assert all(ruleset is RULESETS[ruleset.name] for ruleset in offered_rulesets())
