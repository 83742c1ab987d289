"""Calling the director and answering a call, refused through the API: each refusal has its
code and status, and the tournament's stream holds nothing new (docs/api.md; docs/tournaments.md,
"Calling the director"). Only a player seated at the match calls (not a spectator, not the
organiser from outside the table), with a note of 1 to 500 characters, on a deal dealt so far,
at a match of this tournament; only the organiser answers, a call that exists, with a reply or
a ruling the rulings' own checks take."""

import pytest

from tests.fixtures.people import body, client_for
from tests.tournaments.director_calls import one_table_night
from tournaments.models import Tournament
from tournaments.service import director_calls

pytestmark = pytest.mark.django_db


def refused(tournament, response, status, code):
    before = tournament.version
    assert response.status_code == status, response.content
    assert body(response)["error"]["code"] == code
    assert Tournament.objects.get(pk=tournament.pk).version == before


def test_calls_by_anyone_but_a_seated_player_or_with_a_bad_note_deal_or_match_are_refused(
    organiser, players, django_user_model
):
    tournament, match = one_table_night(organiser, players)
    url = f"/api/v1/tournaments/{tournament.pk}/calls/"
    call = {"match": match.pk, "deal": 1, "note": "A revoke at trick 3."}
    spectator = django_user_model.objects.create_user("spectator", password="long-enough-pass")

    refused(tournament, client_for(spectator).post(url, call, format="json"), 403, "not_your_seat")
    refused(tournament, client_for(organiser).post(url, call, format="json"), 403, "not_your_seat")
    refused(tournament, client_for().post(url, call, format="json"), 403, "not_your_seat")
    seated = client_for(players[0])
    refused(tournament, seated.post(url, call | {"note": "   "}, format="json"), 400, "invalid_note")
    refused(tournament, seated.post(url, call | {"note": "x" * 501}, format="json"), 400, "invalid_note")
    refused(tournament, seated.post(url, call | {"deal": 9}, format="json"), 400, "no_such_deal")
    refused(tournament, seated.post(url, call | {"match": match.pk + 1000}, format="json"), 404, "not_found")
    refused(
        tournament, seated.post(url, call | {"code": "not-a-table-code"}, format="json"), 404, "score_table_unknown"
    )
    refused(
        tournament,
        seated.post(f"/api/v1/tournaments/{tournament.pk + 1}/calls/", call, format="json"),
        404,
        "not_found",
    )

    answer = seated.post(url, call | {"note": "x" * 500}, format="json")
    assert answer.status_code == 201 and body(answer)["note"] == "x" * 500


def test_answers_by_anyone_but_the_organiser_or_to_no_call_or_with_a_bad_ruling_are_refused(organiser, players):
    tournament, match = one_table_night(organiser, players)
    call = director_calls.do_call_director(tournament.pk, match.pk, 1, "Slow play at table 1.", players[1])
    tournament.refresh_from_db()
    url = f"/api/v1/tournaments/{tournament.pk}/calls/answer/"
    boss = client_for(organiser)

    refused(
        tournament,
        client_for(players[1]).post(url, {"call": call["id"], "reply": "ok"}, format="json"),
        403,
        "organiser_only",
    )
    refused(tournament, boss.post(url, {"call": call["id"] + 50, "reply": "ok"}, format="json"), 404, "not_found")
    refused(
        tournament, boss.post(url, {"call": 1, "reply": "ok"}, format="json"), 404, "not_found"
    )  # tournament_created
    refused(tournament, boss.post(url, {"call": call["id"]}, format="json"), 400, "invalid_input")
    refused(tournament, boss.post(url, {"call": call["id"], "reply": "  "}, format="json"), 400, "invalid_input")
    penalty = {"kind": "penalty", "reason": "Slow play", "offence": "slow_play", "seat": 1, "points": 3}
    # The match is still played: a penalty waits for its result, and no answer is stored either.
    refused(tournament, boss.post(url, {"call": call["id"], "ruling": penalty}, format="json"), 409, "no_result")
    both = {"call": call["id"], "reply": "ok", "ruling": penalty}
    refused(tournament, boss.post(url, both, format="json"), 400, "invalid_input")

    answer = boss.post(url, {"call": call["id"], "reply": "Noted: keep an eye on the clock."}, format="json")
    assert answer.status_code == 201 and body(answer)["reply"] == "Noted: keep an eye on the clock."
