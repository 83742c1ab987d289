"""The stalled-turn sweep enqueues a live match again only when the seat to act (Match.to_act)
is a bot's and the match has been quiet past the grace period: a table waiting on a person
(however long) is theirs to move, not a worker's."""

from bots import tasks
from games import engine
from games.models import Match
from games.service import creating

SEED, QUICK = b"sweep", {"quick_game_combined_negatives": True}


def table(make_bot, person, person_seat, name):
    """A match with ``person`` in ``person_seat`` and built-in bots in the other seats."""
    seats = [make_bot(name=f"{name}{i}") for i in range(3)]
    seats.insert(person_seat, person)
    return creating.do_create_match("king", QUICK, seats, seed=SEED)


def test_only_a_match_waiting_on_a_bot_past_the_grace_period_is_enqueued(
    make_bot, players, settings, enqueued_bot_turns
):
    first = engine.new_game("king", seed=SEED, options=QUICK).to_act
    waiting_on_person = table(make_bot, players[0], first, "p")
    waiting_on_bot = table(make_bot, players[1], (first + 1) % 4, "b")
    assert (waiting_on_person.to_act, waiting_on_bot.to_act) == (first, first)
    enqueued_bot_turns.clear()

    settings.BOT_STALL_SECONDS = 3600  # both quiet for less than the grace: nothing is due yet
    tasks.sweep_stalled_turns()
    assert enqueued_bot_turns == []

    settings.BOT_STALL_SECONDS = 0  # both quiet past it now
    tasks.sweep_stalled_turns()
    assert enqueued_bot_turns == [(waiting_on_bot.pk, waiting_on_bot.version)]


def test_a_match_of_people_only_or_over_is_never_enqueued(make_bot, players, settings, enqueued_bot_turns):
    people = creating.do_create_match("king", QUICK, players, seed=SEED)
    over = table(make_bot, players[0], (engine.new_game("king", seed=SEED, options=QUICK).to_act + 1) % 4, "o")
    Match.objects.filter(pk=over.pk).update(status=Match.Status.OVER, to_act=None)
    enqueued_bot_turns.clear()
    settings.BOT_STALL_SECONDS = 0
    tasks.sweep_stalled_turns()
    assert enqueued_bot_turns == [] and people.to_act is not None
