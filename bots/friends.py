"""Tables with friends (issue 19): a person opens a table, seats people by name or by link and
house bots in the seats left, and starts the match once every seat is taken.

Until it starts the table is a lobby (FriendsTable and its seats). Every change is one
transaction under the table's row lock, checked first: a refusal (unknown user, table full,
already seated, started, wrong link) raises ServiceError and stores nothing. One person holds
one seat (checked here and by a database constraint); the start goes through the match
service's own checks (games.service.creating.check_new_match: one owner per table,
docs/architecture.md §3.5) and every person's caps (bots.limits), their rows locked as
challenges do.

The invitation link carries a token ``HMAC(SECRET_KEY, "<table id>:<nonce>")``: unguessable,
good for this table only, stored nowhere (the database holds the nonce, and without the key a
copy of it cannot make the link), and revoked by drawing a new nonce.
"""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.service import creating

from . import limits
from .challenges import find_user
from .house import house_bot
from .models import FriendsTable, FriendsTableSeat
from .sparring import table_size
from .strategies import strategies_for

OPEN_TABLES_PER_PERSON = 5  # lobbies waiting at once: nobody fills the list with empty tables


def link_token(table):
    return salted_hmac("bots.friends.invitation", f"{table.pk}:{table.link_nonce}", algorithm="sha256").hexdigest()


def token_matches(table, token):
    return isinstance(token, str) and constant_time_compare(token, link_token(table))


# ------------------------------------------------------------------ reading
def get_for(user, pk, token=None, lock=False):
    """Table ``pk`` if ``user`` owns it, is named at it, or holds its link (404 otherwise:
    a stranger learns nothing, not even that it exists)."""
    query = FriendsTable.objects.select_for_update() if lock else FriendsTable.objects.select_related("owner")
    table = query.filter(pk=pk).first()
    if table is None or not (
        (user.is_authenticated and (table.owner_id == user.pk or table.seats.filter(user=user).exists()))
        or token_matches(table, token)
    ):
        raise ServiceError("not_found", problem=_("no table %(table)s for you"), table=pk)
    return table


def waiting_for(user):
    """Open tables where ``user`` sits or is named (their own included): the home page lists them."""
    if not user.is_authenticated:
        return []
    return list(
        FriendsTable.objects.filter(status=FriendsTable.Status.OPEN, seats__user=user)
        .select_related("owner")
        .distinct()
        .order_by("-pk")[:20]
    )


# ------------------------------------------------------------------ checks
def check_open(table):
    if table.status == FriendsTable.Status.STARTED:
        raise ServiceError("table_started")
    if table.status == FriendsTable.Status.CANCELLED:
        raise ServiceError("table_cancelled")


def check_owner(table, user):
    if table.owner_id != user.pk:
        raise ServiceError("not_owner", owner=table.owner.username)


def first_open_seat(table):
    seat = table.seats.filter(user__isnull=True, house_strategy="").order_by("index").first()
    if seat is None:
        raise ServiceError("table_full")
    return seat


def check_not_seated(table, user):
    if table.seats.filter(user=user).exists():
        raise ServiceError("already_seated", user=user.username)


# ------------------------------------------------------------------ changing
def do_create_table(owner, ruleset, options=None):
    """A new lobby for ``ruleset`` with ``options``; its owner takes the first seat."""
    options = {} if options is None else options
    seats = table_size(ruleset, options)
    creating.check_table_size(ruleset, options, [None] * seats)
    limits.check_allowance(owner)
    open_tables = FriendsTable.objects.filter(owner=owner, status=FriendsTable.Status.OPEN).count()
    if open_tables >= OPEN_TABLES_PER_PERSON:
        raise ServiceError("too_many_open_tables", limit=OPEN_TABLES_PER_PERSON)
    with transaction.atomic():
        table = FriendsTable.objects.create(
            owner=owner, ruleset=ruleset, options=options, num_seats=seats, link_nonce=secrets.token_hex(16)
        )
        FriendsTableSeat.objects.bulk_create(
            FriendsTableSeat(table=table, index=i, user=owner if i == 0 else None) for i in range(seats)
        )
    return table


def do_invite(owner, pk, username):
    """Hold the first open seat for the person named ``username``; they sit down when they accept."""
    with transaction.atomic():
        table = get_for(owner, pk, lock=True)
        check_owner(table, owner)
        check_open(table)
        if not isinstance(username, str) or not 0 < len(username.strip()) <= 150:
            raise ServiceError("invalid_input", problem=_("name the person you invite by their username"))
        guest = find_user(username.strip())
        check_not_seated(table, guest)
        seat = first_open_seat(table)
        seat.user, seat.invited = guest, True
        seat.save(update_fields=["user", "invited"])
    return table


def do_join(user, pk, token=None):
    """``user`` sits down: in the seat held for them, or with the link in the first open seat."""
    with transaction.atomic():
        table = get_for(user, pk, token, lock=True)
        check_open(table)
        held = table.seats.filter(user=user).first()
        if held is not None and not held.invited:
            raise ServiceError("already_seated", user=user.username)
        if held is None and not token_matches(table, token):
            raise ServiceError("wrong_token")
        limits.check_allowance(user)
        seat = held or first_open_seat(table)
        seat.user, seat.invited = user, False
        seat.save(update_fields=["user", "invited"])
    return table


def do_leave(user, pk):
    """A person who is not the owner gives their seat (or invitation) back before the start."""
    with transaction.atomic():
        table = get_for(user, pk, lock=True)
        check_open(table)
        if table.owner_id == user.pk:
            raise ServiceError("owner_stays")
        table.seats.filter(user=user).update(user=None, invited=False)
    return table


def do_fill(owner, pk, strategy):
    """House bots of ``strategy`` in every open seat (seats held for named people stay theirs)."""
    with transaction.atomic():
        table = get_for(owner, pk, lock=True)
        check_owner(table, owner)
        check_open(table)
        if strategy not in strategies_for(table.ruleset):
            raise ServiceError(
                "unknown_strength", strength=str(strategy), strengths=", ".join(sorted(strategies_for(table.ruleset)))
            )
        first_open_seat(table)  # refuses a table with no open seat
        table.seats.filter(user__isnull=True, house_strategy="").update(house_strategy=strategy)
    return table


def do_free_seat(owner, pk, index):
    """The owner takes back a seat: a house bot, an invitation, or a guest who sat down."""
    with transaction.atomic():
        table = get_for(owner, pk, lock=True)
        check_owner(table, owner)
        check_open(table)
        seat = table.seats.filter(index=index).first() if isinstance(index, int) else None
        if seat is None or seat.user_id == owner.pk:
            raise ServiceError("not_a_guest_seat")
        seat.user, seat.invited, seat.house_strategy = None, False, ""
        seat.save(update_fields=["user", "invited", "house_strategy"])
    return table


def do_new_link(owner, pk):
    """A new invitation link: the old one stops working at once."""
    with transaction.atomic():
        table = get_for(owner, pk, lock=True)
        check_owner(table, owner)
        check_open(table)
        table.link_nonce = secrets.token_hex(16)
        table.save(update_fields=["link_nonce"])
    return table


def do_cancel(owner, pk):
    with transaction.atomic():
        table = get_for(owner, pk, lock=True)
        check_owner(table, owner)
        check_open(table)
        table.status = FriendsTable.Status.CANCELLED
        table.save(update_fields=["status"])
    return table


def do_start(owner, pk):
    """Start the match, each holder in their lobby seat, once every seat is taken."""
    with transaction.atomic():
        table = get_for(owner, pk, lock=True)
        check_owner(table, owner)
        check_open(table)
        seats = list(table.seats.select_related("user").order_by("index"))
        if not all(seat.is_taken for seat in seats):
            raise ServiceError("seats_open")
        holders = [seat.user if seat.user_id else house_bot(seat.house_strategy) for seat in seats]
        people = limits.seat_owners(holders)
        limits.lock_owners(people)
        for person in people:
            limits.check_allowance(person)
        match = creating.do_create_match(table.ruleset, table.options, holders, created_by=owner)
        table.status, table.match, table.started_at = FriendsTable.Status.STARTED, match, timezone.now()
        table.save(update_fields=["status", "match", "started_at"])
    return table
