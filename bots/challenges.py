"""Challenges: a person proposes a match to named people and bots; each named seat's owner
accepts or declines; the match starts when the last one accepts (issue 18).

The table is checked as the match service checks a match
(games.service.creating.check_new_match: the game, its options, one seat per person, one owner
per table, no disabled bot) when the challenge
is made, so a challenge that could never start is refused at once, and again when it starts. A
bot may accept by itself (``Bot.accepts_challenges``: from anyone, or from the people its owner
lists) when its owner is within their caps; otherwise the challenge waits for the owner. Every
owner at the table must be within their caps (bots.limits) when the match starts.
"""

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.service import creating

from . import events, limits
from .house import house_bot
from .house_names import HOUSE_USERNAME
from .models import Bot, Challenge, ChallengeSeat
from .sparring import table_size
from .strategies import strategies_for

User = get_user_model()
MAX_NAMED = 8  # named people and bots in one challenge: more than any table holds
OPEN_CHALLENGES_PER_PERSON = 20  # waiting for answers at once: nobody floods others' lists


def is_house(bot):
    return bot.owner.username == HOUSE_USERNAME


def find_user(name):
    user = User.objects.filter(username=name, is_active=True).first()
    if user is None:
        raise ServiceError("unknown_user", user=name)
    return user


def find_bot(name):
    bot = Bot.objects.select_related("owner").filter(name=name).first()
    if bot is None:
        raise ServiceError("unknown_bot", bot=name)
    return bot


def named_holder(entry):
    """A person (a username) or a bot (``{"bot": name}``) named in a challenge."""
    if isinstance(entry, str) and 0 < len(entry) <= 150:
        return find_user(entry)
    if isinstance(entry, dict) and set(entry) == {"bot"} and isinstance(entry["bot"], str):
        return find_bot(entry["bot"])
    raise ServiceError("invalid_input", problem=_('each opponent is a username or {"bot": "<name>"}'))


def check_challenge(challenger, ruleset, options, own_seat, opponents, fill):
    """The table a challenge proposes, checked whole: [(holder, owner who answers or None)].

    ``own_seat``: "me", ``{"bot": name}`` (one of the challenger's bots) or None (the challenger
    does not play). ``opponents``: usernames and ``{"bot": name}``. ``fill``: the house bots'
    strength for the seats left, or None when the named players fill the table."""
    seats = table_size(ruleset, options)
    if not isinstance(opponents, list) or not 1 <= len(opponents) <= MAX_NAMED:
        raise ServiceError("no_opponent", most=MAX_NAMED)
    table = []
    if own_seat == "me":
        table.append(challenger)
    elif own_seat is not None:
        bot = named_holder(own_seat) if isinstance(own_seat, dict) else None
        if bot is None or not isinstance(bot, Bot) or bot.owner_id != challenger.pk:
            raise ServiceError("not_your_bot")
        table.append(bot)
    table += [named_holder(entry) for entry in opponents]
    if len(table) > seats or (len(table) < seats and fill is None):
        raise ServiceError(
            "invalid_seats",
            problem=_("the table has %(seats)s seats: name that many players, or fill the rest with house bots"),
            seats=seats,
        )
    if fill is not None and fill not in strategies_for(ruleset):
        raise ServiceError("unknown_strength", strength=str(fill), strengths=", ".join(sorted(strategies_for(ruleset))))
    if len(table) < seats:  # a table the names fill needs no house bot, and may name no strength
        table += [house_bot(fill)] * (seats - len(table))
    creating.check_new_match(ruleset, options, table, None)  # the match service's own checks
    if own_seat is not None:
        limits.check_allowance(challenger)
    if (
        Challenge.objects.filter(challenger=challenger, status=Challenge.Status.OPEN).count()
        >= OPEN_CHALLENGES_PER_PERSON
    ):
        raise ServiceError("too_many_open_challenges", limit=OPEN_CHALLENGES_PER_PERSON)
    return table


def answering_owner(holder, challenger):
    """Who must accept a seat: nobody for the challenger's own and the house's bots."""
    owner = getattr(holder, "owner", holder)
    if owner.pk == challenger.pk or owner.username == HOUSE_USERNAME:
        return None
    return owner


def accepts_by_itself(holder, challenger):
    """Whether a bot accepts ``challenger``'s challenge on its own: its setting allows them and
    its owner is within their caps (else the owner answers)."""
    if not isinstance(holder, Bot) or holder.accepts_challenges == Bot.Accepts.NOBODY:
        return False
    if (
        holder.accepts_challenges == Bot.Accepts.LISTED
        and not holder.accepts_challenges_from.filter(pk=challenger.pk).exists()
    ):
        return False
    try:
        limits.check_allowance(holder.owner)
    except limits.GameLimitReached:
        return False
    return True


def do_challenge(challenger, ruleset, options=None, own_seat="me", opponents=(), fill=None):
    """Make a challenge (refusals store nothing); a table every owner of which has accepted
    already (bots that accept by themselves, house bots) starts at once. Returns the Challenge."""
    options = {} if options is None else options
    table = check_challenge(challenger, ruleset, options, own_seat, list(opponents), fill)
    now = timezone.now()
    with transaction.atomic():
        challenge = Challenge.objects.create(
            challenger=challenger,
            ruleset=ruleset,
            options=options,
            expires_at=now + timedelta(hours=settings.CHALLENGE_HOURS),
        )
        for position, holder in enumerate(table):
            owner = answering_owner(holder, challenger)
            by_itself = owner is not None and accepts_by_itself(holder, challenger)
            pending = owner is not None and not by_itself
            ChallengeSeat.objects.create(
                challenge=challenge,
                position=position,
                user=None if isinstance(holder, Bot) else holder,
                bot=holder if isinstance(holder, Bot) and not is_house(holder) else None,
                house_strategy=holder.strategy if isinstance(holder, Bot) and is_house(holder) else "",
                owner=owner,
                answer=ChallengeSeat.Answer.PENDING if pending else ChallengeSeat.Answer.ACCEPTED,
                answered_by_bot=by_itself,
                answered_at=None if pending else now,
            )
        events.record_challenge(challenge)  # each bot named hears of it (docs/bots.md)
        start_if_all_accepted(challenge)
    return challenge


def lapse_expired(now=None):
    """Mark open challenges past their time as lapsed (read paths call this first)."""
    now = now or timezone.now()
    Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now).update(
        status=Challenge.Status.EXPIRED, closed_at=now
    )


def visible_to(user):
    """The challenges ``user`` made or has a seat to answer in, newest first."""
    lapse_expired()
    return (
        Challenge.objects.filter(models_q_for(user))
        .distinct()
        .select_related("challenger", "match")
        .prefetch_related("seats__user", "seats__bot", "seats__owner")
        .order_by("-pk")
    )


def models_q_for(user):
    return Q(challenger=user) | Q(seats__owner=user)


def get_for(user, pk, lock=False, bot=None):
    """Challenge ``pk`` if ``user`` made it or answers in it (with ``bot``: if that bot is named
    in it); a 404 otherwise: strangers learn nothing."""
    if not lock:
        lapse_expired()
    who = models_q_for(user) if bot is None else Q(seats__bot=bot)
    found = Challenge.objects.filter(who, pk=pk).distinct().values_list("pk", flat=True).first()
    if found is None:
        raise ServiceError("not_found", problem=_("no challenge %(challenge)s for you"), challenge=pk)
    query = Challenge.objects.select_for_update() if lock else Challenge.objects
    return query.get(pk=found)


def check_open(challenge):
    if challenge.status != Challenge.Status.OPEN:
        raise ServiceError(
            "challenge_closed", state=Challenge.Status(challenge.status).label, challenge_status=challenge.status
        )


def do_answer(user, pk, accept, bot=None):
    """``user`` accepts or declines their seat(s) in challenge ``pk``; returns the Challenge.
    With ``bot`` (a bot answering with its own token, ``user`` its owner) only that bot's seat.

    Accepting checks the owner's caps; the last acceptance starts the match, which checks every
    owner's caps and the table again. Any refusal leaves the challenge as it was."""
    lapse_expired()  # committed on its own: a refusal below must not roll the lapse back
    with transaction.atomic():
        challenge = get_for(user, pk, lock=True, bot=bot)
        check_open(challenge)
        seats = challenge.seats.filter(owner=user) if bot is None else challenge.seats.filter(owner=user, bot=bot)
        mine = list(seats)
        if not mine:
            raise ServiceError("not_challenged")
        if all(seat.answer != ChallengeSeat.Answer.PENDING for seat in mine):
            raise ServiceError("already_answered")
        now = timezone.now()
        if accept:
            limits.check_allowance(user)
        answer = ChallengeSeat.Answer.ACCEPTED if accept else ChallengeSeat.Answer.DECLINED
        seats.filter(answer=ChallengeSeat.Answer.PENDING).update(answer=answer, answered_at=now)
        if not accept:
            challenge.status, challenge.closed_at = Challenge.Status.DECLINED, now
            challenge.save(update_fields=["status", "closed_at"])
        else:
            start_if_all_accepted(challenge)
    return challenge


def do_cancel(user, pk):
    lapse_expired()
    with transaction.atomic():
        challenge = get_for(user, pk, lock=True)
        if challenge.challenger_id != user.pk:
            raise ServiceError("not_challenger")
        check_open(challenge)
        challenge.status, challenge.closed_at = Challenge.Status.CANCELLED, timezone.now()
        challenge.save(update_fields=["status", "closed_at"])
    return challenge


def holders_of(challenge):
    return [
        seat.bot or seat.user or house_bot(seat.house_strategy)
        for seat in challenge.seats.select_related("bot__owner", "user")
    ]


def start_if_all_accepted(challenge):
    """Start the match once every seat is accepted: seats drawn at random, every owner within
    their caps (their rows locked, so two starts cannot both take an owner's last place)."""
    if challenge.seats.filter(answer=ChallengeSeat.Answer.PENDING).exists():
        return None
    holders = holders_of(challenge)
    owners = limits.seat_owners(holders)
    limits.lock_owners(owners)
    for owner in owners:
        limits.check_allowance(owner)
    secrets.SystemRandom().shuffle(holders)
    match = creating.do_create_match(challenge.ruleset, challenge.options, holders, created_by=challenge.challenger)
    challenge.status, challenge.match, challenge.closed_at = Challenge.Status.STARTED, match, timezone.now()
    challenge.save(update_fields=["status", "match", "closed_at"])
    return match


def seat_summary(seat):
    """A challenge's seat: who sits there, whose it is (``owner``: the person, or the bot's
    owner; null for the house's), who answers for it (``answers``: null when it was accepted
    from the start, the challenger's own seats and the house's), and the answer."""
    if seat.bot_id:
        who, owner = {"bot": seat.bot.name}, seat.bot.owner.username
    elif seat.user_id:
        who, owner = {"user": seat.user.username}, seat.user.username
    else:
        who, owner = {"house": seat.house_strategy}, None
    return {
        **who,
        "owner": owner,
        "answers": seat.owner.username if seat.owner_id else None,
        "answer": seat.answer,
        "by_itself": seat.answered_by_bot,
    }


def summary(challenge, viewer=None):
    seats = list(challenge.seats.select_related("bot__owner", "user", "owner"))
    return {
        "id": challenge.pk,
        "challenger": challenge.challenger.username,
        "ruleset": challenge.ruleset,
        "options": challenge.options,
        "status": challenge.status,
        "seats": [seat_summary(seat) for seat in seats],
        "match": challenge.match_id,
        "created_at": challenge.created_at.isoformat(),
        "expires_at": challenge.expires_at.isoformat(),
        "yours_to_answer": viewer is not None
        and challenge.status == Challenge.Status.OPEN
        and any(s.owner_id == viewer.pk and s.answer == ChallengeSeat.Answer.PENDING for s in seats),
    }
