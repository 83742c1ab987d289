"""The organiser's actions on a tournament: each validated, then appended to its stream.

As in games.service, ``check_*`` validates and raises ServiceError; ``do_*`` changes the
database in one transaction with the event that records the change.
"""

import hashlib
import hmac
import secrets

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from bots.models import Bot
from games import engine, eventlog
from games.errors import ServiceError
from games.models import Match
from games.offer import offered_names
from games.service import playing

from . import seating
from .models import Entrant, Tournament, TournamentTable
from .tasks_standings import update_standings

TIE_BREAKS = ("game_score", "opponents_points", "wins", "head_to_head")


def match_seed(tournament_seed, tournament_id, round_no, table=None, board=None, replay=0):
    """The deal seed of one match, derived from the tournament's secret seed (docs/architecture.md §3.4).

    Duplicate tables share the board's seed, so they play the same cards; other formats get
    one seed per round and table, and a replay ordered by a ruling its own ("/replay/n"), so it
    deals fresh cards. Anyone with the revealed seed re-derives every match's seed and, from
    it, every deal.
    """
    label = (
        f"tournament/{tournament_id}/board/{board}"
        if board is not None
        else f"tournament/{tournament_id}/round/{round_no}/table/{table}"
    )
    if replay:
        label += f"/replay/{replay}"
    return hmac.new(tournament_seed, label.encode(), hashlib.sha256).digest()


def actor_of(by):
    """Who an event's metadata names: a user, or the system (the autopilot, the result recorder)."""
    return "system" if by is None else f"user:{by.pk}"


def append(tournament, events, actor):
    """Append to the tournament's stream; the caller holds the tournament's row lock."""
    rows = eventlog.append(
        tournament.stream,
        tournament.version,
        events,
        {"actor": actor},
        known_head=(tournament.version, tournament.head_hash),
    )
    tournament.version += len(events)
    tournament.head_hash = rows[-1].hash
    return rows


def table_size(tournament):
    """The seats of every table the tournament draws: its ruleset's, with its options."""
    return engine.RULESETS[tournament.ruleset].num_seats(tournament.options)


def locked(tournament_id):
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise ServiceError("not_found", problem=_("no tournament %(tournament)s"), tournament=tournament_id) from None


# ------------------------------------------------------------------ creating
def bot_turn_timeout_max():
    """The longest bot turn an organiser may set (seconds): a turn holds up the whole table."""
    return getattr(settings, "BOT_TURN_TIMEOUT_MAX_SECONDS", 10)


MOVE_SECONDS_MAX = 3600.0  # an hour a move: past that a table is as good as stalled
BANK_SECONDS_MAX = 4 * 3600.0
STRIKE_LIMIT_MAX = 10


def check_person_clock(move_seconds, bank_seconds, strike_limit):
    """A tournament's clock for people (games.clocks): a move time (None: the site's casual
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
):
    tie_breaks = ["game_score", "opponents_points"] if tie_breaks is None else tie_breaks
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 120:
        raise ServiceError("invalid_name")
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


# ------------------------------------------------------------------ entrants
# The account the house's own bots belong to (bots/management/commands/ensure_house_bots.py).
HOUSE_ACCOUNT = "house"
# The entrants who count: seated, ranked. An invited one waits for its owner's answer.
PLAYING = (Entrant.Status.REGISTERED, Entrant.Status.CHECKED_IN)
# The entrants an owner holds a place with: those who count and those still invited.
HOLDING = (Entrant.Status.INVITED, *PLAYING)


def check_organiser(tournament, user):
    """``user`` None is the system acting on the tournament's own settings (its autopilot)."""
    if user is not None and user.pk != tournament.organiser_id and not user.is_staff:
        raise ServiceError("organiser_only")


def account_of(user=None, bot=None):
    """The account an entry belongs to: the person, or the bot's owner (who answers its invitations)."""
    return user if user is not None else bot.owner


def door_of(user=None, bot=None):
    """The account an entrant's seat shows a hand to, or None for a built-in bot: it decides
    inside the site from one seat's view and shows its owner nothing (the rule
    games.service.creating.check_new_match applies to every match)."""
    if bot is not None and bot.kind == Bot.Kind.BUILTIN:
        return None
    return account_of(user, bot)


def needs_consent(by, user=None, bot=None):
    """Whether the entry waits for its owner's acceptance: anyone's but the one entering it (a
    person entering themself, an organiser their own bot) or the house's (the system entering
    house bots, ``by`` None)."""
    owner = account_of(user, bot)
    return not (by is not None and owner.pk == by.pk) and owner.username != HOUSE_ACCOUNT


def shares_cards_or_schedule(tournament):
    """Whether the draw cannot keep one owner's entrants apart: a fixed schedule (round robin,
    duplicate) seats them where it says; and where tables share cards (a duplicate board, fixed
    boards) an owner at two tables would see the same cards from two seats."""
    return tournament.format != Tournament.Format.SWISS or bool(tournament.boards)


# Why an owner enters once where the draw cannot keep their entrants apart: a fixed schedule
# (by format), or, in a Swiss event, tables that share cards.
SAME_OWNER_REFUSED = {
    Tournament.Format.ROUND_ROBIN: _(
        "%(owner)s already has an entrant in this tournament (%(entrant)s); a round robin schedule "
        "is fixed, so one owner (a person with their bots) enters it once"
    ),
    Tournament.Format.DUPLICATE: _(
        "%(owner)s already has an entrant in this tournament (%(entrant)s); a duplicate schedule "
        "is fixed, so one owner (a person with their bots) enters it once"
    ),
    "boards": _(
        "%(owner)s already has an entrant in this tournament (%(entrant)s); its tables share "
        "cards (fixed boards), so one owner (a person with their bots) enters it once"
    ),
}


def check_one_owner(tournament, user=None, bot=None):
    """docs/architecture.md §3.5: one owner (a person with their bots) holds at most one seat at a table.
    A Swiss draw seats one owner's entrants at different tables; where the draw cannot, the
    owner enters once (409 owner_entrants_together)."""
    door = door_of(user, bot)
    if door is None or not shares_cards_or_schedule(tournament):
        return
    held = Entrant.objects.filter(tournament=tournament, status__in=HOLDING).select_related("user", "bot__owner")
    mine = [e for e in held if door_of(e.user, e.bot) is not None and door_of(e.user, e.bot).pk == door.pk]
    if mine:
        raise ServiceError(
            "owner_entrants_together",
            problem=SAME_OWNER_REFUSED.get(tournament.format, SAME_OWNER_REFUSED["boards"]),
            owner=door.username,
            entrant=mine[0].name,
        )


def registration(entrant, late):
    return {
        "type": "entrant_registered",
        "entrant": entrant.pk,
        "name": entrant.name,
        "kind": entrant.kind,
        "ranked": entrant.ranked,
        "late": bool(late),
    }


def late_round(tournament, house=False):
    """0, or the round a registration now is seated from (the next one, once the event runs)."""
    late = tournament.current_round + 1 if tournament.status == Tournament.Status.RUNNING else 0
    if late and not house and tournament.format != Tournament.Format.SWISS:
        raise ServiceError("late_entry_closed")
    return late


def do_register(tournament_id, by, user=None, bot=None, house=False):
    """Register a person or a bot (by the organiser; a person may register themself).

    Registration is open until the tournament ends: once it runs, an entry is a late entry
    that joins from the next round. Someone else's person or bot is invited: it counts once
    its owner accepts (do_answer_invitation), and an invitation they declined can be sent again.
    """
    if (user is None) == (bot is None):
        raise ServiceError("invalid_entrant")
    with transaction.atomic():
        tournament = locked(tournament_id)
        if user is None or by is None or by.pk != user.pk:
            check_organiser(tournament, by)
        if tournament.status == Tournament.Status.FINISHED:
            raise ServiceError("tournament_finished")
        if bot is not None and not bot.is_active:
            raise ServiceError("bot_disabled", bot=bot.name)
        if house and (bot is None or bot.kind != "builtin"):
            raise ServiceError("invalid_house_entrant")
        taken = (
            Entrant.objects.filter(tournament=tournament, user=user)
            if user
            else Entrant.objects.filter(tournament=tournament, bot=bot).exclude(kind=Entrant.Kind.HOUSE_BOT)
        )
        again = None if house else taken.first()
        if again is not None and again.status != Entrant.Status.DECLINED:
            raise ServiceError("already_registered")
        kind = Entrant.Kind.USER if user else (Entrant.Kind.HOUSE_BOT if house else Entrant.Kind.BOT)
        # A late entry is seated from the next round.
        late = late_round(tournament, house)
        if not house:
            check_one_owner(tournament, user, bot)
        invite = not house and needs_consent(by, user, bot)
        entrant = again or Entrant(
            tournament=tournament,
            user=user,
            bot=bot,
            kind=kind,
            ranked=not house,
            name=(user.username if user else bot.name),
        )
        entrant.status = Entrant.Status.INVITED if invite else Entrant.Status.REGISTERED
        entrant.joined_round = 0 if invite else late
        entrant.save()
        if invite:
            event = {"type": "entrant_invited", "entrant": entrant.pk, "name": entrant.name, "kind": kind}
        else:
            event = registration(entrant, late)
        append(tournament, [event], actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
    return entrant


def invitations_of(user):
    """The entries waiting for ``user``'s answer (themself, or a bot of theirs), oldest first."""
    return (
        Entrant.objects.filter(status=Entrant.Status.INVITED)
        .filter(Q(user=user) | Q(bot__owner=user))
        .select_related("tournament__organiser", "bot")
        .order_by("pk")
    )


def locked_entrant(entrant_id):
    """(the entrant, its tournament), both locked: the tournament first, as every change takes them."""
    entrant = Entrant.objects.filter(pk=entrant_id).first()
    if entrant is None:
        raise ServiceError("not_found", problem=_("no entrant %(entrant)s"), entrant=entrant_id)
    tournament = locked(entrant.tournament_id)
    # of=("self",): PostgreSQL locks no row of a nullable outer join (an entrant's user or bot).
    return (
        Entrant.objects.select_for_update(of=("self",)).select_related("user", "bot__owner").get(pk=entrant_id),
        tournament,
    )


def do_answer_invitation(entrant_id, by, accept):
    """The owner of an invited entrant (the person, or the bot's owner) accepts or declines it:
    accepted, it is registered (and seated from the next round if the event runs); declined,
    it never counts. Nobody else may answer, the organiser included (403)."""
    with transaction.atomic():
        entrant, tournament = locked_entrant(entrant_id)
        owner = account_of(entrant.user, entrant.bot)
        if by is None or owner.pk != by.pk:
            raise ServiceError("not_your_invitation", owner=owner.username)
        if entrant.status != Entrant.Status.INVITED:
            raise ServiceError("not_invited", entrant_status=Entrant.Status(entrant.status).label)
        if not accept:
            entrant.status = Entrant.Status.DECLINED
            events = [{"type": "entrant_declined", "entrant": entrant.pk}]
        else:
            if tournament.status == Tournament.Status.FINISHED:
                raise ServiceError("tournament_finished")
            if entrant.bot is not None and not entrant.bot.is_active:
                raise ServiceError("bot_disabled", bot=entrant.bot.name)
            late = late_round(tournament)
            entrant.status, entrant.joined_round = Entrant.Status.REGISTERED, late
            # The registration is what the standings fold: the entrant counts from here on.
            events = [{"type": "entrant_accepted", "entrant": entrant.pk}, registration(entrant, late)]
        entrant.save(update_fields=["status", "joined_round"])
        append(tournament, events, actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
    return entrant


def _change_entrant(entrant_id, by, allowed_from, new_status, event_type, refusal):
    """Move an entrant to ``new_status`` (by its owner or the organiser), as an event."""
    with transaction.atomic():
        entrant, tournament = locked_entrant(entrant_id)
        if account_of(entrant.user, entrant.bot).pk != by.pk:
            check_organiser(tournament, by)
        if entrant.status not in allowed_from:
            raise ServiceError(refusal, entrant_status=Entrant.Status(entrant.status).label)
        if entrant.status == Entrant.Status.INVITED:
            # An invitation withdrawn never counted: it is declined, not a withdrawn entrant.
            new_status, event_type = Entrant.Status.DECLINED, "entrant_declined"
        entrant.status = new_status
        entrant.save(update_fields=["status"])
        append(tournament, [{"type": event_type, "entrant": entrant.pk}], f"user:{by.pk}")
        tournament.save(update_fields=["version", "head_hash"])
    return entrant


def do_withdraw(entrant_id, by):
    """Withdraw an entrant (its owner or the organiser): it keeps its results and is not seated
    again. An invitation not yet answered is withdrawn as declined."""
    return _change_entrant(
        entrant_id,
        by,
        (Entrant.Status.INVITED, Entrant.Status.REGISTERED, Entrant.Status.CHECKED_IN),
        Entrant.Status.WITHDRAWN,
        "entrant_withdrawn",
        "already_withdrawn",
    )


def do_check_in(entrant_id, by):
    return _change_entrant(
        entrant_id, by, (Entrant.Status.REGISTERED,), Entrant.Status.CHECKED_IN, "entrant_checked_in", "cannot_check_in"
    )


# ------------------------------------------------------------------ rounds
def seated_entrants(tournament):
    """{round: [[entrant ids in seat order] per table]} and {round: [entrant ids on bye]}, from the stream."""
    tables, byes = {}, {}
    for row in eventlog.stream_events(tournament.stream):
        if row.type == "round_started":
            tables[row.payload["round"]] = [t["seats"] for t in row.payload["tables"]]
            byes[row.payload["round"]] = row.payload["byes"]
    return tables, byes


def standing_order(tournament, entrant_ids):
    """Entrant ids best first by the current standings (entrants not yet ranked last, by id)."""
    from . import projection
    from . import standings as folds

    position = {row.entrant: i for i, row in enumerate(folds.ranking(projection.update_standings(tournament.pk)))}
    return sorted(entrant_ids, key=lambda e: (position.get(e, len(position)), e))


def house_entrants(tournament, by, needed):
    """``needed`` house entrants for this round: those already registered first, then new ones."""
    house = list(
        Entrant.objects.filter(tournament=tournament, kind=Entrant.Kind.HOUSE_BOT)
        .exclude(status=Entrant.Status.WITHDRAWN)
        .order_by("pk")
    )
    return (house + house_entrants_new(tournament, by, needed - len(house)))[:needed]


def house_entrants_new(tournament, by, count):
    """Register ``count`` more house entrants (the house's heuristic bot)."""
    from bots.house import house_bot

    if count <= 0:
        return []
    bot = house_bot(engine.RULESETS[tournament.ruleset].takeover_policy)  # the house's steady player
    return [do_register(tournament.pk, by, bot=bot, house=True) for _ in range(count)]


def first_round_slots(tournament):
    """A round robin's or duplicate's slot order from round 1 (None for Swiss, or before round 1).

    Their schedules are fixed for the whole event: slot i plays the schedule's player i in
    every round, so the entrant-to-slot mapping must not shift when someone withdraws.
    """
    if tournament.format == Tournament.Format.SWISS or tournament.current_round == 0:
        return None
    first = next(r for r in eventlog.stream_events(tournament.stream) if r.type == "round_started")
    return first.payload.get("slots")


def keep_slots(tournament, by, slots):
    """The entrants of a fixed schedule's slots; a withdrawn entrant's slot goes to a house bot
    (unranked), so everyone else still meets whom the schedule says."""
    entrants = {e.pk: e for e in Entrant.objects.filter(pk__in=slots)}
    vacated = [i for i, pk in enumerate(slots) if entrants[pk].status == Entrant.Status.WITHDRAWN]
    if vacated:
        seated = set(slots)
        spare = [
            e
            for e in Entrant.objects.filter(tournament=tournament, kind=Entrant.Kind.HOUSE_BOT)
            .exclude(status=Entrant.Status.WITHDRAWN)
            .exclude(pk__in=seated)
            .order_by("pk")
        ]
        spare += house_entrants_new(tournament, by, len(vacated) - len(spare))
        for i, substitute in zip(vacated, spare):
            entrants[substitute.pk] = substitute
            slots = slots[:i] + [substitute.pk] + slots[i + 1 :]
    return [entrants[pk] for pk in slots]


def check_round_can_start(tournament):
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("tournament_finished")
    if tournament.current_round >= tournament.rounds:
        raise ServiceError("no_rounds_left", rounds=tournament.rounds)
    if tournament.closed_round != tournament.current_round:
        raise ServiceError("round_in_progress", round=tournament.current_round)


def check_round_can_close(tournament):
    """Refuses unless a round is open and no table keeps it waiting (its own tables and, before
    the last round closes, any replay ordered earlier)."""
    if tournament.current_round == tournament.closed_round:
        raise ServiceError("no_open_round")
    waiting = tables_waiting(tournament)
    if waiting:
        raise ServiceError("results_missing", waiting=waiting, round=tournament.current_round)


def draw(tournament, round_no, entrant_ids, history, bye_history, owners=None):
    """(tables of entrant ids in seat order, boards per table or None, entrant ids on bye).

    ``owners`` ({entrant id: owner}) keeps one owner's entrants at different tables
    (docs/architecture.md §3.5) in the byes and the Swiss draw; fixed schedules never hold two
    (check_one_owner)."""
    byes = []
    size = table_size(tournament)
    try:
        if len(entrant_ids) % size:
            entrant_ids, byes = seating.with_byes(entrant_ids, round_no, bye_history, owners, table_size=size)
        if tournament.format == Tournament.Format.SWISS:
            past = [list(map(tuple, tables)) for tables in history.values()]
            return seating.swiss_round(entrant_ids, past, owners=owners, table_size=size), None, byes
    except seating.OwnersTogether as e:
        if e.owner is None:
            raise ServiceError(
                "owner_entrants_together",
                problem=_(
                    "round %(round)s cannot seat one owner's entrants at different tables: withdraw some of them"
                ),
                round=round_no,
                reason=str(e),
            ) from e
        raise ServiceError(
            "owner_entrants_together",
            problem=_(
                "round %(round)s cannot seat one owner's entrants at different tables: “%(owner)s” has "
                "%(players)s players in it, more than its tables (%(tables)s); withdraw some of them"
            ),
            round=round_no,
            owner=e.owner,
            players=e.players,
            tables=e.tables,
        ) from e
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        schedule = seating.round_robin(len(entrant_ids), tournament.rounds, table_size=size)
        return [tuple(entrant_ids[i] for i in table) for table in schedule[round_no - 1]], None, byes
    rounds = seating.duplicate_schedule(len(entrant_ids), tournament.rounds, table_size=size)
    tables = rounds[round_no - 1]
    return [tuple(entrant_ids[i] for i in t.table) for t in tables], [f"b{t.board}" for t in tables], byes


def cards_group(tournament, board_key, board_index):
    """The name of the cards a table is dealt when other tables are dealt the same ones (a fixed
    board, a duplicate board), or "" when its cards are its own (docs/architecture.md §3.5)."""
    if board_index is not None:
        return f"{tournament.stream}/fixed/{board_index}"
    if board_key:
        return f"{tournament.stream}/board/{board_key}"
    return ""


def create_table_match(tournament, round_no, number, board_key, entrants, replay=0):
    """The match one table of a round plays (or replays): its seed derived from the tournament
    seed, or the round's fixed board; the tournament's bot clock; its cards kept private until
    its round has closed everywhere (docs/architecture.md §3.5)."""
    from games.service import creating

    board_index = (round_no - 1) % len(tournament.boards) if tournament.boards else None
    fixed = tournament.boards[board_index] if tournament.boards else None
    seed = (
        None
        if fixed
        else match_seed(bytes.fromhex(tournament.seed), tournament.pk, round_no, number, board_key, replay)
    )
    match = creating.do_create_match(
        tournament.ruleset,
        tournament.options,
        [e.user or e.bot for e in entrants],
        fixed,
        # The match's creator is its event's organiser, whoever started the round: games asks
        # it who may watch a closed room as an arbiter (games.service.access.is_free_arbiter).
        created_by=tournament.organiser,
        seed=seed,
        event=tournament.stream,
        cards_group=cards_group(tournament, board_key, board_index),
        public_when_over=round_no <= tournament.closed_round,
        bot_turn_timeout=tournament.bot_turn_timeout,
    )
    # The tournament's clock for people (games.clocks); its countdown reads the match row, so
    # setting it in this transaction, before any turn is played, is in time.
    Match.objects.filter(pk=match.pk).update(**person_clock(tournament))
    TournamentTable.objects.create(
        tournament=tournament, round=round_no, table=number, board=board_key or "", replay=replay, match=match
    )
    return match


def person_clock(tournament):
    """The clock fields a tournament's matches get (games.Match), its move time or the site's."""
    move = tournament.person_move_seconds
    return {
        "move_seconds": settings.PERSON_MOVE_SECONDS if move is None else move,
        "bank_seconds": tournament.person_bank_seconds,
        "strike_limit": tournament.person_strike_limit,
    }


# ------------------------------------------------------------------ people at a table (issue 19)
def leave_match(match, user):
    """Leaving a seat at one of a tournament's matches is withdrawing from the tournament
    (games.hooks.EVENT_SEAT_EXITS): True once withdrawn, False if the match is not a
    tournament's. A user with no playing entrant there is refused."""
    tournament = Tournament.objects.filter(pk=tournament_of_stream(match.event)).first()
    if tournament is None:
        return False
    entrant = Entrant.objects.filter(tournament=tournament, user=user, status__in=PLAYING).first()
    if entrant is None:
        raise ServiceError("no_longer_playing")
    do_withdraw(entrant.pk, user)
    return True


def tournament_of_stream(stream):
    """The tournament id of an event stream "tournament/<id>", or None."""
    prefix, _sep, pk = (stream or "").partition("/")
    return int(pk) if prefix == "tournament" and pk.isdigit() else None


def do_return_seat(tournament_id, by, match_id, seat, reason):
    """A ruling of the organiser: the person's seat a house bot took for timeouts at one of the
    tournament's live matches is theirs again (a seat_returned event in the match's stream,
    and a seat_returned event in the tournament's, which the standings ignore)."""
    from games.service import hand_overs

    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        if (
            not isinstance(match_id, int)
            or not TournamentTable.objects.filter(tournament=tournament, match_id=match_id).exists()
        ):
            raise ServiceError("not_found", problem=_("no match %(match)s in this tournament"), match=match_id)
        hand_overs.do_return_seat(match_id, seat, actor_of(by), reason)
        event = {
            "type": "seat_returned",
            "match": match_id,
            "seat": seat,
            "reason": reason.strip(),
            "author": by.username,
        }
        append(tournament, [event], actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
    return event


def do_start_round(tournament_id, by):
    """Seat the next round by the tournament's format and create its matches (docs/architecture.md §3.4)."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        check_round_can_start(tournament)
        round_no = tournament.current_round + 1
        slots = first_round_slots(tournament)
        if slots is not None:
            players = keep_slots(tournament, by, slots)
        else:
            # Invited entrants wait for their owner's answer; declined and withdrawn ones never play.
            players = list(
                Entrant.objects.filter(tournament=tournament, status__in=PLAYING)
                .exclude(kind=Entrant.Kind.HOUSE_BOT)
                .select_related("user", "bot__owner")
                .order_by("pk")
            )
            if tournament.fill == Tournament.Fill.HOUSE_BOTS:
                players += house_entrants(
                    tournament, by, seating.house_bots_needed(len(players), table_size=table_size(tournament))
                )
        tournament.refresh_from_db()
        if len(players) < table_size(tournament):
            raise ServiceError("too_few_entrants", needed=table_size(tournament))
        ids = [e.pk for e in players]
        if tournament.format == Tournament.Format.SWISS:
            ids = standing_order(tournament, ids)
        history, bye_rounds = seated_entrants(tournament)
        bye_history = {}
        for r, out in bye_rounds.items():
            for e in out:
                bye_history.setdefault(e, []).append(r)
        owners = {}
        for e in players:
            door = door_of(e.user, e.bot)
            if door is not None:
                owners[e.pk] = door.username
        tables, boards, byes = draw(tournament, round_no, ids, history, bye_history, owners)
        by_id = {e.pk: e for e in players}
        drawn = []
        for number, seats in enumerate(tables, 1):
            board_key = boards[number - 1] if boards else None
            match = create_table_match(tournament, round_no, number, board_key, [by_id[e] for e in seats])
            drawn.append({"table": number, "match": match.pk, "board": board_key, "seats": list(seats)})
        started = {"type": "round_started", "round": round_no, "tables": drawn, "byes": list(byes)}
        if tournament.format != Tournament.Format.SWISS:
            started["slots"] = ids  # the fixed schedule's places, kept for every later round
        append(tournament, [started], actor_of(by))
        tournament.current_round = round_no
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["version", "head_hash", "current_round", "status"])
    return drawn


def results_due(match_id):
    """The finished matches whose results may be recorded now that ``match_id`` has ended:
    itself, or, where tables share cards, every finished table of the board once none plays it
    any more. A closed room's result is held back with the rest of it (docs/api.md "Closed
    rooms"): standings that moved when one table finished would tell the other tables of
    the board how it went."""
    from games.service import access

    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.cards_group:
        return [match_id]
    if access.cards_still_in_play(match):
        return []
    finished = TournamentTable.objects.filter(
        match__cards_group=match.cards_group, match__status=Match.Status.OVER, result_recorded=False
    )
    return list(finished.order_by("match_id").values_list("match_id", flat=True))


def do_record_result(match_id):
    """A tournament match is over: its scores become a match_result event (once), with the
    seats a house bot held at its end (``taken_over``: the ratings count them as forfeits), and
    not while another table still plays its cards (``results_due``)."""
    from games.service import access, hand_overs, states

    with transaction.atomic():
        table = TournamentTable.objects.filter(match_id=match_id, result_recorded=False).first()
        if table is None:
            return None
        tournament = locked(table.tournament_id)
        table = TournamentTable.objects.select_for_update().get(pk=table.pk)
        match = Match.objects.get(pk=match_id)
        if table.result_recorded or match.status != Match.Status.OVER or access.cards_still_in_play(match):
            return None
        tables, _byes = seated_entrants(tournament)
        seats = tables[table.round][table.table - 1]
        result = {
            "type": "match_result",
            "round": table.round,
            "table": table.table,
            "match": match_id,
            "board": table.board or None,
            "seats": seats,
            "scores": list(states.match_state(match).scores),
            "taken_over": hand_overs.seats_taken_over(match),
        }
        append(tournament, [result], "system")
        table.result_recorded = True
        table.save(update_fields=["result_recorded"])
        tournament.save(update_fields=["version", "head_hash"])
    return result


def tables_waiting(tournament):
    """The tables without a result that keep the open round from closing: the round's own and,
    before the last round ends the event and reveals its seed, any earlier round's replay."""
    tables = TournamentTable.objects.filter(tournament=tournament, result_recorded=False)
    if tournament.current_round < tournament.rounds:
        tables = tables.filter(round=tournament.current_round)
    return tables.count()


def do_close_round(tournament_id, by):
    """Close the current round once every table has its result; after the last, end the event."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        check_round_can_close(tournament)
        events = [{"type": "round_closed", "round": tournament.current_round}]
        if tournament.current_round == tournament.rounds:
            # The seed is revealed: anyone can now re-derive every deal of the event.
            events.append({"type": "tournament_ended", "seed": tournament.seed})
            tournament.status = Tournament.Status.FINISHED
        append(tournament, events, actor_of(by))
        tournament.closed_round = tournament.current_round
        # The round is over everywhere: its cards and seeds may now be public (docs/architecture.md §3.5).
        Match.objects.filter(
            tournament_table__tournament=tournament, tournament_table__round=tournament.current_round
        ).update(public_when_over=True)
        tournament.save(update_fields=["version", "head_hash", "closed_round", "status"])
    return events


# ------------------------------------------------------------------ autopilot
# Refusals that mean another advance (or the organiser) got there first: nothing to do.
SETTLED = {"results_missing", "no_open_round", "round_in_progress", "no_rounds_left", "tournament_finished"}


def next_step(tournament, waiting):
    """What the autopilot does next: "close", "start" or None (``waiting``: the open round's
    tables without a result)."""
    if not tournament.autopilot or tournament.status != Tournament.Status.RUNNING:
        return None
    if tournament.current_round > tournament.closed_round:
        return "close" if waiting == 0 else None
    return "start" if tournament.current_round < tournament.rounds else None


def do_advance(tournament_id):
    """Run an autopilot tournament on: close the finished round, start the next; returns the
    steps taken. Safe to call at any time and from several workers at once."""
    steps = []
    while True:
        tournament = Tournament.objects.get(pk=tournament_id)
        step = next_step(tournament, tables_waiting(tournament))
        try:
            if step == "close":
                do_close_round(tournament_id, None)
            elif step == "start":
                do_start_round(tournament_id, None)
            else:
                return steps
        except ServiceError as refusal:
            if refusal.code in SETTLED:
                return steps
            raise
        steps.append(step)


# ------------------------------------------------------------------ rulings
RULING_KINDS = ("adjust_score", "annul_match", "replay_match", "penalty")
# A ruling on a live match (issue 19): a person's seat a house bot took for timeouts goes back
# to them. Not one of RULING_KINDS: the standings never see it (do_return_seat).
RETURN_SEAT = "return_seat"
ADJUSTMENTS = ("artificial", "assigned", "split", "weighted")  # as in the bridge laws
OFFENCES = ("revoke", "slow_play", "other")


# What _numbers says when a list is not one number per seat, by the list it checks.
NUMBERS_REFUSED = {
    "deltas": _("deltas must be a list of %(seats)s numbers"),
    "scores": _("scores must be a list of %(seats)s numbers"),
    "outcome": _("each outcome's scores must be a list of %(seats)s numbers"),
}


def _numbers(value, name, count):
    if (
        not isinstance(value, list)
        or len(value) != count
        or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in value)
    ):
        raise ServiceError("invalid_ruling", problem=NUMBERS_REFUSED[name], seats=count)
    return [float(v) for v in value]


def adjustment_deltas(method, reported, details):
    """The per-seat changes an adjusted score comes to.

    artificial / split: ``deltas`` given per seat (an average plus or minus; different for
    each side); assigned: the ``scores`` the table is deemed to have made; weighted:
    ``outcomes``, a list of {weight, scores} whose weights sum to 1.
    """
    seats = len(reported)  # the table's seats, as drawn
    if method in ("artificial", "split"):
        return _numbers(details.get("deltas"), "deltas", seats)
    if method == "assigned":
        return [s - r for s, r in zip(_numbers(details.get("scores"), "scores", seats), reported)]
    if method == "weighted":
        outcomes = details.get("outcomes")
        if (
            not isinstance(outcomes, list)
            or not 1 <= len(outcomes) <= 10
            or any(not isinstance(o, dict) for o in outcomes)
        ):
            raise ServiceError("invalid_ruling", problem=_("outcomes is a list of 1 to 10 {weight, scores}"))
        weights = [o.get("weight") for o in outcomes]
        if (
            any(isinstance(w, bool) or not isinstance(w, (int, float)) or w <= 0 for w in weights)
            or abs(sum(weights) - 1) > 1e-9
        ):
            raise ServiceError("invalid_ruling", problem=_("outcome weights are positive and sum to 1"))
        scores = [_numbers(o.get("scores"), "outcome", seats) for o in outcomes]
        return [sum(w * s[i] for w, s in zip(weights, scores)) - reported[i] for i in range(seats)]
    raise ServiceError("invalid_ruling", problem=_("method is one of %(allowed)s"), allowed=", ".join(ADJUSTMENTS))


def check_ruling(tournament, kind, match_id, reason, details):
    """The ruling event for these inputs, or a ServiceError saying what is wrong."""
    from . import projection
    from . import standings as folds

    if kind not in RULING_KINDS:
        raise ServiceError("invalid_ruling", problem=_("kind is one of %(allowed)s"), allowed=", ".join(RULING_KINDS))
    if not isinstance(reason, str) or not 1 <= len(reason.strip()) <= 500:
        raise ServiceError("invalid_ruling", problem=_("a ruling gives its reason (1 to 500 characters)"))
    table = (
        TournamentTable.objects.filter(tournament=tournament, match_id=match_id).first()
        if isinstance(match_id, int) and not isinstance(match_id, bool)
        else None
    )
    if table is None:
        raise ServiceError("not_found", problem=_("no match %(match)s in this tournament"), match=match_id)
    if not table.result_recorded:
        raise ServiceError("no_result")
    event = {"type": "ruling", "kind": kind, "match": match_id, "reason": reason.strip()}
    standings = projection.update_standings(tournament.pk)
    if kind == "adjust_score":
        method = details.get("method")
        event.update(method=method, deltas=adjustment_deltas(method, standings.results[match_id].reported, details))
    elif kind == "replay_match":
        # The replacement match is created once every check has passed (do_record_ruling);
        # 0, which no match has, stands in for its id while the fold checks the ruling.
        event.update(replay=check_replay(tournament, table, standings), replacement=0)
    elif kind == "penalty":
        offence = details.get("offence")
        if offence not in OFFENCES:
            raise ServiceError(
                "invalid_ruling", problem=_("offence is one of %(allowed)s"), allowed=", ".join(OFFENCES)
            )
        event.update(offence=offence, seat=details.get("seat"), points=details.get("points"))
    try:
        folds.fold(standings, event)  # the fold's own checks: one place decides what a ruling may be
    except folds.Refusal as e:
        raise ServiceError("invalid_ruling", problem=_(e.msgid), **e.params) from e
    except ValueError as e:
        # A refusal with no sentence for people: the fold's own words go along for programmers.
        raise ServiceError("invalid_ruling", problem=_("the standings cannot take this ruling"), reason=str(e)) from e
    return event


def check_replay(tournament, table, standings):
    """The number of the replay a replay_match ruling orders for ``table``, or why it cannot be."""
    if tournament.format == Tournament.Format.DUPLICATE or tournament.boards:
        raise ServiceError("cannot_replay")
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("tournament_finished")
    seats = standings.results[table.match_id].seats
    if Entrant.objects.filter(pk__in=seats, status=Entrant.Status.WITHDRAWN).exists():
        raise ServiceError("entrant_withdrawn")
    return TournamentTable.objects.filter(tournament=tournament, round=table.round, table=table.table).count()


def do_replay_table(tournament, match_id, replay):
    """Create the replacement match a replay_match ruling orders: same round, table and seats."""
    table = TournamentTable.objects.get(tournament=tournament, match_id=match_id)
    seated, _byes = seated_entrants(tournament)
    entrants = Entrant.objects.in_bulk(seated[table.round][table.table - 1])
    return create_table_match(
        tournament,
        table.round,
        table.table,
        table.board or None,
        [entrants[e] for e in seated[table.round][table.table - 1]],
        replay,
    )


def do_record_ruling(tournament_id, by, kind, match, reason, **details):
    """An arbiter's ruling, appended as a new event: the match's own events stay untouched.

    "replay_match" annuls the match and has its table play a replacement match, seeded
    "/replay/n" under the table's label; the replacement's result counts in its place.
    """
    if kind == RETURN_SEAT:  # on a live match, and no change to the standings: its own event
        return do_return_seat(tournament_id, by, match, details.get("seat"), reason)
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        event = check_ruling(tournament, kind, match, reason, details)
        if kind == "replay_match":
            event["replacement"] = do_replay_table(tournament, match, event["replay"]).pk
        event["author"] = by.username
        append(tournament, [event], actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
        transaction.on_commit(lambda: update_standings.apply_async(args=[tournament_id]))
    return event
