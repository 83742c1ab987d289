"""The organiser may draw the next round again before it starts (docs/tournaments.md, "Draw,
check-in and start"): the new ``round_drawn`` replaces the old one, so an entry made after the
first draw is seated, and the start seats exactly the last draw."""

from tests.tournaments.draws import event, payloads
from tournaments.service import entries, rounds, stream


def seated(table_list):
    return {e for table in table_list for e in table["seats"]}


def test_the_last_draw_is_the_one_the_round_starts_with(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 7, fill="byes")
    first = rounds.do_draw_round(t.pk, organiser)
    assert len(first["byes"]) == 3
    late = entries.do_register(t.pk, organiser, bot=make_bot(name="late"))
    assert late.pk not in seated(first["tables"]) | set(first["byes"])
    second = rounds.do_draw_round(t.pk, organiser)
    assert [p["round"] for p in payloads(t, "round_drawn")] == [1, 1]
    assert second["byes"] == [] and late.pk in seated(second["tables"])
    t.refresh_from_db()
    assert stream.next_round(t).draw == {k: v for k, v in second.items() if k != "type"}
    rounds.do_start_round(t.pk, organiser)
    started = payloads(t, "round_started")[0]
    assert [table["seats"] for table in started["tables"]] == [table["seats"] for table in second["tables"]]
    t.refresh_from_db()
    assert stream.next_round(t).draw is None  # round 2 is not drawn yet
