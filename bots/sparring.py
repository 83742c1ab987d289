"""Sparring: a bot's owner starts a match of it against house bots of the strengths they choose
(issue 18), with no admin. The seed is random and the bot's seat drawn; the match belongs to no
event, so it rates nothing and counts only in the bot's own record (its matches and faults),
and against its owner's caps (bots.limits).
"""

import secrets

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.engine import RULESETS, EngineError
from games.errors import ServiceError
from games.offer import offered_names
from games.service import creating, playing

from . import limits
from .house import house_bot
from .models import Bot
from .strategies import STRATEGIES, strategies_for


def table_size(ruleset, options):
    """The seats of ``ruleset``'s table with ``options`` (a refusal for an unknown game or bad options)."""
    if ruleset not in offered_names():
        raise ServiceError("ruleset_not_offered", ruleset=ruleset, offered=", ".join(offered_names()))
    try:
        return RULESETS[ruleset].num_seats(options)
    except EngineError as e:
        raise playing.engine_refusal(e) from e


def check_opponents(ruleset, opponents, seats):
    """One known strength per other seat: a list as long as the table less the bot, or one name
    for every seat. Returns the list."""
    if isinstance(opponents, str):
        opponents = [opponents] * (seats - 1)
    if not isinstance(opponents, list) or len(opponents) != seats - 1:
        raise ServiceError("invalid_opponents", count=seats - 1, strengths=", ".join(sorted(STRATEGIES)))
    playable = strategies_for(ruleset)
    unknown = [o for o in opponents if not isinstance(o, str) or o not in playable]
    if unknown:
        raise ServiceError("unknown_strength", strength=str(unknown[0]), strengths=", ".join(sorted(playable)))
    return opponents


def check_sparring_bot(bot, user):
    if bot.owner_id != user.pk:
        raise ServiceError("not_found", problem=_("you have no bot %(bot)s"), bot=bot.pk)
    if not bot.is_active:
        raise ServiceError("bot_disabled", bot=bot.name)


def do_start_sparring(user, bot, ruleset, options=None, opponents="heuristic"):
    """Start ``bot`` (``user``'s own) at a table of ``ruleset`` against house bots; returns the Match.

    Refusals (ServiceError) store nothing: not your bot, a disabled bot, an unknown game, strength
    or option, or an owner at one of their caps."""
    options = {} if options is None else options
    check_sparring_bot(bot, user)
    seats = table_size(ruleset, options)
    opponents = check_opponents(ruleset, opponents, seats)
    holders = [house_bot(strength) for strength in opponents]
    holders.insert(secrets.randbelow(seats), bot)  # the bot's seat is drawn, like the deals
    with transaction.atomic():
        limits.lock_owners([user])
        limits.check_allowance(user)
        return creating.do_create_match(ruleset, options, holders, created_by=user)


def own_bot(user, pk):
    """``user``'s bot ``pk`` (404 for another's or none: whose bots exist is not told)."""
    bot = Bot.objects.filter(pk=pk, owner=user).first()
    if bot is None:
        raise ServiceError("not_found", problem=_("you have no bot %(bot)s"), bot=pk)
    return bot
