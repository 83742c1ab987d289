"""What the organiser's room pages show: the projector (live standings and the current round's
tables, for a wall screen) and the printable table cards. Thin: the tables and standings are
tournaments.views.tournament_context's (the public page's read path); a live table's deal and
scores are the spectator's view of its match (games.service.access.visible_state for nobody signed
in: the one redaction path, so no hidden card can reach the wall); a seat's place is
games.pages.compass's, in the direction of play the ruleset's descriptor gives."""

from django.contrib.auth.models import AnonymousUser
from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.engine import RULESETS
from games.engine.rulesets import CLOCKWISE
from games.errors import ServiceError
from games.models import Match
from games.pages import compass
from games.service import access
from games.templatetags.cards import seat_number

from .views import tournament_context

# games.pages.compass's places around a table seen from seat 0 (at the bottom), as the compass points
# a table card names, so each player finds their chair: seat 0 sits South.
COMPASS_POINTS = {
    "bottom": gettext_noop("South"),
    "left": gettext_noop("West"),
    "top": gettext_noop("North"),
    "right": gettext_noop("East"),
    "top-left": gettext_noop("North-west"),
    "top-right": gettext_noop("North-east"),
}


def projector_version(tournament):
    """A key that changes whenever the projector's view may: the tournament's stream (entries,
    draws, results, rulings) and every move at a table of its latest round. Versions only grow,
    so their sum is enough; an unchanged key lets the poll answer 204 without replaying a match."""
    moves = Match.objects.filter(
        tournament_table__tournament=tournament, tournament_table__round=tournament.current_round
    ).aggregate(total=Sum("version"))["total"]
    return f"{tournament.version}.{moves or 0}"


def projector_context(pk):
    """The standings and the latest round's tables, each with its deal and scores as a spectator sees them."""
    context = tournament_context(pk)
    tournament = context["tournament"]
    # The version is read before the tables: a screen never claims a newer version than what it
    # shows, so a move made meanwhile is fetched on the next poll rather than missed.
    version = projector_version(tournament)
    current = context["rounds"][0] if context["rounds"] else None  # the rounds come newest first
    if context["drawn"]:
        current = None  # the next round is drawn: the screen shows its tables instead
    if current is not None:
        matches = Match.objects.in_bulk([table["match"] for table in current["tables"]])
        # Duplicate: the same cards are dealt at every table, so a finished table's scores would
        # tell the room how a board went that another table still plays: scores show once the round closes.
        show_scores = not context["duplicate"] or current["closed"]
        for table in current["tables"]:
            progress = table_progress(matches[table["match"]])
            scores = progress.pop("scores") if show_scores else [None] * len(table["names"])
            table.update(progress, players=[{"name": n, "score": s} for n, s in zip(table["names"], scores)])
    return context | {
        "current": current,
        "version": version,
        "ranked": [row for row in context["standings"] if row["rank"] is not None],
        "points_label": _("Matchpoints") if context["duplicate"] else _("Table points"),
    }


def table_progress(match):
    """Which deal the table plays of how many, and its scores: the spectator's view, of which
    nothing else is read (no hand, no trick). A closed room shows its progress alone."""
    try:
        view = access.visible_state(match, AnonymousUser())
    except ServiceError:  # board_in_play: other tables still play these cards
        progress = access.room_progress(match)
        return {**progress, "scores": [None] * match.num_seats}
    return {"deal": view["deal"], "deals": view["deals_in_game"], "over": view["is_over"], "scores": view["scores"]}


def cards_context(tournament, round_number=None):
    """One card per table of a round (the latest unless ``round_number``, the next round's
    draw included before it starts): the seats in order with their compass points, the
    ruleset's name and the match to open once it is made."""
    context = tournament_context(tournament.pk)
    rounds = {r["round"]: r for r in context["rounds"]}
    if context["drawn"]:
        # The next round's draw prints before it starts: its cards have no match yet.
        rounds[context["drawn"]["round"]] = context["drawn"]
    number = round_number if round_number in rounds else (max(rounds) if rounds else None)
    ruleset = RULESETS[tournament.ruleset]
    cards = []
    for table in rounds[number]["tables"] if number else []:
        places = compass.places(0, len(table["seats"]), ruleset.direction)
        cards.append(
            table
            | {
                "seat_rows": [
                    {"seat": seat_number(seat), "point": _(COMPASS_POINTS[places[seat]]), "name": name}
                    for seat, name in enumerate(table["names"])
                ]
            }
        )
    return context | {
        "round_number": number,
        "round_numbers": sorted(rounds),
        "cards": cards,
        "drawn_only": bool(context["drawn"]) and number == context["drawn"]["round"],
        "ruleset_label": _(ruleset.label),
        "counter_clockwise": ruleset.direction != CLOCKWISE,
    }
