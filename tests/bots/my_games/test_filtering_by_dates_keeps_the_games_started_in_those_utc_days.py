"""``?since=`` and ``?until=`` (YYYY-MM-DD, both included) keep the games started in those UTC
days."""

import datetime

from games.models import Match

from .games import listed, table

UTC = datetime.UTC


def started(match, when):
    Match.objects.filter(pk=match.pk).update(created_at=when)
    return match


def test_only_the_games_started_in_the_span(owners, house):
    ana = owners["ana"]
    march = started(table([ana, *house]), datetime.datetime(2025, 3, 31, 23, 59, tzinfo=UTC))
    april = started(table([ana, *house]), datetime.datetime(2025, 4, 1, 0, 0, tzinfo=UTC))
    may = started(table([ana, *house]), datetime.datetime(2025, 5, 2, 12, 0, tzinfo=UTC))

    assert listed(ana, since="2025-04-01") == [may.pk, april.pk]
    assert listed(ana, until="2025-03-31") == [march.pk]
    assert listed(ana, since="2025-03-31", until="2025-04-01") == [april.pk, march.pk]
    assert listed(ana, since="2025-05-02", until="2025-05-02") == [may.pk]
    assert listed(ana, since="2025-06-01") == []
    assert listed(ana, since="0001-01-01", until="9999-12-31") == [may.pk, april.pk, march.pk]
