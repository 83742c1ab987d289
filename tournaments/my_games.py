"""The home page's "Your games" list: games.mygames's rows, each tournament table named by its
tournament, round and table (one more query for the whole list)."""

from games import mygames

from .models import TournamentTable


def rows(user):
    seats, truncated = mygames.live_seats(user)
    tables = {
        t.match_id: t
        for t in TournamentTable.objects.filter(match_id__in=[s.match_id for s in seats]).select_related("tournament")
    }
    return [{**mygames.summary(s), "tournament_table": tables.get(s.match_id)} for s in seats], truncated
