"""A mixed round (docs/tournaments.md, "Tables with cards"): the organiser asks for one table
with real cards; the draw's first table of people plays with cards and the table of bots
online. The card table's phone opens it with its code (no account), enters each deal, the next
seat confirms it; the game finishes only once every entry is confirmed or settled. Its result,
the standings and the verifier take it exactly as the online table's."""

import pytest

from games import engine
from games.models import Match
from games.record import eventlog
from games.record.audit import verify_match
from games.service import states
from tests.fixtures.bots import run_until_over
from tests.fixtures.people import client_for
from tests.tournaments.card_tables import enter_and_confirm, people_and_bots, post
from tournaments import projection
from tournaments import standings as folds
from tournaments.models import TournamentTable
from tournaments.service import results, rounds

pytestmark = pytest.mark.django_db


def test_a_card_table_and_an_online_table_finish_a_round_and_both_count(
    organiser, make_bot, django_capture_on_commit_callbacks
):
    t = people_and_bots(organiser, make_bot)
    rounds.do_draw_round(t.pk, organiser)
    started = rounds.do_start_round(t.pk, organiser)
    round_started = [r.payload for r in eventlog.stream_events(t.stream) if r.type == "round_started"][0]
    assert [table.get("cards", False) for table in round_started["tables"]] == [True, False]
    card_row = TournamentTable.objects.get(match_id=started[0]["match"])
    card_match = card_row.match
    assert card_row.cards and card_match.entered and card_match.seed == "" and card_match.event == t.stream
    assert card_match.to_act is None  # nobody plays it on the site: no bot, no clock is due

    listing = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()
    code = listing["tables"][0]["code"]
    assert listing["tables_with_cards"] == 1 and listing["tables"][0]["match"] == card_match.pk
    sheet = client_for().get(f"/api/v1/score-tables/{code}/").json()
    names = [t.entrants.get(pk=e).name for e in round_started["tables"][0]["seats"]]
    assert sheet["names"] == names and sheet["confirmations"] is True
    # The first seat is the one the table's seed names to declare first, as online.
    seeded = engine.new_game("rifki", seed=rounds.match_seed(bytes.fromhex(t.seed), t.pk, 1, 1), options=t.options)
    assert sheet["form"]["chooser"] == engine.score_table_of(seeded).entry_form()["chooser"]

    phone = client_for()
    sheet = enter_and_confirm(code, 11, client=phone)
    sheet = enter_and_confirm(code, 1, confirm=False, client=phone)
    assert sheet["form"]["can_finish"] and sheet["deals"][-1]["check"]["status"] == "unconfirmed"
    before = Match.objects.get(pk=card_match.pk).version
    refused = post(phone, code, {"type": "finish"}, sheet["version"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "entries_unconfirmed"
    assert "12" in refused.json()["error"]["message"]
    assert Match.objects.get(pk=card_match.pk).version == before  # nothing stored

    seat = (sheet["deals"][-1]["seat"] + 1) % 4
    confirmed = post(phone, code, {"type": "confirm", "deal": 12, "seat": seat}, sheet["version"])
    assert confirmed.status_code == 201
    again = post(phone, code, {"type": "confirm", "deal": 12, "seat": seat}, sheet["version"])
    assert again.status_code == 201 and again.json()["version"] == confirmed.json()["version"]  # sent again: no-op
    with django_capture_on_commit_callbacks(execute=True):
        finished = post(phone, code, {"type": "finish"}, confirmed.json()["version"])
    assert finished.status_code == 201 and finished.json()["sheet"]["is_over"]

    online = TournamentTable.objects.get(match_id=started[1]["match"]).match
    run_until_over(online)
    results.do_close_round(t.pk, organiser)
    t.refresh_from_db()
    assert t.status == "finished"
    recorded = {
        r.payload["match"]: r.payload["scores"] for r in eventlog.stream_events(t.stream) if r.type == "match_result"
    }
    card_match.refresh_from_db()
    assert recorded[card_match.pk] == finished.json()["sheet"]["totals"] == states.match_state(card_match).scores
    assert recorded[online.pk] == states.match_state(online).scores
    kept = folds.ranking(projection.update_standings(t.pk))
    assert kept == folds.ranking(projection.rebuild_standings(t.pk))
    assert len(kept) == 8
    assert all(finding.ok for finding in verify_match(card_match))
    # The round is closed: the code opens nothing now.
    assert client_for().get(f"/api/v1/score-tables/{code}/").status_code == 404
