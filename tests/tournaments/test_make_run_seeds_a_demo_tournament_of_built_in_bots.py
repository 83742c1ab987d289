"""`manage.py ensure_demo_tournament` (run by `make run`): a Swiss King event of built-in bots under way."""

import pytest
from django.core.management import CommandError, call_command

from bots.models import Bot
from tournaments.management.commands.ensure_demo_tournament import DEMO_NAME, ensure_demo_tournament
from tournaments.models import Tournament, TournamentTable

pytestmark = pytest.mark.django_db


def test_the_demo_registers_built_in_bots_and_starts_its_first_round_on_autopilot(
    enqueued_bot_turns, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        demo, created = ensure_demo_tournament(entrants=8, round_count=2)
    assert created and demo.name == DEMO_NAME
    assert (demo.ruleset, demo.format, demo.autopilot, demo.status, demo.current_round) == (
        "king",
        "swiss",
        True,
        "running",
        1,
    )
    entrants = list(demo.entrants.select_related("bot"))
    assert len(entrants) == 8 and all(e.kind == "bot" and e.ranked for e in entrants)
    assert {e.bot.kind for e in entrants} == {Bot.Kind.BUILTIN}
    assert {e.bot.strategy for e in entrants} == {"random", "heuristic", "montecarlo"}
    tables = TournamentTable.objects.filter(tournament=demo)
    assert tables.count() == 2
    # the worker is asked to play every table
    assert {t.match_id for t in tables} <= {m for m, *_ in enqueued_bot_turns}


def test_a_demo_under_way_is_left_to_carry_on(capsys):
    first, _ = ensure_demo_tournament(entrants=4, round_count=1)
    call_command("ensure_demo_tournament")
    assert "already under way" in capsys.readouterr().out
    assert Tournament.objects.count() == 1 and Tournament.objects.get().pk == first.pk


def test_after_a_finished_demo_the_next_run_starts_a_new_one():
    first, _ = ensure_demo_tournament(entrants=4, round_count=1)
    Tournament.objects.filter(pk=first.pk).update(status=Tournament.Status.FINISHED)
    second, created = ensure_demo_tournament(entrants=4, round_count=1)
    assert created and second.pk != first.pk
    assert Bot.objects.filter(name__startswith="demo-").count() == 4  # the same bots, not new ones


@pytest.mark.parametrize("args", [["--entrants", "3"], ["--rounds", "0"]])
def test_a_demo_too_small_to_play_is_refused_and_nothing_is_created(args):
    with pytest.raises((SystemExit, CommandError)):
        call_command("ensure_demo_tournament", *args)
    assert not Tournament.objects.exists()


def test_the_demo_plays_the_engines_first_ruleset_unless_the_site_names_another(settings):
    from games.engine import RULESETS

    first, _ = ensure_demo_tournament(entrants=4, round_count=1)
    assert first.ruleset == next(iter(RULESETS))
    Tournament.objects.filter(pk=first.pk).update(status=Tournament.Status.FINISHED)
    settings.DEMO_RULESET = "rifki"
    second, _ = ensure_demo_tournament(entrants=4, round_count=1)
    assert second.ruleset == "rifki"
    Tournament.objects.filter(pk=second.pk).update(status=Tournament.Status.FINISHED)
    settings.DEMO_RULESET = "chess"
    with pytest.raises(ValueError, match="DEMO_RULESET is 'chess'"):
        ensure_demo_tournament(entrants=4, round_count=1)
    assert Tournament.objects.count() == 2  # nothing stored for the refused one
