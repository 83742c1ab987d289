"""The bot registry (docs/architecture.md §3.6): bots that hold seats, and the turns they owe.

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

    class Accepts(models.TextChoices):
        NOBODY = "nobody", _("no one: I answer each challenge myself")
        ANYONE = "anyone", _("anyone")
        LISTED = "listed", _("the people I list")

    # Challenges this bot accepts by itself (within its owner's caps); the rest wait for its owner.
    accepts_challenges = models.CharField(max_length=10, choices=Accepts.choices, default=Accepts.NOBODY)
    accepts_challenges_from = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    # A webhook bot's last ping (bots.events.ping, docs/bots.md "Ping"): when it was sent, and
    # once it is back the outcome ("ok" or a fault code), the HTTP status, the seconds it took
    # and the first characters of the answer, as text. Shown to its owner.
    last_ping = models.JSONField(null=True, blank=True)

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
    # One clock for every protocol (docs/bots.md, "The turn's clock"): until the bot can first
    # see the turn, ``deadline`` is when it must have picked it up (BOT_PICKUP_SECONDS after it
    # was made); from then (``delivered_at``: the webhook request sent, the poll answered, the
    # stream line written) it is when the answer is due, the match's whole turn timeout later.
    deadline = models.DateTimeField()
    delivered_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    fault = models.CharField(max_length=40, blank=True)
    # What its owner needs to debug a fault (docs/bots.md, "Faults"), seen by the owner alone:
    # the answer received (the action, or the first characters of the body, as text), the HTTP
    # status, the seconds the bot took, and for an illegal action the engine's refusal and the
    # legal actions then.
    fault_facts = models.JSONField(null=True, blank=True)
    # The signed receipt of the answer the match accepted (games.record.receipts), written with the
    # turn's "done": the bot's next turn request carries it as previous_receipt (a webhook's
    # answer has no other way back to it).
    receipt = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="one_bot_turn_per_version")]
        indexes = [models.Index(fields=["status", "deadline"])]


class Challenge(models.Model):
    """A match one person proposes to named people and bots (issue 18).

    Its seats are ChallengeSeat rows: the challenger's own (if they play), each named person or
    bot, and house bots for the rest. Each named seat's owner accepts or declines; when the last
    accepts, the match starts (``match``). One decline ends it; so does the challenger
    cancelling, or nobody answering within settings.CHALLENGE_HOURS.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for answers")
        STARTED = "started", _("started")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")
        EXPIRED = "expired", _("lapsed")

    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges")
    ruleset = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"challenge {self.pk} ({self.ruleset})"


class ChallengeSeat(models.Model):
    """One place at a challenge's table: a person, a bot, or a house bot of ``house_strategy``.

    ``owner`` is who answers for it (the person, or the bot's owner); the house's seats and the
    challenger's own are accepted from the start."""

    class Answer(models.TextChoices):
        PENDING = "pending", _("not answered yet")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="order in the challenge; the match draws the seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bot = models.ForeignKey(Bot, null=True, blank=True, on_delete=models.CASCADE, related_name="challenge_seats")
    house_strategy = models.CharField(max_length=20, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="challenge_seats"
    )
    answer = models.CharField(max_length=10, choices=Answer.choices, default=Answer.PENDING)
    answered_by_bot = models.BooleanField(default=False, help_text="accepted by the bot's own setting")
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["challenge", "position"]
        constraints = [
            models.UniqueConstraint(fields=["challenge", "position"], name="challenge_seat_position_unique"),
        ]


class BotEvent(models.Model):
    """Something a bot is told about its games (docs/bots.md, "A bot's events"): on its event
    stream, in its polls, and as a signed request to a webhook. Append-only; ``key`` names the
    happening, so that telling it twice (a retried task, a replayed announcement) stores it once."""

    class Type(models.TextChoices):
        GAME_START = "game_start", _("a game started")
        GAME_END = "game_end", _("a game ended")
        TAKEN_OVER = "taken_over", _("a house bot took the seat")
        SEAT_RETURNED = "seat_returned", _("the seat was given back")
        CHALLENGE = "challenge", _("a challenge")

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="events")
    type = models.CharField(max_length=20, choices=Type.choices)
    key = models.CharField(max_length=100)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    challenge = models.ForeignKey(Challenge, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    # Handed to a poll of GET bot/turns/ (each event once there), and for a webhook bot what
    # its signed request came to (status, seconds, fault code): for its owner.
    polled_at = models.DateTimeField(null=True, blank=True)
    delivery = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["bot", "key"], name="one_bot_event_per_happening")]
        indexes = [models.Index(fields=["bot", "polled_at"])]


from .models_friends import FriendsTable, FriendsTableSeat  # noqa: E402, F401  (tables with friends)
