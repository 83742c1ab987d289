"""Who may look at a match and what they see: the one door of every view of a match
(``enter``), closed rooms (tables dealt the same cards), the redacted state and events, the
audit page's replays."""

import typing

from django.db import models
from django.utils.translation import gettext_lazy as _

from games import engine, hooks
from games.engine.redact import redact_events, redact_view
from games.errors import ServiceError
from games.models import Match, Seat
from games.record import eventlog, export
from games.service import states

# docs/api.md "Hidden information": a seat sees its own cards; a finished deal's cards reach the table
# and the arbiters, and the public once the match is public. Cards dealt at several tables (a
# duplicate board, a fixed board: one ``cards_group``) make those tables one closed room until
# every table has finished them (403 board_in_play).


class Entry(typing.NamedTuple):
    """What one viewer may see of a match: the seat whose hand they hold (None: the table's
    public view), and whether finished deals show every hand."""

    seat: int | None
    reveal_finished: bool


def get_match(pk):
    """The match ``pk``, or the refusal ``not_found`` (the API's and the streams' 404)."""
    match = Match.objects.filter(pk=pk).first()
    if match is None:
        raise ServiceError("not_found", problem=_("no match %(match)s"), match=pk)
    return match


def is_public(match):
    """Whether the public may see the match's cards and seed: it is over, and so is whatever
    else was dealt the same cards. A tournament holds a match of its own cards back until its
    round has closed (``public_when_over``); a board shared by several tables is shown once
    every table has finished it (a broadcast delayed to the last table)."""
    if match.status != Match.Status.OVER:
        return False
    return match.public_when_over or (bool(match.cards_group) and not cards_still_in_play(match))


def public_export(match, exported_at=None):
    """The lines of a match's export (games.record.export) as its readers get it: the seed
    only once the match is over with public cards (``is_public``)."""
    match = Match.objects.get(pk=match.pk)  # a fresh row: the seed's decision and the events agree
    return export.match_export_lines(match, is_public(match), exported_at)


def cards_still_in_play(match):
    """Whether a match dealt the same cards as ``match`` (a duplicate or fixed board) is live,
    this one included: while it is, the group is a closed room."""
    return (
        bool(match.cards_group)
        and Match.objects.filter(cards_group=match.cards_group, status=Match.Status.LIVE).exists()
    )


def closed_cards_groups(cards_groups):
    """Which of ``cards_groups`` (names, blanks ignored) a live match still plays: one query for
    a page that lists many tables."""
    named = {g for g in cards_groups if g}
    if not named:
        return set()
    live = Match.objects.filter(cards_group__in=named, status=Match.Status.LIVE)
    return set(live.values_list("cards_group", flat=True).distinct())


def signed_in(user):
    return user is not None and user.is_authenticated


def held_by(user):
    """Seats ``user`` holds in person or through a bot of theirs."""
    return models.Q(user=user) | models.Q(bot__owner=user)


def plays_in_event(match, user):
    """Whether ``user`` plays in the event ``match`` belongs to (``plays_in_named_event``)."""
    return plays_in_named_event(match.event, user)


def plays_in_named_event(event, user):
    """Whether ``user`` plays in ``event`` (a ``Match.event`` name): holds a seat in any of its
    matches (in person or through a bot they own), or is an entrant by an event's own check
    (hooks.EVENT_PLAYER_CHECKS). An event's page of every hand (a tournament's hand records)
    asks it before any match is made."""
    if not event or not signed_in(user):
        return False
    seated = Seat.objects.filter(match__event=event).filter(held_by(user)).exists()
    return seated or any(hooks.EVENT_PLAYER_CHECKS.answers(event, user))


def is_free_arbiter(match, user):
    """Staff, or the organiser of the match's event (its creator), who play in no match of the
    event: they may watch a closed room and see its finished deals."""
    if not signed_in(user):
        return False
    organiser = bool(match.event) and user.pk == match.created_by_id
    return (user.is_staff or organiser) and not plays_in_event(match, user)


def person_seat(match, user):
    """The seat ``user`` holds in person at ``match``, or None."""
    if not signed_in(user):
        return None
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


def check_room_entry(match, user, seat):
    """In a closed room, refuse (403 ``board_in_play``) anyone but its own seats, the owners of
    the bots that hold them (who play at no other table of the board), and free arbiters."""
    if seat is not None or is_free_arbiter(match, user):
        return
    if signed_in(user):
        here = Seat.objects.filter(match=match, bot__owner=user).exists()
        elsewhere = (
            Seat.objects.filter(match__cards_group=match.cards_group)
            .exclude(match=match)
            .filter(held_by(user))
            .exists()
        )
        if here and not elsewhere:
            return
    raise ServiceError("board_in_play", match=match.pk)


def check_private_table(match, user):
    """A table of friends' score table (no event) is reached through its secret link alone
    (games.service.score_tables.door); by its match id only its opener and staff find it: to
    anyone else it is not there (404), as a link's secret must not be found by counting ids."""
    if match.entered and not match.event:
        if not (signed_in(user) and (user.is_staff or user.pk == match.created_by_id)):
            raise ServiceError("not_found", problem=_("no match %(match)s"), match=match.pk)


def enter(match, user=None, seat=None):
    """The Entry of ``user`` (or of the bot at ``seat``, which its token proved) to ``match``,
    or ServiceError 403 ``board_in_play`` when the match is a closed room they may not enter.
    The one door of every view of a match: its state, events, streams, pages, sheet, replays,
    export and verification report."""
    check_private_table(match, user)
    closed = cards_still_in_play(match)
    if seat is not None:  # a bot at its own seat: as the table sees it (seat_view)
        return Entry(seat, not closed)
    own = person_seat(match, user)
    if closed:  # nobody who plays in the event sees a finished deal of the board yet
        check_room_entry(match, user, own)
        return Entry(own, own is None and is_free_arbiter(match, user))
    # The table and staff see a deal's cards once it is over; everyone else once it is public.
    return Entry(own, own is not None or (signed_in(user) and user.is_staff) or is_public(match))


def room_progress(match):
    """How far a match has got, for a room that may not be entered (a wall screen's closed
    table): the deal it plays, of how many, and whether it is over; no card, no score."""
    view = redact_view(states.current_state(match), None, reveal_finished=False)
    return {"deal": view["deal"], "deals": view["deals_in_game"], "over": view["is_over"]}


def visible_state(match, user, seat=None):
    """The state as ``user`` (or the bot at ``seat``) may see it now."""
    # A fresh replay: a cached state may be changed by a writer in another thread. Of the rows
    # up to the head the match row names (eventlog.shown_rows).
    state = states.match_state(match, eventlog.shown_rows(match.stream, match.version))
    seat, reveal = enter(match, user, seat)
    return redact_view(state, seat, reveal_finished=reveal)


def visible_events(match, user, after=0, limit=100, seat=None):
    """Events with version > ``after`` (at most ``limit``), redacted for ``user`` (or the bot at ``seat``).

    Only the rows after ``after`` are read, up to the head (whether a deal is over depends on
    what came later; redact_events): a stream's follower, told of every move, reads the few
    new rows, not a log that grows all game long."""
    seat, reveal = enter(match, user, seat)
    rows = eventlog.stream_events(match.stream, after=after, upto=match.version)
    events = [eventlog.as_engine_event(r) for r in rows]
    window = redact_events(events, seat, reveal_finished=reveal, stop=limit, ruleset=match.ruleset)
    return [
        {"version": after + 1 + i, "recorded_at": rows[i].recorded_at.isoformat(), "event": ev}
        for i, ev in enumerate(window)
    ]


def is_arbiter(match, user):
    """Staff, or whoever created the match (a tournament's matches: its organiser)."""
    return user is not None and user.is_authenticated and (user.is_staff or user.pk == match.created_by_id)


def seat_replay(match, user, seat, version):
    """The log up to ``version`` and the state then, as ``seat`` saw them ("all": every hand open).

    Nobody sees a live deal's hidden cards this way (docs/architecture.md §3.5). Staff and the seated
    players may replay every deal that is over, from any seat, staff also with every hand
    open; once the match is public anyone may, and its arbiters (staff or its creator, such as
    a tournament's organiser) with every hand open. The redaction is the live API's own.
    """
    own_seat, may_see_finished = enter(match, user)  # a closed room refuses outsiders first
    rows = eventlog.shown_rows(match.stream, match.version)
    if not 1 <= version <= len(rows):
        raise ServiceError("invalid_version", last=len(rows))
    if seat != "all" and seat not in range(match.num_seats):
        raise ServiceError("invalid_seat", last=match.num_seats - 1)
    public = is_public(match)
    staff = signed_in(user) and user.is_staff
    if seat == "all" and not (staff or (public and is_arbiter(match, user))):
        raise ServiceError("arbiter_only")
    if not public and not (may_see_finished and version <= finished_through(rows)):
        if (staff or own_seat is not None) and cards_still_in_play(match):
            raise ServiceError("board_in_play")
        raise ServiceError("deal_not_over")
    window = rows[:version]
    events = [eventlog.as_engine_event(r) for r in window]
    state = engine.replay(
        [e for e in events if e["type"] not in states.PLATFORM_EVENTS],
        seed=bytes.fromhex(match.seed) if match.seed else None,
    )
    if seat == "all":
        shown, view = (
            events,
            {**state.view(None, reveal_finished=True), "hands": [state.hand(s) for s in range(state.num_seats)]},
        )
    else:
        shown, view = redact_events(events, seat, reveal_finished=True), redact_view(state, seat, True)
    return {
        "match": match.pk,
        "version": version,
        "seat": seat,
        "view": view,
        "events": [{"version": r.version, "event": ev} for r, ev in zip(window, shown)],
    }


def finished_through(rows):
    """The last version that closes a deal (0 if none has ended): the table may replay up to it."""
    last = 0
    for row in rows:
        if row.type in ("deal_ended", "deal_cancelled", "game_ended"):
            last = row.version
    return last


def seat_view(match, seat, state=None, reveal_finished=None):
    """What ``seat`` may see now (its own cards, finished deals): the view a bot is sent.
    ``reveal_finished``, when the caller knows it (a run of moves asks once), saves a query."""
    state = states.current_state(match) if state is None else state
    if reveal_finished is None:
        reveal_finished = not cards_still_in_play(match)
    return redact_view(state, seat, reveal_finished=reveal_finished)
