"""Tournaments and their entrants (docs/architecture.md §3.4).

Every organiser action is an event in the tournament's own stream (``tournament/<id>`` in the
games event log); these rows are the current picture those events describe, written in the
same transaction as each event, so that pages and the API need not replay the stream.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")
        DUPLICATE = "duplicate", _("Duplicate")

    class TablePoints(models.TextChoices):
        PLACE = (
            "place",
            _(
                "By place at the table: from n−1 points for the best down to 0 at a table of n (3/2/1/0 at four), "
                "ties split"
            ),
        )
        SCORE = "score", _("By game score")

    class Fill(models.TextChoices):
        HOUSE_BOTS = "house_bots", _("Complete tables with house bots (never ranked)")
        BYES = "byes", _("Players sit out in turn (byes)")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Open for registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=120)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised")
    ruleset = models.CharField(max_length=20)
    options = models.JSONField(default=dict, help_text="the engine's flags, resolved")
    format = models.CharField(max_length=20, choices=Format.choices)
    rounds = models.PositiveSmallIntegerField()
    boards = models.JSONField(null=True, blank=True, help_text="a fixed set of boards instead of full games")
    bot_turn_timeout = models.FloatField(default=2.0)
    # The people's clock its matches get (games.Match.move_seconds ...): none for the move time
    # takes the site's casual default (settings.PERSON_MOVE_SECONDS).
    person_move_seconds = models.FloatField(null=True, blank=True, help_text="seconds a person has per move")
    person_bank_seconds = models.FloatField(default=0.0, help_text="extra seconds per seat for each match")
    person_strike_limit = models.PositiveSmallIntegerField(default=3, help_text="timeouts before a house bot plays on")
    rated = models.BooleanField(default=True)
    autopilot = models.BooleanField(
        default=False,
        help_text="once the first round is started, close each round when its last table finishes and start the next",
    )
    table_points = models.CharField(max_length=10, choices=TablePoints.choices, default=TablePoints.PLACE)
    tie_breaks = models.JSONField(default=list)
    fill = models.CharField(max_length=12, choices=Fill.choices, default=Fill.HOUSE_BOTS)
    # Secret until the tournament ends; its SHA-256 is published at creation (docs/architecture.md §3.4).
    seed = models.CharField(max_length=128)
    seed_sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.REGISTRATION)
    current_round = models.PositiveSmallIntegerField(default=0)
    closed_round = models.PositiveSmallIntegerField(default=0, help_text="the last round the organiser closed")
    version = models.PositiveIntegerField(default=0, help_text="the stream's last version")
    head_hash = models.CharField(max_length=64, default="0" * 64)
    created_at = models.DateTimeField(auto_now_add=True)
    # A club's event (issue 34, docs/clubs.md): the club its organisers hold it for, and when
    # and where it is played, as the club's page lists it.
    club = models.ForeignKey(
        "tournaments.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )
    starts_at = models.DateTimeField(null=True, blank=True, help_text="when the event starts")
    venue = models.CharField(max_length=120, blank=True, default="", help_text="where it is played")

    @property
    def stream(self):
        return f"tournament/{self.pk}"

    @property
    def round_progress(self):
        """How far the rounds have gone, as the pages say it ("round 2 of 3")."""
        if self.current_round == 0:
            return ngettext("%(total)s round, none started yet", "%(total)s rounds, none started yet", self.rounds) % {
                "total": self.rounds
            }
        return gettext("round %(current)s of %(total)s") % {"current": self.current_round, "total": self.rounds}

    def __str__(self):
        return self.name


class Entrant(models.Model):
    class Kind(models.TextChoices):
        USER = "user", _("person")
        BOT = "bot", _("bot")
        HOUSE_BOT = "house_bot", _("house bot, not ranked")

    class Status(models.TextChoices):
        # Someone else's person or bot, entered by the organiser: counts (is seated, ranked)
        # only once its owner accepts (tournaments.service.entries.do_answer_invitation).
        INVITED = "invited", _("invited, awaiting an answer")
        DECLINED = "declined", _("declined")
        REGISTERED = "registered", _("registered")
        CHECKED_IN = "checked_in", _("checked in")
        WITHDRAWN = "withdrawn", _("withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    bot = models.ForeignKey("bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="entries")
    name = models.CharField(max_length=150)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    ranked = models.BooleanField(default=True, help_text="house bots that fill tables are never ranked")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    joined_round = models.PositiveSmallIntegerField(
        default=0, help_text="0, or the first round a late entry is seated in"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], condition=models.Q(user__isnull=False), name="one_entry_per_user"
            ),
            models.UniqueConstraint(
                fields=["tournament", "bot"],
                condition=models.Q(bot__isnull=False) & ~models.Q(kind="house_bot"),
                name="one_entry_per_own_bot",
            ),
        ]

    def __str__(self):
        return f"{self.name} in {self.tournament}"


class TournamentTable(models.Model):
    """Which match a round's table plays (the seating itself is in the round_started event).

    A table whose match an arbiter ordered replayed plays again: replay 0 is the match drawn,
    replay n the n-th replacement (its ruling event names it).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    replay = models.PositiveSmallIntegerField(default=0, help_text="0 for the match drawn, n for its n-th replay")
    board = models.CharField(max_length=40, blank=True)
    match = models.OneToOneField("games.Match", on_delete=models.PROTECT, related_name="tournament_table")
    result_recorded = models.BooleanField(default=False)
    # A table that plays with real cards (docs/tournaments.md, "Tables with cards"): its match is a
    # score table, opened by its table code. The code is derived from the tournament's secret seed
    # (so its card can be printed again) and only its SHA-256 is kept; a code replaced (revoked)
    # moves to the next generation. Only the table's last replay holds the hash.
    cards = models.BooleanField(default=False)
    code_generation = models.PositiveSmallIntegerField(default=0)
    code_hash = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table", "replay"], name="one_match_per_table_and_replay"
            )
        ]


class StandingsCheckpoint(models.Model):
    """The standings projection: its value as of ``version`` of the tournament's stream.

    Written in the same transaction as the fold that produced it, so the checkpoint and the
    read model can never disagree; ``rebuild_standings`` recomputes it from zero.
    """

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="standings")
    version = models.PositiveIntegerField(default=0)
    value = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)


# ------------------------------------------------------------------ the bots' ladder (issue 18)
class Ladder(models.Model):
    """One ruleset's ladder: the head of its stream (``ladder/<ruleset>``), written with each
    append under this row's lock, like a tournament's. The rows below are read models of that
    stream, written in the same transactions (tournaments.ladder.service); ``rebuild`` folds
    the stream to the same values (tournaments.ladder.fold.fold)."""

    ruleset = models.CharField(max_length=20, primary_key=True)
    version = models.PositiveIntegerField(default=0, help_text="the stream's last version")
    head_hash = models.CharField(max_length=64, default="0" * 64)

    @property
    def stream(self):
        return f"ladder/{self.ruleset}"

    def __str__(self):
        return self.stream


class LadderEntry(models.Model):
    """A bot in a ruleset's ladder, as its events left it."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        PAUSED = "paused", _("paused")
        LEFT = "left", _("left the ladder")

    class Reason(models.TextChoices):
        OWNER = "owner", _("taken out by its owner")
        DISABLED = "disabled", _("the bot was disabled")
        FAULTS = "faults", _("its seat was handed to a built-in bot after repeated faults")

    ruleset = models.CharField(max_length=20)
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="ladder_entries")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE)
    left_reason = models.CharField(max_length=10, choices=Reason.choices, blank=True)
    joined_at = models.DateTimeField()
    changed_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruleset", "bot"], name="one_ladder_entry_per_bot")]


class LadderTable(models.Model):
    """A match the ladder seated: its bots in seat order, the anchors among them, and whether
    it has been rated (written with its ``match_rated`` event)."""

    ruleset = models.CharField(max_length=20)
    match = models.OneToOneField("games.Match", on_delete=models.PROTECT, related_name="ladder_table")
    seats = models.JSONField(help_text="bot ids in seat order")
    anchors = models.JSONField(default=list, help_text="the house bots among them")
    rated = models.BooleanField(default=False)
    seated_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["ruleset", "rated"])]


class LadderRating(models.Model):
    """A bot's OpenSkill rating in one ruleset's ladder (anchors included)."""

    ruleset = models.CharField(max_length=20)
    key = models.CharField(max_length=40, help_text="bot:<id>")
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="ladder_ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: what the leaderboard sorts by")
    games = models.PositiveIntegerField(default=0)
    anchor = models.BooleanField(default=False, help_text="a house bot completing short tables")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruleset", "key"], name="one_ladder_rating_per_key")]
        indexes = [models.Index(fields=["ruleset", "-ordinal"])]


class LadderRatingPoint(models.Model):
    """A bot's rating after one rated ladder match: its page's chart."""

    ruleset = models.CharField(max_length=20)
    key = models.CharField(max_length=40)
    match = models.ForeignKey("games.Match", on_delete=models.PROTECT, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(help_text="its rated ladder games, this one included")
    at = models.DateTimeField(help_text="when the match was rated (its event's time)")

    class Meta:
        ordering = ["ruleset", "key", "games"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "key", "match"], name="one_ladder_point_per_key_and_match")
        ]


from .models_clubs import Club, ClubInvitation, ClubMember, Season, SeasonEvent  # noqa: E402, F401  (clubs, issue 34)
