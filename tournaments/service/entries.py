"""A tournament's entrants: registration (late entries and the house's bots included, one
or several at once), invitations and their owners' answers, check-in and withdrawal, and leaving a seat at one of
its matches, which is withdrawing."""

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from bots.house import ensure_builtin_bot, house_account
from bots.house_names import house_bot_name
from bots.models import Bot
from bots.strategies import strategies_for
from games import engine
from games.errors import ServiceError

from ..models import Entrant, Tournament
from .stream import actor_of, append, check_organiser, do_set_for_next_rounds, locked

# The account the house's own bots belong to (bots/management/commands/ensure_house_bots.py).
HOUSE_ACCOUNT = "house"

# The entrants who count: seated, ranked. An invited one waits for its owner's answer.
PLAYING = (Entrant.Status.REGISTERED, Entrant.Status.CHECKED_IN)

# The entrants an owner holds a place with: those who count and those still invited.
HOLDING = (Entrant.Status.INVITED, *PLAYING)


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


# The most house bots one request enters (the page's field and the API's ``count`` say so too):
# a club's night, not a load test. Each is a bot of its own, so at most this many numbered
# house bots of a strength are ever made, and every later batch reuses them.
HOUSE_BOTS_AT_ONCE = 64


def numbered_house_bot_name(strategy, number):
    """The house's n-th bot of ``strategy``: its usual one (``house-heuristic``), then
    ``house-heuristic-2`` and on, so that n of them hold n seats as n players of their own."""
    return house_bot_name(strategy) if number == 1 else f"{house_bot_name(strategy)}-{number}"


def check_house_bots(tournament, by, count, strategy):
    """What entering ``count`` house bots of ``strategy`` asks of the tournament: its organiser,
    a count from 1 to HOUSE_BOTS_AT_ONCE, a strength that plays its game, and no round started
    yet (a batch changes the field; once the event runs, bots are entered one at a time)."""
    check_organiser(tournament, by)
    if type(count) is not int or not 1 <= count <= HOUSE_BOTS_AT_ONCE:
        raise ServiceError("invalid_input", problem=_("count is 1 to %(most)s house bots"), most=HOUSE_BOTS_AT_ONCE)
    strengths = strategies_for(tournament.ruleset)
    if strategy not in strengths:
        raise ServiceError("unknown_strength", strength=str(strategy), strengths=", ".join(sorted(strengths)))
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("tournament_finished")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ServiceError("house_bots_closed")


def made_house_bot(name, strategy):
    """The house's bot ``name``, made now; in a savepoint, so that a batch for another
    tournament making the same bot at the same moment leaves this one to take it."""
    try:
        with transaction.atomic():
            return ensure_builtin_bot(name, strategy, f"the house's built-in {strategy} bot")[0]
    except IntegrityError:
        return Bot.objects.get(name=name)


def free_house_bots(tournament, strategy, count):
    """``count`` of the house's bots of ``strategy`` that ``tournament`` has not entered, the
    lowest numbers first, made where missing. A name someone else's bot took, or a house bot
    turned off, is passed over: only the house's own active built-in bots are entered."""
    house = house_account()
    entered = set(
        Entrant.objects.filter(tournament=tournament, bot__isnull=False)
        .exclude(kind=Entrant.Kind.HOUSE_BOT)
        .values_list("bot_id", flat=True)
    )
    found, number = [], 1
    while len(found) < count:
        names = [numbered_house_bot_name(strategy, n) for n in range(number, number + count)]
        number += count
        known = {b.name: b for b in Bot.objects.filter(name__in=names)}
        for name in names:
            bot = known.get(name)
            if bot is None:
                bot = made_house_bot(name, strategy)
            ours = bot.owner_id == house.pk and bot.kind == Bot.Kind.BUILTIN and bot.strategy == strategy
            if ours and bot.is_active and bot.pk not in entered:
                found.append(bot)
                if len(found) == count:
                    break
    return found


def do_enter_house_bots(tournament_id, by, count, strategy=None):
    """Enter ``count`` of the house's bots at once (the organiser, before round 1): each a bot
    of its own (house-heuristic, house-heuristic-2, ...), registered and ranked as one house
    bot entered by name is, seated by every draw. ``strategy`` is their strength, by default
    the one the house plays a taken-over seat with. All or nothing: one transaction, so a
    refusal stores no entrant, no event and no bot. Returns the new entrants."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        strategy = engine.RULESETS[tournament.ruleset].takeover_policy if strategy is None else strategy
        check_house_bots(tournament, by, count, strategy)
        entrants = [
            Entrant.objects.create(
                tournament=tournament, bot=bot, kind=Entrant.Kind.BOT, ranked=True, name=bot.name, joined_round=0
            )
            for bot in free_house_bots(tournament, strategy, count)
        ]
        append(tournament, [registration(e, 0) for e in entrants], actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
    return entrants


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


def _change_entrant(entrant_id, by, allowed_from, new_status, event_type, refusal, while_open=False):
    """Move an entrant to ``new_status`` (by its owner or the organiser), as an event;
    ``while_open``: not once the tournament is over."""
    with transaction.atomic():
        entrant, tournament = locked_entrant(entrant_id)
        if account_of(entrant.user, entrant.bot).pk != by.pk:
            check_organiser(tournament, by)
        if while_open and tournament.status == Tournament.Status.FINISHED:
            raise ServiceError("tournament_finished")
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
    """Check a registered entrant in: its owner on the tournament page, or the organiser at the
    desk. Where the tournament requires check-in, the draw seats a person only once checked in
    (tournaments.service.rounds.playing_entrants); refused once the tournament is over."""
    return _change_entrant(
        entrant_id,
        by,
        (Entrant.Status.REGISTERED,),
        Entrant.Status.CHECKED_IN,
        "entrant_checked_in",
        "cannot_check_in",
        while_open=True,
    )


def do_require_check_in(tournament_id, by, required):
    """The organiser turns check-in on or off: while on, the next draws seat only the people who
    have checked in (bots are always ready). A ``check_in_required`` event when it changes;
    returns whether check-in is now required."""
    if not isinstance(required, bool):
        raise ServiceError("invalid_input", problem=_("'required' is true or false"))
    event = {"type": "check_in_required", "required": required}
    return do_set_for_next_rounds(tournament_id, by, "check_in_required", required, event)


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
