"""The organiser records an arbiter's rulings on the manage page (a penalty, an assigned or
artificial adjusted score, an annulment, a replay): each is a ruling event in the tournament's
stream; a ruling the service refuses shows its message and stores nothing."""

import pytest

from games.record import eventlog
from tests.fixtures.bots import run_until_over
from tournaments import projection
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, rounds


@pytest.fixture
def played(client, organiser, make_bot):
    """A Swiss event of 8 bots whose first round's two tables have finished."""
    t = creation.do_create_tournament(organiser, "Rulings", "king", {"quick_game_combined_negatives": True}, "swiss", 2)
    for i in range(8):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"b{i}"))
    rounds.do_start_round(t.pk, organiser)
    for table in TournamentTable.objects.filter(tournament=t):
        run_until_over(table.match)
    client.force_login(organiser)
    return t, [x.match_id for x in TournamentTable.objects.filter(tournament=t).order_by("table")]


def rulings(t):
    return [r.payload for r in eventlog.stream_events(t.stream) if r.type == "ruling"]


def rule(client, t, **data):
    return client.post(f"/tournaments/{t.pk}/manage/rulings/", {k: str(v) for k, v in data.items()})


def test_each_kind_of_ruling_is_recorded_as_an_event(client, played):
    t, (first, second) = played
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert 'id="id_kind"' in page and f'<option value="{first}">' in page

    assert (
        rule(
            client, t, kind="penalty", match=first, reason="revoke at trick 3", offence="revoke", seat=1, points=10
        ).status_code
        == 302
    )
    reported = projection.update_standings(t.pk).results[first].reported
    assert (
        rule(
            client,
            t,
            kind="adjust_score",
            match=first,
            reason="misboard",
            method="assigned",
            value_0=10,
            value_1=20,
            value_2=30,
            value_3=40,
        ).status_code
        == 302
    )
    assert (
        rule(
            client,
            t,
            kind="adjust_score",
            match=first,
            reason="average",
            method="artificial",
            value_0=5,
            value_1=-5,
            value_2=0,
            value_3=0,
        ).status_code
        == 302
    )
    assert rule(client, t, kind="annul_match", match=first, reason="fouled board").status_code == 302
    assert rule(client, t, kind="replay_match", match=second, reason="exposed cards").status_code == 302

    penalty, assigned, artificial, annul, replay = rulings(t)
    assert (penalty["kind"], penalty["offence"], penalty["seat"], penalty["points"], penalty["match"]) == (
        "penalty",
        "revoke",
        1,
        10.0,
        first,
    )
    assert assigned["method"] == "assigned" and assigned["deltas"] == [
        s - r for s, r in zip([10, 20, 30, 40], reported)
    ]
    assert (artificial["method"], artificial["deltas"]) == ("artificial", [5.0, -5.0, 0.0, 0.0])
    assert (annul["kind"], annul["match"], annul["reason"]) == ("annul_match", first, "fouled board")
    assert replay["kind"] == "replay_match" and replay["replacement"] != 0
    assert TournamentTable.objects.get(match_id=replay["replacement"]).replay == 1
    assert all(r["author"] == "organiser" for r in rulings(t))
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert "The ruling is recorded." in page and "fouled board" in page
    # The list of rulings names each kind as the form does, never by its code.
    assert f"Annul the match on match {first} by organiser: fouled board" in page
    assert f"Replay the match on new cards on match {second}" in page and "annul_match on" not in page
    assert f'<option value="{replay["replacement"]}">' in page  # the replacement can be ruled on too
    # Seats are numbered from 1, as on the table page; the events keep the engine's 0-3.
    assert '<option value="1">Seat 2</option>' in page and "Seat 1: score or change" in page


@pytest.mark.parametrize(
    "data, status, message",
    [
        ({"kind": "penalty", "seat": 1, "points": 10}, 400, "Choose the offence."),
        ({"kind": "penalty", "offence": "revoke", "seat": 1}, 400, "Give the penalty points."),
        ({"kind": "penalty", "offence": "revoke", "seat": 1, "points": 0}, 400, "a penalty takes a positive number"),
        ({"kind": "penalty", "offence": "revoke", "points": 5}, 400, "Choose the penalised seat."),
        ({"kind": "penalty", "offence": "revoke", "seat": 9, "points": 5}, 400, "Select a valid choice"),
        (
            {"kind": "adjust_score", "value_0": 1, "value_1": 1, "value_2": 1, "value_3": 1},
            400,
            "Choose how the score is adjusted.",
        ),
        ({"kind": "adjust_score", "method": "assigned", "value_0": 1}, 400, "Give a number for each seat."),
        ({"kind": "adjust_score", "method": "weighted"}, 400, "Give the outcomes and their weights."),
        ({"kind": "adjust_score", "method": "weighted", "outcomes": "[{"}, 400, "The outcomes are not valid JSON"),
        (
            {"kind": "adjust_score", "method": "weighted", "outcomes": '[{"weight": 0.5, "scores": [1, 2, 3, 4]}]'},
            400,
            "outcome weights are positive and sum to 1",
        ),
        ({"kind": "annul_match", "reason": ""}, 400, "This field is required."),
        ({"kind": "annul_match", "match": 987654}, 400, "Select a valid choice"),
        ({"kind": "pardon"}, 400, "Select a valid choice"),
    ],
)
def test_a_bad_ruling_is_refused_with_its_message_and_nothing_is_stored(client, played, data, status, message):
    t, (first, _) = played
    version = t.__class__.objects.get(pk=t.pk).version
    r = rule(client, t, **({"match": first, "reason": "because"} | data))
    assert r.status_code == status and message in r.content.decode(), r.content.decode()
    assert rulings(t) == [] and t.__class__.objects.get(pk=t.pk).version == version


def test_a_match_still_playing_cannot_be_ruled_on(client, organiser, make_bot):
    t = creation.do_create_tournament(organiser, "Live", "king", {}, "swiss", 1)
    for i in range(4):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"b{i}"))
    rounds.do_start_round(t.pk, organiser)
    client.force_login(organiser)
    match = TournamentTable.objects.get(tournament=t).match_id
    r = rule(client, t, kind="annul_match", match=match, reason="too early")
    assert r.status_code == 409 and "a ruling applies to a match whose result is recorded" in r.content.decode()
    assert rulings(t) == []
