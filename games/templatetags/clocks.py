"""Template helpers for the people's clocks (games/service/clocks.py)."""

from django import template

register = template.Library()


@register.filter
def clock_of(clocks, seat):
    """The clock of ``seat`` (an index) in ``clocks`` (games.service.clocks.match_clocks), or None."""
    return clocks.get(seat) if isinstance(clocks, dict) else None
