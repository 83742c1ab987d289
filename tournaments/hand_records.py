"""A tournament's hand records: every deal of every board its tables share (a duplicate event's
boards, or its fixed boards), with who deals (and declares) it and every seat's cards, for a
club to deal the same boards at every physical table (docs/tournaments.md, "Hand records for
duplicate with cards").

The cards are the ones the matches are dealt, by the same functions: a duplicate board's seed is
``rounds.match_seed`` of its board key, its game starts as ``engine.new_game`` starts a match's,
and each deal is ``games.engine.deal.seeded_deal`` over the ruleset's deal rules (what the
states and tools/verify_export.py do); a fixed board is dealt as the engine deals it. Seats are
numbered from 0 here, as in the API; the page numbers them from 1.

They show every card of boards no table has played yet: only a free arbiter may read them, the
organiser or staff who play in no match of the event (docs/architecture.md §3.5,
``check_reader``)."""

import typing

from games import engine
from games.engine import deal as deals
from games.errors import ServiceError
from games.service import access

from .models import Tournament
from .service import rounds
from .service.stream import check_organiser

# The deals printed of a game that runs to a target score (no fixed number of hands), unless
# the organiser asks for more or fewer, and the most they may ask for.
OPEN_ENDED_DEALS = 10
MOST_DEALS = 40
MOST_REDEALS = 3


class Board(typing.NamedTuple):
    """A board the tournament's tables share: its name on the pages (a duplicate board's key,
    or a fixed board's number from 1), the rounds that play it, its deals, whether deal 1's
    dealer is named at the table (its seats are then counted from that dealer) and whether its
    game runs to a target rather than a number of deals."""

    name: str
    rounds: list[int]
    deals: list[dict]
    decided_at_table: bool
    open_ended: bool


def has_hand_records(tournament):
    """Whether the tournament's tables share boards: a duplicate event, or fixed boards."""
    return bool(tournament.boards) or tournament.format == Tournament.Format.DUPLICATE


def can_redeal(tournament):
    """Whether a deal of this game may be cancelled and dealt again (its ruleset logs a
    ``deal_cancelled``): its hand records may then add each deal's redeals."""
    return "deal_cancelled" in engine.RULESETS[tournament.ruleset].event_types


def check_reader(tournament, user):
    """Refuses anyone but a free arbiter: the organiser or staff (403 ``organiser_only``) who
    play in no match of the event and are none of its entrants (403 ``arbiter_only``)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("organiser_only")
    check_organiser(tournament, user)
    if access.plays_in_named_event(tournament.stream, user):
        raise ServiceError("arbiter_only")


def boards(tournament, deals=None, redeals=0):
    """The Boards of the tournament, in the order its rounds play them: ``deals`` deals of a
    game without a fixed number (OPEN_ENDED_DEALS by default; a game with one prints them all),
    each followed by its first ``redeals`` redeals where the game can cancel a deal."""
    if tournament.boards:
        return fixed_boards(tournament)
    if tournament.format != Tournament.Format.DUPLICATE:
        return []
    seed = bytes.fromhex(tournament.seed)
    redeals = redeals if can_redeal(tournament) else 0
    played = {}
    for number, keys in rounds.duplicate_boards(tournament).items():
        for key in keys:
            played.setdefault(key, []).append(number)
    return [
        seeded_board(
            tournament, key, numbers, rounds.match_seed(seed, tournament.pk, numbers[0], board=key), deals, redeals
        )
        for key, numbers in played.items()
    ]


def seeded_board(tournament, name, numbers, seed, count, redeals):
    """A board dealt from ``seed``: its game started as a match's is, then each deal derived."""
    state = engine.new_game(tournament.ruleset, seed=seed, options=tournament.options)
    start = state.events[0]
    rules = engine.RULESETS[tournament.ruleset].deal_rules
    decided = deals.dealer_decided_at_table(start, rules)
    # Where the table names the first dealer, the seats are counted from that dealer (seat 0).
    first = 0 if decided else None
    total = state.deals_in_game or count or OPEN_ENDED_DEALS
    dealt = []
    for number in range(1, total + 1):
        for redeal in range(redeals + 1):
            dealt.append(record(deals.seeded_deal(seed, start, rules, state.num_seats, number, redeal, first)))
    return Board(name, numbers, dealt, decided, state.deals_in_game is None)


def fixed_boards(tournament):
    """The fixed boards as the engine deals them (one deal each); round r plays board
    (r - 1) modulo their number."""
    count = len(tournament.boards)
    out = []
    for index, board in enumerate(tournament.boards):
        state = engine.new_game(tournament.ruleset, options=tournament.options, board=board)
        started = next(e for e in state.events if e["type"] == "deal_started")
        numbers = [r for r in range(1, tournament.rounds + 1) if (r - 1) % count == index]
        out.append(Board(str(index + 1), numbers, [record(started)], False, False))
    return out


def record(dealt):
    """A deal as the hand records keep it: its number, redeal, dealer, declarer where it has
    one, and its cards (hands, and a layout game's layout and stock, the stock's top card last)."""
    kept = {"deal": dealt.get("deal", 1), "redeal": dealt.get("redeal", 0), "dealer": dealt.get("dealer")}
    if dealt.get("declarer") is not None:
        kept["declarer"] = dealt["declarer"]
    kept["hands"] = [list(hand) for hand in dealt["hands"]]
    for pile in ("layout", "stock"):
        if pile in dealt:
            kept[pile] = dealt[pile]
    return kept


def as_json(tournament, found):
    """The hand records as a download: the tournament, its seed's commitment, and each board."""
    return {
        "tournament": tournament.pk,
        "name": tournament.name,
        "ruleset": tournament.ruleset,
        "options": tournament.options,
        "seed_sha256": tournament.seed_sha256,
        "boards": [board._asdict() for board in found],
    }
