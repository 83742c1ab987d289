"""The extension points games offers (docs/architecture.md §5): the apps built on games plug in
here at start-up, in their ``AppConfig.ready()``, so that games never imports them (§2.1).

``Hook`` is the registry each extension point is: bots/hooks.py declares bots' with it too.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass

if typing.TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser

    from games.models import Match

P = typing.ParamSpec("P")
R = typing.TypeVar("R")


class Hook(typing.Generic[P, R]):
    """One extension point: the functions the apps above have registered for it, called in the
    order they were registered (the apps' order in INSTALLED_APPS). ``doc`` says who calls it,
    when, with what, and what an implementation returns."""

    def __init__(self, name: str, doc: str):
        self.name, self.__doc__ = name, doc
        self.implementations: list[Callable[P, R]] = []

    def __repr__(self):
        return f"<Hook {self.name}: {len(self.implementations)} registered>"

    def register(self, implementation: Callable[P, R]) -> Callable[P, R]:
        """Add ``implementation``; once only, however often ``ready()`` runs."""
        if implementation not in self.implementations:
            self.implementations.append(implementation)
        return implementation

    def unregister(self, implementation: Callable[P, R]) -> None:
        if implementation in self.implementations:
            self.implementations.remove(implementation)

    def answers(self, *args: P.args, **kwargs: P.kwargs) -> Iterator[R]:
        """Each implementation's answer, in order, asked only as they are read: ``any()`` of
        them stops at the first that says yes."""
        for implementation in tuple(self.implementations):
            yield implementation(*args, **kwargs)

    def call(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every implementation, for what it does (an exception stops the rest and is raised)."""
        for _answer in self.answers(*args, **kwargs):
            pass


@dataclass(frozen=True)
class MatchAdvanced:
    """The announcement that a match moved on: a committed change reached ``version``.

    Made by ``games.service.announcement.announce_after_commit``, the only emitter, and given to each
    MATCH_ADVANCED receiver once the change's transaction has committed.

    - ``match_id``, ``version``: the match and the version the change reached.
    - ``match``: the match row as the change's transaction wrote it, so that a receiver told of
      every action need not read it again. It is a live object; ``row`` gives it only while it
      still stands at ``version``.
    - ``machines_seated``: whether a machine plays a seat at the table (a bot sits at it, or a
      seat was ever handed to a house bot), when the change learnt it on its way (a person's
      action: its seat check; a built-in run: always); None when it did not.
    - ``worker_on_it``: the worker that made the change (a built-in bots' run, bots.runner)
      deals with the match's next turn itself, so nothing need be queued for it.
    - ``created``: the change created the match (its seats are all set from then on).
    - ``people_seated``: whether a person sits at the table, when the change learnt it on its
      way (a person's action: yes); None when it did not. A worker's task for a table of people
      goes to a queue of its own (bots.tasks.queue_for).
    """

    match_id: int
    version: int
    match: Match
    machines_seated: bool | None = None
    worker_on_it: bool = False
    created: bool = False
    people_seated: bool | None = None

    @property
    def row(self) -> Match | None:
        """The match row as written at ``version``, or None if the object has moved on since."""
        return self.match if self.match.version == self.version else None


MATCH_ADVANCED: Hook[[MatchAdvanced], None] = Hook(
    "MATCH_ADVANCED",
    """Receivers of every committed change of a match: ``receiver(announcement: MatchAdvanced)``.

    Called by the ``on_commit`` callback of ``games.service.announcement.announce_after_commit`` (a match
    created, an action, a built-in run, a seat left or returned), after the commit, never for a
    change rolled back; each receiver once per announcement, in order. A receiver returns
    nothing; it must not fail the change (it has committed): trouble is logged and left to the
    sweeps. Registered: games.live.pubsub.publish_match, bots.tasks.on_match_advanced,
    bots.events.on_match_advanced, tournaments.tasks.on_match_advanced.""",
)

EVENT_PLAYER_CHECKS: Hook[[str, AbstractBaseUser], bool] = Hook(
    "EVENT_PLAYER_CHECKS",
    """Who plays in an event: ``check(event, user) -> bool``, true when ``user`` is an entrant
    of ``event`` (the ``Match.event`` name, a tournament's ``"tournament/<id>"``) in person or
    through a bot of theirs.

    Asked by ``games.service.access.plays_in_event`` (closed rooms, docs/architecture.md §3.5) when
    ``user`` holds no seat in any of the event's matches; any true answer counts. Registered:
    tournaments.players.plays_in.""",
)

EVENT_SEAT_EXITS: Hook[[Match, AbstractBaseUser], bool] = Hook(
    "EVENT_SEAT_EXITS",
    """What leaving a seat at an event's match means: ``leave(match, user) -> bool``.

    Asked by ``games.service.hand_overs.do_leave_seat`` inside the leave's transaction, under the match's
    lock, for a match of an event. An implementation withdraws ``user`` from its event and
    returns True, raises ServiceError to refuse (nothing is stored), or returns False when the
    match is not its event's; the first True ends the asking. With no True the leave is refused
    (409 ``cannot_leave``). Registered: tournaments.service.entries.leave_match.""",
)

SCORE_TABLE_KEYS: Hook[[str], Match | None] = Hook(
    "SCORE_TABLE_KEYS",
    """The score tables other rooms open with keys of their own: ``open(key) -> Match | None``,
    the match of a physical table the key opens now (a tournament's table code for its round),
    or None when the key is not one of its keys, or no longer opens anything (revoked, or its
    round is over).

    Asked by ``games.service.score_tables.door`` when the key is no table's own secret link;
    the first match answered wins (docs/architecture.md §3.9). Registered:
    tournaments.service.tables_with_cards.open_table.""",
)

MATCH_PAGE_SECTIONS: Hook[[Match, str, typing.Any, str | None], list[tuple[str, dict]]] = Hook(
    "MATCH_PAGE_SECTIONS",
    """Sections the apps above add to a match's pages: ``source(match, page, request, key) ->
    [(template name, context)]``, each rendered in place with the request (its CSRF token,
    its language).

    ``page`` says where: ``"table"`` (the table page, under the seat controls: the viewer is
    ``request.user``), ``"score_table"`` (a score table's entry page, opened by ``key``, the
    link or code the page was reached by) or ``"sheet"`` (the score sheet, public as the
    match's scores). Asked by the ``match_sections`` template tag (games/templatetags/
    match_sections.py) as the page renders; an implementation answers [] for a match that is
    not its event's, and shows each viewer only what they may see (closed rooms, docs/api.md).
    Registered: tournaments.views_director_calls.match_sections (a tournament match's calls
    to the director and its rulings, docs/tournaments.md "Calling the director").""",
)
