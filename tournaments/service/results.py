"""A tournament's results: a finished match's scores recorded once no table still plays its
cards, the open round closed once every table has its result, and the event ended (its seed
revealed) after the last round."""

from django.db import transaction

from games.errors import ServiceError
from games.models import Match

from ..models import Tournament, TournamentTable
from .stream import actor_of, append, check_organiser, locked, seated_entrants


def results_due(match_id):
    """The finished matches whose results may be recorded now that ``match_id`` has ended:
    itself, or, where tables share cards, every finished table of the board once none plays it
    any more. A closed room's result is held back with the rest of it (docs/api.md "Closed
    rooms"): standings that moved when one table finished would tell the other tables of
    the board how it went."""
    from games.service import access

    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.cards_group:
        return [match_id]
    if access.cards_still_in_play(match):
        return []
    finished = TournamentTable.objects.filter(
        match__cards_group=match.cards_group, match__status=Match.Status.OVER, result_recorded=False
    )
    return list(finished.order_by("match_id").values_list("match_id", flat=True))


def do_record_result(match_id):
    """A tournament match is over: its scores become a match_result event (once), with the
    seats a house bot held at its end (``taken_over``: the ratings count them as forfeits), and
    not while another table still plays its cards (``results_due``)."""
    from games.service import access, hand_overs, states

    with transaction.atomic():
        table = TournamentTable.objects.filter(match_id=match_id, result_recorded=False).first()
        if table is None:
            return None
        tournament = locked(table.tournament_id)
        table = TournamentTable.objects.select_for_update().get(pk=table.pk)
        match = Match.objects.get(pk=match_id)
        if table.result_recorded or match.status != Match.Status.OVER or access.cards_still_in_play(match):
            return None
        tables, _byes = seated_entrants(tournament)
        seats = tables[table.round][table.table - 1]
        result = {
            "type": "match_result",
            "round": table.round,
            "table": table.table,
            "match": match_id,
            "board": table.board or None,
            "seats": seats,
            "scores": list(states.match_state(match).scores),
            "taken_over": hand_overs.seats_taken_over(match),
        }
        append(tournament, [result], "system")
        table.result_recorded = True
        table.save(update_fields=["result_recorded"])
        tournament.save(update_fields=["version", "head_hash"])
    return result


def tables_waiting(tournament):
    """The tables without a result that keep the open round from closing: the round's own and,
    before the last round ends the event and reveals its seed, any earlier round's replay."""
    tables = TournamentTable.objects.filter(tournament=tournament, result_recorded=False)
    if tournament.current_round < tournament.rounds:
        tables = tables.filter(round=tournament.current_round)
    return tables.count()


def check_round_can_close(tournament):
    """Refuses unless a round is open and no table keeps it waiting (its own tables and, before
    the last round closes, any replay ordered earlier)."""
    if tournament.current_round == tournament.closed_round:
        raise ServiceError("no_open_round")
    waiting = tables_waiting(tournament)
    if waiting:
        raise ServiceError("results_missing", waiting=waiting, round=tournament.current_round)


def do_close_round(tournament_id, by):
    """Close the current round once every table has its result; after the last, end the event."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        check_round_can_close(tournament)
        events = [{"type": "round_closed", "round": tournament.current_round}]
        if tournament.current_round == tournament.rounds:
            # The seed is revealed: anyone can now re-derive every deal of the event.
            events.append({"type": "tournament_ended", "seed": tournament.seed})
            tournament.status = Tournament.Status.FINISHED
        append(tournament, events, actor_of(by))
        tournament.closed_round = tournament.current_round
        # The round is over everywhere: its cards and seeds may now be public (docs/architecture.md §3.5).
        Match.objects.filter(
            tournament_table__tournament=tournament, tournament_table__round=tournament.current_round
        ).update(public_when_over=True)
        tournament.save(update_fields=["version", "head_hash", "closed_round", "status"])
    return events
