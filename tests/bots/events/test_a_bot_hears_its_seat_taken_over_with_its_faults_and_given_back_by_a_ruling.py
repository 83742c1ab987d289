"""A bot whose seat a house bot takes after its faults hears it (``taken_over``: why, who plays
on, and the faults that led there), and hears of it again when the organiser's ruling gives the
seat back (``seat_returned``); its ``game_end`` says its seat was taken over."""

import pytest

from bots import registry, runner
from bots.models import BotEvent
from games.models import Event, Match
from tests.fixtures.bots import run_until_over
from tournaments.service import creation, entries, rounds, rulings

pytestmark = pytest.mark.django_db


def failing(request):
    return 500, b"oops", 0


def test_three_faults_tell_the_bot_its_seat_was_taken_and_how_the_game_ended(
    make_bot, bot_server, private_webhooks_allowed, django_capture_on_commit_callbacks
):
    from tests.bots.webhook_turns import match_where_it_acts_first

    hook = make_bot(kind="webhook", url=bot_server(failing).url, name="broken")
    with django_capture_on_commit_callbacks(execute=True):
        match = match_where_it_acts_first(make_bot, hook)
    run_until_over(match)
    taken = BotEvent.objects.get(bot=hook, type="taken_over")
    seat = taken.data["seat"]
    stored = Event.objects.get(stream=match.stream, type="seat_taken_over").payload
    assert (taken.data["reason"], taken.data["by"], seat) == (stored["reason"], stored["by"], stored["seat"])
    assert [f["fault"] for f in taken.data["faults"]] == ["http_error"] * 3
    assert BotEvent.objects.get(bot=hook, type="game_end").data["taken_over"] is True


def test_the_organisers_ruling_gives_the_seat_back_and_the_bot_hears_it(
    organiser, players, bot_server, private_webhooks_allowed
):
    bot, _token, _secret = registry.register(organiser, "mended", "webhook", url=bot_server(failing).url)
    # Every person's turn is due at once (their seats go to house bots after one timeout).
    t = creation.do_create_tournament(
        organiser,
        "Bots too",
        "king",
        {},
        "swiss",
        1,
        person_move_seconds=0,
        person_bank_seconds=1,
        person_strike_limit=1,
    )
    for person in players[:3]:
        entries.do_register(t.pk, person, user=person)
    entries.do_register(t.pk, organiser, bot=bot)
    rounds.do_start_round(t.pk, organiser)
    match = Match.objects.get(event=t.stream)
    Match.objects.filter(pk=match.pk).update(bank_seconds=0)
    for _ in range(500):
        if BotEvent.objects.filter(bot=bot, type="taken_over").exists():
            break
        match.refresh_from_db()
        runner.run_turns(match.pk, match.version)  # the people's turns time out, the bot's fault
        runner.person_deadline(match.pk, match.version)
    seat = BotEvent.objects.get(bot=bot, type="taken_over").data["seat"]

    rulings.do_record_ruling(t.pk, organiser, "return_seat", match.pk, "its server is mended", seat=seat)
    match.refresh_from_db()
    returned = BotEvent.objects.get(bot=bot, type="seat_returned")
    assert returned.data == {
        "match": match.pk,
        "seat": seat,
        "reason": "its server is mended",
        "version": match.version,
    }
