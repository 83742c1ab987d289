"""`make run` (``ensure_demo_tournament --every-demo``) starts, beside the main demo, a short
Swiss event of built-in bots for the engine's first ruleset of the other kind (a shedding game
beside the trick-taking one), found through the descriptor and played as its short game; the
site can list other demo rulesets instead, or none, and an unknown name is refused."""

import pytest
from django.core.management import call_command

from games.engine import RULESETS
from tournaments.management.commands.ensure_demo_tournament import (
    DEMO_NAME,
    demo_ruleset,
    ensure_demo_tournament,
    other_demo_name,
    other_demo_rulesets,
)
from tournaments.models import Tournament, TournamentTable

pytestmark = pytest.mark.django_db


def test_every_demo_starts_the_main_event_and_a_short_one_of_the_other_kind(capsys):
    call_command("ensure_demo_tournament", "--entrants", "4", "--rounds", "1", "--every-demo")
    main = demo_ruleset()
    other = next(r for r in RULESETS.values() if r.trick_taking != main.trick_taking)
    assert other_demo_rulesets() == [other]
    demos = {t.ruleset: t for t in Tournament.objects.all()}
    assert set(demos) == {main.name, other.name}
    assert demos[main.name].name == DEMO_NAME and demos[main.name].options == main.resolve_options({})
    short = demos[other.name]
    assert short.name == other_demo_name(other) and other.label in short.name
    assert short.options == other.resolve_options(other.short_game)  # its short game
    assert (short.format, short.autopilot, short.rated, short.current_round) == ("swiss", True, False, 1)
    assert {e.bot.strategy for e in short.entrants.select_related("bot")} == set(other.policies)
    assert TournamentTable.objects.filter(tournament=short).count() == 8 // other.num_seats(short.options)
    out = capsys.readouterr().out
    assert out.count("demo tournament started") == 2

    call_command("ensure_demo_tournament", "--every-demo")  # both under way: left to carry on
    assert Tournament.objects.count() == 2 and capsys.readouterr().out.count("already under way") == 2


def test_the_site_lists_the_other_demos_or_none(settings):
    main = demo_ruleset()
    settings.DEMO_OTHER_RULESETS = []
    assert other_demo_rulesets() == []
    settings.DEMO_OTHER_RULESETS = [name for name in RULESETS if name != main.name]
    assert [r.name for r in other_demo_rulesets()] == [name for name in RULESETS if name != main.name]
    settings.DEMO_OTHER_RULESETS = ["chess"]
    with pytest.raises(ValueError, match="DEMO_OTHER_RULESETS names \\['chess'\\]"):
        call_command("ensure_demo_tournament", "--entrants", "4", "--rounds", "1", "--every-demo")


def test_without_every_demo_only_the_main_demo_starts():
    call_command("ensure_demo_tournament", "--entrants", "4", "--rounds", "1")
    assert [t.name for t in Tournament.objects.all()] == [DEMO_NAME]
    assert ensure_demo_tournament(4, 1)[1] is False
