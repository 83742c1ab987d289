"""Creating a tournament: its settings checked (ruleset, format, rounds, boards, tie-breaks,
the bots' and the people's clocks, the club it is held for), then the tournament and its first
event."""

import datetime
import hashlib
import secrets

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import engine
from games.errors import ServiceError
from games.offer import offered_names
from games.service import playing

from ..clubs import service as clubs_service
from ..models import Tournament
from .stream import append

TIE_BREAKS = ("game_score", "opponents_points", "wins", "head_to_head")


def bot_turn_timeout_max():
    """The longest bot turn an organiser may set (seconds): a turn holds up the whole table."""
    return getattr(settings, "BOT_TURN_TIMEOUT_MAX_SECONDS", 10)


MOVE_SECONDS_MAX = 3600.0  # an hour a move: past that a table is as good as stalled

BANK_SECONDS_MAX = 4 * 3600.0

STRIKE_LIMIT_MAX = 10


def check_person_clock(move_seconds, bank_seconds, strike_limit):
    """A tournament's clock for people (games.service.clocks): a move time (None: the site's casual
    default; 0 with a bank: a bank alone), a bank of extra seconds per seat and match, and the
    timeouts before a house bot takes a seat."""

    def number(value):
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    if move_seconds is not None and (not number(move_seconds) or not 0 <= move_seconds <= MOVE_SECONDS_MAX):
        raise ServiceError(
            "invalid_clock",
            problem=_("person_move_seconds is 0 to %(maximum)s seconds, or null for the site's default"),
            maximum=f"{MOVE_SECONDS_MAX:g}",
        )
    if not number(bank_seconds) or not 0 <= bank_seconds <= BANK_SECONDS_MAX:
        raise ServiceError(
            "invalid_clock",
            problem=_("person_bank_seconds is 0 to %(maximum)s seconds"),
            maximum=f"{BANK_SECONDS_MAX:g}",
        )
    if move_seconds is not None and move_seconds + bank_seconds < 1:
        raise ServiceError("invalid_clock", problem=_("a clock gives at least one second: a move time or a bank"))
    if type(strike_limit) is not int or not 1 <= strike_limit <= STRIKE_LIMIT_MAX:
        raise ServiceError(
            "invalid_clock", problem=_("person_strike_limit is 1 to %(maximum)s timeouts"), maximum=STRIKE_LIMIT_MAX
        )


def check_settings(ruleset, options, format, rounds, boards, table_points, tie_breaks, fill, bot_turn_timeout):
    if ruleset in engine.RULESETS and ruleset not in offered_names():  # an unknown name: the engine says so
        raise ServiceError("ruleset_not_offered", ruleset=ruleset, offered=", ".join(offered_names()))
    if format not in Tournament.Format.values:
        raise ServiceError("invalid_format", allowed=", ".join(Tournament.Format.values))
    if type(rounds) is not int or not 1 <= rounds <= 50:
        raise ServiceError("invalid_rounds")
    if table_points not in Tournament.TablePoints.values:
        raise ServiceError("invalid_table_points")
    if fill not in Tournament.Fill.values:
        raise ServiceError("invalid_fill")
    if (
        not isinstance(tie_breaks, list)
        or any(t not in TIE_BREAKS for t in tie_breaks)
        or len(set(tie_breaks)) != len(tie_breaks)
    ):
        raise ServiceError("invalid_tie_breaks", allowed=", ".join(TIE_BREAKS))
    if (
        not isinstance(bot_turn_timeout, (int, float))
        or isinstance(bot_turn_timeout, bool)
        or not 0.1 <= bot_turn_timeout <= bot_turn_timeout_max()
    ):
        raise ServiceError("invalid_timeout", maximum=f"{bot_turn_timeout_max():g}")
    if format == Tournament.Format.DUPLICATE and fill == Tournament.Fill.BYES:
        raise ServiceError("invalid_fill")
    if boards is not None and (not isinstance(boards, list) or not 1 <= len(boards) <= 100):
        raise ServiceError("invalid_boards")
    try:
        state = engine.new_game(ruleset, seed=b"settings-check", options=options)
        for board in boards or []:
            engine.new_game(ruleset, options=options, board=board)
    except engine.EngineError as e:
        raise playing.engine_refusal(e) from e
    # Round r plays boards[(r - 1) % len(boards)]: with more rounds than boards a board comes
    # back after its round has closed and made its matches (and cards) public (docs/architecture.md §3.5).
    if boards is not None and rounds > len(boards):
        raise ServiceError("boards_repeat", rounds=rounds, given=len(boards))
    return dict(state.options)


VENUE_MAX = 120


def check_club_fields(organiser, club, starts_at, venue):
    """A club's event (docs/clubs.md): only an organiser of the club may hold one for it; when
    and where it is played are a moment in time and a short text. Returns the club (or None)
    and the venue, trimmed."""
    if starts_at is not None and (not isinstance(starts_at, datetime.datetime) or timezone.is_naive(starts_at)):
        raise ServiceError("invalid_input", problem=_("starts_at is a date and time with its time zone"))
    if not isinstance(venue, str) or len(venue.strip()) > VENUE_MAX:
        raise ServiceError("invalid_input", problem=_("venue is at most %(most)s characters"), most=VENUE_MAX)
    if club is not None:
        club = clubs_service.check_club_event(organiser, club)
    return club, venue.strip()


def do_create_tournament(
    organiser,
    name,
    ruleset,
    options=None,
    format="swiss",
    rounds=3,
    boards=None,
    table_points="place",
    tie_breaks=None,
    fill="house_bots",
    bot_turn_timeout=2.0,
    rated=True,
    autopilot=False,
    person_move_seconds=None,
    person_bank_seconds=0.0,
    person_strike_limit=3,
    club=None,
    starts_at=None,
    venue="",
):
    tie_breaks = ["game_score", "opponents_points"] if tie_breaks is None else tie_breaks
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 120:
        raise ServiceError("invalid_name")
    club, venue = check_club_fields(organiser, club, starts_at, venue)
    resolved = check_settings(
        ruleset, options, format, rounds, boards, table_points, tie_breaks, fill, bot_turn_timeout
    )
    check_person_clock(person_move_seconds, person_bank_seconds, person_strike_limit)
    seed = secrets.token_bytes(32)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name.strip(),
            organiser=organiser,
            ruleset=ruleset,
            options=resolved,
            format=format,
            rounds=rounds,
            boards=boards,
            table_points=table_points,
            tie_breaks=tie_breaks,
            fill=fill,
            bot_turn_timeout=float(bot_turn_timeout),
            rated=rated,
            autopilot=bool(autopilot),
            person_move_seconds=None if person_move_seconds is None else float(person_move_seconds),
            person_bank_seconds=float(person_bank_seconds),
            person_strike_limit=person_strike_limit,
            seed=seed.hex(),
            seed_sha256=hashlib.sha256(seed).hexdigest(),
            club=club,
            starts_at=starts_at,
            venue=venue,
        )
        append(
            tournament,
            [
                {
                    "type": "tournament_created",
                    "name": tournament.name,
                    "ruleset": ruleset,
                    "options": resolved,
                    "format": format,
                    "rounds": rounds,
                    "boards": boards,
                    "table_points": table_points,
                    "tie_breaks": tie_breaks,
                    "fill": fill,
                    "bot_turn_timeout": float(bot_turn_timeout),
                    "rated": rated,
                    "autopilot": bool(autopilot),
                    "seed_sha256": tournament.seed_sha256,
                    "organiser": organiser.username,
                }
            ],
            f"user:{organiser.pk}",
        )
        tournament.save(update_fields=["version", "head_hash"])
    return tournament
