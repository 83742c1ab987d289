"""The home page's "Your games" list: games.accounts.live_games's rows, each tournament table named by its
tournament, round and table (one more query for the whole list)."""

from games.accounts import live_games

from .models import TournamentTable


def rows(user):
    seats, truncated = live_games.live_seats(user)
    tables = {
        t.match_id: t
        for t in TournamentTable.objects.filter(match_id__in=[s.match_id for s in seats]).select_related("tournament")
    }
    return [{**live_games.summary(s), "tournament_table": tables.get(s.match_id)} for s in seats], truncated
