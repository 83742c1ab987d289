"""The demo game the home page replays (issue 19): a finished match of house bots, made on
first use by playing it here, in this process, through the match service.

It is a casual match the house account created (no event), all of whose seats are house bots:
public once over, so its replay shows a spectator what the audit shows anyone. It plays the
ruleset's short game, so the replay ends in minutes.
"""

from django.db import transaction

from games.engine import RULESETS
from games.models import Match
from games.service import creating, states

from . import limits, runner
from .house import house_account, house_bot
from .strategies import strategies_for

DEMO_STRATEGY = "heuristic"  # sensible play at once (the search bot would make a first visit slow)


def finished_demo(ruleset):
    return (
        Match.objects.filter(
            ruleset=ruleset,
            event="",
            status=Match.Status.OVER,
            public_when_over=True,
            created_by__username=house_account().username,
        )
        .exclude(seats__bot__isnull=True)
        .order_by("-pk")
        .first()
    )


def play_demo(ruleset):
    """A new demo match of ``ruleset``, played to its end by house bots; returns it."""
    game = RULESETS[ruleset]
    strategies = strategies_for(ruleset)
    strategy = DEMO_STRATEGY if DEMO_STRATEGY in strategies else sorted(strategies)[0]
    bot = house_bot(strategy)
    options = dict(game.short_game or {})
    seats = game.num_seats(options)
    match = creating.do_create_match(ruleset, options, [bot] * seats, created_by=house_account())
    while match.status == Match.Status.LIVE:
        state = states.current_state(match)
        runner.play_builtin(match, bot, state.to_act, match.version, state, strategy)
        match.refresh_from_db(fields=["version", "head_hash", "status", "to_act"])
    return match


def ensure_demo_match(ruleset):
    """The latest finished demo match of ``ruleset``, played now if there is none yet (two
    first visitors at once make one: the house account's row is locked meanwhile)."""
    found = finished_demo(ruleset)
    if found is not None:
        return found
    with transaction.atomic():
        limits.lock_owners([house_account()])
        return finished_demo(ruleset) or play_demo(ruleset)
