"""Printable pairings and standings (docs/tournaments.md, "Printed pairings and standings"):
the current round's tables and seats, and the standings, laid out for an A4 sheet pinned on a
club's wall. Public, as the tournament page is, and read through the very context that page
uses (tournaments.views.tournament_context over tournaments.read): the same names, the same
standings, and a closed room's table shows its players and nothing of its cards or scores."""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.templatetags.cards import seat_number

from .views import tournament_context


def printed_round(number, tables, bye_names, drawn):
    """One round as its sheet prints it: each table's number, board and players by seat
    (numbered from 1, docs/pages.md "Seat numbers"), its byes, and whether it is a draw that
    has not started yet. No match, status or score: a wall sheet says where to sit."""
    return {
        "round": number,
        "drawn": drawn,
        "tables": [
            {
                "table": table["table"],
                "board": table["board"],
                "seat_rows": [{"seat": seat_number(i), "name": name} for i, name in enumerate(table["names"])],
            }
            for table in tables
        ],
        "bye_names": bye_names,
        # Every player once, by name: where to find their table on a long sheet.
        "index": sorted(
            (
                {"name": name, "table": table["table"], "seat": seat_number(i)}
                for table in tables
                for i, name in enumerate(table["names"])
            ),
            key=lambda row: (row["name"].casefold(), row["table"]),
        ),
    }


def rounds_to_print(context, asked):
    """(the rounds the sheet prints, every round number it could print). ``?round=all``: every
    round drawn so far, oldest first; ``?round=N``: that one (None when there is no such
    round); else the current one: a draw not started yet, or else the latest round started."""
    played = {r["round"]: printed_round(r["round"], r["tables"], r["bye_names"], False) for r in context["rounds"]}
    drawn = context["drawn"]
    if drawn is not None:
        played[drawn["round"]] = printed_round(drawn["round"], drawn["tables"], drawn["bye_names"], True)
    numbers = sorted(played)
    if asked == "all":
        return [played[n] for n in numbers], numbers
    if asked:
        number = int(asked) if asked.isdigit() and len(asked) < 6 else None
        return ([played[number]] if number in played else None), numbers
    return ([played[numbers[-1]]] if numbers else []), numbers


@require_GET
def print_pairings(request, pk):
    context = tournament_context(pk)
    asked = request.GET.get("round", "")
    printed, numbers = rounds_to_print(context, asked)
    return render(
        request,
        "tournaments/print_pairings.html",
        {
            "tournament": context["tournament"],
            "duplicate": context["duplicate"],
            "printed_rounds": printed or [],
            "no_such_round": printed is None,
            "all_rounds": asked == "all",
            "round_numbers": numbers,
            "printed_at": timezone.now(),
        },
        status=404 if printed is None else 200,
    )


@require_GET
def print_standings(request, pk):
    context = tournament_context(pk)
    return render(
        request,
        "tournaments/print_standings.html",
        {
            "tournament": context["tournament"],
            "duplicate": context["duplicate"],
            "standings": context["standings"],
            "lowest_wins": context["lowest_wins"],
            "root_hash": context["root_hash"],
            "printed_at": timezone.now(),
        },
    )
