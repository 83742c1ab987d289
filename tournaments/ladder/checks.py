"""``manage.py check`` (and the commands that run the checks: migrate, runserver) reads the
ladder's settings, so that a mistyped LADDER_OPTIONS or LADDER_ANCHORS is an error when the
site is deployed (the Dockerfile and `make run` migrate first), not a tick that logs the same
refusal every few seconds."""

from django.conf import settings
from django.core import checks

from games import engine
from games.offer import offered_names


def check_ladder_settings(app_configs=None, **kwargs):
    errors = []
    options = getattr(settings, "LADDER_OPTIONS", {})
    if not isinstance(options, dict):
        return [checks.Error("LADDER_OPTIONS must be a JSON object of rulesets", id="tournaments.E101")]
    for ruleset, flags in options.items():
        if ruleset not in offered_names():
            errors.append(
                checks.Error(
                    f"LADDER_OPTIONS names {ruleset!r}, which is not offered (offered: {', '.join(offered_names())})",
                    id="tournaments.E102",
                )
            )
            continue
        try:
            game = engine.RULESETS[ruleset]
            game.resolve_options(flags)
            game.num_seats(flags)
        except (engine.EngineError, TypeError, AttributeError) as e:
            errors.append(checks.Error(f"LADDER_OPTIONS[{ruleset!r}]: {e}", id="tournaments.E103"))
    from bots.strategies import STRATEGIES

    unknown = [s for s in getattr(settings, "LADDER_ANCHORS", ()) if s not in STRATEGIES]
    if unknown:
        errors.append(
            checks.Error(
                f"LADDER_ANCHORS: no strategy {', '.join(unknown)} (strategies: {', '.join(sorted(STRATEGIES))})",
                id="tournaments.E104",
            )
        )
    if getattr(settings, "LADDER_TICK_SECONDS", 10) <= 0 or getattr(settings, "LADDER_MAX_TABLES", 10) < 0:
        errors.append(
            checks.Error("LADDER_TICK_SECONDS must be above 0 and LADDER_MAX_TABLES 0 or more", id="tournaments.E105")
        )
    wait = getattr(settings, "LADDER_REJOIN_WAIT_SECONDS", 3600)
    if isinstance(wait, bool) or not isinstance(wait, (int, float)) or not 0 <= wait < float("inf"):
        errors.append(
            checks.Error(f"LADDER_REJOIN_WAIT_SECONDS must be 0 or more seconds, not {wait!r}", id="tournaments.E106")
        )
    return errors
