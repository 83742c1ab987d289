"""Template helpers for the people's clocks (games/clocks.py)."""

from django import template

register = template.Library()


@register.filter
def clock_of(clocks, seat):
    """The clock of ``seat`` (an index) in ``clocks`` (games.clocks.match_clocks), or None."""
    return clocks.get(seat) if isinstance(clocks, dict) else None
