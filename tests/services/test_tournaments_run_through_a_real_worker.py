"""Whole tournaments played by real Celery workers over Redis, against the test PostgreSQL database.

The test process creates the event, registers the entrants and starts the first round; two
worker processes on one queue play every bot turn (built-in bots in-process, webhook bots over
loopback HTTP), record each result in the tournament's stream and, on autopilot, close each
round and start the next. The checks recompute what the platform claims from the raw engine logs with small
oracles written here, not with the platform's own standings code.
"""

import hashlib
import hmac
import itertools
import random
import time
from collections import Counter, defaultdict

import pytest
from django.contrib.auth import get_user_model

from games import engine
from games.models import Match, Seat
from games.record import eventlog
from games.service import states
from tests.fixtures.bots import BotServer, first_legal
from tests.fixtures.services import start_match
from tournaments import projection, seating
from tournaments import standings as folds
from tournaments.models import Entrant, Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]

WEBHOOK_TIMEOUT = 10.0  # seconds per bot turn: a loaded CI machine is no bot's fault
DEADLINE = 150  # seconds a whole event may take before the test fails with the workers' logs
QUICK = {"quick_game_combined_negatives": True}
DECK = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


# ------------------------------------------------------------------ setting up
def king_boards(count, seed):
    """``count`` fixed one-deal King boards (a match on a board is one deal: fast)."""
    rng = random.Random(seed)
    contracts = itertools.cycle(["no_tricks", "no_hearts", "positive", "no_queens", "no_men"])
    boards = []
    for dealer in itertools.islice(itertools.cycle(range(4)), count):
        deck = DECK[:]
        rng.shuffle(deck)
        boards.append({"dealer": dealer, "hands": [deck[i::4] for i in range(4)], "contract": next(contracts)})
    return boards


def bots_for(make_bot, count, webhooks, url, prefix):
    """``count`` bots, ``webhooks`` of them webhook bots spread through the field, the rest
    built-in bots of alternating strategies."""
    webhook_at = set(range(0, count, count // webhooks)[:webhooks]) if webhooks else set()
    made, strategies = [], itertools.cycle(["random", "heuristic"])
    for i in range(count):
        if i in webhook_at:
            # Each its own author: one owner never holds two seats of a table (docs/architecture.md §3.5).
            hook = make_bot(kind="webhook", url=url, name=f"{prefix}-hook{i}")
            hook.owner = get_user_model().objects.create_user(f"{prefix}-author{i}")
            hook.save(update_fields=["owner"])
            made.append(hook)
        else:
            made.append(make_bot(strategy=next(strategies), name=f"{prefix}-{i}"))
    return made


def register_all(tournament, organiser, bots):
    """Register ``bots``; someone else's bot is invited and counts once its owner accepts."""
    entrants = [entries.do_register(tournament.pk, organiser, bot=bot) for bot in bots]
    return [
        entries.do_answer_invitation(e.pk, bot.owner, accept=True) if e.status == Entrant.Status.INVITED else e
        for e, bot in zip(entrants, bots)
    ]


def start_workers(celery_worker_factory, redis_url, worker_env, count=2):
    """``count`` real workers on one queue: they play tables side by side, and their results
    and autopilot steps race as they would in production."""
    queue = celery_worker_factory.queue_name()
    return [celery_worker_factory(redis_url, queue=queue, extra_env=worker_env) for _ in range(count)]


def start_round_in_the_workers(workers, tournament, organiser):
    """Start the next round from this process and hand each new match's first turn to the
    workers (this process enqueues nothing itself)."""
    drawn = rounds.do_start_round(tournament.pk, organiser)
    for table in drawn:
        start_match(workers[0], Match.objects.get(pk=table["match"]))
    return drawn


# ------------------------------------------------------------------ waiting
def worker_logs(workers):
    return "\n".join(f"--- worker {i} ---\n{w.log_text()[-3000:]}" for i, w in enumerate(workers))


def wait_until_finished(tournament, workers, timeout=DEADLINE):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return
        time.sleep(0.2)
    open_tables = list(
        TournamentTable.objects.filter(tournament=tournament, result_recorded=False).values_list(
            "round", "table", "match__status", "match__version"
        )
    )
    pytest.fail(
        f"tournament {tournament.pk} stuck in round {tournament.current_round} "
        f"(closed {tournament.closed_round}); tables without a result: {open_tables}\n"
        f"{worker_logs(workers)}"
    )


def wait_for_round_results(tournament, round_no, workers, timeout=DEADLINE):
    """Until the workers have recorded every table's result of ``round_no``."""
    deadline = time.monotonic() + timeout
    tables = TournamentTable.objects.filter(tournament=tournament, round=round_no)
    while time.monotonic() < deadline:
        if tables.exists() and not tables.filter(result_recorded=False).exists():
            return
        time.sleep(0.2)
    pytest.fail(
        f"round {round_no} of tournament {tournament.pk} has tables without a result: "
        f"{list(tables.filter(result_recorded=False).values_list('table', 'match__status'))}\n"
        f"{worker_logs(workers)}"
    )


# ------------------------------------------------------------------ reading back
def tournament_events(tournament):
    rows = eventlog.stream_events(tournament.stream)
    assert eventlog.check_chain(rows) is None
    return rows


def draws(rows):
    """{round: round_started payload}."""
    return {r.payload["round"]: r.payload for r in rows if r.type == "round_started"}


def replayed_matches(tournament, rows):
    """Every drawn table with its match replayed from the raw log through the rules:
    [{round, table, board, seats, match, state, events}]. Checks on the way that each match's
    log chain holds, that no bot turn fell back, that the seats hold the entrants' bots, and
    that the recorded result is the engine's."""
    bot_of = dict(Entrant.objects.filter(tournament=tournament).values_list("pk", "bot_id"))
    results = {r.payload["match"]: r.payload for r in rows if r.type == "match_result"}
    played = []
    for number, draw in sorted(draws(rows).items()):
        for table in draw["tables"]:
            match = Match.objects.get(pk=table["match"])
            assert match.status == Match.Status.OVER
            match_rows = eventlog.stream_events(match.stream)
            assert [r.version for r in match_rows] == list(range(1, len(match_rows) + 1))
            assert eventlog.check_chain(match_rows) is None
            assert not [r.payload for r in match_rows if r.type in states.PLATFORM_EVENTS], (
                f"match {match.pk} had a fallback or a takeover"
            )
            assert list(Seat.objects.filter(match=match).order_by("index").values_list("bot_id", flat=True)) == [
                bot_of[e] for e in table["seats"]
            ]
            events = [eventlog.as_engine_event(r) for r in match_rows]
            state = engine.replay(events, seed=bytes.fromhex(match.seed) if match.seed else None, verify=True)
            assert state.is_over
            result = results[match.pk]
            assert (result["round"], result["table"], result["seats"], result["board"]) == (
                number,
                table["table"],
                table["seats"],
                table["board"],
            )
            assert list(result["scores"]) == list(state.scores)
            played.append(
                {
                    "round": number,
                    "table": table["table"],
                    "board": table["board"],
                    "seats": table["seats"],
                    "match": match,
                    "state": state,
                    "events": events,
                }
            )
    assert set(results) == {p["match"].pk for p in played}  # one result per drawn match, no more
    return played


def place_points(scores):
    """Oracle: 3/2/1/0 by place at the table; seats level with each other share the places
    they span equally."""
    out = []
    for mine in scores:
        better = len([s for s in scores if s > mine])
        level = len([s for s in scores if s == mine])
        spanned = [3, 2, 1, 0][better : better + level]
        out.append(sum(spanned) / len(spanned))
    return out


def table_points_oracle(played, byes=()):
    """Oracle: each entrant's place points summed over its tables, plus 1.5 per bye."""
    totals = defaultdict(float)
    for table in played:
        for entrant, points in zip(table["seats"], place_points(table["state"].scores)):
            totals[entrant] += points
    for entrant in byes:
        totals[entrant] += 1.5
    return dict(totals)


def matchpoints_oracle(played):
    """Oracle: on each board, everyone who held a seat is compared with everyone else who held
    that seat on that board: 2 matchpoints per result beaten, 1 per result tied."""
    held = defaultdict(list)  # (board, seat) -> [(entrant, score)]
    for table in played:
        for seat, entrant in enumerate(table["seats"]):
            held[(table["board"], seat)].append((entrant, table["state"].scores[seat]))
    earned = defaultdict(int)
    for group in held.values():
        for entrant, score in group:
            for other, other_score in group:
                if other != entrant:
                    earned[entrant] += 2 if score > other_score else 1 if score == other_score else 0
    return dict(earned)


def standings_rows(tournament):
    value = projection.update_standings(tournament.pk)
    assert value == projection.rebuild_standings(tournament.pk)
    return {row.entrant: row for row in folds.ranking(value)}


def assert_seed_revealed(tournament, rows):
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert rows[-1].type == "tournament_ended"
    seed = bytes.fromhex(rows[-1].payload["seed"])
    assert hashlib.sha256(seed).hexdigest() == tournament.seed_sha256 == rows[0].payload["seed_sha256"]
    return seed


def first_deal_hands(events):
    return next(e["hands"] for e in events if e["type"] == "deal_started")


# ------------------------------------------------------------------ the events
def test_a_sixteen_entrant_round_robin_of_built_in_and_webhook_bots_finishes_and_its_standings_match_the_engine(
    celery_worker_factory, redis_url, worker_env, make_bot, organiser
):
    boards = king_boards(5, seed="round robin")
    server = BotServer(first_legal)
    try:
        bots = bots_for(make_bot, 16, webhooks=4, url=server.url, prefix="rr")
        t = creation.do_create_tournament(
            organiser,
            "Round robin night",
            "king",
            {},
            "round_robin",
            5,
            boards=boards,
            bot_turn_timeout=WEBHOOK_TIMEOUT,
            autopilot=True,
        )
        entrants = register_all(t, organiser, bots)
        workers = start_workers(celery_worker_factory, redis_url, worker_env)
        start_round_in_the_workers(workers, t, organiser)  # the workers' autopilot plays rounds 2 to 5
        wait_until_finished(t, workers)
    finally:
        server.close()
    assert server.requests, "the webhook bots were never asked"

    rows = tournament_events(t)
    assert_seed_revealed(t, rows)
    assert [r.payload["round"] for r in rows if r.type == "round_closed"] == [1, 2, 3, 4, 5]
    assert [r.metadata["actor"] for r in rows if r.type == "round_started"] == [f"user:{organiser.pk}"] + [
        "system"
    ] * 4  # rounds 2 to 5 were the workers' autopilot
    # every pair of the 16 met exactly once
    ids = {e.pk for e in entrants}
    met = Counter()
    for draw in draws(rows).values():
        assert not draw["byes"] and len(draw["tables"]) == 4
        assert sorted(e for table in draw["tables"] for e in table["seats"]) == sorted(ids)
        for table in draw["tables"]:
            met.update(frozenset(pair) for pair in itertools.combinations(table["seats"], 2))
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(ids, 2)}
    assert set(met.values()) == {1}

    played = replayed_matches(t, rows)
    assert len(played) == 20
    for table in played:  # each round played its fixed board
        assert sorted(map(sorted, first_deal_hands(table["events"]))) == sorted(
            map(sorted, boards[table["round"] - 1]["hands"])
        )
    standings = standings_rows(t)
    expected = table_points_oracle(played)
    assert {e: row.table_points for e, row in standings.items()} == expected
    assert sum(expected.values()) == 6 * 20
    assert all(row.matches == 5 and row.ranked and row.rank is not None for row in standings.values())
    ordered = folds.ranking(projection.update_standings(t.pk))
    assert [row.table_points for row in ordered] == sorted(expected.values(), reverse=True)


def test_a_twelve_entrant_duplicate_event_deals_each_board_alike_and_its_matchpoints_match_the_engine(
    celery_worker_factory, redis_url, worker_env, make_bot, organiser
):
    rounds = seating.full_round_robin_rounds(
        12, table_size=4
    )  # 4: 3 tables play one board a round, everyone meets everyone
    server = BotServer(first_legal)
    try:
        bots = bots_for(make_bot, 12, webhooks=1, url=server.url, prefix="dup")
        t = creation.do_create_tournament(
            organiser,
            "Duplicate night",
            "king",
            QUICK,
            "duplicate",
            rounds,
            bot_turn_timeout=WEBHOOK_TIMEOUT,
            autopilot=True,
        )
        register_all(t, organiser, bots)
        workers = start_workers(celery_worker_factory, redis_url, worker_env)
        start_round_in_the_workers(workers, t, organiser)
        wait_until_finished(t, workers)
    finally:
        server.close()
    assert server.requests, "the webhook bots were never asked"

    rows = tournament_events(t)
    seed = assert_seed_revealed(t, rows)
    played = replayed_matches(t, rows)
    assert len(played) == 3 * rounds
    by_board = defaultdict(list)
    for table in played:
        by_board[table["board"]].append(table)
    assert sorted(by_board) == [f"b{n}" for n in range(rounds)]
    seeds = set()
    for board, tables in by_board.items():
        assert len(tables) == 3 and len({table["round"] for table in tables}) == 1
        # the tables of a board play the same cards: the same seed, the same first deal
        assert len({table["match"].seed for table in tables}) == 1
        assert len({repr(first_deal_hands(table["events"])) for table in tables}) == 1
        # and that seed re-derives from the revealed tournament seed (docs/architecture.md §3.4)
        label = f"tournament/{t.pk}/board/{board}".encode()
        assert tables[0]["match"].seed == hmac.new(seed, label, hashlib.sha256).hexdigest()
        seeds.add(tables[0]["match"].seed)
        # nobody plays a board twice
        assert len({e for table in tables for e in table["seats"]}) == 12
    assert len(seeds) == rounds  # different boards, different cards
    standings = standings_rows(t)
    expected = matchpoints_oracle(played)
    assert {e: row.matchpoints for e, row in standings.items()} == expected
    # each of 12 entrants, on 4 boards, is compared with 2 others: at most 4 * 2 * 2 matchpoints
    assert all(row.percentage == pytest.approx(100 * row.matchpoints / 16) for row in standings.values())
    assert {e: row.table_points for e, row in standings.items()} == table_points_oracle(played)
    ordered = folds.ranking(projection.update_standings(t.pk))
    assert [row.matchpoints for row in ordered] == sorted(expected.values(), reverse=True)


def test_an_entrant_withdrawn_after_round_one_keeps_its_results_and_a_late_entry_plays_from_round_two(
    celery_worker_factory, redis_url, worker_env, make_bot, organiser
):
    server = BotServer(first_legal)
    try:
        bots = bots_for(make_bot, 8, webhooks=2, url=server.url, prefix="wd")
        late_bot = make_bot(strategy="heuristic", name="wd-late")
        t = creation.do_create_tournament(
            organiser,
            "Changing field",
            "king",
            {},
            "swiss",
            3,
            boards=king_boards(3, seed="withdrawal"),
            bot_turn_timeout=WEBHOOK_TIMEOUT,
            autopilot=False,
        )
        entrants = register_all(t, organiser, bots)
        workers = start_workers(celery_worker_factory, redis_url, worker_env)

        start_round_in_the_workers(workers, t, organiser)
        late = entries.do_register(t.pk, organiser, bot=late_bot)  # while round 1 runs
        wait_for_round_results(t, 1, workers)
        results.do_close_round(t.pk, organiser)
        leaver = entrants[3]
        entries.do_withdraw(leaver.pk, organiser)
        for round_no in (2, 3):
            start_round_in_the_workers(workers, t, organiser)
            wait_for_round_results(t, round_no, workers)
            results.do_close_round(t.pk, organiser)
    finally:
        server.close()

    rows = tournament_events(t)
    assert_seed_revealed(t, rows)
    assert next(r.payload["late"] for r in rows if r.type == "entrant_registered" and r.payload["entrant"] == late.pk)
    assert Entrant.objects.get(pk=late.pk).joined_round == 2
    assert [
        (r.type, r.payload.get("round"))
        for r in rows
        if r.type in ("round_started", "round_closed", "entrant_withdrawn")
    ] == [
        ("round_started", 1),
        ("round_closed", 1),
        ("entrant_withdrawn", None),
        ("round_started", 2),
        ("round_closed", 2),
        ("round_started", 3),
        ("round_closed", 3),
    ]
    seated = {n: {e for table in d["tables"] for e in table["seats"]} | set(d["byes"]) for n, d in draws(rows).items()}
    everyone = {e.pk for e in entrants}
    assert seated[1] == everyone  # the late entry missed round 1
    assert seated[2] == seated[3] == everyone - {leaver.pk} | {late.pk}  # and the leaver is gone after it
    assert not Entrant.objects.filter(tournament=t, kind=Entrant.Kind.HOUSE_BOT).exists()

    played = replayed_matches(t, rows)
    standings = standings_rows(t)
    expected = table_points_oracle(played)
    assert {e: row.table_points for e, row in standings.items()} == expected
    leaving = standings[leaver.pk]
    assert leaving.withdrawn and leaving.ranked and leaving.rank is not None and leaving.matches == 1
    round_one = next(table for table in played if table["round"] == 1 and leaver.pk in table["seats"])
    assert leaving.table_points == place_points(round_one["state"].scores)[round_one["seats"].index(leaver.pk)]
    assert standings[late.pk].matches == 2 and not standings[late.pk].withdrawn
    assert all(standings[e].matches == 3 for e in everyone - {leaver.pk})


def run_swiss_with_a_webhook_bot(
    factory, redis_url, worker_env, make_bot, organiser, name, count, rounds, prefix, seed, **settings
):
    """An autopilot Swiss of ``count`` bots (one a loopback webhook bot) on fixed King boards,
    run to its end by real workers; returns (tournament, entrants)."""
    server = BotServer(first_legal)
    try:
        bots = bots_for(make_bot, count, webhooks=1, url=server.url, prefix=prefix)
        t = creation.do_create_tournament(
            organiser,
            name,
            "king",
            {},
            "swiss",
            rounds,
            boards=king_boards(rounds, seed=seed),
            bot_turn_timeout=WEBHOOK_TIMEOUT,
            autopilot=True,
            **settings,
        )
        entrants = register_all(t, organiser, bots)
        workers = start_workers(factory, redis_url, worker_env)
        start_round_in_the_workers(workers, t, organiser)
        wait_until_finished(t, workers)
    finally:
        server.close()
    return t, entrants


def test_seven_entrants_are_filled_up_with_one_unranked_house_bot_through_a_real_worker(
    celery_worker_factory, redis_url, worker_env, make_bot, organiser
):
    t, entrants = run_swiss_with_a_webhook_bot(
        celery_worker_factory, redis_url, worker_env, make_bot, organiser, "Seven", 7, 2, prefix="hb", seed="house bots"
    )

    rows = tournament_events(t)
    assert_seed_revealed(t, rows)
    house = list(Entrant.objects.filter(tournament=t, kind=Entrant.Kind.HOUSE_BOT))
    assert len(house) == 1 and not house[0].ranked
    for draw in draws(rows).values():  # the same house bot completes the tables each round
        seated = [e for table in draw["tables"] for e in table["seats"]]
        assert len(draw["tables"]) == 2 and not draw["byes"]
        assert sorted(seated) == sorted([e.pk for e in entrants] + [house[0].pk])

    played = replayed_matches(t, rows)
    standings = standings_rows(t)
    assert {e: row.table_points for e, row in standings.items()} == table_points_oracle(played)
    robot = standings[house[0].pk]
    assert robot.kind == "house_bot" and not robot.ranked and robot.rank is None and robot.matches == 2
    ranked = folds.ranking(projection.update_standings(t.pk), include_unranked=False)
    assert sorted(row.entrant for row in ranked) == sorted(e.pk for e in entrants)
    assert all(row.rank is not None for row in ranked)
    assert min(row.rank for row in ranked) == 1


def test_nine_entrants_with_byes_sit_a_different_one_out_each_round_through_a_real_worker(
    celery_worker_factory, redis_url, worker_env, make_bot, organiser
):
    t, entrants = run_swiss_with_a_webhook_bot(
        celery_worker_factory,
        redis_url,
        worker_env,
        make_bot,
        organiser,
        "Nine",
        9,
        3,
        prefix="by",
        seed="byes",
        fill="byes",
    )

    rows = tournament_events(t)
    assert_seed_revealed(t, rows)
    assert not Entrant.objects.filter(tournament=t, kind=Entrant.Kind.HOUSE_BOT).exists()
    everyone = {e.pk for e in entrants}
    byes = []
    for _, draw in sorted(draws(rows).items()):
        seated = [e for table in draw["tables"] for e in table["seats"]]
        assert len(draw["tables"]) == 2 and len(draw["byes"]) == 1
        assert set(seated) | set(draw["byes"]) == everyone and not set(seated) & set(draw["byes"])
        byes += draw["byes"]
    assert len(set(byes)) == 3  # the bye rotates: a different entrant sits out each round

    played = replayed_matches(t, rows)
    standings = standings_rows(t)
    assert {e: row.table_points for e, row in standings.items()} == table_points_oracle(played, byes)
    assert all((row.byes, row.matches) == ((1, 2) if e in byes else (0, 3)) for e, row in standings.items())
