from games.models import Event, Match, Seat
from tests.fixtures.people import body, client_for


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
    assert len(data["seed_sha256"]) == 64 and data["seed"] is None


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
    cases = [
        ({"seats": ["ghost", None, None, None]}, "unknown_user"),
        ({"seats": ["player0", "player0", None, None]}, "invalid_seats"),
        ({"seats": ["player0"]}, "invalid_seats"),
        ({"ruleset": "poker"}, "invalid_input"),
    ]
    for overrides, code in cases:
        r = new_match(client, **overrides)
        assert r.status_code == 400 and body(r)["error"]["code"] == code, overrides
    assert not Match.objects.exists() and not Event.objects.exists()


def test_the_seed_is_secret_while_the_match_runs_and_published_when_it_is_over(players, staff):
    import hashlib

    from games.service import creating, states

    match = creating.do_create_match("king", {"quick_game_combined_negatives": True}, players, created_by=staff)
    client = client_for(staff)
    live = body(client.get(f"/api/v1/matches/{match.pk}/"))
    assert live["seed"] is None and match.seed not in json_text(live)
    clients = [client_for(p) for p in players]
    from tests.fixtures.matches import act

    while not states.match_state(match).is_over:
        state = states.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    over = body(client.get(f"/api/v1/matches/{match.pk}/"))
    assert hashlib.sha256(bytes.fromhex(over["seed"])).hexdigest() == over["seed_sha256"]


def json_text(value):
    import json

    return json.dumps(value)


def test_staff_may_fix_the_seed_and_the_same_seed_deals_the_same_cards(players, staff):
    from games.service import states

    client = client_for(staff)
    seed = "ab" * 32
    ids = [body(new_match(client, seed=seed))["id"] for _ in range(2)]
    deals = [
        next(e for e in states.match_state(Match.objects.get(pk=i)).events if e["type"] == "deal_started") for i in ids
    ]
    assert deals[0]["hands"] == deals[1]["hands"]
    for bad in ("xyz", "ab", "AB" * 32, 5):
        r = new_match(client, seed=bad)
        assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input", bad
    r = new_match(client, seed=seed, board={"dealer": 0, "contract": "no_hearts", "hands": []})
    assert r.status_code == 400
    assert Match.objects.count() == 2
