"""Server-rendered tournament pages: thin views over tournaments.read (the API's read path)."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.offer import offered_rulesets

from . import read
from .models import Tournament


def home(request):
    # (name, label, what the game is) per ruleset: the engine's msgids, in the reader's language.
    rulesets = [(ruleset.name, _(ruleset.label), _(ruleset.summary)) for ruleset in offered_rulesets()]
    return render(
        request,
        "home.html",
        {"tournaments": read.live_and_recent(), "live_tables": read.live_tables(), "rulesets": rulesets},
    )


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
    return {
        "tournament": tournament,
        "standings": read.standings_rows(tournament),
        "rounds": rounds[::-1],
        "root_hash": read.root_hash(tournament),
        "duplicate": tournament.format == Tournament.Format.DUPLICATE,
        "live": tournament.status != Tournament.Status.FINISHED,
    }


def tournament_detail(request, pk):
    return render(request, "tournaments/detail.html", tournament_context(pk))


def tournament_live(request, pk):
    """The parts of the tournament page that change while it runs (htmx swaps them in)."""
    return render(request, "tournaments/_live.html", tournament_context(pk))
