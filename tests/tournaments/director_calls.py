"""Helpers of the calling-the-director tests (docs/tournaments.md, "Calling the director"): a
Swiss King night of four people at one online table, and that table played to its end with its
result recorded."""

from games.models import Match
from games.record import eventlog
from tests.fixtures.matches import QUICK_KING
from tests.tournaments.closed_rooms import play_until
from tournaments.models import Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds


def one_table_night(organiser, people):
    """A one-round Swiss of ``people`` (registered themselves) at one table, its round started;
    returns the tournament and the table's match."""
    t = creation.do_create_tournament(organiser, "Club night", "king", QUICK_KING, "swiss", 1)
    for someone in people:
        entries.do_register(t.pk, someone, user=someone)
    rounds.do_start_round(t.pk, organiser)
    match = TournamentTable.objects.get(tournament=t, round=1, table=1).match
    return Tournament.objects.get(pk=t.pk), match


def finish(match):
    """Play ``match`` to its end by its seats' first legal moves; its result is recorded."""
    play_until(match, lambda state: state.is_over, most=5000)
    results.do_record_result(match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.OVER


def stream_types(tournament):
    return [row.type for row in eventlog.stream_events(tournament.stream)]
