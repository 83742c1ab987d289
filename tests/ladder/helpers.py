"""Checks the ladder's tests share: the read models against a fold of the stream."""

from games.record import eventlog
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import Point, key_of
from tournaments.models import LadderEntry, LadderRating, LadderRatingPoint, LadderTable


def assert_read_models_equal_a_rebuild(ruleset):
    """Every read model of the ladder equals the fold of its stream, exactly (floats included),
    and the leaderboard built from either is the same."""
    rows = eventlog.stream_events(f"ladder/{ruleset}")
    assert eventlog.check_chain(rows) is None
    folded = ladder_service.rebuild(ruleset)
    ratings = {r.key: r for r in LadderRating.objects.filter(ruleset=ruleset)}
    assert {k: (r.mu, r.sigma, r.games) for k, r in ratings.items()} == {
        k: (rating.mu, rating.sigma, folded.games[k]) for k, rating in folded.ratings.items()
    }
    assert all(r.ordinal == r.mu - 3 * r.sigma for r in ratings.values())
    assert {k for k, r in ratings.items() if r.anchor} == {key_of(b) for b in folded.anchors if key_of(b) in ratings}
    points = {}
    for p in LadderRatingPoint.objects.filter(ruleset=ruleset).order_by("key", "games"):
        points.setdefault(p.key, []).append(Point(p.match_id, p.mu, p.sigma, p.games))
        assert p.ordinal == Point(p.match_id, p.mu, p.sigma, p.games).ordinal
    assert points == {k: list(v) for k, v in folded.history.items()}
    assert {e.bot_id: (e.status, e.left_reason) for e in LadderEntry.objects.filter(ruleset=ruleset)} == {
        b: (e.status, e.reason) for b, e in folded.entries.items()
    }
    # the leaves for faults the joins are checked against (their waits) are the fold's
    assert {b: ladder_service.fault_record(ruleset, b)[0] for b in folded.entries} == {
        b: e.fault_leaves for b, e in folded.entries.items()
    }
    tables = {
        t.match_id: (tuple(t.seats), tuple(t.anchors), t.rated) for t in LadderTable.objects.filter(ruleset=ruleset)
    }
    assert tables == {
        m: (seats, tuple(b for b in seats if b in folded.anchors), m in folded.rated)
        for m, seats in folded.tables.items()
    }
    assert ladder_service.leaderboard(ruleset) == ladder_service.leaderboard_of(ruleset, folded)
    return folded
