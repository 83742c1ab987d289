"""Table codes (docs/tournaments.md, "Tables with cards"): each table with cards has a code,
printed with a QR code on its table card before the round starts (the draw's) and after; it
opens that table's score entry only, only while its round is open. The organiser replaces a
code (the old one opens nothing, the card prints again with the new one); the codes and the
cards are the organiser's alone. A table of bots never plays with cards."""

import pytest

from tests.fixtures.bots import run_until_over
from tests.fixtures.people import client_for
from tests.tournaments.card_tables import enter_and_confirm, people_and_bots, post
from tests.tournaments.draws import signed_in
from tournaments.models import TournamentTable
from tournaments.service import results, rounds

pytestmark = pytest.mark.django_db


def codes(client, t):
    return {
        row["table"]: row["code"]
        for row in client.get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()["tables"]
    }


def test_codes_open_their_own_table_while_the_round_is_open(organiser, make_bot):
    t = people_and_bots(organiser, make_bot, people=8, bots=0, rounds=2, cards=2)
    rounds.do_draw_round(t.pk, organiser)
    drawn_cards = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/cards/").content.decode()
    rounds.do_start_round(t.pk, organiser)
    organiser_api = client_for(organiser)
    by_table = codes(organiser_api, t)
    assert sorted(by_table) == [1, 2] and by_table[1] != by_table[2]
    for table, code in by_table.items():
        assert code in drawn_cards  # the draw's cards already carry the codes the round uses
        match = TournamentTable.objects.get(tournament=t, round=1, table=table).match_id
        assert client_for().get(f"/api/v1/score-tables/{code}/").json()["match"] == match
    cards = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/cards/").content.decode()
    assert all(code in cards for code in by_table.values()) and cards.count("<svg") >= 2

    # Replaced: the old code opens nothing, the new one the same table; the card prints the new one.
    match_1 = TournamentTable.objects.get(tournament=t, round=1, table=1).match_id
    new = organiser_api.post(f"/api/v1/tournaments/{t.pk}/table-codes/", {"match": match_1}, format="json").json()
    assert client_for().get(f"/api/v1/score-tables/{by_table[1]}/").status_code == 404
    assert client_for().get(f"/api/v1/score-tables/{new['code']}/").json()["match"] == match_1
    cards = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/cards/").content.decode()
    assert new["code"] in cards and by_table[1] not in cards

    # Nobody but the organiser lists, replaces or prints the codes.
    player = t.entrants.first().user
    assert client_for(player).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").status_code == 403
    replace = client_for(player).post(f"/api/v1/tournaments/{t.pk}/table-codes/", {"match": match_1}, format="json")
    assert replace.status_code == 403
    assert client_for().get(f"/api/v1/score-tables/{new['code']}/").json()["match"] == match_1  # unchanged
    assert signed_in(player).get(f"/tournaments/{t.pk}/manage/cards/").status_code == 403


def test_a_table_seating_a_bot_plays_online(organiser, make_bot):
    t = people_and_bots(organiser, make_bot, people=2, bots=6, cards=2)
    rounds.do_start_round(t.pk, organiser)
    assert not TournamentTable.objects.filter(tournament=t, cards=True).exists()
    assert codes(client_for(organiser), t) == {}


def test_a_closed_rounds_code_opens_nothing(organiser, make_bot, django_capture_on_commit_callbacks):
    t = people_and_bots(organiser, make_bot, rounds=2)
    rounds.do_start_round(t.pk, organiser)
    code = codes(client_for(organiser), t)[1]
    sheet = enter_and_confirm(code, 12)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(client_for(), code, {"type": "finish"}, sheet["version"]).status_code == 201
    assert client_for().get(f"/api/v1/score-tables/{code}/").status_code == 200  # the round is still open
    run_until_over(TournamentTable.objects.get(tournament=t, round=1, table=2).match)
    results.do_close_round(t.pk, organiser)
    assert client_for().get(f"/api/v1/score-tables/{code}/").status_code == 404
