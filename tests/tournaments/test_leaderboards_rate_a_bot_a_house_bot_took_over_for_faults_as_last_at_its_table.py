"""In a rated tournament, a webhook bot that answers 500 on every turn is taken over by a house
bot after three faults; the match's result records the seat as taken over (``match_result``'s
``taken_over``, from the match's log), and the leaderboard rates it as that bot's forfeit: its
rating falls whatever the house bot made of the seat, and the other three are rated on what
they played among themselves. The standings still count the scores as played."""

import pytest

from games.record import eventlog
from tests.tournaments.test_a_swiss_event_of_bots_runs_from_the_draw_to_the_revealed_seed import play_round
from tournaments import leaderboards
from tournaments.ratings import NEWCOMER, rate_match
from tournaments.service import creation, entries

pytestmark = pytest.mark.django_db


def test_the_broken_bot_falls_and_the_others_are_rated_among_themselves(
    organiser,
    make_bot,
    bot_server,
    private_webhooks_allowed,
):
    server = bot_server(lambda request: (500, b'{"error": "down"}', 0))
    t = creation.do_create_tournament(
        organiser, "Rated", "king", {"quick_game_combined_negatives": True}, "swiss", 1, rated=True
    )
    broken = make_bot(kind="webhook", url=server.url, name="broken")
    for bot in [broken, *(make_bot(name=f"r{i}", strategy="random") for i in range(3))]:
        entries.do_register(t.pk, organiser, bot=bot)
    (table,) = play_round(t, organiser)

    result = next(r.payload for r in eventlog.stream_events(t.stream) if r.type == "match_result")
    entrants = {e.pk: e for e in t.entrants.all()}
    seat = next(s for s, e in enumerate(result["seats"]) if entrants[e].bot_id == broken.pk)
    assert len(server.requests) == 3  # three faults, then the house bot played the seat

    ratings = leaderboards.rating_book()[0]["king"]
    keys = [f"bot:{entrants[e].bot_id}" for e in result["seats"]]
    assert ratings[keys[seat]].mu < NEWCOMER.mu and ratings[keys[seat]].sigma == NEWCOMER.sigma
    others = [s for s in range(4) if s != seat]
    alone = rate_match({}, [keys[s] for s in others], [result["scores"][s] for s in others])
    assert {keys[s]: ratings[keys[s]] for s in others} == dict(alone)
    assert "broken" in {row.name for row in leaderboards.leaderboard("king")}
    assert result["taken_over"] == [seat]
