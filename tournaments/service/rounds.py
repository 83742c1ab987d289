"""A tournament's rounds: the next round drawn by the tournament's format (byes, house bots
and a fixed schedule's slots kept), published before it starts or drawn as it starts, its
tables' matches created with seeds derived from the tournament's, and the autopilot that closes
the finished round and starts the next."""

import hashlib
import hmac

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import engine
from games.errors import ServiceError
from games.models import Match
from games.record import eventlog

from .. import seating
from ..models import Entrant, Tournament, TournamentTable
from . import tables_with_cards
from .entries import PLAYING, do_register, door_of
from .results import do_close_round, tables_waiting
from .stream import actor_of, append, check_organiser, locked, next_round, seated_entrants


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


def table_size(tournament):
    """The seats of every table the tournament draws: its ruleset's, with its options."""
    return engine.RULESETS[tournament.ruleset].num_seats(tournament.options)


def standing_order(tournament, entrant_ids):
    """Entrant ids best first by the current standings (entrants not yet ranked last, by id)."""
    from .. import projection
    from .. import standings as folds

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
    return [tuple(entrant_ids[i] for i in t.table) for t in tables], [board_key(t) for t in tables], byes


def board_key(board_table):
    """The key a duplicate board's tables name it by ("b0", "b1", ...): its match seed's label."""
    return f"b{board_table.board}"


def duplicate_boards(tournament):
    """{round: [its board keys]}: the boards a duplicate event deals, round by round, as ``draw``
    schedules them. Every table of a round plays its one board, so the keys are the same
    whoever plays: the schedule of one table gives them before the first draw."""
    size = table_size(tournament)
    schedule = seating.duplicate_schedule(size, tournament.rounds, table_size=size)
    return {number: sorted({board_key(t) for t in tables}) for number, tables in enumerate(schedule, 1)}


def cards_group(tournament, board_key, board_index):
    """The name of the cards a table is dealt when other tables are dealt the same ones (a fixed
    board, a duplicate board), or "" when its cards are its own (docs/architecture.md §3.5)."""
    if board_index is not None:
        return f"{tournament.stream}/fixed/{board_index}"
    if board_key:
        return f"{tournament.stream}/board/{board_key}"
    return ""


def create_table_match(tournament, round_no, number, board_key, entrants, replay=0, cards=False):
    """The match one table of a round plays (or replays): its seed derived from the tournament
    seed, or the round's fixed board; the tournament's bot clock; its cards kept private until
    its round has closed everywhere (docs/architecture.md §3.5). A table with ``cards`` plays
    them for real: its match is a score table (tables_with_cards)."""
    from games.service import creating

    board_index = (round_no - 1) % len(tournament.boards) if tournament.boards else None
    fixed = tournament.boards[board_index] if tournament.boards else None
    seed = (
        None
        if fixed
        else match_seed(bytes.fromhex(tournament.seed), tournament.pk, round_no, number, board_key, replay)
    )
    if cards:
        seeded = engine.new_game(tournament.ruleset, seed=seed, options=tournament.options, board=fixed)
        group = cards_group(tournament, board_key, board_index)
        return tables_with_cards.create_card_table_match(
            tournament, round_no, number, board_key, entrants, seeded, group, replay
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
    # The tournament's clock for people (games.service.clocks); its countdown reads the match row, so
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


def playing_entrants(tournament, check_in_required):
    """The entrants a draw seats, house bots apart, in order of entry: those registered or
    checked in (invited entrants wait for their owner's answer; declined and withdrawn ones
    never play). Where the tournament requires check-in, a person is seated only once checked
    in; a bot is always ready (docs/tournaments.md, "Draw, check-in and start")."""
    players = (
        Entrant.objects.filter(tournament=tournament, status__in=PLAYING)
        .exclude(kind=Entrant.Kind.HOUSE_BOT)
        .select_related("user", "bot__owner")
        .order_by("pk")
    )
    if check_in_required:
        players = players.exclude(kind=Entrant.Kind.USER, status=Entrant.Status.REGISTERED)
    return players


def draw_next(tournament, by, check_in_required):
    """The next round seated by the tournament's format, as its ``round_drawn`` event (not yet
    appended): tables of entrant ids in seat order with their boards, and byes. Registers the
    house entrants it needs (house-bot fill, a fixed schedule's vacated slots), whose events go
    first; refreshes ``tournament`` after them."""
    round_no = tournament.current_round + 1
    slots = first_round_slots(tournament)
    if slots is not None:
        players = keep_slots(tournament, by, slots)
    else:
        players = list(playing_entrants(tournament, check_in_required))
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
    drawn = {
        "type": "round_drawn",
        "round": round_no,
        "tables": [
            {"table": number, "board": boards[number - 1] if boards else None, "seats": list(seats)}
            for number, seats in enumerate(tables, 1)
        ],
        "byes": list(byes),
    }
    if tournament.format != Tournament.Format.SWISS:
        drawn["slots"] = ids  # the fixed schedule's places, kept for every later round
    return drawn


def withdrawn_in(drawn):
    """The names of the entrants a draw seats (or gives a bye) who have withdrawn since."""
    seated = [e for table in drawn["tables"] for e in table["seats"]] + list(drawn["byes"])
    gone = Entrant.objects.filter(pk__in=seated, status=Entrant.Status.WITHDRAWN).order_by("pk")
    return list(gone.values_list("name", flat=True))


def do_draw_round(tournament_id, by):
    """Draw the next round by the tournament's format without creating its matches: a
    ``round_drawn`` event the tournament page, the projector and the table cards show until the
    round starts. Drawing it again (after a withdrawal, a late entry, a check-in) replaces the
    draw; ``do_start_round`` then seats exactly the last one."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        check_round_can_start(tournament)
        drawn = draw_next(tournament, by, next_round(tournament).check_in_required)
        append(tournament, [drawn], actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
    return drawn


def do_start_round(tournament_id, by):
    """Start the next round: create its tables' matches exactly as its draw seated them, never
    drawing again; a round not drawn yet is drawn and started at once (the autopilot's way, and
    the organiser's "Start" without "Draw"), without a ``round_drawn`` event
    (docs/architecture.md §3.4; docs/tournaments.md, "Draw, check-in and start").

    A draw that seats an entrant who has withdrawn since is refused to the organiser (409
    ``draw_outdated``: draw it again, and print its table cards again); the autopilot draws
    afresh."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        check_round_can_start(tournament)
        upcoming = next_round(tournament)
        drawn = upcoming.draw
        gone = withdrawn_in(drawn) if drawn is not None else []
        if gone and by is not None:
            raise ServiceError("draw_outdated", round=drawn["round"], names=", ".join(gone))
        if drawn is None or gone:
            drawn = draw_next(tournament, by, upcoming.check_in_required)
        round_no = drawn["round"]
        seated = [e for table in drawn["tables"] for e in table["seats"]]
        by_id = Entrant.objects.select_related("user", "bot__owner").in_bulk(seated)
        people = {e for e, entrant in by_id.items() if entrant.kind == Entrant.Kind.USER}
        cards = tables_with_cards.with_cards(drawn["tables"], people, upcoming.tables_with_cards)
        tables = []
        for table in drawn["tables"]:
            with_cards = table["table"] in cards
            match = create_table_match(
                tournament,
                round_no,
                table["table"],
                table["board"],
                [by_id[e] for e in table["seats"]],
                cards=with_cards,
            )
            started = {"table": table["table"], "match": match.pk, "board": table["board"], "seats": table["seats"]}
            if with_cards:
                started["cards"] = True  # played with real cards: its deals are entered
            tables.append(started)
        started = {"type": "round_started", "round": round_no, "tables": tables, "byes": list(drawn["byes"])}
        if "slots" in drawn:
            started["slots"] = drawn["slots"]
        append(tournament, [started], actor_of(by))
        tournament.current_round = round_no
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["version", "head_hash", "current_round", "status"])
    return tables


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
