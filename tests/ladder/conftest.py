"""Fixtures of the ladder's tests: bot owners and their bots, short games, and the ladder's
Celery tasks recorded instead of published (as tests/conftest.py does for the bots')."""

import pytest

from games import engine
from games.models import Match, Seat
from games.service import playing, states

RULESET = "king"


@pytest.fixture(autouse=True)
def ladder_tasks(monkeypatch):
    """The rating tasks the site would publish, recorded: no test leaves one in a broker."""
    import tournaments.ladder.tasks

    recorded = []
    monkeypatch.setattr(
        tournaments.ladder.tasks.rate_ladder_match, "apply_async", lambda args: recorded.append(("rate", *args))
    )
    return recorded


@pytest.fixture(autouse=True)
def short_ladder_games(settings):
    """Ladder matches play the ruleset's short game (the settings' LADDER_OPTIONS)."""
    settings.LADDER_OPTIONS = {RULESET: dict(engine.RULESETS[RULESET].short_game)}
    settings.LADDER_MAX_TABLES = 10
    settings.LADDER_ANCHORS = ["random", "heuristic", "montecarlo"]


@pytest.fixture
def owners(django_user_model):
    return [
        django_user_model.objects.create_user(name, password="long-enough-pass")
        for name in ("ana", "bo", "cem", "dia", "eli")
    ]


def new_bot(owner, name, kind="polling", url="", strategy=""):
    from bots.models import Bot
    from bots.registry import new_credentials

    _token, _secret, hashes = new_credentials()
    return Bot.objects.create(owner=owner, name=name, kind=kind, url=url, strategy=strategy, **hashes)


@pytest.fixture
def bots(owners):
    """One polling bot per owner: ana-bot, bo-bot, ..."""
    return [new_bot(owner, f"{owner.username}-bot") for owner in owners]


def play_out(match, take_over=None, on_commit=None):
    """Play a ladder match to its end in this process, each seat's bot taking its first legal
    action through the match service (as its answers would). With ``take_over`` (a seat), that
    seat faults its first three turns through bots.runner, so a built-in bot takes it over.
    ``on_commit`` (pytest-django's django_capture_on_commit_callbacks) runs each action's
    announcements right after it, as its commit would."""
    import contextlib

    from bots import runner

    def committed():
        return on_commit(execute=True) if on_commit else contextlib.nullcontext()

    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return match
        state = states.current_state(match)
        seat = state.to_act
        bot = Seat.objects.get(match=match, index=seat).bot
        faults, taken = runner.seat_record(runner.platform_rows(match), seat)
        if seat == take_over and not taken:
            turn = runner.open_turn(match, bot, seat, match.version)
            with committed():
                runner.fall_back(match, bot, seat, turn, "timeout", faults)
            continue
        with committed():
            playing.do_act(match.pk, runner.actor(bot), lambda m, seat=seat: seat, playing.FALLBACK, match.version)
    raise AssertionError("the match did not finish")
