"""What the clubs' tests share (plain helpers, no fixtures: those live in tests/fixtures/): a
club with its people, and a club's event played to its end in this process."""

from bots import runner
from bots.models import Bot
from games.models import Match
from games.service import hand_overs, playing, states
from tests.fixtures.matches import QUICK_KING
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds


def play_out(match, leaver=None):
    """Every seat plays its first legal action (people and bots alike) until the match is over;
    ``leaver`` (a person seated there) leaves the table at their first turn, so a house bot
    finishes their seat (at a tournament's table, leaving is withdrawing)."""
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return match
        state = states.current_state(match)
        seat = match.seats.get(index=state.to_act)
        if hand_overs.seat_taken_over(match, seat.index):
            runner.run_turns(match.pk, match.version)
        elif leaver is not None and seat.user_id == leaver.pk:
            hand_overs.do_leave_seat(match.pk, leaver)
            leaver = None
        else:
            actor = f"bot:{seat.bot_id}" if seat.bot_id else f"user:{seat.user_id}"
            playing.do_act(match.pk, actor, lambda m, i=seat.index: i, playing.FALLBACK, match.version)
    raise AssertionError("the match did not finish")


def play_event(organiser, club, entrants, name="Club night", rounds_=1, rated=True, leaver=None, **settings):
    """A club's event of King's short game, played to its end: people in ``entrants`` register
    themselves, bots are entered by the organiser; every round is started, played and closed."""
    options = settings.pop("options", QUICK_KING)
    tournament = creation.do_create_tournament(
        organiser, name, "king", options, settings.pop("format", "swiss"), rounds_, rated=rated, club=club, **settings
    )
    for entrant in entrants:
        if isinstance(entrant, Bot):
            entries.do_register(tournament.pk, organiser, bot=entrant)
        else:
            entries.do_register(tournament.pk, entrant, user=entrant)
    for number in range(1, rounds_ + 1):
        rounds.do_start_round(tournament.pk, organiser)
        for table in TournamentTable.objects.filter(tournament=tournament, round=number).select_related("match"):
            play_out(table.match, leaver=leaver)
            results.do_record_result(table.match_id)
        results.do_close_round(tournament.pk, organiser)
    tournament.refresh_from_db()
    return tournament
