"""The append-only event log (docs/architecture.md §3.3) and the matches whose streams it holds.

A match's state is never stored as the truth: it is the engine's replay of the match's event
stream. ``Match.version`` and ``head_hash`` follow the stream's head, written in the same
transaction as each append, so lists, polls and appends need no scan of the stream.
"""

from django.conf import settings
from django.db import models

from games.engine import RULESETS
from games.engine.rulesets import PLATFORM_EVENTS

MOST_SEATS = max(ruleset.seats.stop - 1 for ruleset in RULESETS.values())  # the largest table of any game


# The platform's own events in a match's stream (a fallback move's reason, a seat handed to a
# house bot and back, a score table's entry confirmed, disputed or settled): not moves of the
# game, and few, so read on their own (an index of their own).
PLATFORM_EVENT_TYPES = PLATFORM_EVENTS  # the engine's own list, which every ruleset declares public


class Event(models.Model):
    """One fact, appended once and never changed (triggers refuse UPDATE, DELETE, TRUNCATE).

    ``hash = sha256(prev_hash + canonical JSON of the event)`` chains each stream, so an
    export can be checked by anyone (``games.record.eventlog.event_document`` is what is hashed).
    """

    position = models.BigAutoField(primary_key=True, help_text="global order of all events")
    stream = models.CharField(max_length=100, help_text='e.g. "match/12" or "tournament/3"')
    version = models.PositiveIntegerField(help_text="1, 2, 3 ... within the stream, no gaps")
    type = models.CharField(max_length=50)
    payload = models.JSONField()
    metadata = models.JSONField(default=dict, help_text="actor, command id, timing")
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["stream", "version"], name="event_stream_version_unique"),
        ]
        indexes = [
            models.Index(
                fields=["stream", "version"],
                condition=models.Q(type__in=PLATFORM_EVENT_TYPES),
                name="event_platform_by_stream",
            ),
        ]

    def __str__(self):
        return f"{self.stream}@{self.version} {self.type}"


def default_move_seconds():
    return getattr(settings, "PERSON_MOVE_SECONDS", None)


def default_bank_seconds():
    return getattr(settings, "PERSON_BANK_SECONDS", 0.0)


def default_strike_limit():
    return getattr(settings, "PERSON_STRIKE_LIMIT", 3)


class Match(models.Model):
    """A game at one table: its ruleset, options, seats and the secret seed of its deals."""

    class Status(models.TextChoices):
        LIVE = "live"
        OVER = "over"

    ruleset = models.CharField(max_length=20)
    num_seats = models.PositiveSmallIntegerField(default=4, help_text="the table's size: RULESETS[ruleset].num_seats")
    options = models.JSONField(default=dict, help_text="every flag, resolved to its value")
    board = models.JSONField(null=True, blank=True, help_text="a fixed deal, instead of a seeded game")
    # The seed stays secret while the match runs (only its SHA-256 is published in the log).
    seed = models.CharField(max_length=128, blank=True, help_text="hex of the secret seed bytes")
    seed_sha256 = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LIVE)
    bot_turn_timeout = models.FloatField(default=2.0, help_text="seconds a webhook or polling bot has per turn")
    # The people's clock (issue 19, games.service.clocks): the seconds a person has for each move, a
    # bank of extra seconds per seat for the whole match, and the timeouts after which a house
    # bot takes the seat. Casual tables take the site's generous defaults; a tournament sets its own.
    move_seconds = models.FloatField(
        null=True, blank=True, default=default_move_seconds, help_text="seconds a person has per move (none: no clock)"
    )
    bank_seconds = models.FloatField(default=default_bank_seconds, help_text="extra seconds per seat for the match")
    strike_limit = models.PositiveSmallIntegerField(
        default=default_strike_limit, help_text="timeouts before a house bot takes a person's seat"
    )
    # Whether the public may see the match's cards and seed once it is over. A tournament
    # holds this back until its round closes: duplicate tables share a board's seed and cards,
    # which must stay hidden while another table still plays them (docs/architecture.md §3.5).
    public_when_over = models.BooleanField(default=True)
    # Who plays where else with the same cards (docs/architecture.md §3.5). ``event`` names the event the
    # match belongs to ("tournament/7"; blank for a casual match); ``cards_group`` names the
    # cards it is dealt when other matches are dealt the same ones (a duplicate board, a fixed
    # board), blank when its cards are its own. A finished deal of a grouped match reaches
    # anyone who plays in the event only once no match of the group is live.
    event = models.CharField(max_length=100, blank=True, default="", db_index=True)
    cards_group = models.CharField(max_length=120, blank=True, default="", db_index=True)
    # The seat to act at the head (None once over), written with each append like ``version``,
    # so that a sweep can find the turns due to a bot without replaying any stream.
    to_act = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="the stream's last version")
    # The stream's last hash, written with each append under the match's row lock, so that an
    # action needs no extra read to chain its events.
    head_hash = models.CharField(max_length=64, default="0" * 64)
    # When the match's pending person-deadline task wakes (None: none is pending). One task per
    # match at a time, re-armed by itself for the turn it finds at the head (bots.tasks), so a
    # person's move at a clocked table publishes nothing while one is due to wake in time.
    clock_wake_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Played with real cards, its deals entered as outcomes (a score table: docs/architecture.md
    # §3.9): nobody acts online (to_act stays None), no bot or clock is ever due.
    entered = models.BooleanField(default=False, db_default=False)

    @property
    def stream(self):
        return f"match/{self.pk}"

    def __str__(self):
        return f"{self.ruleset} match {self.pk}"


class Seat(models.Model):
    """Who plays one seat of a match (0 to its num_seats - 1): a user, a bot, or nobody yet."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    # Named by string: the games app never imports bots (docs/architecture.md §2); bots act through the
    # same service as people, as actor "bot:<id>".
    bot = models.ForeignKey("bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_match_index_unique"),
            # The largest table any ruleset has bounds every seat here; a check cannot read the
            # match's own size, so do_create_match makes exactly its seats, in one transaction.
            models.CheckConstraint(condition=models.Q(index__lt=MOST_SEATS), name="seat_index_below_the_largest_table"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True) | models.Q(bot__isnull=True), name="seat_held_by_a_user_or_a_bot"
            ),
        ]

    def __str__(self):
        return f"seat {self.index} of match {self.match_id}"


class ScoreTable(models.Model):
    """A match played with real cards whose deals a table enters from a phone (docs/architecture.md
    §3.9): the players' names as the table typed them, and, for a table opened by anyone (not
    a tournament's), the hash of its secret link, the one way in."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="score_table")
    names = models.JSONField(help_text="the players' names, in seat order")
    # SHA-256 of the link's secret: the secret itself is shown once, to whoever opened the table.
    key_hash = models.CharField(max_length=64, unique=True, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"score table of match {self.match_id}"


class ApiToken(models.Model):
    """A user's API token. Only its SHA-256 is stored: the token is shown once, when issued."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=12, help_text="the first characters, to tell tokens apart")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.prefix}… of {self.user}"


class CommandResult(models.Model):
    """The first answer to a command id, so that a retried command returns it and appends nothing."""

    stream = models.CharField(max_length=100)
    actor = models.CharField(max_length=100)
    command_id = models.CharField(max_length=100)
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["stream", "actor", "command_id"], name="command_once_per_actor"),
        ]


class StreamHead(models.Model):
    """The sealed head of each stream: its last version and hash, and
    ``seal = HMAC-SHA256(EVENT_HEAD_SEAL_KEY, "stream|version|hash")`` (games.record.eventlog.head_seal).

    Written by ``games.record.eventlog.append`` in the transaction of each append. The hash chain
    proves each event against the one before it, but whoever holds a copy of the database could
    change an event and recompute every later hash and the match's head; without the key, not
    this seal. verify_match and verify_tournament check it (docs/events.md, "The hash chain":
    its head seals).
    """

    stream = models.CharField(max_length=100, primary_key=True)
    version = models.PositiveIntegerField()
    hash = models.CharField(max_length=64)
    seal = models.CharField(max_length=64)

    def __str__(self):
        return f"{self.stream}@{self.version}"


class Profile(models.Model):
    """What a signed-in person chose for themselves: the language the site speaks to them
    (one of settings.LANGUAGES; empty until they choose, when the browser's language is used),
    and whether the table asks a second tap before it plays a card (``confirm_each_card``, set
    on ``/me/settings/``: docs/pages.md, "A second tap")."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(max_length=10, blank=True)
    confirm_each_card = models.BooleanField(
        default=False, help_text="the first tap on a card selects it, a second tap on it plays it"
    )

    def __str__(self):
        return f"profile of {self.user_id}"
