"""The people's clocks at a table (issue 19): how long each seat has for its move.

``table_clock_context`` gives the table page what it shows of the clocks
(templates/games/_seat_clock.html); it reads only what every seat may see.
"""


def table_clock_context(match, view, me):
    """Extra context for the table page about the seats' clocks: none yet."""
    return {}
