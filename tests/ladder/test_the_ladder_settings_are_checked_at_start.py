"""``manage.py check`` refuses ladder settings the tick could only fail on: LADDER_OPTIONS for
a ruleset not offered or with a flag the engine refuses, an anchor strategy that does not
exist, a tick of no length, a negative wait before a bot that left for faults may rejoin. The
defaults pass."""

from django.core import management
from django.core.management.base import SystemCheckError

from tournaments.ladder.checks import check_ladder_settings


def ids(settings_errors):
    return sorted(e.id for e in settings_errors)


def test_the_defaults_pass(settings):
    assert check_ladder_settings() == []
    settings.LADDER_OPTIONS = {}
    assert check_ladder_settings() == []


def test_each_mistake_is_an_error(settings):
    settings.LADDER_OPTIONS = {"poker": {}, "king": {"no_such_flag": True}}
    settings.LADDER_ANCHORS = ["random", "clairvoyant"]
    settings.LADDER_TICK_SECONDS = 0
    settings.LADDER_REJOIN_WAIT_SECONDS = -1
    assert ids(check_ladder_settings()) == [
        "tournaments.E102",
        "tournaments.E103",
        "tournaments.E104",
        "tournaments.E105",
        "tournaments.E106",
    ]
    settings.LADDER_OPTIONS = ["king"]
    assert ids(check_ladder_settings()) == ["tournaments.E101"]
    settings.LADDER_OPTIONS, settings.LADDER_ANCHORS, settings.LADDER_TICK_SECONDS = {}, ["random"], 10
    for wait in (float("nan"), float("inf"), "an hour"):
        settings.LADDER_REJOIN_WAIT_SECONDS = wait
        assert ids(check_ladder_settings()) == ["tournaments.E106"]


def test_manage_py_check_runs_it(settings):
    settings.LADDER_ANCHORS = ["clairvoyant"]
    try:
        management.call_command("check")
    except SystemCheckError as e:
        assert "LADDER_ANCHORS: no strategy clairvoyant" in str(e)
    else:
        raise AssertionError("the check passed")
