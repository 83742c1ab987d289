"""What the tournament's own pages include of calling the director (docs/tournaments.md,
"Calling the director"): ``{% director_calls_for tournament as calls %}`` in the manage page's
``_director_calls.html`` (the calls the organiser may read, with their answer forms) and
``{% rulings_for tournament as rulings %}`` in the public page's ``_rulings.html`` (every
ruling, with what it changed)."""

from django import template

from tournaments import rulings_shown, views_director_calls

register = template.Library()


@register.simple_tag(takes_context=True)
def director_calls_for(context, tournament):
    request = context.get("request")
    return views_director_calls.arbiter_calls(tournament, getattr(request, "user", None))


@register.simple_tag
def rulings_for(tournament):
    return rulings_shown.shown_rulings(tournament)
