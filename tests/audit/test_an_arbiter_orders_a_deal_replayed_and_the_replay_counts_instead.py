"""Annulment and replay of a deal: the arbiter's replay_match ruling annuls a table's match and
has the same seats play a new one on fresh cards derived from the tournament seed; the new
result counts instead, the event cannot end before the replay is in, and every check (the
tournament verify, the standalone verifier on the export) still passes."""

import io

import pytest
from django.core.management import call_command

from games.errors import ServiceError
from games.models import Match
from games.service import states
from tests.fixtures.bots import run_until_over
from tests.fixtures.matches import QUICK_KING
from tests.fixtures.people import body, client_for
from tests.fixtures.verifier import write_lines
from tournaments import projection
from tournaments import standings as folds
from tournaments.export import tournament_export_lines
from tournaments.models import Entrant, Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds, stream

pytestmark = pytest.mark.django_db


def new_event(organiser, make_bot, format="swiss", rounds=2, entrants=4):
    fill = "house_bots" if format == "duplicate" else "byes"  # duplicate tables are always full
    t = creation.do_create_tournament(organiser, "Replayed", "king", QUICK_KING, format, rounds, fill=fill)
    for i in range(entrants):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"p{i}"))
    return t


def play_round(t):
    """Play every unfinished table of the tournament to its end and record the results."""
    for table in TournamentTable.objects.filter(tournament=t, result_recorded=False):
        run_until_over(table.match)
        results.do_record_result(table.match_id)


def replay(user, t, match, reason="the pack was found short a card after the deal"):
    return client_for(user).post(
        f"/api/v1/tournaments/{t.pk}/rulings/",
        {"kind": "replay_match", "match": match, "reason": reason},
        format="json",
    )


def game_scores(t):
    return {row.entrant: row.game_score for row in folds.ranking(projection.update_standings(t.pk))}


def stored(t):
    """What a refused ruling must leave unchanged: the stream's head, the tables, the matches."""
    t = Tournament.objects.get(pk=t.pk)
    return t.version, t.head_hash, TournamentTable.objects.filter(tournament=t).count(), Match.objects.count()


def test_a_replay_is_played_by_the_same_seats_on_fresh_cards_and_counts_instead(
    organiser, make_bot, verifier, tmp_path
):
    t = new_event(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    play_round(t)
    first = TournamentTable.objects.get(tournament=t)

    r = replay(organiser, t, first.match_id)

    assert r.status_code == 201, body(r)
    ruling = body(r)
    assert (ruling["kind"], ruling["match"], ruling["replay"], ruling["author"]) == (
        "replay_match",
        first.match_id,
        1,
        "organiser",
    )
    again = TournamentTable.objects.get(tournament=t, replay=1)
    assert (again.match_id, again.round, again.table) == (ruling["replacement"], 1, 1)
    seated = lambda m: [(s.user_id, s.bot_id) for s in m.seats.order_by("index")]  # noqa: E731
    assert seated(again.match) == seated(first.match)
    seed = bytes.fromhex(Tournament.objects.get(pk=t.pk).seed)
    assert again.match.seed == rounds.match_seed(seed, t.pk, 1, 1, None, replay=1).hex() != first.match.seed
    assert not again.match.public_when_over, "its round is still open: its cards stay private when it ends"

    # the round cannot close while the replay is being played
    before = stored(t)
    with pytest.raises(ServiceError) as refused:
        results.do_close_round(t.pk, organiser)
    assert refused.value.code == "results_missing" and stored(t) == before
    assert all(score == 0 for score in game_scores(t).values()), "the annulled match counts for nobody"

    play_round(t)
    replayed = Match.objects.get(pk=again.match_id)
    drawn = [e.pk for e in Entrant.objects.filter(tournament=t).order_by("pk")]
    seats = stream.seated_entrants(t)[0][1][0]
    assert sorted(seats) == drawn
    assert [game_scores(t)[e] for e in seats] == list(states.match_state(replayed).scores)

    results.do_close_round(t.pk, organiser)
    rounds.do_start_round(t.pk, organiser)
    play_round(t)
    results.do_close_round(t.pk, organiser)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED

    # the results show both, the annulled match and its replacement
    [round_one] = [
        r for r in body(client_for().get(f"/api/v1/tournaments/{t.pk}/results/"))["rounds"] if r["round"] == 1
    ]
    assert [(x["match"], x["annulled"], x["replaces"]) for x in round_one["tables"]] == [
        (first.match_id, True, None),
        (again.match_id, False, first.match_id),
    ]
    [table_one] = body(client_for().get(f"/api/v1/tournaments/{t.pk}/rounds/"))[0]["tables"]
    assert (table_one["match"], table_one["replaced"]) == (again.match_id, [first.match_id])

    # every check passes: the replay's seed is derived, its result matches its replay
    report = body(client_for().get(f"/api/v1/tournaments/{t.pk}/verify/"))
    assert report["ok"], report
    assert any(
        f["check"] == "deal_seed" and f["stream"] == f"match/{again.match_id}" and "replay 1" in f["message"]
        for f in report["checks"]
    )
    out = io.StringIO()
    call_command("verify_tournament", str(t.pk), stdout=out)
    assert "all checks pass" in out.getvalue()
    path = write_lines(tmp_path / "replayed.jsonl", tournament_export_lines(t))
    code, text = verifier(path)
    assert code == 0, text
    assert f"match/{again.match_id}" in text and "replay 1" in text


def test_a_replay_ordered_after_its_round_closed_holds_back_the_end_of_the_event(organiser, make_bot):
    t = new_event(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    play_round(t)
    results.do_close_round(t.pk, organiser)
    rounds.do_start_round(t.pk, organiser)
    round_one = TournamentTable.objects.get(tournament=t, round=1)
    assert replay(organiser, t, round_one.match_id).status_code == 201
    again = TournamentTable.objects.get(tournament=t, replay=1)
    assert again.match.public_when_over, "its round has closed everywhere: its cards are public once it ends"

    # round 2 finishes first; the last round cannot close (and reveal the seed) before the replay
    last = TournamentTable.objects.get(tournament=t, round=2)
    run_until_over(last.match)
    results.do_record_result(last.match_id)
    with pytest.raises(ServiceError) as refused:
        results.do_close_round(t.pk, organiser)
    assert refused.value.code == "results_missing" and "replay" in refused.value.message
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.RUNNING

    play_round(t)
    results.do_close_round(t.pk, organiser)
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED
    report = body(client_for().get(f"/api/v1/tournaments/{t.pk}/verify/"))
    assert report["ok"], report


def test_a_replay_is_refused_where_it_cannot_be_fair_and_nothing_is_stored(organiser, make_bot):
    t = new_event(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    table = TournamentTable.objects.get(tournament=t)
    before = stored(t)
    r = replay(organiser, t, table.match_id)
    assert (r.status_code, body(r)["error"]["code"]) == (409, "no_result") and stored(t) == before

    play_round(t)
    before = stored(t)
    r = replay(organiser, t, table.match_id, reason="   ")
    assert r.status_code == 400 and stored(t) == before
    entrant = Entrant.objects.filter(tournament=t).first()
    entries.do_withdraw(entrant.pk, organiser)
    before = stored(t)
    r = replay(organiser, t, table.match_id)
    assert (r.status_code, body(r)["error"]["code"]) == (409, "entrant_withdrawn") and stored(t) == before


def test_a_replay_is_refused_once_the_seed_is_revealed_and_nothing_is_stored(organiser, make_bot):
    t = new_event(organiser, make_bot, rounds=1)
    rounds.do_start_round(t.pk, organiser)
    play_round(t)
    results.do_close_round(t.pk, organiser)
    table = TournamentTable.objects.get(tournament=t)
    before = stored(t)

    r = replay(organiser, t, table.match_id)

    assert (r.status_code, body(r)["error"]["code"]) == (409, "tournament_finished"), body(r)
    assert "seed" in body(r)["error"]["message"] and stored(t) == before


def test_a_duplicate_board_is_not_replayed_on_new_cards_and_nothing_is_stored(organiser, make_bot):
    t = new_event(organiser, make_bot, format="duplicate", rounds=2, entrants=8)
    rounds.do_start_round(t.pk, organiser)
    play_round(t)
    table = TournamentTable.objects.filter(tournament=t).first()
    before = stored(t)

    r = replay(organiser, t, table.match_id)

    assert (r.status_code, body(r)["error"]["code"]) == (409, "cannot_replay"), body(r)
    assert "adjusted score" in body(r)["error"]["message"] and stored(t) == before


def test_a_second_replay_of_the_same_table_gets_its_own_seed(organiser, make_bot):
    t = new_event(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    play_round(t)
    first = TournamentTable.objects.get(tournament=t)
    assert replay(organiser, t, first.match_id).status_code == 201
    play_round(t)
    second = TournamentTable.objects.get(tournament=t, replay=1)
    r = replay(organiser, t, first.match_id)
    assert r.status_code == 400 and "annulled twice" in body(r)["error"]["message"], "the first is replaced already"

    r = replay(organiser, t, second.match_id)

    assert r.status_code == 201 and body(r)["replay"] == 2
    third = TournamentTable.objects.get(tournament=t, replay=2)
    assert len({first.match.seed, second.match.seed, third.match.seed}) == 3
