"""The bot registry (DESIGN.md 3.6): bots that hold seats, and the turns they owe.

A bot's token (for the polling API) and its signing secret (for webhook requests) are shown
once, when issued. The token is stored as its SHA-256 digest. The webhook signature is keyed
with the secret's digest, which the bot computes from its secret and the platform must hold to
sign; so that digest is stored sealed under a key from the settings, never in the clear
(bots/signing.py): a copy of the database alone cannot sign a turn.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .signing import unseal


class Bot(models.Model):
    class Kind(models.TextChoices):
        WEBHOOK = "webhook", _("webhook")
        POLLING = "polling", _("polling")
        BUILTIN = "builtin", _("built-in")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bots")
    name = models.CharField(max_length=60, unique=True)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    strategy = models.CharField(max_length=20, blank=True, help_text="for a built-in bot: random, heuristic ...")
    url = models.URLField(max_length=500, blank=True, help_text="for a webhook bot")
    description = models.TextField(blank=True, max_length=2000)
    token_hash = models.CharField(max_length=64, unique=True)
    token_prefix = models.CharField(max_length=12)
    # sha256(secret).hexdigest(), the HMAC key of the webhook signature, sealed: aesgcm1$<key id>$<data>.
    signing_key_sealed = models.CharField(max_length=200)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name

    def signing_key(self):
        """The webhook signature's key, opened with the settings' key (SealedKeyError if it cannot be)."""
        return unseal(self.signing_key_sealed)


class Turn(models.Model):
    """A turn a bot owes: created when its seat is to act at ``version``; one per version.

    The unique (match, version) makes running a turn idempotent: a task delivered twice, or
    re-enqueued by the sweep, finds the turn already done (or the match moved on).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DONE = "done", _("answered")
        FAULTED = "faulted", _("faulted: the fallback was played")
        STALE = "stale", _("stale: the match moved on")  # without this bot (e.g. a staff ruling)

    request_id = models.UUIDField(unique=True)
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="turns")
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="bot_turns")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField(help_text="the match version the action must be submitted at")
    deadline = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    fault = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="one_bot_turn_per_version")]
        indexes = [models.Index(fields=["status", "deadline"])]
