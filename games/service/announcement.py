"""Telling the apps built on games that a match moved on: every change of a match (its creation,
an action, a seat left or returned, a built-in run of bots.runner) ends by calling
``announce_after_commit``."""

from django.db import transaction

from games import hooks


def announce_after_commit(match, machines_seated=None, worker_on_it=False, created=False, people_seated=None):
    """The one emitter of a match's announcement (docs/architecture.md §4.3): once the
    transaction commits, each MATCH_ADVANCED receiver is given a MatchAdvanced saying that the
    match reached the version ``match`` (the row as this transaction wrote it) stands at, with
    what the change learnt (``machines_seated``, ``worker_on_it``, ``created``, ``people_seated``:
    games.hooks.MatchAdvanced).
    A change rolled back announces nothing. Called with no transaction open (a built-in run,
    whose own transaction has committed), the receivers are told at once."""
    announcement = hooks.MatchAdvanced(
        match.pk, match.version, match, machines_seated, worker_on_it, created, people_seated
    )
    transaction.on_commit(lambda: hooks.MATCH_ADVANCED.call(announcement))
