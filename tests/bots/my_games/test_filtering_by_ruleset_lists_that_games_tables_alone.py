"""``?ruleset=<name>`` narrows the list to the games of that ruleset."""

from .games import listed, table


def test_only_the_named_rulesets_games(owners, house):
    ana = owners["ana"]
    king = table([ana, *house], ruleset="king")
    rifki = table([ana, *house], ruleset="rifki")

    assert listed(ana, ruleset="king") == [king.pk]
    assert listed(ana, ruleset="rifki") == [rifki.pk]
    assert listed(ana, ruleset="corners") == []
