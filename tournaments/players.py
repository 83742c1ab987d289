"""Who plays in a tournament, for games' hidden-information rule (docs/architecture.md §3.5): anyone who
entered it, in person or through a bot of their own, whether or not they sit at a table now
(a bye, a later round), so that no entrant sees cards another table is still playing."""

from django.db.models import Q

from .models import Entrant

PREFIX = "tournament/"


def plays_in(event, user):
    """Whether ``user`` is an entrant of the tournament named by ``event`` ("tournament/<id>")."""
    if not event.startswith(PREFIX) or not event[len(PREFIX) :].isdigit():
        return False
    entries = Entrant.objects.filter(tournament_id=int(event[len(PREFIX) :])).exclude(kind=Entrant.Kind.HOUSE_BOT)
    return entries.filter(Q(user=user) | Q(bot__owner=user)).exists()
