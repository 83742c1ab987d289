"""Tables with cards: a tournament's tables whose players sit with real cards, their deals
entered from a phone (docs/tournaments.md, "Tables with cards"; docs/architecture.md §3.9).

The organiser says how many of a round's tables play with cards (a ``tables_with_cards``
event, for the rounds not started yet): the first tables of the draw, in table order, that
seat only people. Each such table's match is a score table (games.service.score_tables) with
the entrants' names, its first dealer the one its seed names, so its sheet and its result go
the same ways as an online table's: the result recorded when the table finishes, standings,
ratings, projector, CSV and audit.

Each table with cards has a table code, derived from the tournament's secret seed (its card
prints again alike) and stored only as its SHA-256; it opens that table's score entry while
its round is open, and the organiser can replace it (the old code then opens nothing). The
table's entries wait for the next seat's confirmation; the organiser settles what is left
unconfirmed or disputed with a ruling on the entry (an ``entry_settled`` event).
"""

import base64
import hashlib
import hmac

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import engine
from games.errors import ServiceError
from games.models import Match, ScoreTable
from games.service import score_tables

from ..models import Entrant, Tournament, TournamentTable
from .stream import actor_of, check_organiser, do_set_for_next_rounds, locked, next_round

MOST_TABLES = 500  # the largest count of tables with cards an organiser can ask for
CODE_BYTES = 10  # a table code: 16 characters of base32, 80 bits


# ------------------------------------------------------------------ which tables
def do_set_tables_with_cards(tournament_id, by, count):
    """The organiser says how many tables of each round to come play with cards (0: none).
    A ``tables_with_cards`` event when it changes; returns the count now in force."""
    if type(count) is not int or not 0 <= count <= MOST_TABLES:
        raise ServiceError("invalid_input", problem=_("'count' is a whole number of tables from 0 to 500"))
    event = {"type": "tables_with_cards", "count": count}
    return do_set_for_next_rounds(tournament_id, by, "tables_with_cards", count, event)


def with_cards(tables, people, count):
    """The numbers of the drawn ``tables`` ({"table", "seats"} each) that play with cards: the
    first ``count`` in table order whose seats are all in ``people`` (entrant ids of persons).
    A table with a bot plays online: a bot has no hands to hold cards."""
    chosen = []
    for table in sorted(tables, key=lambda t: t["table"]):
        if len(chosen) < count and all(e in people for e in table["seats"]):
            chosen.append(table["table"])
    return set(chosen)


def people_among(entrant_ids):
    """The entrant ids of ``entrant_ids`` that are persons (no bot, no house bot)."""
    return set(Entrant.objects.filter(pk__in=entrant_ids, kind=Entrant.Kind.USER).values_list("pk", flat=True))


# ------------------------------------------------------------------ codes
def table_code(tournament, round_no, table, generation=0):
    """The code of a table with cards: derived from the tournament's secret seed, so the same
    card prints again, and different for every round, table and replacement."""
    label = f"tournament/{tournament.pk}/round/{round_no}/table/{table}/code/{generation}"
    digest = hmac.new(bytes.fromhex(tournament.seed), label.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:CODE_BYTES]).decode().lower()


def open_table(key):
    """The match a table code opens now (games.hooks.SCORE_TABLE_KEYS): its table's, while its
    round is the tournament's open round; None otherwise (a replaced code, a closed round)."""
    table = (
        TournamentTable.objects.select_related("match", "tournament")
        .filter(code_hash=score_tables.key_hash(key), cards=True)
        .first()
    )
    if table is None or table.round != table.tournament.current_round or table.round <= table.tournament.closed_round:
        return None
    return table.match


# ------------------------------------------------------------------ matches
def create_card_table_match(tournament, round_no, number, board_key, entrants, seeded, cards_group, replay=0):
    """The match of a table with cards: a score table with the entrants' names, its first dealer
    (or declarer) the one that ``seeded`` (the game its seed or fixed board deals) names, as
    the table's online match would have it; its printed hand records name the same."""
    state = engine.score_table_of(seeded)
    match = score_tables.create_entered_match(
        state,
        [e.user for e in entrants],
        tournament.organiser,
        event=tournament.stream,
        public_when_over=round_no <= tournament.closed_round,
        cards_group=cards_group,
    )
    ScoreTable.objects.create(match=match, names=[e.name for e in entrants])
    # A replay takes the table's code over: the card on the table opens the new match.
    TournamentTable.objects.filter(tournament=tournament, round=round_no, table=number).update(code_hash=None)
    generation = (
        TournamentTable.objects.filter(tournament=tournament, round=round_no, table=number)
        .values_list("code_generation", flat=True)
        .first()
        or 0
    )
    TournamentTable.objects.create(
        tournament=tournament,
        round=round_no,
        table=number,
        board=board_key or "",
        replay=replay,
        match=match,
        cards=True,
        code_generation=generation,
        code_hash=score_tables.key_hash(table_code(tournament, round_no, number, generation)),
    )
    return match


def card_table(tournament, match_id):
    """The table with cards of ``tournament`` that plays ``match_id`` now (its last replay, which
    holds the code), or 404."""
    table = TournamentTable.objects.filter(
        tournament=tournament, match_id=match_id, cards=True, code_hash__isnull=False
    ).first()
    if table is None:
        raise ServiceError("not_found", problem=_("no table with cards plays match %(match)s"), match=match_id)
    return table


def do_replace_code(tournament_id, by, match_id):
    """Revoke a table's code and give it a new one (a card lost or seen by the wrong people):
    the old code opens nothing from now on. Returns the new code."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        table = card_table(tournament, match_id)
        table.code_generation += 1
        code = table_code(tournament, table.round, table.table, table.code_generation)
        table.code_hash = score_tables.key_hash(code)
        table.save(update_fields=["code_generation", "code_hash"])
    return code


def current_code(tournament, table):
    """The code a table with cards opens with now (None for a replaced match of the table)."""
    if not table.cards or table.code_hash is None:
        return None
    return table_code(tournament, table.round, table.table, table.code_generation)


# ------------------------------------------------------------------ the organiser's rulings
def do_settle_entry(tournament_id, by, match_id, deal, note, expected_version):
    """The organiser settles a deal's entry at a table with cards (unconfirmed or disputed): it
    stands as entered, or as the organiser corrected it at the table first. An ``entry_settled``
    event in the table's stream, the organiser its actor."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("not_found", problem=_("no tournament %(tournament)s"), tournament=tournament_id)
    check_organiser(tournament, by)
    table = card_table(tournament, match_id)
    score_tables.check_closed_room(table.match, by)  # an organiser who plays the board elsewhere
    door = score_tables.Door(table.match, "", arbiter=True)
    return score_tables.do_check_entry(
        door, actor_of(by), "entry_settled", deal, note=note, expected_version=expected_version
    )


def codes_for_round(tournament, round_no, tables):
    """{table number: its code now} for a round's tables with cards: a started round's from its
    tables, the drawn round's (``tables``: {"table", "seats"} each) from the count in force, so
    its table cards print before it starts."""
    started = TournamentTable.objects.filter(tournament=tournament, round=round_no)
    if started.exists():
        return {t.table: current_code(tournament, t) for t in started.filter(cards=True, code_hash__isnull=False)}
    if round_no != tournament.current_round + 1:
        return {}
    count = next_round(tournament).tables_with_cards
    people = people_among([e for t in tables for e in t["seats"]])
    return {n: table_code(tournament, round_no, n) for n in sorted(with_cards(tables, people, count))}


def readable_tables(tournament, reader):
    """The open round's tables with cards (their last replay each) that ``reader`` may read: all
    of them, but a table whose board another table still plays for no one who plays that
    board elsewhere (``score_tables.check_closed_room``: an organiser who plays too)."""
    if tournament.current_round <= tournament.closed_round:
        return []
    tables = (
        TournamentTable.objects.filter(
            tournament=tournament, round=tournament.current_round, cards=True, code_hash__isnull=False
        )
        .select_related("match", "match__score_table")
        .order_by("table")
    )
    readable = []
    for table in tables:
        try:
            score_tables.check_closed_room(table.match, reader)
        except ServiceError:
            continue
        readable.append(table)
    return readable


def open_card_tables(tournament, reader):
    """The open round's tables with cards as the manage page lists them: names, status and the
    code (the organiser's way in to correct an entry before settling it)."""
    return [
        {
            "table": table.table,
            "match": table.match_id,
            "names": list(table.match.score_table.names),
            "status": table.match.status,
            "code": current_code(tournament, table),
        }
        for table in readable_tables(tournament, reader)
    ]


def entries_to_settle(tournament, reader):
    """The open round's entries at tables with cards that wait for a word: each unconfirmed or
    disputed deal, as {"table", "match", "version", "names", "deal", "status", "who", "note"}."""
    out = []
    for table in readable_tables(tournament, reader):
        if table.match.status == Match.Status.OVER:
            continue
        names = list(table.match.score_table.names)
        for check in score_tables.checks_of(table.match):
            if check["status"] in (score_tables.UNCONFIRMED, score_tables.DISPUTED):
                out.append(
                    {
                        "table": table.table,
                        "match": table.match_id,
                        "version": table.match.version,
                        "names": names,
                        "deal": check["deal"],
                        "status": check["status"],
                        "who": names[check["seat"]] if check["seat"] is not None else "",
                        "note": check["note"],
                    }
                )
    return out
