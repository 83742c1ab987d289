"""Draw, then start (docs/tournaments.md, "Draw, check-in and start"): drawing the next round
appends a ``round_drawn`` event with its tables, boards and byes and creates no match; starting
it creates one match per drawn table with exactly the drawn seats and boards, never a second
draw, and a fixed schedule keeps the draw's slots."""

import pytest

from games.models import Match, Seat
from tests.tournaments.draws import event, payloads, types
from tournaments.models import Entrant, Tournament, TournamentTable
from tournaments.service import rounds


@pytest.mark.parametrize("format, entrants", [("swiss", 7), ("round_robin", 8), ("duplicate", 8)])
def test_the_start_seats_exactly_the_drawn_tables(organiser, make_bot, format, entrants, monkeypatch):
    fill = {"fill": "byes"} if format == "swiss" else {}
    t = event(organiser, make_bot, format, entrants, **fill)
    drawn = rounds.do_draw_round(t.pk, organiser)
    assert drawn["type"] == types(t)[-1] == "round_drawn"
    assert payloads(t, "round_drawn") == [{k: v for k, v in drawn.items() if k != "type"}]
    assert not TournamentTable.objects.filter(tournament=t).exists() and not Match.objects.exists()
    assert Tournament.objects.get(pk=t.pk).current_round == 0  # drawn, not started
    assert drawn["round"] == 1 and drawn["tables"] and all("match" not in table for table in drawn["tables"])

    def no_second_draw(*args, **kwargs):
        raise AssertionError("the start drew the round again")

    monkeypatch.setattr(rounds, "draw", no_second_draw)
    rounds.do_start_round(t.pk, organiser)
    started = payloads(t, "round_started")[0]
    assert [{k: v for k, v in table.items() if k != "match"} for table in started["tables"]] == drawn["tables"]
    assert started["byes"] == drawn["byes"] and started.get("slots") == drawn.get("slots")
    for table in started["tables"]:
        match = Match.objects.get(pk=table["match"])
        seats = Seat.objects.filter(match=match).order_by("index")
        entrants_seated = [Entrant.objects.get(pk=e) for e in table["seats"]]
        assert [s.bot_id for s in seats] == [e.bot_id for e in entrants_seated]
        row = TournamentTable.objects.get(match=match)
        assert (row.round, row.table, row.board or None) == (1, table["table"], table["board"])
    if format == "duplicate":
        assert {table["board"] for table in drawn["tables"]} == {"b0"}
    t.refresh_from_db()
    assert (t.current_round, t.status) == (1, Tournament.Status.RUNNING)
