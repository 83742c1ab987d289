"""The misdeal question (docs/misdeal-question.md): every seat is asked in turn; a person's
"play on" is the clock's, recorded TIMED_QUESTION_SECONDS after their turn starts whatever
they hold, as a plain ``pass`` (no fallback event, no strike, nothing that tells it from a
chosen one); a weak hand may claim during its window and the claim is recorded at once.
Nobody clicks "Play on"."""

from bots import runner, tasks
from games.engine.cards import DECK
from games.models import Event, Match
from games.service import clocks, creating, playing, states
from tests.pages.tables import browser

LOW = [c for c in DECK if c[0] in "23456789T"]
HIGH = [c for c in DECK if c[0] in "JQKA"]
TRUMPS = {"type": "contract", "name": "trump", "suit": "S"}


def asked(players, weak_seat):
    """A Rifki deal of four people where the declarer (seat 0) has named trumps; only
    ``weak_seat`` holds no card above a ten."""
    rest = [c for c in DECK if c not in LOW[:13]]
    hands, strong = [], iter([rest[i::3] for i in range(3)])
    for seat in range(4):
        hands.append(LOW[:13] if seat == weak_seat else next(strong))
    match = creating.do_create_match("rifki", {}, players, board={"declarer": 0, "hands": hands})
    playing.submit_action(match.pk, players[0], TRUMPS, match.version)
    match.refresh_from_db()
    return match


def test_every_persons_pass_lands_at_the_same_delay_whatever_their_hand(players, settings, armed_deadlines):
    match = asked(players, weak_seat=2)
    asked_seats, delays, early = [], [], []
    for _ in range(4):
        match.refresh_from_db()
        state = states.current_state(match)
        if state.phase != "misdeal_claim":
            break
        turn = clocks.person_turn(match, state)
        asked_seats.append(turn["seat"])
        delays.append((turn["deadline"] - clocks.turn_started(match)).total_seconds())
        # Early, the worker's task only comes back at the delay: nothing is recorded before it.
        armed_deadlines.clear()
        tasks.person_turn_deadline(match.pk, match.version)
        early += [round((wake - clocks.turn_started(match)).total_seconds()) for _, _, wake in armed_deadlines]
        settings.TIMED_QUESTION_SECONDS = 0  # the delay has passed
        runner.person_deadline(match.pk, match.version)
        settings.TIMED_QUESTION_SECONDS = 3
    assert sorted(asked_seats) == [0, 1, 2, 3]  # every seat was asked, the weak one too
    assert delays == [3.0] * 4 and early == [3] * 4

    passes = Event.objects.filter(stream=match.stream, type="pass").order_by("version")
    assert [p.payload for p in passes] == [{"seat": s} for s in asked_seats]
    assert {p.metadata["actor"] for p in passes} == {"clock"}
    assert not Event.objects.filter(stream=match.stream, type__in=states.PLATFORM_EVENTS).exists()
    assert all(record.strikes == 0 for record in clocks.seat_records(match))
    match.refresh_from_db()
    assert states.current_state(match).phase == "play"


def test_a_weak_hand_claims_at_once_within_its_window(players):
    match = asked(players, weak_seat=0)  # the declarer is asked first
    assert match.to_act == 0
    playing.submit_action(match.pk, players[0], {"type": "cancel"}, match.version)
    assert Event.objects.filter(stream=match.stream, type="cancel", payload__seat=0).exists()


def test_the_question_has_its_short_clock_on_a_table_with_no_move_time(players):
    match = asked(players, weak_seat=3)
    Match.objects.filter(pk=match.pk).update(move_seconds=None)
    match.refresh_from_db()
    turn = clocks.person_turn(match, states.current_state(match))
    assert (turn["deadline"] - clocks.turn_started(match)).total_seconds() == 3.0
    assert turn["timed"] == {"type": "pass"}


def test_the_page_shows_the_same_countdown_to_a_weak_and_a_strong_hand_and_no_play_on_button(players):
    for weak in (0, 1):
        match = asked(players, weak_seat=weak)
        page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
        assert 'data-countdown="3"' in page and ">Play on</button>" not in page
        assert ('value="{&quot;type&quot;: &quot;cancel&quot;}"' in page) == (weak == 0)
        watcher = browser(players[2]).get(f"/matches/{match.pk}/").content.decode()
        assert "Waiting for the misdeal question" in watcher and "claim a misdeal</button>" not in watcher
