"""What the API and the pages show of a tournament: one read path, so they cannot disagree."""

import typing

from games.models import Match
from games.record import eventlog
from games.service import access

from . import projection
from . import standings as folds
from .models import Tournament
from .service import stream


def stream_heads(tournament, own_head=None):
    """(stream, version, head hash) of the tournament's stream (``own_head``: the (version,
    hash) of the events the caller read, when it read them) and of each of its matches'."""
    version, digest = own_head or (tournament.version, tournament.head_hash)
    matches = Match.objects.filter(tournament_table__tournament=tournament).values_list("id", "version", "head_hash")
    return [(tournament.stream, version, digest)] + [
        (f"match/{pk}", version, digest) for pk, version, digest in matches
    ]


def root_hash(tournament, own_head=None):
    """The tournament's root hash: over its own stream's head and its matches' (docs/architecture.md §3.4)."""
    return eventlog.root_hash(stream_heads(tournament, own_head))


def standings_rows(tournament):
    """The standings, brought up to date from the stream, as plain rows best first."""
    value = projection.current_standings(tournament)
    return [
        {
            "rank": r.rank,
            "entrant": r.entrant,
            "name": r.name,
            "kind": r.kind,
            "ranked": r.ranked,
            "withdrawn": r.withdrawn,
            "matches": r.matches,
            "byes": r.byes,
            "table_points": r.table_points,
            "game_score": r.game_score,
            "matchpoints": r.matchpoints,
            "percentage": r.percentage,
            "tie_breaks": dict(r.tie_breaks),
        }
        for r in folds.ranking(value)
    ]


def rounds(tournament):
    """Every round drawn so far: its tables (match, board, entrant ids in seat order, match
    status) and byes, from the round_started events."""
    tables, byes = stream.seated_entrants(tournament)
    played = {}  # (round, table) -> its matches, the one drawn first and then any replays
    for x in tournament.tables.select_related("match").order_by("replay"):
        played.setdefault((x.round, x.table), []).append(x)
    # Tables dealt the same cards are one closed room while any of them plays (docs/api.md
    # "Closed rooms"): the pages say which, and link them only for the tables' own players.
    closed = access.closed_cards_groups(x.match.cards_group for xs in played.values() for x in xs)
    rounds = []
    for r in sorted(tables):
        drawn = [_table(played[(r, i)], i, seats, closed) for i, seats in enumerate(tables[r], 1)]
        rounds.append(
            {
                "round": r,
                "closed": r <= tournament.closed_round,
                "byes": byes.get(r, []),
                "tables": drawn,
                # The boards (a duplicate's board names; a fixed board has none) still in play.
                "closed_boards": sorted({t["board"] or "" for t in drawn if t["closed_room"]}),
            }
        )
    return rounds


def next_round(tournament):
    """The next round's draw and whether check-in is required (``stream.NextRound``); a
    finished tournament has none, and its stream is not read for it."""
    if tournament.status == Tournament.Status.FINISHED:
        return stream.NextRound(None, False, 0)
    return stream.next_round(tournament)


def _table(matches, number, seats, closed):
    """A table as it stands: the match it plays now (its last replay, if an arbiter ordered
    one), the matches that replay replaced, and whether its cards are a closed room."""
    current = matches[-1]
    return {
        "table": number,
        "match": current.match_id,
        "board": current.board or None,
        "seats": seats,
        "status": current.match.status,
        "replaced": [m.match_id for m in matches[:-1]],
        "closed_room": current.match.cards_group in closed,
        "cards": current.cards,  # played with real cards, its deals entered (tables_with_cards)
    }


def live_and_recent(limit=20):
    """Tournaments for the home page: running first, then open for registration, then finished."""
    order = {Tournament.Status.RUNNING: 0, Tournament.Status.REGISTRATION: 1, Tournament.Status.FINISHED: 2}
    recent = list(Tournament.objects.select_related("organiser").order_by("-pk")[:limit])
    return sorted(recent, key=lambda t: (order[t.status], -t.pk))


class LiveTable(typing.NamedTuple):
    """A live tournament match, and whether it is a closed room: other tables still play its
    cards (only its own may look)."""

    match: Match
    closed_room: bool


def live_tables(limit=12):
    """The LiveTables of live tournament matches, newest first (spectators see them through the
    same redaction)."""
    matches = list(
        Match.objects.filter(status=Match.Status.LIVE, tournament_table__isnull=False)
        .select_related("tournament_table__tournament")
        .order_by("-pk")[:limit]
    )
    closed = access.closed_cards_groups(m.cards_group for m in matches)
    return [LiveTable(match, match.cards_group in closed) for match in matches]
