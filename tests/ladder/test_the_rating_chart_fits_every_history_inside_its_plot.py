"""The rating chart's geometry (tournaments.ladder.chart.chart), pure: for any history every
point of the mu line, the ± sigma band and the ordinal line lies inside the plot, as text
coordinates (never a locale's decimal comma); the y ticks are round numbers spanning them and
the x ticks run from the first game to the last without overlapping."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.ladder.chart import chart

history = st.lists(
    st.tuples(st.floats(-30, 80, allow_nan=False), st.floats(0.5, 9, allow_nan=False)), min_size=1, max_size=300
).map(lambda rows: [(games, mu, sigma) for games, (mu, sigma) in enumerate(rows, 1)])


def pairs(points):
    return [tuple(map(float, pair.split(","))) for pair in points.split(" ")]


@given(history)
def test_every_line_stays_inside_the_plot(points):
    c = chart(points)
    left, right, top, bottom = (float(c[k]) for k in ("left", "right", "top", "bottom"))
    for name in ("mu", "band", "ordinal"):
        for x, y in pairs(c[name]):
            assert left - 0.05 <= x <= right + 0.05 and top - 0.05 <= y <= bottom + 0.05, name
    assert len(pairs(c["mu"])) == len(points) and len(pairs(c["band"])) == 2 * len(points)
    values = [t["value"] for t in c["y_ticks"]]
    assert values == sorted(values) and len(values) >= 2
    assert min(values) <= min(mu - 3 * s for _, mu, s in points) + 1e-6
    assert max(values) >= max(mu + s for _, mu, s in points) - 1e-6
    xs = [float(t["x"]) for t in c["x_ticks"]]
    assert c["x_ticks"][0]["value"] == 1 and c["x_ticks"][-1]["value"] == len(points)
    assert all(b - a >= 28 for a, b in zip(xs, xs[1:])) or len(xs) <= 2


def test_no_history_draws_nothing_and_one_game_sits_in_the_middle():
    assert chart([]) is None
    c = chart([(1, 25.0, 8.3)])
    ((x, _y),) = pairs(c["mu"])
    assert x == (float(c["left"]) + float(c["right"])) / 2
    assert "," not in c["y_ticks"][0]["y"] and all("." in t["x"] for t in c["x_ticks"])
