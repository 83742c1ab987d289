from games.models import Event, Match, Seat
from tests.matches.conftest import body, client_for


def new_match(client, **overrides):
    data = {"ruleset": "king", "seats": ["player0", "player1", "player2", None], **overrides}
    return client.post("/api/v1/matches/", data, format="json")


def test_staff_create_a_match_whose_stream_starts_the_game(players, staff):
    r = new_match(client_for(staff))
    assert r.status_code == 201
    data = body(r)
    match = Match.objects.get(pk=data["id"])
    types = list(Event.objects.filter(stream=match.stream).values_list("type", flat=True))
    assert types[0] == "game_started" and "deal_started" in types
    assert data["version"] == len(types) == match.version
    assert [s["user"] for s in data["seats"]] == ["player0", "player1", "player2", None]
    assert len(data["seed_sha256"]) == 64 and "seed" not in data


def test_a_player_who_is_not_staff_cannot_create_a_match(players):
    r = new_match(client_for(players[0]))
    assert r.status_code == 403 and body(r)["error"]["code"] == "staff_only"
    assert not Match.objects.exists() and not Event.objects.exists()


def test_bad_options_are_refused_with_the_engines_code_and_nothing_is_stored(players, staff):
    for options, code in (({"no_such_flag": 1}, "unknown_option"), ({"hearts_lead_rule": 3}, None)):
        r = new_match(client_for(staff), options=options)
        assert r.status_code == 400, options
        if code:
            assert body(r)["error"]["code"] == code
    assert not Match.objects.exists() and not Seat.objects.exists() and not Event.objects.exists()


def test_unknown_users_duplicate_seats_and_bad_rulesets_are_refused(players, staff):
    client = client_for(staff)
    cases = [({"seats": ["ghost", None, None, None]}, "unknown_user"),
             ({"seats": ["player0", "player0", None, None]}, "invalid_seats"),
             ({"seats": ["player0"]}, "invalid_input"),
             ({"ruleset": "poker"}, "invalid_input")]
    for overrides, code in cases:
        r = new_match(client, **overrides)
        assert r.status_code == 400 and body(r)["error"]["code"] == code, overrides
    assert not Match.objects.exists() and not Event.objects.exists()
