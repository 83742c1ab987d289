"""A person's public profile, ``/people/<username>/`` (issue 35; docs/pages.md, "A person's
profile"): what the site already shows of them elsewhere, gathered on one page. Reads only.

- **Games**: the finished games they sat at in person, per game (ruleset): played, won alone,
  first place shared. Each result is read from the match's recorded ending, as "Your games"
  reads it (bots.my_games): a live game is not counted, and neither is a finished table of a
  board another table still plays (a closed room, docs/api.md "Closed rooms"), whose result
  nobody sees until the last table finishes it.
- **Tournaments**: the events they entered in person (an invitation not yet accepted, or
  declined, is no entry), newest first, with their place in the final standings once the event
  is over: the place and the standings the event's page shows everyone.
- **Ratings**: their rating in each game as the site's leaderboards rate it (finished, rated
  events: tournaments.leaderboards), with its history, one point per rated match, for the chart
  the ladder and the clubs draw (tournaments.ladder.chart).
- **Clubs**: the clubs they belong to, each leading to their rating history there.

Nothing here reads a card: counts, places and ratings only. Nothing names a ruleset
(docs/architecture.md §3.2a): labels come from the ruleset's descriptor.
"""

from collections import Counter

from django.utils.translation import gettext as _

from bots import my_games
from games.engine import RULESETS
from games.models import Match, Seat
from games.record import eventlog

from . import leaderboards, read
from . import ratings as openskill
from . import standings as folds
from .clubs import ratings as club_ratings
from .ladder.chart import chart
from .models import ClubMember, Entrant, Tournament

TOURNAMENTS_LISTED = 50  # the latest entries; an older one is on its event's page
CHART_POINTS = 200  # a rating's chart shows the last rated games, at most this many
TABLE_POINTS = 20  # and its table the last of them
NOT_AN_ENTRY = (Entrant.Status.INVITED, Entrant.Status.DECLINED)


def label(ruleset):
    return _(RULESETS[ruleset].label) if ruleset in RULESETS else ruleset


def position(ruleset):
    return (RULESETS[ruleset].position if ruleset in RULESETS else 0, ruleset)


# ------------------------------------------------------------------ games
def games(person):
    """Per game, the finished games ``person`` sat at in person: [{"ruleset", "label",
    "played", "won", "shared"}], in the site's order of games. One query."""
    over = Match.objects.filter(status=Match.Status.OVER).exclude(my_games.closed_room())
    seats = (
        Seat.objects.filter(user=person, match__in=over)
        .annotate(won=my_games.seat_result("won"), shared=my_games.seat_result("drawn"))
        .values_list("match__ruleset", "won", "shared")
    )
    played, won, shared = Counter(), Counter(), Counter()
    for ruleset, alone, tied in seats:
        played[ruleset] += 1
        won[ruleset] += alone
        shared[ruleset] += tied
    return [
        {"ruleset": r, "label": label(r), "played": played[r], "won": won[r], "shared": shared[r]}
        for r in sorted(played, key=position)
    ]


# ------------------------------------------------------------------ tournaments
def tournaments(person):
    """(the events ``person`` entered in person, newest first, at most TOURNAMENTS_LISTED;
    whether there are more). Each with its status, whether they withdrew, and once it is
    finished their place among the ranked entrants ("place", "of"; None if the standings rank
    them nowhere)."""
    entries = list(
        Entrant.objects.filter(user=person, kind=Entrant.Kind.USER)
        .exclude(status__in=NOT_AN_ENTRY)
        .select_related("tournament")
        .order_by("-tournament__created_at", "-tournament_id")[: TOURNAMENTS_LISTED + 1]
    )
    rows = []
    for entry in entries[:TOURNAMENTS_LISTED]:
        tournament = entry.tournament
        place = of = None
        if tournament.status == Tournament.Status.FINISHED:
            # The standings everyone reads on the event's page (read.standings_rows).
            standings = read.standings_rows(tournament)
            of = sum(row["rank"] is not None for row in standings)
            place = next((row["rank"] for row in standings if row["entrant"] == entry.pk), None)
        rows.append(
            {
                "tournament": tournament,
                "label": label(tournament.ruleset),
                "finished": tournament.status == Tournament.Status.FINISHED,
                "withdrawn": entry.status == Entrant.Status.WITHDRAWN,
                "place": place,
                "of": of,
            }
        )
    return rows, len(entries) > TOURNAMENTS_LISTED


# ------------------------------------------------------------------ ratings
# (heads, value): the rating history this process built last and the finished rated events'
# stream heads it was built from, swapped as one tuple (as leaderboards.rating_book).
_last = (None, None)


def rating_history():
    """(ClubRatings over every finished rated event, names by key, kinds by key, {match: when
    its result was recorded}), memoised per process under the events' stream heads."""
    global _last
    heads = leaderboards.rated_heads()
    known, value = _last
    if known != heads:
        value = build_rating_history([pk for pk, _version, _hash in heads])
        _last = (heads, value)
    return value


def build_rating_history(tournament_ids):
    matches, names, kinds, recorded = [], {}, {}, {}
    for tournament in Tournament.objects.filter(pk__in=tournament_ids).order_by("pk"):
        entrants = {e.pk: e for e in tournament.entrants.all()}
        for e in entrants.values():
            key = leaderboards.entrant_key(e)
            names[key], kinds[key] = e.name, e.kind
        rows = eventlog.stream_events(tournament.stream)
        recorded.update({r.payload["match"]: r.recorded_at for r in rows if r.type == "match_result"})
        standings = folds.rebuild(eventlog.as_engine_event(r) for r in rows)
        # Rated in the leaderboards' order, event by event and each in its counted results'
        # order (tournaments.ratings.rate_tournament), so that the history ends at the very
        # rating the leaderboards show: clubs.ratings.rate sorts by this order.
        order = {result.match: (tournament.pk, i) for i, result in enumerate(folds.counted_results(standings))}
        matches += club_ratings.event_matches(
            tournament.pk,
            standings,
            lambda entrant, entrants=entrants: leaderboards.entrant_key(entrants[entrant]),
            order,
        )
    return club_ratings.rate(matches), names, kinds, recorded


def ratings(person):
    """Per game ``person`` is rated in: their rating, their rank among the people rated in it
    (bots are ranked apart, as on the leaderboards), the chart's geometry and the latest points,
    newest first, each with its match, event and when its result was recorded."""
    rated, names, kinds, recorded = rating_history()
    key = f"user:{person.pk}"
    events = {}
    shown = []
    for ruleset in sorted(rated.history, key=position):
        points = rated.history[ruleset].get(key)
        if not points:
            continue
        pool = {k: rating for k, rating in rated.ratings[ruleset].items() if not k.startswith("house:")}
        people = [
            row
            for row in openskill.leaderboard(pool, names, kinds, bots_apart=True)
            if row.kind in openskill.PEOPLE_KINDS
        ]
        latest = points[-CHART_POINTS:]
        table = list(latest[::-1][:TABLE_POINTS])
        missing = {p.event for p in table} - events.keys()
        events.update(Tournament.objects.filter(pk__in=missing).in_bulk())
        shown.append(
            {
                "ruleset": ruleset,
                "label": label(ruleset),
                "rating": rated.ratings[ruleset][key],
                "rank": next(row.rank for row in people if row.key == key),
                "people": len(people),
                "games": len(points),
                "chart": chart([(p.games, p.mu, p.sigma) for p in latest]),
                "first": latest[0],
                "table": [{"point": p, "tournament": events.get(p.event), "at": recorded.get(p.match)} for p in table],
            }
        )
    return shown


# ------------------------------------------------------------------ clubs
def clubs(person):
    """The clubs ``person`` belongs to, by name (each club's page lists its members to everyone)."""
    memberships = ClubMember.objects.filter(user=person).select_related("club")
    return sorted(memberships, key=lambda m: (m.club.name.casefold(), m.club_id))


def of(person):
    """Everything the profile shows."""
    played = games(person)
    entered, more = tournaments(person)
    return {
        "games": played,
        "played": sum(g["played"] for g in played),
        "won": sum(g["won"] for g in played),
        "tournaments": entered,
        "more_tournaments": more,
        "ratings": ratings(person),
        "clubs": clubs(person),
    }
