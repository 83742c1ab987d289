"""A person's live games, "your turn" first (issue 19): what the home page and
``GET /api/v1/me/matches/`` list.

One query for the whole list: the person's seats at live matches, each with its match's
``to_act`` (written with every append, so no stream is replayed), the time of the match's
last event (the stream's head, one indexed read per row inside the same query) and the seat's
last hand-over (a platform event, read through their own index). Only what a list needs: no
hand, no view, nothing another seat holds.

A seat its person left to a house bot (``seat_taken_over``, reason "left": they cannot come
back) is no game of theirs any more and is not listed, from the moment they leave: the list is
read afresh from the log's rows on every request, never from a copy that could still call it
"your turn" while the house bot takes over (issue 35). A seat the house plays for timeouts (an
arbiter may give it back) stays listed, but is never "your turn": the person cannot act there.
"""

from django.db.models import BooleanField, Case, CharField, F, IntegerField, OuterRef, Q, Subquery, Value, When
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce, Concat

from games.models import Event, Match, Seat

# The hand-over of a seat to a house bot and why its person left it (games.service.hand_overs,
# which this room cannot import: it stands above it).
TAKEN_OVER, LEFT = "seat_taken_over", "left"
MOST_LISTED = 100  # more live games than anyone plays at once; the list says when it stops short


def live_seats(user, limit=MOST_LISTED):
    """``user``'s seats at live matches: those whose turn it is first, then the others by their
    latest move, newest first. At most ``limit`` (a list, with ``truncated``)."""
    if user is None or not user.is_authenticated:
        return [], False
    stream = Concat(Value("match/"), Cast(OuterRef("match_id"), CharField()))
    last_move = Event.objects.filter(stream=stream, version=OuterRef("match__version")).values("recorded_at")[:1]
    # The seat's last hand-over, as "<type>:<reason>" ("seat_taken_over:left", ...), or None.
    hand_over = (
        Event.objects.filter(stream=stream, type__in=(TAKEN_OVER, "seat_returned"))
        .annotate(seat=Cast(KT("payload__seat"), IntegerField()))
        .filter(seat=OuterRef("index"))
        .order_by("-version")
        .values(
            mark=Concat(
                "type",
                Value(":"),
                Coalesce(KT("payload__reason"), Value(""), output_field=CharField()),
                output_field=CharField(),
            )
        )[:1]
    )
    house_plays = Q(hand_over__startswith=TAKEN_OVER + ":")
    rows = list(
        Seat.objects.filter(user=user, match__status=Match.Status.LIVE)
        .select_related("match")
        .annotate(hand_over=Subquery(hand_over, output_field=CharField()))
        .exclude(Q(hand_over=f"{TAKEN_OVER}:{LEFT}") & Q(hand_over__isnull=False))
        .annotate(
            your_turn=Case(
                When(house_plays, then=Value(False)),
                When(match__to_act=F("index"), then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
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
