"""Issue 20's proof through real workers: a nine-entrant Swiss of the Jax chip game of Kings in
the Corner at tables of three, built-in bots of every strategy, three rounds run to the end by
the autopilot. Every hand of every match, replayed from its stored log, has a pot equal to the
chips paid into it (and any pot carried in), and its winner's points equal that pot; the
standings rank by the engine's scores (chips: the highest wins); and the tournament's JSON Lines
export passes verify_match and the standalone verifier, which re-derives every hand."""

import pytest

from games import engine
from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from games.record.audit import verify_match
from games.service import states
from tests.services.test_tournaments_run_through_a_real_worker import (
    assert_seed_revealed,
    draws,
    register_all,
    start_round_in_the_workers,
    start_workers,
    tournament_events,
    wait_until_finished,
)
from tournaments.export import tournament_export_lines
from tournaments.models import Entrant
from tournaments.service import creation

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CHIPS = next(name for name, game in RULESETS.items() if not game.trick_taking and not game.lowest_wins({}))
ENTRANTS, TABLE, ROUNDS = 9, 3, 3


def test_a_nine_entrant_chip_swiss_at_tables_of_three_keeps_every_pot_and_verifies(
    celery_worker_factory, redis_url, worker_env, make_bot, organiser, verifier, tmp_path
):
    game = RULESETS[CHIPS]
    strategies = game.policies
    bots = [make_bot(strategy=strategies[i % len(strategies)], name=f"chips-{i}") for i in range(ENTRANTS)]
    options = {**game.short_game, "players": TABLE}
    t = creation.do_create_tournament(organiser, "Chip night", CHIPS, options, "swiss", ROUNDS, autopilot=True)
    entrants = register_all(t, organiser, bots)
    workers = start_workers(celery_worker_factory, redis_url, worker_env)
    start_round_in_the_workers(workers, t, organiser)
    wait_until_finished(t, workers, timeout=300)

    rows = tournament_events(t)
    assert_seed_revealed(t, rows)
    assert not Entrant.objects.filter(tournament=t, kind=Entrant.Kind.HOUSE_BOT).exists()
    hands = 0
    for _, draw in sorted(draws(rows).items()):
        assert len(draw["tables"]) == ENTRANTS // TABLE and not draw["byes"]
        for table in draw["tables"]:
            match = Match.objects.get(pk=table["match"])
            stored = eventlog.stream_events(match.stream)
            assert eventlog.check_chain(stored) is None and "action_fallback" not in {r.type for r in stored}
            state = engine.replay([eventlog.as_engine_event(r) for r in stored], seed=bytes.fromhex(match.seed))
            assert state.is_over and len(table["seats"]) == TABLE
            for deal in state.deals:
                ledger = deal["ledger"]
                pot = ledger["carried"] + sum(ledger["paid"])
                if deal["scored"] and deal["winner"] is not None:
                    winner = deal["winner"]
                    assert deal["pot"] == pot == ledger["took"][winner]
                    assert deal["scores"][winner] + deal["debt_repaid"] == pot
                    hands += 1
                else:
                    assert ledger["carry"] in (0, pot)  # a void hand's pot is discarded or carried on
    assert hands >= ROUNDS * (ENTRANTS // TABLE)

    # Each recorded result is the engine's final scores; every entrant played every round.
    results = [r.payload for r in rows if r.type == "match_result"]
    for result in results:
        assert result["scores"] == states.match_state(Match.objects.get(pk=result["match"])).view(None)["scores"]
    assert sorted(e for result in results for e in result["seats"]) == sorted([e.pk for e in entrants] * ROUNDS)

    path = tmp_path / "chips.jsonl"
    path.write_text("".join(line + "\n" for line in tournament_export_lines(t)))
    code, out = verifier(path)
    assert code == 0, out
    for result in results:
        assert all(finding.ok for finding in verify_match(Match.objects.get(pk=result["match"])))
