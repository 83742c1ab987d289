"""A bot's ladder rating history as the geometry of a server-rendered SVG chart (pure: no Django).

The page draws it with presentation attributes and classes from static/css/ladder.css: the
Content-Security-Policy allows no script and no inline style, so the chart is plain SVG the
server writes. x is the bot's rated ladder games (1, 2, ...), y the rating scale: the line is
mu, the band around it mu ± sigma, the dashed line the ordinal mu − 3 sigma that the
leaderboard sorts by. The numbers are returned raw, for the template to format in the reader's
locale.
"""

from __future__ import annotations

import math
from typing import Sequence

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 30


def nice_step(span: float, most: int = 6) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving at most ``most`` ticks over ``span``."""
    raw = max(span, 1e-9) / most
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power


def chart(points: Sequence[tuple[int, float, float]]) -> dict | None:
    """``points``: (games, mu, sigma) oldest first. None when there is nothing to draw.

    Coordinates come as text ("12.5"), never as numbers a template would write in the reader's
    locale ("12,5" would break the SVG); tick labels come as numbers, for the template to."""
    if not points:
        return None
    games = [g for g, _, _ in points]
    low = min(min(mu - 3 * sigma, mu - sigma) for _, mu, sigma in points)
    high = max(mu + sigma for _, mu, sigma in points)
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high - low < step:
        high = low + step
    first, last = min(games), max(games)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(g: float) -> float:
        return LEFT + (plot_w / 2 if first == last else (g - first) / (last - first) * plot_w)

    def y(v: float) -> float:
        return TOP + (high - v) / (high - low) * plot_h

    def path(pairs) -> str:
        return " ".join(f"{px:.1f},{py:.1f}" for px, py in pairs)

    upper = [(x(g), y(mu + sigma)) for g, mu, sigma in points]
    lower = [(x(g), y(mu - sigma)) for g, mu, sigma in points]
    y_ticks = []
    value = low
    while value <= high + step / 2:
        y_ticks.append({"y": f"{y(value):.1f}", "value": round(value, 6)})
        value += step
    x_step = max(1, int(nice_step(last - first, 8))) if last > first else 1
    x_values = sorted({first, last, *range((first // x_step + 1) * x_step, last, x_step)})
    # Labels closer than 28 px to the last one are dropped, so that none overlap.
    x_ticks = []
    for g in x_values:
        if x_ticks and x(g) - x_ticks[-1]["px"] < 28 and g != last:
            continue
        if x_ticks and g == last and x(g) - x_ticks[-1]["px"] < 28 and len(x_ticks) > 1:
            x_ticks.pop()
        x_ticks.append({"px": x(g), "x": f"{x(g):.1f}", "value": g})
    return {
        "width": str(WIDTH),
        "height": str(HEIGHT),
        "left": str(LEFT),
        "right": str(WIDTH - RIGHT),
        "top": str(TOP),
        "bottom": str(HEIGHT - BOTTOM),
        "label_x": str(LEFT - 6),
        "label_y": str(HEIGHT - BOTTOM + 18),
        "mu": path((x(g), y(mu)) for g, mu, _ in points),
        "band": path(upper + lower[::-1]),
        "ordinal": path((x(g), y(mu - 3 * sigma)) for g, mu, sigma in points),
        "dots": [{"x": f"{x(g):.1f}", "y": f"{y(mu):.1f}"} for g, mu, _ in points] if len(points) <= 60 else [],
        "y_ticks": y_ticks,
        "x_ticks": x_ticks,
    }
