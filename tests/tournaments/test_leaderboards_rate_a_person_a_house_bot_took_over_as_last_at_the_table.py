"""The rule for bots holds for people: in a rated tournament, a person whose seat a house bot took
over for timeouts (the people's clock) and kept to the end is rated as last at that table, and
the three who played are rated among themselves. A seat the organiser's ruling gave back is the
person's again: that match is rated on its scores, as played."""

import pytest

from bots import runner
from games.models import Match
from games.record import eventlog
from games.service import hand_overs, playing, states
from tournaments import leaderboards
from tournaments.ratings import NEWCOMER, rate_match
from tournaments.service import creation, entries, results, rounds, rulings

pytestmark = pytest.mark.django_db


def started(organiser, players):
    t = creation.do_create_tournament(
        organiser,
        "Clocked and rated",
        "king",
        {"quick_game_combined_negatives": True},
        "swiss",
        1,
        rated=True,
        person_move_seconds=0,
        person_bank_seconds=1,
        person_strike_limit=1,
    )
    for person in players:
        entries.do_register(t.pk, person, user=person)
    rounds.do_start_round(t.pk, organiser)
    match = Match.objects.get(event=t.stream)
    Match.objects.filter(pk=match.pk).update(bank_seconds=0)  # a turn let run is due at once
    return t, match


def play_to_the_end(match, sleeper, returned=None):
    """Everyone plays their first legal action at once, except ``sleeper``, whose turns all run
    out: a house bot takes the seat, unless ``returned(seat)`` gives it back then."""
    by_seat = {s.index: s.user for s in match.seats.select_related("user")}
    sleeper_seat = next(seat for seat, user in by_seat.items() if user == sleeper)
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return sleeper_seat
        state = states.current_state(match)
        seat = state.to_act
        if hand_overs.seat_taken_over(match, seat):
            runner.run_turns(match.pk, match.version)
        elif seat == sleeper_seat:  # (after a return, each timeout is a fallback move, not a hand-over)
            runner.person_deadline(match.pk, match.version)
            if hand_overs.seat_taken_over(match, seat) and returned is not None:
                returned(seat)
                returned = None
        else:
            playing.submit_action(match.pk, by_seat[seat], state.legal_actions()[0], match.version)
    raise AssertionError("the match did not finish")


def finish(t, organiser, match):
    results.do_record_result(match.pk)
    results.do_close_round(t.pk, organiser)
    result = next(r.payload for r in eventlog.stream_events(t.stream) if r.type == "match_result")
    return result, leaderboards.rating_book()[0]["king"]


def test_a_person_taken_over_for_timeouts_falls_and_the_others_are_rated_among_themselves(organiser, players):
    t, match = started(organiser, players)
    seat = play_to_the_end(match, players[1])
    result, ratings = finish(t, organiser, match)
    keys = [f"user:{u}" for u in match.seats.order_by("index").values_list("user_id", flat=True)]
    assert ratings[keys[seat]].mu < NEWCOMER.mu and ratings[keys[seat]].sigma == NEWCOMER.sigma
    others = [s for s in range(4) if s != seat]
    alone = rate_match({}, [keys[s] for s in others], [result["scores"][s] for s in others])
    assert {keys[s]: ratings[keys[s]] for s in others} == dict(alone)
    assert result["taken_over"] == [seat]


def test_a_seat_given_back_by_a_ruling_is_rated_as_played(organiser, players):
    t, match = started(organiser, players)

    def give_back(seat):
        rulings.do_record_ruling(t.pk, organiser, "return_seat", match.pk, "the phone rang", seat=seat)
        Match.objects.filter(pk=match.pk).update(strike_limit=30_000)  # and it plays on to the end (a smallint column)

    play_to_the_end(match, players[1], returned=give_back)
    result, ratings = finish(t, organiser, match)
    keys = [f"user:{u}" for u in match.seats.order_by("index").values_list("user_id", flat=True)]
    assert dict(ratings) == dict(rate_match({}, keys, result["scores"]))
    assert result["taken_over"] == []
