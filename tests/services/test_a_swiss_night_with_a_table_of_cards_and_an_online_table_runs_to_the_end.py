"""A club night with cards, on PostgreSQL and a real Celery worker (docs/tournaments.md, "Tables
with cards"): an 8-player Swiss of two rounds, six people and two house bots. Each round, the
table of four people plays with real cards (its deals entered through its table code, each
confirmed by the next seat) and the other table online, where two people play their turns
through the site and the worker plays the house bots. Both rounds run to the end; the results
are the tables' own scores, the kept standings are the rebuilt ones, and the verifier passes."""

import random
import time

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, Seat
from games.record import eventlog
from games.service import playing, states
from tests.fixtures.people import client_for
from tests.fixtures.services import start_match
from tests.tournaments.card_tables import enter_and_confirm, post
from tournaments import projection
from tournaments import standings as folds
from tournaments.audit import verify_tournament
from tournaments.models import Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds, tables_with_cards

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]

DEADLINE = 180  # seconds an online table may take before the test fails with the worker's log


def play_online(match, worker, rng):
    """Play ``match`` to its end: its people's turns from here (a random legal action each), its
    house bots' by the worker, handed each bot turn as the site's announcement would."""
    people = dict(Seat.objects.filter(match=match, user__isnull=False).values_list("index", "user"))
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=people.values())}
    deadline, handed = time.monotonic() + DEADLINE, None
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return
        if match.to_act in people:
            action = rng.choice(states.match_state(match).legal_actions())
            playing.submit_action(match.pk, users[people[match.to_act]], action, match.version)
        elif match.to_act is not None and handed != match.version:
            start_match(worker, match)
            handed = match.version
        else:
            time.sleep(0.05)
    pytest.fail(f"match {match.pk} stuck at version {match.version}:\n{worker.log_text()[-3000:]}")


def test_two_rounds_of_a_card_table_beside_an_online_table(organiser, celery_worker_factory, redis_url, worker_env):
    worker = celery_worker_factory(redis_url, extra_env=worker_env)
    t = creation.do_create_tournament(
        organiser, "Club night", "rifki", {"short_mode": True}, "swiss", 2, fill=Tournament.Fill.HOUSE_BOTS
    )
    for i in range(6):
        someone = get_user_model().objects.create_user(f"club-{i}", password="long-enough-pass")
        entries.do_register(t.pk, someone, user=someone)
    tables_with_cards.do_set_tables_with_cards(t.pk, organiser, 1)
    rng = random.Random(34)
    for round_no in (1, 2):
        rounds.do_draw_round(t.pk, organiser)
        started = rounds.do_start_round(t.pk, organiser)
        rows = {r.table: r for r in TournamentTable.objects.filter(tournament=t, round=round_no)}
        cards = [row for row in rows.values() if row.cards]
        online = [row for row in rows.values() if not row.cards]
        assert len(started) == 2 and len(cards) == 1 and len(online) == 1, "one table of each kind a round"
        assert online[0].match.seats.filter(user__isnull=True).count() == 2  # the house bots sit online

        code = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()["tables"][0]["code"]
        phone = client_for()
        sheet = enter_and_confirm(code, 12, client=phone)
        assert post(phone, code, {"type": "finish"}, sheet["version"]).status_code == 201
        play_online(online[0].match, worker, rng)
        results.do_record_result(online[0].match_id)  # the worker's announcement, if it came first, did it
        results.do_record_result(cards[0].match_id)
        results.do_close_round(t.pk, organiser)
        for row in rows.values():
            row.match.refresh_from_db()
            assert row.match.status == Match.Status.OVER

    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    recorded = {
        r.payload["match"]: r.payload["scores"] for r in eventlog.stream_events(t.stream) if r.type == "match_result"
    }
    for row in TournamentTable.objects.filter(tournament=t):
        assert recorded[row.match_id] == states.match_state(row.match).scores
    kept = folds.ranking(projection.update_standings(t.pk))
    assert kept == folds.ranking(projection.rebuild_standings(t.pk)) and len(kept) == 8
    report = verify_tournament(t)
    assert report["ok"], [c for c in report["checks"] if not c["ok"]]
    entered = [c for c in report["checks"] if c["check"] == "deal_seed" and "real cards" in c["message"]]
    assert len(entered) == 2  # each round's card table, checked by its replay instead of a seed
