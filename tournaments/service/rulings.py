"""An arbiter's rulings on a tournament's matches, appended as events of its own: adjusted
scores, annulled matches, a deal replayed, penalties (which the standings fold), and a
person's seat a house bot took given back (which they do not)."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from bots import events as bot_events
from games.errors import ServiceError

from ..models import Entrant, Tournament, TournamentTable
from ..tasks_standings import update_standings
from .rounds import create_table_match
from .stream import actor_of, append, check_organiser, locked, seated_entrants

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
    from .. import projection
    from .. import standings as folds

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
        cards=table.cards,
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


def do_return_seat(tournament_id, by, match_id, seat, reason):
    """A ruling of the organiser: the seat a house bot took (a person's for timeouts, a bot's for
    faults) at one of the tournament's live matches is theirs again (a seat_returned event in
    the match's stream, and a seat_returned event in the tournament's, which the standings
    ignore); a bot holding it is told (bots.events)."""
    from games.service import hand_overs

    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        if (
            not isinstance(match_id, int)
            or not TournamentTable.objects.filter(tournament=tournament, match_id=match_id).exists()
        ):
            raise ServiceError("not_found", problem=_("no match %(match)s in this tournament"), match=match_id)
        match = hand_overs.do_return_seat(match_id, seat, actor_of(by), reason)
        bot_events.record_seat_returned(match, seat, reason.strip(), match.version)  # a bot's seat: it hears
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
