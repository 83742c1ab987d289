"""A ladder bot whose seat a house bot took over for faults gains nothing from the house's play:
the match is rated with that seat as its forfeit (``match_rated`` says ``taken_over``, read from
the match's log), so its rating falls whatever the house bot made of the seat; the three bots
that played are rated among themselves on their own scores; the house bot is rated for nobody.
A rebuild from the ladder's stream gives the same ratings."""

import pytest

from games.models import Match
from games.record import eventlog
from games.service import states
from tests.ladder.conftest import RULESET, play_out
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import key_of
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderRating, LadderTable
from tournaments.ratings import NEWCOMER, rate_match

pytestmark = pytest.mark.django_db


def test_the_faulty_bot_is_rated_last_and_the_others_on_what_they_played(owners, bots):
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    ladder_tick()
    (table,) = LadderTable.objects.all()
    faulty_seat = 1
    play_out(table.match, take_over=faulty_seat)
    match = Match.objects.get(pk=table.match_id)
    handed = [r for r in eventlog.stream_events(match.stream) if r.type == "seat_taken_over"]
    assert [r.payload["seat"] for r in handed] == [faulty_seat]

    event = ladder_service.do_rate_match(table.match_id)

    scores = list(states.match_state(match).scores)
    keys = [key_of(b) for b in table.seats]
    ratings = {r.key: r for r in LadderRating.objects.filter(ruleset=RULESET)}
    faulty = ratings[keys[faulty_seat]]
    assert faulty.mu < NEWCOMER.mu and faulty.sigma == NEWCOMER.sigma and faulty.ordinal < NEWCOMER.ordinal
    assert faulty.games == 1
    played = [seat for seat in range(len(keys)) if seat != faulty_seat]
    alone = rate_match({}, [keys[s] for s in played], [scores[s] for s in played])
    assert {keys[s]: (ratings[keys[s]].mu, ratings[keys[s]].sigma) for s in played} == {
        keys[s]: tuple(alone[keys[s]]) for s in played
    }
    # the house bot that played the seat has no rating from it (it sat at no other seat)
    assert set(ratings) == set(keys)
    assert event["taken_over"] == [faulty_seat]
    assert event["scores"] == scores  # the record keeps what the house bot scored
    assert_read_models_equal_a_rebuild(RULESET)
