"""POST matches/paper/ for Kings in the Corner at tables of two, three and six: the match is
stored with as many open seats as the deal's table has (the board's hands say how many), and
it scores and verifies like a deal played here."""

import pytest

from games import engine
from games.models import Match
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


def played_on_paper(size):
    """A seeded hand of ``size`` players as its board, and its decisions as a scorer writes them."""
    options = {"players": size}
    dealt = engine.new_game("corners", seed=b"paper-%d" % size, options=options)
    started = next(e for e in dealt.events if e["type"] == "deal_started")
    board = {key: started[key] for key in ("dealer", "hands", "layout", "stock")}
    state = engine.new_game("corners", options=options, board=board)
    actions = []
    while not state.is_over:
        seat, action = state.to_act, state.legal_actions()[0]
        actions.append({"seat": seat, **action})
        state.apply(action)
    return options, board, actions, state


@pytest.mark.parametrize("size", [2, 3, 6])
def test_a_paper_corners_deal_has_the_seats_of_its_table(players, size):
    options, board, actions, final = played_on_paper(size)
    r = client_for(players[0]).post(
        "/api/v1/matches/paper/",
        {"ruleset": "corners", "options": options, "board": board, "actions": actions},
        format="json",
    )
    assert r.status_code == 201, body(r)
    match = Match.objects.get(pk=body(r)["id"])
    assert match.num_seats == size and match.seats.count() == size
    assert body(r)["scores"] == list(final.scores)
    assert body(client_for(players[0]).get(f"/api/v1/matches/{match.pk}/verify/"))["ok"]
