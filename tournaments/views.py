"""Server-rendered tournament pages: thin views over tournaments.read (the API's read path)."""

from django.db.models import Q
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from bots import friends
from games.engine import RULESETS
from games.offer import offered_rulesets
from games.templatetags.cards import seat_number

from . import home_page_games, read
from .models import Entrant, Tournament, TournamentTable


def home(request):
    # (name, label, what the game is) per ruleset: the engine's msgids, in the reader's language.
    rulesets = [(ruleset.name, _(ruleset.label), _(ruleset.summary)) for ruleset in offered_rulesets()]
    games, more_games = home_page_games.rows(request.user)
    context = {"tournaments": read.live_and_recent(), "live_tables": read.live_tables(), "rulesets": rulesets}
    mine = {
        "my_games": games,
        "more_games": more_games,
        "my_match_ids": {g["match"] for g in games},
        # The game "Continue" goes back to: the first listed, where it is their turn if anywhere.
        "next_game": games[0] if games else None,
        "your_turns": sum(g["your_turn"] for g in games),
    }
    return render(request, "home.html", {**context, **mine, "table_invitations": friends.waiting_for(request.user)})


def tournament_context(pk):
    tournament = Tournament.objects.select_related("organiser").filter(pk=pk).first()
    if tournament is None:
        raise Http404("No such tournament.")
    names = dict(tournament.entrants.values_list("pk", "name"))
    rounds = read.rounds(tournament)
    for round_ in rounds:
        for table in round_["tables"]:
            table["names"] = [names[e] for e in table["seats"]]
        round_["bye_names"] = [names[e] for e in round_["byes"]]
    upcoming = read.next_round(tournament)
    return {
        "tournament": tournament,
        # The next round's tables once drawn, before it starts (docs/tournaments.md, "Draw,
        # check-in and start"), and whether the draw seats only the people checked in.
        "drawn": drawn_round(upcoming.draw, names) if upcoming.draw else None,
        "check_in_required": upcoming.check_in_required,
        "tables_with_cards": upcoming.tables_with_cards,
        "standings": read.standings_rows(tournament),
        "rounds": rounds[::-1],
        "root_hash": read.root_hash(tournament),
        "duplicate": tournament.format == Tournament.Format.DUPLICATE,
        "live": tournament.status != Tournament.Status.FINISHED,
        # The ruleset's word on which total wins (penalty points: the lowest), said above the
        # standings, which rank that way.
        "lowest_wins": RULESETS[tournament.ruleset].lowest_wins(tournament.options),
    }


def drawn_round(draw, names):
    """A round_drawn event as the pages show it: each table's players in seat order, their
    seats numbered from 1 (docs/pages.md, "Seat numbers"), and the byes."""
    tables = [
        table
        | {
            "names": [names[e] for e in table["seats"]],
            "seat_rows": [{"seat": seat_number(i), "name": names[e]} for i, e in enumerate(table["seats"])],
        }
        for table in draw["tables"]
    ]
    return {
        "round": draw["round"],
        "tables": tables,
        "byes": draw["byes"],
        "bye_names": [names[e] for e in draw["byes"]],
    }


def my_entries(request, tournament):
    """The viewer's own entries in the tournament (in person, or a bot of theirs), and which of
    them may check in now: their own person, registered, while the tournament is not over (a
    bot needs no chair: the draw seats it checked in or not)."""
    if not request.user.is_authenticated:
        return {"my_entries": [], "can_check_in": []}
    mine = list(
        tournament.entrants.filter(Q(user=request.user) | Q(bot__owner=request.user))
        .exclude(kind=Entrant.Kind.HOUSE_BOT)
        .order_by("pk")
    )
    open_ = tournament.status != Tournament.Status.FINISHED
    return {
        "my_entries": mine,
        "can_check_in": [
            e for e in mine if open_ and e.kind == Entrant.Kind.USER and e.status == Entrant.Status.REGISTERED
        ],
    }


def my_tables(request, pk):
    """The viewer's own tables in the tournament: their links say "Play", not "Watch live"."""
    if not request.user.is_authenticated:
        return set()
    return set(
        TournamentTable.objects.filter(tournament_id=pk, match__seats__user=request.user).values_list(
            "match_id", flat=True
        )
    )


def tournament_detail(request, pk, status=200, error=None):
    context = tournament_context(pk)
    return render(
        request,
        "tournaments/detail.html",
        {**context, **my_entries(request, context["tournament"]), "my_tables": my_tables(request, pk), "error": error},
        status=status,
    )


def tournament_live(request, pk):
    """The parts of the tournament page that change while it runs (htmx swaps them in)."""
    return render(request, "tournaments/_live.html", {**tournament_context(pk), "my_tables": my_tables(request, pk)})
