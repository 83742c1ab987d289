"""Creating a match: its table checked against its ruleset, its seats and the first events of its
stream."""

import secrets

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import engine
from games.errors import ServiceError
from games.models import Match, Seat
from games.offer import offered_names
from games.record import eventlog
from games.service import announcement, playing


def bot_model():
    """The Bot model, found through Seat.bot so that games never imports bots (docs/architecture.md §2)."""
    return Seat._meta.get_field("bot").related_model


def check_table_size(ruleset, options, seat_users):
    """The ruleset is offered and there is one holder per seat of its table (with these options)."""
    game = engine.RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if game is None:
        return  # an unknown name: new_game refuses it with the engine's own code
    if ruleset not in offered_names():
        raise ServiceError("ruleset_not_offered", ruleset=ruleset, offered=", ".join(offered_names()))
    try:
        seats = game.num_seats(options if isinstance(options, dict) else None)
    except engine.EngineError as e:
        raise playing.engine_refusal(e) from e
    if len(seat_users) != seats:
        raise ServiceError(
            "invalid_seats",
            problem=_(
                "a match of this game with these options has exactly %(seats)s seats "
                "(a user, a bot or null for an open seat), not %(given)s"
            ),
            seats=seats,
            given=len(seat_users),
        )


def check_new_match(ruleset, options, seat_users, board, seed=None):
    check_table_size(ruleset, options, seat_users)
    users = [h.pk for h in seat_users if h is not None and not isinstance(h, bot_model())]
    if len(users) != len(set(users)):
        raise ServiceError("invalid_seats", problem=_("a user can hold only one seat of a match"))
    # A bot of its own (webhook or polling) in two seats would see two hands; only the house's
    # built-in bots, which decide on one seat's view at a time, may fill several seats.
    outside = [h.pk for h in seat_users if isinstance(h, bot_model()) and h.kind != "builtin"]
    if len(outside) != len(set(outside)):
        raise ServiceError("invalid_seats", problem=_("a webhook or polling bot can hold only one seat of a match"))
    # One owner, one seat (docs/architecture.md §3.5): a person and their own webhook or polling bot, or two
    # such bots of one owner, would be two doors to one table, each showing its owner a hand.
    # Built-in bots (the house's, or anyone's) decide inside the site from one seat's view and
    # show their owner nothing, so they are exempt.
    doors = {}
    for h in seat_users:
        if h is None or (isinstance(h, bot_model()) and h.kind == "builtin"):
            continue
        owner = h.owner if isinstance(h, bot_model()) else h
        doors.setdefault(owner.pk, (owner, []))[1].append(h)
    for owner, held in doors.values():
        if len(held) > 1:
            names = [h.name if isinstance(h, bot_model()) else h.username for h in held]
            raise ServiceError("same_owner", names=", ".join(names), owner=owner.username)
    inactive = [h.name for h in seat_users if isinstance(h, bot_model()) and not h.is_active]
    if inactive:
        raise ServiceError("bot_disabled", bot=inactive[0])
    try:
        if board is None and seed is None:
            seed = secrets.token_bytes(32)
        return engine.new_game(ruleset, seed=seed, options=options, board=board)
    except engine.EngineError as e:
        raise playing.engine_refusal(e) from e


def do_create_match(
    ruleset,
    options=None,
    seat_users=None,
    board=None,
    created_by=None,
    seed=None,
    event="",
    cards_group="",
    public_when_over=True,
    bot_turn_timeout=None,
):
    """Create a match, its seats and the first events of its stream; returns the Match.

    ``seed`` (bytes) fixes the deals; by default a random 32-byte seed is drawn. It stays
    secret (only its SHA-256 is in the log) until the match is over. ``event`` and
    ``cards_group`` say which event it is part of and which other matches are dealt the same
    cards (Match); ``public_when_over`` False holds its cards back from the public until the
    event says so. ``seat_users`` holds one holder per seat (None: an open seat); by default every
    seat of the ruleset's table is open.
    """
    if seat_users is None and ruleset in engine.RULESETS:
        seat_users = [None] * engine.RULESETS[ruleset].num_seats(options if isinstance(options, dict) else None)
    state = check_new_match(ruleset, options, list(seat_users or ()), board, seed)
    start = state.events[0]
    with transaction.atomic():
        match = Match.objects.create(
            ruleset=ruleset,
            num_seats=state.num_seats,
            options=dict(state.options),
            board=state.board,
            seed=state.seed.hex() if state.seed else "",
            seed_sha256=start.get("seed_sha256", ""),
            status=Match.Status.OVER if state.is_over else Match.Status.LIVE,
            version=len(state.events),
            to_act=state.to_act,
            created_by=created_by,
            event=event,
            cards_group=cards_group,
            public_when_over=public_when_over,
            bot_turn_timeout=settings.BOT_TURN_TIMEOUT_SECONDS if bot_turn_timeout is None else bot_turn_timeout,
        )
        Seat.objects.bulk_create(
            Seat(
                match=match,
                index=i,
                bot=h if isinstance(h, bot_model()) else None,
                user=h if h is not None and not isinstance(h, bot_model()) else None,
            )
            for i, h in enumerate(seat_users)
        )
        meta = {"actor": playing.actor_key(created_by) if created_by else "system", "command": "create_match"}
        rows = eventlog.append(match.stream, 0, state.events, meta, declared=playing.declared_events(match))
        match.head_hash = rows[-1].hash
        match.save(update_fields=["head_hash"])
        announcement.announce_after_commit(match, created=True)
    return match
