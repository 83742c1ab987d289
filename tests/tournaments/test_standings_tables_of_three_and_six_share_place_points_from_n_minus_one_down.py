"""The standings take the table size from the tournament's ruleset and options and assume no
size: at a table of n, places earn n−1 down to 0 (ties split), a bye earns (n−1)/2, rulings
and results hold one number a seat, and a draw of another size is refused.

The rulesets here are fakes, the first real one re-sized, so that the fold is tested at sizes
no game of the engine plays yet."""

from dataclasses import replace

import pytest

from games.engine import RULESETS
from tests.fixtures.tournament_events import created, registered_all, round_played, ruling, table
from tournaments.standings import ranking, rebuild

SIZES = (3, 6)


@pytest.fixture
def sized_ruleset(monkeypatch):
    """A ruleset named "fake<n>" that seats n players (and, "fake_any", 2 to 7 by option)."""
    base = next(iter(RULESETS.values()))
    for size in SIZES:
        monkeypatch.setitem(
            RULESETS, f"fake{size}", replace(base, name=f"fake{size}", seats=range(size, size + 1), default_seats=size)
        )
    # a ruleset whose options name the players (its descriptor resolves {"players": n})
    several = next(ruleset for ruleset in RULESETS.values() if "players" in ruleset.flags)
    monkeypatch.setitem(RULESETS, "fake_any", replace(several, name="fake_any", seats=range(2, 8), default_seats=4))
    return lambda size: f"fake{size}"


def events(ruleset, size, scores, *, options=None, rulings=(), byes=1):
    entrants = list(range(1, size + byes + 1))
    return [
        created("swiss", ruleset=ruleset, rated=True, **({} if options is None else {"options": options})),
        *registered_all(entrants),
        *round_played(1, (table(1, match=1, seats=entrants[:size]), scores), byes=entrants[size:]),
        *rulings,
    ]


def points(standings):
    return {row.entrant: row.table_points for row in ranking(standings)}


@pytest.mark.parametrize("size", SIZES)
def test_places_earn_n_minus_one_down_to_zero_and_a_bye_the_average(sized_ruleset, size):
    scores = list(range(size * 10, 0, -10))  # seat 0 first, the last seat last
    table = points(rebuild(events(sized_ruleset(size), size, scores)))
    assert [table[e] for e in range(1, size + 1)] == list(range(size - 1, -1, -1))
    assert table[size + 1] == (size - 1) / 2  # the bye: a seat's average


def test_ties_split_the_places_they_span_at_a_table_of_six(sized_ruleset):
    table = points(rebuild(events(sized_ruleset(6), 6, [9, 9, 5, 5, 5, 0])))
    assert [table[e] for e in range(1, 7)] == [4.5, 4.5, 2, 2, 2, 0]
    assert sum(table[e] for e in range(1, 7)) == 6 * 5 / 2


def test_the_options_choose_the_size_where_a_ruleset_plays_several(sized_ruleset):
    standings = rebuild(events("fake_any", 6, [6, 5, 4, 3, 2, 1], options={"players": 6}))
    assert standings.config.table_size == 6
    with pytest.raises(ValueError, match="needs 5 seats"):
        rebuild(events("fake_any", 6, [6, 5, 4, 3, 2, 1], options={"players": 5}))
    with pytest.raises(ValueError, match="'options'.*players"):
        rebuild(events("fake_any", 6, [6, 5, 4, 3, 2, 1], options={"players": 9}))


@pytest.mark.parametrize("size", SIZES)
def test_a_draw_or_result_of_another_size_is_refused(sized_ruleset, size):
    with pytest.raises(ValueError, match=f"needs {size} seats"):
        rebuild(events(sized_ruleset(size), size + 1, [0] * (size + 1), byes=0))
    with pytest.raises(ValueError, match=f"needs {size} scores"):
        rebuild(events(sized_ruleset(size), size, [0] * (size - 1)))


@pytest.mark.parametrize("size", SIZES)
def test_rulings_hold_one_number_a_seat_of_the_table(sized_ruleset, size):
    ruleset = sized_ruleset(size)
    scores = [0] * size
    deltas = [0] * (size - 1) + [1]  # the last seat alone ahead
    last = size  # the entrant in the last seat
    standings = rebuild(
        events(
            ruleset,
            size,
            scores,
            rulings=[
                ruling("adjust_score", 1, deltas=deltas),
                ruling("penalty", 1, seat=size - 1, points=3),
            ],
        )
    )
    assert standings.results[1].scores == tuple([0] * (size - 1) + [-2])
    assert points(standings)[last] == 0
    with pytest.raises(ValueError, match=f"deltas must hold {size} numbers"):
        rebuild(
            events(
                ruleset,
                size,
                scores,
                rulings=[ruling("adjust_score", 1, deltas=deltas + [0])],
            )
        )
    with pytest.raises(ValueError, match=f"seat must be 0..{size - 1}, not {size}"):
        rebuild(
            events(
                ruleset,
                size,
                scores,
                rulings=[ruling("penalty", 1, seat=size, points=3)],
            )
        )
