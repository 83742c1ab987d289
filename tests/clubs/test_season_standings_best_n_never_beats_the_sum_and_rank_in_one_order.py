"""The season fold's properties, over random seasons of random events (Hypothesis): with points
that are never negative (place points), a player's best N of M never exceeds the sum of all M and
equals it when N >= M; every player who played has exactly one row; and the rows are in one total
order, consistent with the tie-breaks: each row is at least as good as the next by its total and
then, in order, its tie-break values, and two rows share a rank exactly when all of them are
equal. The fold is the standings' own ordering (tournaments.standings.ordered_blocks)."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments import standings as folds
from tournaments.clubs import season

ACCOUNTS = [f"bot:{n}" for n in range(1, 9)]


@st.composite
def events(draw):
    """One event: 4 or 8 of the accounts, one or two rounds at tables of four, random scores."""
    players = draw(st.permutations(ACCOUNTS))[: draw(st.sampled_from([4, 8]))]
    stream = [
        {"type": "tournament_created", "ruleset": "king", "format": "swiss", "table_points": "place"}
        | {"tie_breaks": [], "rated": True, "options": {}}
    ]
    stream += [
        {"type": "entrant_registered", "entrant": i, "name": a, "kind": "bot", "ranked": True}
        for i, a in enumerate(players, 1)
    ]
    match = 0
    for number in range(1, draw(st.integers(1, 2)) + 1):
        seated = draw(st.permutations(range(1, len(players) + 1)))
        tables = []
        for t in range(len(seated) // 4):
            match += 1
            tables.append({"table": t + 1, "match": match, "board": None, "seats": list(seated[4 * t : 4 * t + 4])})
        stream.append({"type": "round_started", "round": number, "tables": tables, "byes": []})
        for table in tables:
            scores = draw(st.lists(st.integers(-6, 6), min_size=4, max_size=4))
            stream.append({"type": "match_result", "round": number, **table, "scores": scores})
    return {"standings": folds.rebuild(stream), "accounts": dict(enumerate(players, 1))}


def season_of(drawn):
    return [season.Event(i, f"night {i}", e["standings"], e["accounts"]) for i, e in enumerate(drawn, 1)]


def better_or_equal(a, b, names):
    """Whether row a is at least as good as row b, reading the total then each tie-break."""
    for x, y in [(a.total, b.total), *((dict(a.tie_breaks)[n], dict(b.tie_breaks)[n]) for n in names)]:
        if x != y:
            return x > y
    return True


@given(
    st.lists(events(), min_size=1, max_size=4),
    st.integers(1, 5),
    st.permutations(folds.TIE_BREAKS).flatmap(lambda order: st.integers(0, 4).map(lambda n: tuple(order[:n]))),
)
def test_best_n_never_exceeds_the_sum_and_the_order_is_total(drawn, n, tie_breaks):
    seasons = season_of(drawn)
    summed_rows = season.rows(season.Settings("sum", None, tie_breaks), seasons)
    summed = {r.account: r for r in summed_rows}
    best_rows = season.rows(season.Settings("best", n, tie_breaks), seasons)
    played = {a for e in drawn for a in e["accounts"].values()}
    assert set(summed) == played and sorted(r.account for r in best_rows) == sorted(played)

    for row in best_rows:
        whole = summed[row.account]
        assert row.events_played == whole.events_played == sum(p is not None for p in row.points)
        assert row.total <= whole.total + 1e-9
        if n >= row.events_played:
            assert row.total == whole.total
        assert row.events_counted == min(n, row.events_played)

    for rows in (best_rows, summed_rows):
        assert rows[0].rank == 1
        for position, (a, b) in enumerate(zip(rows, rows[1:]), start=2):
            assert better_or_equal(a, b, tie_breaks)
            same = a.total == b.total and dict(a.tie_breaks) == dict(b.tie_breaks)
            assert b.rank == (a.rank if same else position)


@given(events())
def test_one_events_season_totals_are_its_points(drawn):
    rows = season.rows(season.Settings(), season_of([drawn]))
    points = folds.event_points(drawn["standings"])
    assert {r.account: r.total for r in rows} == {drawn["accounts"][e]: p for e, p in points.items()}


def test_an_empty_season_has_no_rows():
    assert season.rows(season.Settings(), []) == []
