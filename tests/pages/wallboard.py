"""Helpers for the room's page tests (the projector, the table cards, the withdrawal's
confirmation): a tournament of eight built-in bots whose first round is in play, table 1 over
and table 2 some moves into its first deal."""

import re

from django.test import Client

from bots.runner import play_builtin
from games.models import Match, Seat
from games.service import states
from tests.fixtures.bots import run_until_over
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds

QUICK_KING = {"quick_game_combined_negatives": True}
CARD = re.compile(r"(?<![\w.])[2-9TJQKA][SHDC](?![\w.])")  # a card's code, as the engine writes it


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def play_moves(match, moves):
    """Play ``moves`` turns of the bots at a match, as a worker would."""
    holders = {s.index: s.bot for s in Seat.objects.filter(match=match).select_related("bot")}
    for _ in range(moves):
        match.refresh_from_db()
        state = states.current_state(match)
        play_builtin(match, holders[state.to_act], state.to_act, match.version, state, "random")
    match.refresh_from_db()
    return match


def round_in_play(organiser, make_bot, format="swiss", options=QUICK_KING, entrants=8, name="Club night"):
    """(tournament, [table 1's match, table 2's match]): round 1 started, table 1 played to its
    end, table 2 five moves into its first deal."""
    tournament = creation.do_create_tournament(organiser, name, "king", options, format, 3)
    for i in range(entrants):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"bot-{i}"))
    rounds.do_start_round(tournament.pk, organiser)
    tables = TournamentTable.objects.filter(tournament=tournament).select_related("match").order_by("table")
    first, second = (t.match for t in tables)
    run_until_over(first)
    results.do_record_result(first.pk)
    play_moves(second, 5)
    tournament.refresh_from_db()
    return tournament, [Match.objects.get(pk=first.pk), Match.objects.get(pk=second.pk)]


def hidden_cards(match):
    """Every card still in a hand at the match: what no spectator may see."""
    state = states.current_state(match)
    return {card for seat in range(match.num_seats) for card in state.hand(seat)}
