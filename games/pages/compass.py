"""Where each seat sits on the screen: the viewer at the bottom, the others around the table in
the ruleset's direction of play, so that a game played counter-clockwise (Rifki, as Turkish
tables play it) is seen going counter-clockwise, and a clockwise game clockwise.

Pure: the direction comes from the ruleset's descriptor (docs/architecture.md §3.2a), the table size from
the match; nothing here knows a game.
"""

from games.engine.rulesets import CLOCKWISE

# The places around a table of each size, going clockwise as seen from above, from the bottom
# (6 o'clock, then 9, 12, 3): the areas of the seats' grid in static/css/table.css.
CLOCKWISE_PLACES = {
    2: ["bottom", "top"],
    3: ["bottom", "top-left", "top-right"],
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "left", "top-left", "top-right", "right"],
    6: ["bottom", "left", "top-left", "top", "top-right", "right"],
}


def places(viewer, num_seats, direction):
    """Each seat's place, {seat: place}: ``viewer`` (a seat, or seat 0 for a spectator) at the
    bottom, the seat after it in play order next around the table in the direction of play."""
    around = CLOCKWISE_PLACES[num_seats]
    if direction != CLOCKWISE:
        around = [around[0], *reversed(around[1:])]
    order = [(viewer + k * direction) % num_seats for k in range(num_seats)]
    return dict(zip(order, around))
