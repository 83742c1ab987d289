"""The "new tournament" page learns the games from the engine: every ruleset the platform offers
(``games.offer``, the engine's RULESETS that have their pages) is a choice under its label, with
one group of its flags, each flag labelled by its label (its name until it has one), explained
by its help with the default, and its choices by their labels."""

import pytest
from django.utils.html import escape

from games.engine import RULESETS
from games.engine.options import Flag
from games.offer import offered_rulesets
from tournaments.forms import TournamentForm, flag_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(client, organiser):
    client.force_login(organiser)
    return client.get("/tournaments/new/").content.decode()


def test_every_ruleset_is_a_choice_under_its_label_with_a_group_of_its_flags(page):
    for ruleset in offered_rulesets():
        name = ruleset.name
        assert f'<option value="{name}"' in page and escape(ruleset.label) in page
        assert f'<details id="{name}-options">' in page
        for flag_name, flag in ruleset.flags.items():
            assert f'id="id_{name}__{flag_name}"' in page
            assert f'for="id_{name}__{flag_name}">{escape(flag.label or flag_name)}:</label>' in page


def test_a_flags_label_help_and_choice_labels_come_from_the_flag():
    flag = Flag(
        "b",
        choices=("a", "b"),
        label="Lead",
        doc="Who leads first.",
        choice_labels={"a": "The dealer", "b": "The player left of the dealer"},
    )
    field = flag_field("first_lead", flag)
    assert field.label == "Lead"
    assert field.help_text == "Who leads first. Default: The player left of the dealer"
    assert list(field.widget.choices) == [("a", "The dealer"), ("b", "The player left of the dealer")]
    unnamed = flag_field("allow_down", Flag(True))
    assert (unnamed.label, unnamed.help_text) == ("allow_down", "Default: yes")


def test_the_groups_follow_the_engines_rulesets_and_flags_in_order():
    groups = TournamentForm().flag_groups()
    assert [group.name for group in groups] == [ruleset.name for ruleset in offered_rulesets()]
    for group in groups:
        assert [field.name for field in group] == [f"{group.name}__{flag}" for flag in RULESETS[group.name].flags]
