"""The organiser's forms show each flag by its label, with its help and its choices' labels
(msgids the pages translate): every flag of every ruleset has them, and no label is a raw slug."""

import re

import pytest

from games.engine import RULESETS

FLAGS = [(ruleset, name, flag) for ruleset, game in RULESETS.items() for name, flag in game.flags.items()]
SLUG = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)+$")


@pytest.mark.parametrize("ruleset, name, flag", FLAGS, ids=[f"{r}.{n}" for r, n, _ in FLAGS])
def test_the_flag_has_a_label_a_help_and_a_label_for_each_choice(ruleset, name, flag):
    assert flag.label and not SLUG.match(flag.label) and flag.label != name
    assert flag.doc and flag.doc.endswith((".", ")"))
    if flag.choices:
        assert set(flag.choice_labels) == set(flag.choices)
        assert all(label and not SLUG.match(label) for label in flag.choice_labels.values())
    else:
        assert not flag.choice_labels


def test_every_ruleset_has_flags():
    assert all(game.flags for game in RULESETS.values())
