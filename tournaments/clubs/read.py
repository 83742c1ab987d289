"""What the club's pages and API show: one read path, so they cannot disagree.

A season's standings read each finished event's standings through the tournaments' own
projection (tournaments.projection.current_standings: the event's stream folded, checkpointed
with the version it reached) and fold them into the season's (tournaments.clubs.season). The
club's ratings replay the streams of its finished, rated events (tournaments.clubs.ratings),
memoised per process under those streams' heads, as the leaderboards are. Nothing of either is
stored: a ruling in an event changes both at the next read.
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import RULESETS
from games.record import eventlog

from .. import leaderboards, projection, read
from .. import ratings as openskill
from .. import standings as folds
from ..ladder.chart import chart
from ..models import ClubMember, Tournament
from . import ratings as club_ratings
from . import season as season_fold

CHART_POINTS = 200  # a member's chart shows their last rated games, at most this many
TABLE_POINTS = 20  # and its table the last of them


# ------------------------------------------------------------------ events
def event_row(tournament):
    return {
        "tournament": tournament,
        "id": tournament.pk,
        "name": tournament.name,
        "game": _(RULESETS[tournament.ruleset].label),
        "starts_at": tournament.starts_at,
        "venue": tournament.venue,
        "status": tournament.status,
    }


def events_of(club):
    """The club's events: (coming, past). Coming are those not finished, the soonest first (an
    event with no date last); past the finished ones, the latest first."""
    tournaments = list(club.tournaments.order_by("pk"))
    coming = [t for t in tournaments if t.status != Tournament.Status.FINISHED]
    past = [t for t in tournaments if t.status == Tournament.Status.FINISHED]
    coming.sort(key=lambda t: (t.starts_at is None, t.starts_at or t.created_at, t.pk))
    past.sort(key=lambda t: (t.starts_at or t.created_at, t.pk), reverse=True)
    return [event_row(t) for t in coming], [event_row(t) for t in past]


def members_of(club):
    """The club's members: organisers first, then by name."""
    members = club.members.select_related("user")
    return sorted(members, key=lambda m: (m.role != ClubMember.Role.ORGANISER, m.user.username.casefold()))


# ------------------------------------------------------------------ invitation links
def invitation_row(invitation, now=None):
    """An invitation link as the organisers see it: never its secret (the database has only its hash)."""
    now = now or timezone.now()
    expired = invitation.expires_at is not None and invitation.expires_at <= now
    return {
        "id": invitation.pk,
        "created_by": invitation.created_by.username,
        "created_at": invitation.created_at.isoformat(),
        "expires_at": invitation.expires_at.isoformat() if invitation.expires_at else None,
        "revoked_at": invitation.revoked_at.isoformat() if invitation.revoked_at else None,
        "live": invitation.revoked_at is None and not expired,
        "uses": invitation.uses,
    }


# ------------------------------------------------------------------ seasons
def settings_of(season):
    return season_fold.Settings(
        scoring=season.scoring,
        best_n=season.best_n if season.scoring == "best" else None,
        tie_breaks=tuple(season.tie_breaks),
    )


def season_event(tournament):
    """A finished event as the season's fold reads it: its standings through the projection,
    each ranked entrant keyed by its account (the leaderboards' keys)."""
    standings = projection.current_standings(tournament)
    accounts = {e.pk: leaderboards.entrant_key(e) for e in tournament.entrants.all() if e.ranked}
    return season_fold.Event(tournament.pk, tournament.name, standings, accounts)


def season_standings(season):
    """The season's standings: {"events": the finished events that count, in the season's order,
    "waiting": its events not finished yet, "rows": the season's rows, best first,
    "root_hash": one hash over every counted event's streams}."""
    tournaments = [e.tournament for e in season.events.select_related("tournament").order_by("position")]
    finished = [t for t in tournaments if t.status == Tournament.Status.FINISHED]
    rows = season_fold.rows(settings_of(season), [season_event(t) for t in finished])
    heads = [head for t in finished for head in read.stream_heads(t)]
    return {
        "events": finished,
        "waiting": [t for t in tournaments if t.status != Tournament.Status.FINISHED],
        "rows": rows,
        "root_hash": eventlog.root_hash(heads),
    }


def season_version(season):
    """A key that changes whenever the season's standings may: its events and their streams'
    versions (a projector's poll answers 204 while it holds)."""
    events = season.events.order_by("position").values_list("tournament_id", "tournament__version")
    return ".".join(f"{pk}-{version}" for pk, version in events) or "0"


def row_json(row, events):
    return {
        "rank": row.rank,
        "account": row.account,
        "name": row.name,
        "kind": row.kind,
        "total": row.total,
        "events_played": row.events_played,
        "events_counted": row.events_counted,
        "events": [
            {"tournament": t.pk, "points": points, "counted": counted}
            for t, points, counted in zip(events, row.points, row.counted)
        ],
        "tie_breaks": dict(row.tie_breaks),
    }


# ------------------------------------------------------------------ ratings
_last = {}  # club id -> (the heads it was built from, its ClubRatings, names, kinds)


def rated_events(club):
    return list(club.tournaments.filter(status=Tournament.Status.FINISHED, rated=True).order_by("pk"))


def ratings_of(club):
    """(ClubRatings, names by key, kinds by key) over the club's finished, rated events, rebuilt
    from their streams; memoised under their heads (a hash covers every event of a stream)."""
    events = rated_events(club)
    heads = [(t.pk, t.version, t.head_hash) for t in events]
    known = _last.get(club.pk)
    if known is not None and known[0] == heads:
        return known[1:]
    matches, names, kinds = [], {}, {}
    for tournament in events:
        entrants = {e.pk: e for e in tournament.entrants.all()}
        for e in entrants.values():
            names[leaderboards.entrant_key(e)], kinds[leaderboards.entrant_key(e)] = e.name, e.kind
        rows = eventlog.stream_events(tournament.stream)
        ended_at = {r.payload["match"]: r.recorded_at for r in rows if r.type == "match_result"}
        standings = folds.rebuild(eventlog.as_engine_event(r) for r in rows)
        matches += club_ratings.event_matches(
            tournament.pk,
            standings,
            lambda entrant, entrants=entrants: leaderboards.entrant_key(entrants[entrant]),
            ended_at,
        )
    value = (club_ratings.rate(matches), names, kinds)
    _last[club.pk] = (heads, *value)
    return value


def ratings_tables(club):
    """One table per game the club has rated: its label and rows (people, then bots, each best
    ordinal first; the house's fillers left off), each row with its games and whether it is a
    member's."""
    rated, names, kinds = ratings_of(club)
    member_keys = {f"user:{pk}" for pk in club.members.values_list("user_id", flat=True)}
    tables = []
    for ruleset in sorted(rated.ratings, key=lambda r: RULESETS[r].position if r in RULESETS else 0):
        pool = {key: rating for key, rating in rated.ratings[ruleset].items() if not key.startswith("house:")}
        rows = openskill.leaderboard(pool, names, kinds, bots_apart=True)
        history = rated.history[ruleset]
        tables.append(
            {
                "ruleset": ruleset,
                "label": _(RULESETS[ruleset].label) if ruleset in RULESETS else ruleset,
                "rows": [
                    {
                        "row": row,
                        "games": len(history.get(row.key, ())),
                        "member": row.key in member_keys,
                        "user": int(row.key.split(":")[1]) if row.key.startswith("user:") else None,
                    }
                    for row in rows
                ],
            }
        )
    return tables


def history_of(club, key):
    """A key's rating history in the club, one entry per game it was rated in: its label, its
    rating now, the chart's geometry (tournaments.ladder.chart) and the latest points, newest
    first. What a member's page shows (templates/tournaments/clubs/_rating_history.html)."""
    rated, _names, _kinds = ratings_of(club)
    games = []
    for ruleset, keys in rated.history.items():
        points = keys.get(key)
        if not points:
            continue
        shown = points[-CHART_POINTS:]
        games.append(
            {
                "ruleset": ruleset,
                "label": _(RULESETS[ruleset].label) if ruleset in RULESETS else ruleset,
                "rating": rated.ratings[ruleset][key],
                "games": len(points),
                "points": points,
                "chart": chart([(p.games, p.mu, p.sigma) for p in shown]),
                "first": shown[0],
                "table": list(shown[::-1][:TABLE_POINTS]),
            }
        )
    return games
