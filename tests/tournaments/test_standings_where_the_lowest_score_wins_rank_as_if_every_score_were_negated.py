"""Where the ruleset's lowest total wins (``RULESETS[r].lowest_wins(options)``: penalty points),
the standings rank exactly as they would for negated scores in a game the highest total wins:
places, wins, matchpoints, head-to-head, the game-score and opponents' points tie-breaks, and a
penalty ruling (which adds points where the lowest wins) all follow the flag, while every score
shown stays as the engine counted it. The rulesets are found through the descriptor."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS
from tests.fixtures.tournament_events import created, registered_all, round_closed, round_played, ruling, table
from tournaments.standings import TIE_BREAKS, ranking, rebuild


def ruleset_where(lowest: bool) -> str:
    """A ruleset played at 2 to 6 (its ``players`` option) whose lowest total wins, or not."""
    return next(
        name
        for name, ruleset in RULESETS.items()
        if "players" in ruleset.flags and set(range(2, 7)) <= set(ruleset.seats) and ruleset.lowest_wins({}) == lowest
    )


@st.composite
def tournaments(draw):
    """A tournament's facts with the scores as numbers, to be told with either flag."""
    size = draw(st.integers(2, 6))
    tables = draw(st.integers(1, 3))
    byes = draw(st.integers(0, 2))
    entrants = list(range(1, size * tables + byes + 1))
    rounds = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations(entrants))
        seated = [order[t * size : (t + 1) * size] for t in range(tables)]
        scores = [draw(st.lists(st.integers(-5, 5), min_size=size, max_size=size)) for _ in seated]
        penalties = draw(st.lists(st.tuples(st.integers(0, tables - 1), st.integers(0, size - 1)), max_size=2))
        rounds.append((number, seated, scores, order[size * tables :], penalties))
    return {
        "size": size,
        "entrants": entrants,
        "rounds": rounds,
        "format": draw(st.sampled_from(["swiss", "duplicate"])),
        "table_points": draw(st.sampled_from(["place", "score"])),
        "tie_breaks": draw(st.permutations(TIE_BREAKS)),
    }


def events(facts, *, lowest: bool, sign: int):
    """The event stream of ``facts`` in the ruleset where the lowest wins (or not), every
    game score multiplied by ``sign``."""
    stream = [
        created(
            facts["format"],
            ruleset=ruleset_where(lowest),
            table_points=facts["table_points"],
            tie_breaks=facts["tie_breaks"],
            rated=True,
            options={"players": facts["size"]},
        ),
        *registered_all(facts["entrants"]),
    ]
    for number, seated, scores, byes, penalties in facts["rounds"]:
        tables = [
            table(t + 1, match=number * 10 + t, seats=seats, board=f"board{number}") for t, seats in enumerate(seated)
        ]
        stream += round_played(
            number,
            *((drawn, [sign * s for s in table_scores]) for drawn, table_scores in zip(tables, scores)),
            byes=byes,
        )
        stream += [ruling("penalty", number * 10 + t, seat=seat, points=2) for t, seat in penalties]
        stream.append(round_closed(number))
    return stream


def order_of(rows):
    """What a ranking decides, whichever way the scores run."""
    return [(row.rank, row.entrant, row.matches, row.byes, row.matchpoints, row.percentage) for row in rows]


@settings(deadline=None)
@given(facts=tournaments())
def test_negating_every_score_and_flipping_the_flag_gives_the_same_ranking(facts):
    lowest = ranking(rebuild(events(facts, lowest=True, sign=1)))
    highest = ranking(rebuild(events(facts, lowest=False, sign=-1)))

    assert order_of(lowest) == order_of(highest)
    flip = -1 if facts["table_points"] == "score" else 1
    for low, high in zip(lowest, highest):
        assert low.table_points == flip * high.table_points  # place points are the same; scores shown as counted
        assert low.game_score == -high.game_score
        low_breaks, high_breaks = dict(low.tie_breaks), dict(high.tie_breaks)
        assert low_breaks["wins"] == high_breaks["wins"]
        assert low_breaks["head_to_head"] == high_breaks["head_to_head"]
        assert low_breaks["game_score"] == -high_breaks["game_score"]
        # opponents' points are their table points, or their matchpoints in duplicate
        ranked_by = 1 if facts["format"] == "duplicate" else flip
        assert low_breaks["opponents_points"] == ranked_by * high_breaks["opponents_points"]


@settings(deadline=None)
@given(facts=tournaments())
def test_where_the_lowest_wins_a_penalty_adds_points_and_scores_are_shown_as_the_engine_counted_them(facts):
    stream = events(facts, lowest=True, sign=1)
    standings = rebuild(stream)
    assert standings.config.lowest_wins
    for number, _seated, scores, _, penalties in facts["rounds"]:
        for t, table_scores in enumerate(scores):
            result = standings.results[number * 10 + t]
            added = [2 * sum(1 for pt, seat in penalties if (pt, seat) == (t, s)) for s in range(facts["size"])]
            assert list(result.reported) == table_scores
            assert list(result.scores) == [score + extra for score, extra in zip(table_scores, added)]
