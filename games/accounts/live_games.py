"""A person's live games, "your turn" first (issue 19): what the home page and
``GET /api/v1/me/matches/`` list.

One query for the whole list: the person's seats at live matches, each with its match's
``to_act`` (written with every append, so no stream is replayed) and the time of the match's
last event (the stream's head, one indexed read per row inside the same query). Only what a
list needs: no hand, no view, nothing another seat holds.
"""

from django.db.models import BooleanField, Case, CharField, F, OuterRef, Subquery, Value, When
from django.db.models.functions import Cast, Concat

from games.models import Event, Match, Seat

MOST_LISTED = 100  # more live games than anyone plays at once; the list says when it stops short


def live_seats(user, limit=MOST_LISTED):
    """``user``'s seats at live matches: those whose turn it is first, then the others by their
    latest move, newest first. At most ``limit`` (a list, with ``truncated``)."""
    if user is None or not user.is_authenticated:
        return [], False
    last_move = Event.objects.filter(
        stream=Concat(Value("match/"), Cast(OuterRef("match_id"), CharField())), version=OuterRef("match__version")
    ).values("recorded_at")[:1]
    rows = list(
        Seat.objects.filter(user=user, match__status=Match.Status.LIVE)
        .select_related("match")
        .annotate(
            your_turn=Case(
                When(match__to_act=F("index"), then=Value(True)), default=Value(False), output_field=BooleanField()
            ),
            last_move=Subquery(last_move),
        )
        .order_by(F("your_turn").desc(), F("last_move").desc(nulls_last=True), "-match_id")[: limit + 1]
    )
    return rows[:limit], len(rows) > limit


def summary(seat):
    """One row of the list, as the API gives it (the page shows the same facts)."""
    match = seat.match
    return {
        "match": match.pk,
        "ruleset": match.ruleset,
        "event": match.event or None,
        "num_seats": match.num_seats,
        "your_seat": seat.index,
        "to_act": match.to_act,
        "your_turn": seat.your_turn,
        "version": match.version,
        "last_move_at": seat.last_move.isoformat() if seat.last_move else None,
    }
