"""``{% match_sections match "sheet" %}``: the sections the apps above games add to a match's
pages (``hooks.MATCH_PAGE_SECTIONS``, docs/architecture.md §5), rendered in place. Games names
no template of theirs: each implementation answers its own templates and their context."""

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games import hooks

register = template.Library()


@register.simple_tag(takes_context=True)
def match_sections(context, match, page):
    """Every registered section for ``match`` on ``page`` ("table", "score_table", "sheet"),
    rendered with the page's request; a score table's page passes the key it was opened by."""
    request = context.get("request")
    door = context.get("door")
    key = getattr(door, "key", None) if page == "score_table" else None
    html = [
        render_to_string(name, section, request=request)
        for sections in hooks.MATCH_PAGE_SECTIONS.answers(match, page, request, key)
        for name, section in sections
    ]
    return mark_safe("".join(html))  # each is a template rendered with autoescaping
