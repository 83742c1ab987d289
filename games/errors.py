"""Refusals: the one error type of the site and the catalogue of its codes.

As Zulip's ``JsonableError`` with its code catalogue: a refusal is raised by its code and its
details alone, ``raise ServiceError("not_your_turn", to_act=2, seat=0)``; ``CATALOGUE`` gives
each code its one HTTP status and its one sentence for people, a msgid whose ``%(name)s``
placeholders are filled from the details. The sentence is translated when it is read, in the
language active there (the request's: the page's reader, or an API client's
``Accept-Language`` / ``?lang=``), never when it is raised. Clients get
``{"error": {"code", "message", **details}}``, so each value is there as data too.
docs/api.md "Error codes" lists the catalogue; tests keep the list, the catalogue and the
raise sites one and the same.

A few sentences quote a ``problem`` the raise site names: the rule of the request that was
broken, or the words of a module that owns the check (the account names', the receipts', the
URL check's, the standings fold's). A detail that is a msgid is filled from the details too.

Every room (games, bots, tournaments, config) may import this module: it imports nothing of
the site.
"""

import math
import typing

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler


class Refusal(typing.NamedTuple):
    status: int
    sentence: Promise


CATALOGUE = {
    "already_active": Refusal(409, _("“%(bot)s” is already playing")),
    "already_answered": Refusal(409, _("you have answered this challenge already")),
    "already_in_ladder": Refusal(409, _("“%(bot)s” is already in this ladder")),
    "already_in_season": Refusal(409, _("“%(tournament)s” is already in this season")),
    "already_member": Refusal(409, _("you are already a member of %(club)s")),
    "already_paused": Refusal(409, _("“%(bot)s” is already paused")),
    "already_registered": Refusal(409, _("already registered in this tournament")),
    "already_seated": Refusal(409, _("%(user)s already has a seat at this table")),
    "already_withdrawn": Refusal(409, _("the entrant is %(entrant_status)s")),
    "arbiter_only": Refusal(403, _("only an arbiter sees every hand")),
    "bad_pile": Refusal(400, _("no such pile or card: %(problem)s")),
    "board_in_play": Refusal(
        403,
        _(
            "another table is still playing these cards: until every table of the board has finished "
            "them, this match is open only to its own seats and to arbiters who play in no match of the event"
        ),
    ),
    "boards_repeat": Refusal(
        400,
        _(
            "%(rounds)s rounds need at least %(rounds)s fixed boards (one a round; "
            "got %(given)s): a board played again after its round closed would be known"
        ),
    ),
    "bot_busy": Refusal(409, _("“%(bot)s” is already playing a ladder match")),
    "bot_disabled": Refusal(400, _("the bot “%(bot)s” is disabled")),
    "builtin_bot": Refusal(
        400,
        _(
            "“%(bot)s” is a built-in bot: the ladder rates the bots people write, and plays the "
            "site's built-in strategies itself, as anchors"
        ),
    ),
    "cannot_check_in": Refusal(409, _("the entrant is %(entrant_status)s")),
    "cannot_leave": Refusal(409, _("this match's event does not let its players leave")),
    "cannot_replay": Refusal(
        409,
        _(
            "this table's cards are shared with other tables (a duplicate "
            "board or a fixed board set), so it cannot be replayed on new cards; assign an "
            "adjusted score instead"
        ),
    ),
    "challenge_closed": Refusal(409, _("the challenge is %(state)s; it can no longer be answered")),
    "club_organiser_only": Refusal(403, _("only the club's organisers can do this")),
    "deal_already_over": Refusal(422, _("entry %(index)s: the deal was over before it")),
    "deal_not_finished": Refusal(422, _("the entries stop before the deal's end; seat %(to_act)s is still to act")),
    "deal_not_over": Refusal(
        403,
        _(
            "a deal can be replayed once it is over: by the table and the "
            "arbiters, and by everyone once the match is public"
        ),
    ),
    "draw_outdated": Refusal(
        409,
        _("round %(round)s was drawn before %(names)s withdrew: draw it again (and print its table cards again)"),
    ),
    "entrant_withdrawn": Refusal(
        409, _("a player of this table has withdrawn and cannot replay it; assign an adjusted score instead")
    ),
    "entries_unconfirmed": Refusal(
        409,
        _("deals %(deals)s wait for a confirmation or the organiser's ruling: the game finishes once all are settled"),
    ),
    "entry_not_open": Refusal(409, _("deal %(deal)s is disputed or settled: the organiser's ruling decides it now")),
    "entry_seat_out_of_range": Refusal(400, _('entry %(index)s: each decision is {"seat": 0-%(last)s, ...}')),
    "game_not_over": Refusal(409, _("the game is not over yet: play it again once it has ended")),
    "house_bots_closed": Refusal(
        409, _("the tournament has started: house bots are entered several at once only before its first round")
    ),
    "illegal_action": Refusal(422, _("the action is not legal; the fallback was played and counted as a fault")),
    "invalid_actions": Refusal(400, _("actions is a list of 1 to %(most)s decisions")),
    "invalid_boards": Refusal(400, _("boards is a list of 1 to 100 engine boards")),
    "invalid_clock": Refusal(400, _("the clock is not valid: %(problem)s")),
    "invalid_credentials": Refusal(401, _("wrong username or password")),
    "invalid_entrant": Refusal(400, _("an entrant is a user or a bot")),
    "invalid_fill": Refusal(
        400, _("fill is 'house_bots' or 'byes'; a duplicate event needs full tables: fill with house bots")
    ),
    "invalid_format": Refusal(400, _("format must be one of %(allowed)s")),
    "invalid_house_entrant": Refusal(400, _("a house entrant is a built-in bot")),
    "invalid_input": Refusal(400, _("the request is not valid: %(problem)s")),
    "invalid_name": Refusal(400, _("a tournament needs a name of 1 to 120 characters")),
    "invalid_note": Refusal(400, _("say what is wrong in 1 to %(most)s characters")),
    "invalid_opponents": Refusal(
        400,
        _("opponents is one strength for every other seat, or a list of %(count)s strengths (%(strengths)s)"),
    ),
    "invalid_receipts": Refusal(400, _("the receipts cannot be checked: %(problem)s")),
    "invalid_request": Refusal(400, _("the request is not valid")),
    "invalid_rounds": Refusal(400, _("rounds must be an integer from 1 to 50")),
    "invalid_ruling": Refusal(400, _("the ruling is not valid: %(problem)s")),
    "invalid_seat": Refusal(400, _("seat is 0 to %(last)s")),
    "invalid_seats": Refusal(400, _("the seats cannot make this match: %(problem)s")),
    "invalid_table_points": Refusal(400, _("table_points is 'place' or 'score'")),
    "invalid_names": Refusal(
        400, _("give %(seats)s different names, one per player, each of 1 to %(most)s characters")
    ),
    "invalid_tie_breaks": Refusal(400, _("tie_breaks is a list of distinct names from %(allowed)s")),
    "invalid_timeout": Refusal(400, _("bot_turn_timeout is 0.1 to %(maximum)s seconds")),
    "invalid_version": Refusal(400, _("version is 1 to %(last)s")),
    "invitation_expired": Refusal(
        410, _("this invitation link expired at %(expired_at)s (UTC); ask the club's organisers for a new one")
    ),
    "invitation_revoked": Refusal(410, _("this invitation link was revoked; ask the club's organisers for a new one")),
    "invitation_unknown": Refusal(
        404,
        _("no club has this invitation link; check it was copied whole, or ask the club's organisers for a new one"),
    ),
    "last_organiser": Refusal(409, _("a club keeps at least one organiser: make another member an organiser first")),
    "late_entry_closed": Refusal(
        409, _("this tournament's schedule is fixed once it starts: late entries are for Swiss events")
    ),
    "log_damaged": Refusal(
        409,
        _("the match's log holds events past its head (version %(version)s); an arbiter must look at it (verify)"),
    ),
    "match_over": Refusal(409, _("the match is over; no more actions are possible")),
    "method_not_allowed": Refusal(405, _("method %(method)s is not allowed here (allowed: %(allowed)s)")),
    "name_taken": Refusal(409, _("the bot name “%(name)s” is taken")),
    "no_confirmations": Refusal(409, _("only a tournament's table confirms its entries")),
    "no_credentials": Refusal(409, _("a built-in bot runs on the site and has no token or secret")),
    "no_longer_playing": Refusal(409, _("you are not playing in this tournament any more")),
    "no_open_round": Refusal(409, _("there is no round to close")),
    "no_opponent": Refusal(400, _("name 1 to %(most)s people or bots to challenge")),
    "no_result": Refusal(409, _("a ruling applies to a match whose result is recorded")),
    "no_rounds_left": Refusal(409, _("all %(rounds)s rounds have been played")),
    "no_such_deal": Refusal(400, _("deal %(deal)s has not been dealt at this table yet")),
    "no_such_entry": Refusal(404, _("deal %(deal)s has not been entered")),
    "not_a_guest_seat": Refusal(400, _("choose a seat of someone else at the table")),
    "not_a_member": Refusal(404, _("%(user)s is not a member of this club")),
    "not_the_author": Refusal(
        403, _("only the phone that entered the last deal can withdraw it; correct it instead, saying why")
    ),
    "not_a_person": Refusal(409, _("only a seat a person or a bot holds can be returned")),
    "not_a_webhook_bot": Refusal(409, _("only a webhook bot is pinged: it has a URL to call")),
    "not_a_polling_bot": Refusal(
        403, _("only a polling bot has a turn stream; a webhook bot's turns are sent to its URL")
    ),
    "not_acceptable": Refusal(406, _("the server cannot answer in a form the request accepts")),
    "not_an_anchor": Refusal(400, _("“%(bot)s” is not one of the ladder's anchors")),
    "not_authenticated": Refusal(401, _("authentication is needed")),
    "not_challenged": Refusal(403, _("you made this challenge; you may cancel it")),
    "not_challenger": Refusal(403, _("only the challenger may cancel a challenge")),
    "not_club_event": Refusal(
        409, _("“%(tournament)s” is not an event of this club: a season holds its own club's events")
    ),
    "not_finished": Refusal(
        409, _("a tournament's log is exported once it is over (its matches hold every dealt hand)")
    ),
    "not_found": Refusal(404, _("not found: %(problem)s")),
    "not_in_ladder": Refusal(404, _("“%(bot)s” is not in this ladder")),
    "not_invited": Refusal(409, _("the entrant is %(entrant_status)s: there is no invitation to answer")),
    "not_owner": Refusal(403, _("only the table's owner, %(owner)s, may do that")),
    "not_public": Refusal(403, _("a match's log is exported once it is over and public")),
    "not_replayable_yet": Refusal(
        403,
        _("only a finished match whose cards are public can be replayed here; a live game is watched at its table"),
    ),
    "not_your_bot": Refusal(400, _('your seat is "me", one of your own bots ({"bot": "<name>"}) or null')),
    "not_your_invitation": Refusal(403, _("only %(owner)s can answer this invitation")),
    "not_your_seat": Refusal(403, _("you hold no seat in this match")),
    "not_your_turn": Refusal(403, _("it is seat %(to_act)s's turn, not yours (seat %(seat)s)")),
    "organiser_only": Refusal(403, _("only the tournament's organiser can do this")),
    "out_of_turn": Refusal(422, _("entry %(index)s: seat %(seat)s played, but it was seat %(to_act)s's turn")),
    "owner_entrants_together": Refusal(409, _("one owner's entrants cannot be kept apart here: %(problem)s")),
    "owner_stays": Refusal(409, _("the owner keeps their seat; cancel the table instead")),
    "permission_denied": Refusal(403, _("you may not do this")),
    "rejoin_too_soon": Refusal(
        409,
        _(
            "“%(bot)s” left this ladder for faults: it may join again at %(rejoin_at)s (UTC), in "
            "%(retry_after)s seconds (the wait doubles each time it leaves for faults)"
        ),
    ),
    "rematch_in_event": Refusal(
        409, _("a tournament's game is not played again from its table: the tournament seats its own rounds")
    ),
    "results_missing": Refusal(
        409,
        _("not every table has finished: %(waiting)s still playing (round %(round)s, or a replay ordered earlier)"),
    ),
    "round_in_progress": Refusal(409, _("round %(round)s is not closed yet")),
    "ruleset_not_offered": Refusal(400, _("%(ruleset)s is not offered yet; ruleset must be one of %(offered)s")),
    "score_table_unknown": Refusal(
        404, _("no score table opens with this link or code: check it was copied whole, or ask its table")
    ),
    "same_owner": Refusal(
        400,
        _("%(names)s all belong to %(owner)s: one owner (a person with their bots) holds at most one seat of a match"),
    ),
    "season_mismatch": Refusal(
        409,
        _(
            "“%(tournament)s” does not score as this season's events do (its game, table points or format): "
            "a season adds up points of one kind"
        ),
    ),
    "seat_already_left": Refusal(409, _("a house bot already plays this seat")),
    "seat_left": Refusal(409, _("its player left this seat; it cannot be given back")),
    "seat_not_in_ladder": Refusal(409, _("“%(bot)s” is not in this ladder")),
    "seat_not_taken": Refusal(409, _("nobody has taken this seat: its player plays it")),
    "seat_taken_over": Refusal(409, _("a house bot plays this seat now; you can no longer act for it")),
    "seats_open": Refusal(
        409, _("every seat must be taken before the game starts: invite people or fill the rest with house bots")
    ),
    "seed_secret": Refusal(409, _("the seed is revealed when the tournament ends")),
    "server_error": Refusal(500, _("the server failed to answer; the error is logged")),
    "staff_only": Refusal(403, _("only staff can create matches directly")),
    "table_cancelled": Refusal(409, _("the table was cancelled; its seats can no longer change")),
    "table_full": Refusal(409, _("every seat of the table is taken or held for someone")),
    "table_started": Refusal(409, _("the game at this table has started; its seats can no longer change")),
    "throttled": Refusal(
        429,
        ngettext_lazy(
            "%(problem)s: try again in %(retry_after)s second",
            "%(problem)s: try again in %(retry_after)s seconds",
            "retry_after",
        ),
    ),
    "too_few_entrants": Refusal(409, _("a round needs at least %(needed)s entrants")),
    "too_large": Refusal(413, _("the request body is larger than this server accepts")),
    "too_many_clubs": Refusal(429, _("you have created %(limit)s clubs, the most one account may")),
    "too_many_games_today": Refusal(
        429,
        ngettext_lazy(
            "%(owner)s has started %(limit)s game today, the most a day; the count starts again at %(resets_at)s (UTC)",
            "%(owner)s has started %(limit)s games today, the most a day; "
            "the count starts again at %(resets_at)s (UTC)",
            "limit",
        ),
    ),
    "too_many_invitations": Refusal(
        429, _("this club has %(limit)s invitation links in use, the most at once; revoke one first")
    ),
    "too_many_live_games": Refusal(
        429,
        ngettext_lazy(
            "%(owner)s already has %(limit)s game in progress, the most at once; a place frees when it ends",
            "%(owner)s already has %(limit)s games in progress, the most at once; a place frees when one of them ends",
            "limit",
        ),
    ),
    "too_many_open_challenges": Refusal(
        429,
        _("you have %(limit)s challenges waiting for answers, the most at once; cancel one or wait for answers"),
    ),
    "too_many_open_tables": Refusal(
        429, _("you have %(limit)s tables waiting to start, the most at once; start or cancel one")
    ),
    "tournament_finished": Refusal(409, _("the tournament is over and its seed revealed")),
    "turn_expired": Refusal(409, _("the turn's deadline has passed; the fallback applies")),
    "turn_settled": Refusal(
        409, _("this turn can no longer be answered: it was answered, got the fallback, or the match moved on")
    ),
    "unknown_bot": Refusal(400, _("no bot “%(bot)s”")),
    "unknown_strength": Refusal(400, _("%(strength)s is not a house bot strength; choose from %(strengths)s")),
    "unknown_user": Refusal(400, _("no user “%(user)s”")),
    "unsafe_url": Refusal(400, _("this URL may not be called: %(problem)s")),
    "unsupported_media_type": Refusal(415, _("the request's content type is not accepted")),
    "username_taken": Refusal(409, _("this username cannot be used: %(problem)s")),
    "too_many_score_tables": Refusal(
        409, _("you have %(most)s unfinished score tables open: finish one before opening another")
    ),
    "version_conflict": Refusal(
        409, _("the match is at version %(current_version)s, not %(expected)s; reload and try again")
    ),
    "version_not_a_number": Refusal(400, _("version must be a whole number, such as 1")),
    "wrong_token": Refusal(403, _("this invitation link is not valid (it may have been replaced)")),
}


class ServiceError(Exception):
    """A refusal: a ``code`` of the catalogue, its status and sentence, and details.

    An unknown code, or a sentence's placeholder with no detail to fill it, raises at once,
    where the refusal is made (a LookupError), not later where it is read."""

    def __init__(self, code, **details):
        if code not in CATALOGUE:
            raise LookupError(f"{code!r} is no code of games.errors.CATALOGUE")
        status, sentence = CATALOGUE[code]
        self._refuse(status, code, sentence, details)

    def _refuse(self, status, code, sentence, details):
        Exception.__init__(self, code)
        self.status, self.code, self.msgid, self.details = status, code, sentence, details
        with translation.override(None):
            try:
                self.message  # noqa: B018 -- fill every placeholder now, so a missing detail fails here
            except KeyError as e:
                raise LookupError(f"{code!r}: its sentence needs the detail {e}") from None

    def filled_details(self):
        """The details, any sentence among them (a quoted ``problem``) in the active language."""
        return {
            key: translated(value, self.details) if isinstance(value, Promise) else value
            for key, value in self.details.items()
        }

    @property
    def message(self):
        return translated(self.msgid, self.filled_details())

    def __str__(self):
        return self.message

    def as_json(self):
        return {"error": {"code": self.code, "message": self.message, **self.filled_details()}}


class EngineRefusal(ServiceError):
    """A refusal in the engine's words: its own code and sentence (games.refusals), which the
    engine's errors define, not this catalogue."""

    def __init__(self, status, code, sentence, **details):
        self._refuse(status, code, sentence, details)


def translated(msgid, params=None):
    """``msgid`` in the active language, its placeholders filled from ``params``. A lazy msgid
    takes its values before it becomes text: a plural one (``ngettext_lazy`` keyed by a value's
    name) picks its form only then."""
    if isinstance(msgid, Promise):
        return msgid % params if params else str(msgid)
    text = gettext(msgid)
    return text % params if params and "%(" in text else text


class _Placeholder(int):
    """A detail that prints as its own placeholder; a number, so that a plural sentence can
    pick its form by it."""

    def __new__(cls, name):
        placeholder = super().__new__(cls, 2)
        placeholder.name = name
        return placeholder

    def __str__(self):
        return f"%({self.name})s"


class _AsWritten(dict):
    def __missing__(self, name):
        return _Placeholder(name)


def as_written(sentence):
    """A sentence in the active language with its ``%(name)s`` placeholders left as they are
    (a plural one in its plural form): what docs/api.md lists, in English."""
    return sentence % _AsWritten()


# The one error body of the API (config.api_schema adds it for the framework's errors too);
# some errors carry more fields beside code and message (fields, current_version, ...).
ERROR = inline_serializer(
    "Error",
    {
        "error": inline_serializer(
            "ErrorBody",
            {
                "code": serializers.CharField(help_text="machine-readable: not_found, version_conflict, ..."),
                "message": serializers.CharField(
                    help_text="for people, in the language of the request (Accept-Language, or ?lang=)"
                ),
            },
        )
    },
)


# A rate limit's refusal (429 ``throttled``; games/accounts/throttles.py) in the catalogue's words
# and languages, not DRF's ("Request was throttled. Expected available in N seconds."): which limit
# refused, as ``problem``, and the wait in whole seconds, as ``retry_after`` (the Retry-After
# header's value too).
TOO_MANY_REQUESTS = _("too many requests")


def throttled(wait, problem=TOO_MANY_REQUESTS):
    """The refusal of a rate limit that frees in ``wait`` seconds (None: unknown, said as 1)."""
    return ServiceError("throttled", problem=problem, retry_after=max(1, math.ceil(wait or 1)))


# The framework's refusals that the catalogue words: the code the framework gives them, and the
# details their sentence takes from the refused request (what the framework says is dropped).
FRAMEWORK_DETAILS = {
    "not_authenticated": lambda exc, request, response: {},
    "permission_denied": lambda exc, request, response: {},
    "method_not_allowed": lambda exc, request, response: {
        "method": request.method if request is not None else "?",
        "allowed": response.get("Allow", ""),
    },
    "not_acceptable": lambda exc, request, response: {},
    "unsupported_media_type": lambda exc, request, response: {},
}


def error_handler(exc, context):
    """DRF's exception handler (settings ``EXCEPTION_HANDLER``), reshaped so every error says
    ``{"error": {"code", "message", ...}}``, in JSON whatever the client accepts (a browser's
    Accept would otherwise get the browsable API's HTML page). A refusal is worded by the
    catalogue; so are the framework's refusals of FRAMEWORK_DETAILS. The framework's others
    keep their code and words: a request whose fields do not validate (``invalid_input``, with
    ``fields``), a body that is not JSON, a bad token, a stream cap (``too_many_streams``, with
    ``retry_after``). A rate limit (``throttled``) is the catalogue's, with ``retry_after`` as
    its Retry-After header. Exceptions it does not know stay unhandled: config.api_errors
    answers them with a JSON 500."""
    request = context.get("request")
    if isinstance(exc, ServiceError):
        response = Response(exc.as_json(), status=exc.status)
    else:
        response = exception_handler(exc, context)
        if response is None:
            return None
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        code = str(getattr(detail, "code", None) or getattr(exc, "default_code", "error"))
        if isinstance(exc, exceptions.ValidationError):
            body = {"code": "invalid_input", "message": str(_("the request is not valid")), "fields": response.data}
        elif code in FRAMEWORK_DETAILS:
            body = ServiceError(code, **FRAMEWORK_DETAILS[code](exc, request, response)).as_json()["error"]
        elif isinstance(exc, exceptions.Throttled) and code == "throttled":
            # A subclass may say which limit it is (games.accounts.throttles.TooManyAttempts).
            body = throttled(exc.wait, getattr(exc, "problem", TOO_MANY_REQUESTS)).as_json()["error"]
            response["Retry-After"] = str(body["retry_after"])
        else:
            body = {"code": code, "message": str(detail)}
            if response.has_header("Retry-After"):  # a rate limit's 429 (games/accounts/throttles.py)
                body["retry_after"] = int(response["Retry-After"])
        response.data = {"error": body}
    if request is not None:
        request.accepted_renderer, request.accepted_media_type = JSONRenderer(), JSONRenderer.media_type
    return response
