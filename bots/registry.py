"""Registering bots and issuing their credentials: one path for the API and the pages.

A bot's token and signing secret are returned once, when issued. The token is stored as its
SHA-256 digest; the secret's digest, which keys the webhook signature, is stored sealed under
the settings' key (bots/models.py, bots/signing.py).
"""

import hashlib
import secrets

from django.core.exceptions import ValidationError
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.models import Seat
from games.service import access

from . import events, signing
from .models import Bot, Turn
from .netcheck import UnsafeURL, check_url
from .strategies import STRATEGIES

TOKEN_PREFIX = "krb_"
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,59}$"  # 2-60 letters, digits, _ . -
ONLY_WEBHOOKS_HAVE_A_URL = _("only a webhook bot has a URL")


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()


def new_credentials():
    """A token (for the polling API) and a signing secret (for webhooks), and the Bot fields
    that stand for them: the token's digest and the secret's signing key, sealed."""
    token, secret = TOKEN_PREFIX + secrets.token_urlsafe(32), "krs_" + secrets.token_urlsafe(32)
    return (
        token,
        secret,
        {
            "token_hash": digest(token),
            "token_prefix": token[:10],
            "signing_key_sealed": signing.seal(signing.signing_key_of(secret)),
        },
    )


def registration_problems(kind, url, strategy):
    """{field: ValidationError} for what does not fit the bot's kind (empty when all is well).

    Each error keeps its msgid and params, so it is translated where it is shown: a form takes
    it as it is, the API reads its ``messages``."""
    if kind == Bot.Kind.WEBHOOK:
        try:
            check_url(url)
        except UnsafeURL as e:
            return {"url": ValidationError(e.msgid, code="unsafe_url", params=e.params)}
    elif url:
        return {"url": ValidationError(ONLY_WEBHOOKS_HAVE_A_URL, code="url_not_allowed")}
    if kind == Bot.Kind.BUILTIN and not strategy:
        return {
            "strategy": ValidationError(
                _("a built-in bot needs one of the strategies %(strategies)s"),
                code="strategy_required",
                params={"strategies": ", ".join(sorted(STRATEGIES))},
            )
        }
    if kind != Bot.Kind.BUILTIN and strategy:
        return {"strategy": ValidationError(_("only a built-in bot has a strategy"), code="strategy_not_allowed")}
    return {}


def accounts_named(usernames):
    """The accounts of ``usernames`` (a bot's list of people whose challenges it accepts); an
    unknown name is refused, naming it."""
    from django.contrib.auth import get_user_model

    wanted = list(dict.fromkeys(usernames))
    found = {u.username: u for u in get_user_model().objects.filter(username__in=wanted, is_active=True)}
    missing = [name for name in wanted if name not in found]
    if missing:
        raise ServiceError("unknown_user", user=missing[0])
    return [found[name] for name in wanted]


def needs_credentials(bot):
    """Whether the bot uses its token and secret: a built-in bot runs on the site and never does.

    Every bot still stores them (the columns are unique and required), so a built-in bot's are
    those of a token and secret nobody is shown on the pages."""
    return bot.kind != Bot.Kind.BUILTIN


def register(owner, name, kind, url="", strategy="", description=""):
    """Create a bot whose fields passed validation; returns (bot, token, secret), where a
    built-in bot's token and secret are None: the site runs it, and no one is given them."""
    if Bot.objects.filter(name__iexact=name).exists():
        raise ServiceError("name_taken", name=name)
    token, secret, hashes = new_credentials()
    bot = Bot.objects.create(
        owner=owner, name=name, kind=kind, url=url, strategy=strategy, description=description, **hashes
    )
    if bot.kind == Bot.Kind.WEBHOOK:
        events.request_ping(bot)  # its owner sees at once whether the platform reaches it
    if not needs_credentials(bot):
        return bot, None, None
    return bot, token, secret


def rotate(bot):
    """Replace the bot's token and secret (the old ones stop working at once); returns (token, secret)."""
    if not needs_credentials(bot):
        raise ServiceError("no_credentials")
    token, secret, hashes = new_credentials()
    for field, value in hashes.items():
        setattr(bot, field, value)
    bot.save(update_fields=list(hashes))
    return token, secret


def reseal_signing_keys():
    """Seal every bot's signing key under the current settings key (after a rotation, while the
    old key is still in BOT_SECRET_ENCRYPTION_OLD_KEYS); returns how many were moved."""
    moved = 0
    for pk, stored in Bot.objects.values_list("pk", "signing_key_sealed").iterator():
        resealed = signing.reseal(stored)
        if resealed is not None:
            # Only if no rotation of the bot's own credentials replaced it meanwhile.
            moved += Bot.objects.filter(pk=pk, signing_key_sealed=stored).update(signing_key_sealed=resealed)
    return moved


def matches(bot, limit=200):
    """The bot's seats, newest match first, each with the faults it made there."""
    seats = Seat.objects.filter(bot=bot).select_related("match").order_by("-match_id")[:limit]
    faults = dict(
        Turn.objects.filter(bot=bot, status=Turn.Status.FAULTED)
        .values_list("match_id")
        .annotate(n=Count("pk"))
        .values_list("match_id", "n")
    )
    return [
        {
            "match": s.match_id,
            "seat": s.index,
            "ruleset": s.match.ruleset,
            "status": s.match.status,
            "faults": faults.get(s.match_id, 0),
        }
        for s in seats
    ]


def faults(bot, limit=200):
    """The bot's faulted turns, newest first: each got the fallback action (docs/architecture.md §3.6)."""
    return list(
        Turn.objects.filter(bot=bot, status=Turn.Status.FAULTED).select_related("match").order_by("-pk")[:limit]
    )


# What of a fault's facts its owner reads while the match's cards are not public: a bot's owner
# sees a live match as the public does (docs/architecture.md §3.5), and what the bot sent, its
# legal actions and the engine's words about them may all name the seat's cards.
FACTS_WHILE_IN_PLAY = ("status", "seconds")


def shown_facts(turn):
    """A faulted turn's facts as its owner may read them now: all of them once the match's cards
    are public (games.service.access.is_public: over, and so is every table dealt them), only
    the status and the time taken before."""
    facts = turn.fault_facts or {}
    if access.is_public(turn.match):
        return facts
    return {name: facts[name] for name in FACTS_WHILE_IN_PLAY if name in facts}


def fault_record(turn):
    """A faulted turn as its owner reads it (``GET bots/{id}/faults/``): where and when, the
    fault's code, and its facts (status, seconds; once the cards are public, what the bot sent,
    the engine's refusal and the legal actions then) where they were recorded."""
    return {
        "request_id": str(turn.request_id),
        "match": turn.match_id,
        "version": turn.version,
        "seat": turn.seat,
        "fault": turn.fault,
        "at": turn.finished_at,
        **shown_facts(turn),
    }
