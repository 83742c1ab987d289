"""One descriptor per ruleset: what a game is, for everything outside the engine (docs/architecture.md §3.2a).

Outside ``games/engine/`` nothing names a ruleset or assumes a seat count, a direction or
tricks: it asks ``RULESETS[name]``. The descriptor is plain data plus a few pure functions,
in the manner of OpenSpiel's ``GameType`` and lila's per-format ``System``.
"""

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

from . import records
from .errors import InvalidOptions
from .options import Flag, resolve

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1

# Deal rules (docs/events.md): "direction" (the ruleset's) is the step from seat to seat:
# each deal goes round from the seat after its dealer, and the dealer of deal n + 1 sits after
# the dealer of deal n (a redeal keeps its deal's dealer). "draws" are the game_started fields
# drawn from the seed, one draw over the seats with the key "<key>/<draw>". "first_deal" lists
# how deal 1's dealer (or declarer) is fixed, the first rule that applies winning:
#   {"game_started": F, "names": R}: the field F of game_started is deal 1's R;
#   {"game_started": F, "event": T, "field": G, "names": R}: with F in game_started, the field
#     G of the first T event is deal 1's R;
#   {"option": O, "holder_of": {value: card}, "names": R, "dealt_from": s}: when option O has
#     one of these values, deal 1 is dealt from seat s and the holder of the card is its R.
# "declarer": "after_dealer" says every deal's declarer sits after its dealer. "hand_size" and
# "jokers" name the options that set the cards per hand and add the two jokers to the pack.
# Each game gives its own beside its code (``king.DEALING``, ...).

# The platform's own events in a match stream (docs/events.md, "Platform events in a match
# stream"): who plays a seat, and a score table's word on its entries (confirmed, disputed,
# settled by the organiser). Public in every ruleset; each descriptor declares them.
PLATFORM_EVENTS: tuple[str, ...] = (
    "action_fallback",
    "seat_taken_over",
    "seat_returned",
    "entry_confirmed",
    "entry_disputed",
    "entry_settled",
)

# A score table's events (tally.py, docs/architecture.md §3.9): a deal's entry, its correction,
# the last entry withdrawn, the game finished. Public: a table enters no card.
TABLE_EVENTS: tuple[str, ...] = ("enter", "correct", "undo", "finish")

# The layout "piles" (a ruleset's ``layout``): a pile on each side of the stock and a corner pile
# on each diagonal, named by compass points, in the canonical order of legal_actions() (sides,
# then corners). The table page draws them by these names, whatever game lays them out.
PILE_SIDES: tuple[str, ...] = ("N", "E", "S", "W")
PILE_CORNERS: tuple[str, ...] = ("NE", "SE", "SW", "NW")

# What every trick game logs that anyone may see (docs/events.md): the cards played, the tricks
# they make, how a deal and the game ended, and every decision but the cards dealt.
TRICK_EVENTS: tuple[str, ...] = ("play", "trick", "hand_ended_early", "deal_ended", "game_ended", "contract", "pass")


@dataclass(frozen=True)
class Ruleset:
    name: str
    label: str  # msgid
    summary: str  # msgid: one sentence on what the game is, shown after its label
    seats: range  # the table sizes the ruleset plays
    default_seats: int
    flags: dict[str, Flag]
    direction: int  # CLOCKWISE or COUNTER_CLOCKWISE: the deal, the play and any rotation
    roles: dict[str, str]  # the seat roles a table shows, by view key -> msgid ("dealer": "Dealer")
    sheet_role: str  # the role a score sheet's row names (the dealer in King, the declarer in Rifki)
    policies: tuple[str, ...]  # the built-in bot strategies that play it (bots.strategies names)
    takeover_policy: str  # the strategy that plays a seat whose bot failed (docs/architecture.md §3.6)
    trick_taking: bool  # the view's table part holds a trick and a contract
    state_class: Any = field(repr=False)
    describe_contract: Callable[[Any], records.Described] = field(repr=False)
    # Every event type a match of the ruleset may log (the engine's, its decisions' and the
    # platform's PLATFORM_EVENTS), each declared one way or the other (docs/events.md):
    # ``private_events`` carry cards only some viewers may see, each type with the function that
    # hides its private fields from a viewer (``redact.py``: ``hide(event, seat, revealed)``);
    # ``public_events`` are shown whole to everyone. Redaction fails closed: a type declared
    # neither way is shown as its type alone, and the platform refuses to append one
    # (games.record.eventlog, ``event_types``).
    private_events: dict[str, Callable[[dict[str, Any], Any, bool], dict[str, Any]]] = field(
        repr=False, default_factory=dict
    )
    public_events: tuple[str, ...] = ()
    # The sentences people read when the engine refuses something of this game, by the error's
    # ``code`` (msgids; games.refusals adds the codes every game shares).
    refusals: dict[str, str] = field(default_factory=dict)
    # A button's words for each action type of the game that takes no card and no argument
    # (msgids; games/templatetags/cards.py ``action_label``): "cancel" -> "Cancel the deal".
    action_labels: dict[str, str] = field(default_factory=dict)
    # The game's own pure rules the table page reads to put a decision into words (King's
    # auction: ``bid_value``, ``legal_bids``, ``UP_VALUE``, ...), or None; and every contract a
    # declarer may name, in the engine's order (Rifki's choice: the penalties, then trumps by suit).
    auction: Any = field(repr=False, default=None)
    contracts: tuple[dict[str, Any], ...] = ()
    # Where the platform's lists put the game (the site's first game first); then by name.
    position: int = 100
    # How a deal ended, as (msgid, params): ``records.describe_end`` for the trick games.
    describe_deal_end: Callable[[Any], records.Described] = field(repr=False, default=records.describe_end)
    # The flags of the ruleset's short game, for a quick table, and a msgid saying what it is.
    short_game: dict[str, Any] | None = None
    short_game_help: str = ""
    # Who deals first and what a deal holds (the DEAL_RULES below); ``deal_rules`` adds the
    # direction.
    dealing: dict[str, Any] = field(default_factory=dict)
    # Whether the lowest total wins a game with these resolved options (penalty points) rather
    # than the highest: what standings, places and ratings order by (``lowest_wins``).
    scores_lowest: Callable[[dict[str, Any]], bool] = field(repr=False, default=lambda options: False)
    # The action types a missed turn gets (a bot's fault, a person's timeout: docs/architecture.md §3.6), in
    # order of preference; with none of them legal, the first legal action (``fallback``).
    fallback_types: tuple[str, ...] = ()
    # How the table page lays out the view's table part: "tricks" (a trick in the middle, tricks
    # won by seat) or "piles" (piles around a stock, cards played onto a pile named by ``to``:
    # PILE_SIDES and PILE_CORNERS).
    layout: str = "tricks"
    # The cards beyond the 52 a game may deal (Kings in the Corner's jokers), as the view names them.
    jokers: tuple[str, ...] = ()

    # ------------------------------------------------------------------ seats
    def next_seat(self, seat: int, num_seats: int) -> int:
        """The seat after ``seat`` in the ruleset's direction at a table of ``num_seats``."""
        return (seat + self.direction) % num_seats

    def play_order(self, first: int, num_seats: int) -> list[int]:
        """Every seat, starting with ``first``, in the order they play."""
        return [(first + k * self.direction) % num_seats for k in range(num_seats)]

    def num_seats(self, options: dict[str, Any] | None = None) -> int:
        """The table size a game with these options has (``options["players"]`` where the
        ruleset plays several sizes)."""
        players = (options or {}).get("players", self.default_seats)
        if players not in self.seats:
            raise InvalidOptions(
                f"{self.name} is played by {self.seats.start} to {self.seats.stop - 1} players, not {players!r}",
                code="invalid_players",
                least=self.seats.start,
                most=self.seats.stop - 1,
            )
        return players

    def lowest_wins(self, options: dict[str, Any] | None = None) -> bool:
        """Whether the lowest total wins a game with these options (Kings in the Corner's
        penalty points), not the highest; the engine's own game_ended winners agree."""
        return self.scores_lowest(self.resolve_options(options))

    def fallback(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The action a missed turn gets among ``legal`` (the state's legal actions, in their
        canonical order): the first of ``fallback_types`` that is legal, else the first legal
        action. Kings in the Corner ends the turn; the trick games play their first card."""
        for kind in self.fallback_types:
            for action in legal:
                if action["type"] == kind:
                    return action
        return legal[0]

    @property
    def deal_rules(self) -> dict[str, Any]:
        """Who deals and from which seat, as JSON data: what an export's match record carries so
        that a verifier outside the platform (tools/verify_export.py) re-derives every deal from
        the seed without knowing the game (docs/events.md, "Deal rules")."""
        return {"direction": self.direction, **self.dealing}

    # ------------------------------------------------------------------ events
    @cached_property
    def event_types(self) -> frozenset[str]:
        """Every event type the ruleset declares, public or private: all a match may log."""
        return frozenset(self.private_events) | frozenset(self.public_events)

    def visibility(self, kind: str) -> str | None:
        """ "private", "public", or None for an event type the ruleset does not declare."""
        if kind in self.private_events:
            return "private"
        if kind in self.public_events:
            return "public"
        return None

    # ------------------------------------------------------------------ options
    def flag_defaults(self) -> dict[str, Any]:
        return resolve(self.flags, {}, self.name)

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """All flags with defaults filled in; refuses unknown names and ill-typed values."""
        opts = resolve(self.flags, options, self.name)
        self.state_class.check_options(opts)
        return opts

    # ------------------------------------------------------------------ records
    def describe(self, record: dict[str, Any] | None) -> records.Described:
        """A deal record (``state.deals[i]``), or a contract record (its ``contract``, or a
        view's ``table["contract"]``), as (msgid, params)."""
        if self.trick_taking and record is not None and "name" not in record:
            record = record.get("contract")  # a deal record: describe its contract
        return self.describe_contract(record)

    def describe_end(self, record: dict[str, Any]) -> records.Described:
        """How the deal of a deal record ended, as (msgid, params)."""
        return self.describe_deal_end(record)

    def sheet_seat(self, record: dict[str, Any]) -> int | None:
        """The seat a score sheet's row names for this deal (its dealer or declarer)."""
        return record.get(self.sheet_role)


# ---------------------------------------------------------------------- the registry
# Every ruleset the engine plays, by name: each game's module registers its own descriptors
# when it is imported (games/engine/__init__.py imports every module of the package), the way
# OpenSpiel's games register themselves beside their code. Nothing lists the games by hand.
RULESETS: dict[str, Ruleset] = {}


def register(*rulesets: Ruleset) -> None:
    """Add games to ``RULESETS`` (kept in ``position`` order); a name may be registered once."""
    for ruleset in rulesets:
        if ruleset.name in RULESETS:
            raise ValueError(f"a ruleset named {ruleset.name!r} is registered already")
        undeclared = set(ruleset.private_events) & set(ruleset.public_events)
        if undeclared:
            raise ValueError(f"{ruleset.name}: {sorted(undeclared)} declared both public and private")
        RULESETS[ruleset.name] = ruleset
    ordered = sorted(RULESETS.values(), key=lambda r: (r.position, r.name))
    RULESETS.clear()
    RULESETS.update((r.name, r) for r in ordered)


def unregister(name: str) -> None:
    """Remove a game from ``RULESETS`` (a plug-in game a test registered for itself)."""
    RULESETS.pop(name, None)


def trick_game(
    name, label, summary, state_class, direction, roles, sheet_role, short_game, short_game_help, dealing, **rules
):
    """The descriptor of a trick game played by four (``state.GameState``): King and Rifki.
    ``rules`` holds what is the game's own: its decisions (``public_events``: the events they
    log), ``negative_labels``, ``refusals``, ``action_labels``, ``auction``, ``contracts`` and
    ``position``."""
    from .hiders import hide_board, hide_deal

    negative_labels = rules.pop("negative_labels")
    decisions = rules.pop("public_events")
    return Ruleset(
        name=name,
        label=label,
        summary=summary,
        seats=range(4, 5),
        default_seats=4,
        flags=state_class.FLAGS,
        direction=direction,
        roles=roles,
        sheet_role=sheet_role,
        policies=("random", "heuristic", "montecarlo"),
        takeover_policy="heuristic",
        trick_taking=True,
        state_class=state_class,
        describe_contract=lambda contract: records.describe_contract(negative_labels, contract),
        private_events={"game_started": hide_board, "deal_started": hide_deal},
        public_events=TRICK_EVENTS + decisions + TABLE_EVENTS + PLATFORM_EVENTS,
        short_game=short_game,
        short_game_help=short_game_help,
        dealing=dealing,
        **rules,
    )
