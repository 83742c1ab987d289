"""Kings in the Corner (docs/rules.md §3; docs/architecture.md §3.2b): the state machine of both rulesets.

Not a trick-taking game, so not a ``state.GameState``: the same surface (``to_act``,
``legal_actions()``, ``apply()``, ``view()``, ``events``, ``scores``, ``deal_scores``,
``deals``, ``is_over``, ``num_seats``), the same event sourcing, its own rules.

A turn is many decisions by one seat: ``play {card, to[, as]}``, ``move {from, to}``,
``end_turn`` (which draws) and, in the Jax game, ``end_turn {draw: false}``; under
``draw_timing: start_of_turn`` a ``draw`` opens the turn while the stock lasts. Everything else
is automatic and recorded as its own event, so that a replay folds the log without deciding
anything:

- ``deal_started {deal, dealer, hands, layout, stock}`` (hands private to their seats, the stock
  to nobody, until the hand ends), ``layout_king_cornered`` (setup_king_handling
  ``auto_corner_refill_from_stock``), ``turn_started {seat}``;
- ``turn_ended {seat, penalties, draws, idle}`` after an ``end_turn`` (or a Becker pass);
- ``card_drawn {seat, card}`` (the card private to the drawer), ``king_placed`` (Jax: a drawn
  king goes to the first empty corner), ``card_placed`` (Becker: a drawn card fits an empty
  space and must go there);
- ``deal_ended {deal, reason, winner, cards_left, scores, scored, ...}`` and ``game_ended``.

Rule choices where the sources are silent are docs/rules.md §3.5; this module says where it decides
something more (each in the comment of the place that does it).
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from typing import Any, ClassVar, Final

from . import corners_rules
from . import deal as deals
from . import tally as tables
from .actions import Action, normalize_action
from .cards import DECK, DECK_SET
from .corners_rules import (
    BASE,
    CARD_ORDER,
    CORNERS,
    CORNERS_FLAGS,
    JAX_FIXED,
    JAX_FLAGS,
    JOKERS,
    KING,
    PILES,
    UNSUPPORTED,
    chain_fits,
    fits,
    fitting_cards,
    hand_points,
    payable,
    sort_hand,
)
from .errors import EngineError, IllegalAction, InvalidBoard, InvalidEvents, InvalidOptions
from .hiders import HIDDEN, hide_board, hide_deal
from .rulesets import CLOCKWISE, PLATFORM_EVENTS, TABLE_EVENTS, Ruleset, register
from .state import ENTERED, ENTRY, start_game
from .text import N_

PLAY: Final = "play"
DEAL_OVER: Final = "deal_over"
OVER: Final = "over"

# Stages of a hand in play (``table.turn.stage`` in the view).
SETUP: Final = "setup"  # the layout before the first turn
PLAYING: Final = "playing"  # the seat to act plays, moves or ends the turn
MUST_DRAW: Final = "must_draw"  # draw_timing start_of_turn: the turn opens with a draw
ENDING: Final = "ending"  # end_turn taken: penalties and draws follow
DRAWING: Final = "drawing"
KING_DRAWN: Final = "king_drawn"  # Jax: a drawn king goes to a corner
PASSING: Final = "passing"  # the turn is over: the next one starts, or the hand ends in a deadlock

ACTION_FIELDS: Final = {"play": ("card", "to", "as"), "move": ("from", "to"), "end_turn": ("draw",), "draw": ()}
DECISIONS: Final = frozenset(ACTION_FIELDS)

PLAY_ACTIONS: Final = {(c, p): Action(type="play", card=c, to=p) for c in DECK for p in PILES}
MOVE_ACTIONS: Final = {(s, d): Action(type="move", **{"from": s, "to": d}) for s in BASE for d in PILES if s != d}
END_TURN: Final = Action(type="end_turn")
END_TURN_NO_DRAW: Final = Action(type="end_turn", draw=False)
DRAW: Final = Action(type="draw")
ALL_CARDS: Final = DECK + JOKERS
# For the legal-move search: the piles by position (PILES: the base first, then the corners),
# and each card's plays onto them in that order (the same Action objects as PLAY_ACTIONS).
PILE_LIST: Final[list[str]] = list(PILES)
CARD_PLAYS: Final[dict[str, list[Any]]] = {c: [PLAY_ACTIONS[(c, p)] for p in PILES] for c in DECK}

# The rules a pagat game plays with that are Jax flags (fixed off in the pagat game).
PAGAT_FIXED: Final[dict[str, Any]] = {
    "chips_total": 0,
    "ante": 0,
    "no_play_penalty": 0,
    "hidden_king_penalty": 3,
    "refuse_draw_penalty": 0,
    "target_points": 0,
    "drawn_king_immediate_play": False,
    "jax_deadlock": "void",
    "jax_chip_debt": False,
    "kings_move_from_corners": False,
}

PENALTY: Final = "penalty"  # card scorings: lowest total wins
CHIPS: Final = "chips_pot"
POOL: Final = "pool"
JAX: Final = "jax"

# A score table's hand (tally.py, docs/architecture.md §3.9) is entered as the table tells it:
# who went out (``winner``; None for a deadlock) and, per seat, the counts its scoring needs
# (``taken``, the name every game's entry gives its counts), or the ranks of the cards left.
CARDS_LEFT: Final = "cards_left"  # the cards left in each hand
KINGS: Final = "kings"  # the kings among them, where a king costs 10 and every other card 1
JOKERS_LEFT: Final = "jokers"  # the jokers among them, in those scorings when jokers are wild
PENALTIES: Final = "penalties"  # what each seat was charged during the hand: points, chips or units
COMPLETIONS: Final = "completions"  # the corners each seat completed with the ace (a completion bonus)
RANKS: Final = "ranks"  # the ranks of the cards left, in the scorings that charge by rank
RANK_SYMBOLS: Final = "23456789TJQKAX"  # X: a joker; a normalised entry lists ranks in this order
# A card a table enters by count alone (neither a king nor a joker): the scorings that take
# counts charge every such card alike, so any other rank stands for it.
OTHER_CARD: Final = "2"


class CornersState:
    """A game of Kings in the Corner (the pagat game and its variants)."""

    ruleset: ClassVar[str] = "corners"
    FLAGS: ClassVar[dict[str, Any]] = CORNERS_FLAGS
    FIXED: ClassVar[dict[str, Any]] = PAGAT_FIXED

    # The annotations are real: the engine is compiled with mypyc (``make engine``), which keeps
    # them as checked attribute types, and runs unchanged as plain Python without the build.
    # What a fold copies straight from a logged event (or replay() from game_started) is Any:
    # a damaged log then replays, or fails with the same message, compiled or not.
    options: dict[str, Any]
    rules: dict[str, Any]  # the options over the fixed rules of the ruleset
    num_seats: int
    seed: Any  # bytes once the game is created; None in a replay without the seed
    key: Any  # a str; replay() passes game_started's as it is
    board: Any  # the fixed deal, or None for a whole seeded game
    mode: str  # PENALTY, CHIPS, POOL or JAX
    build: dict[str, str]  # pile -> how it builds
    events: list[dict[str, Any]]
    phase: str | None
    stage: str | None
    to_act: Any  # int | None
    deal_no: Any  # int
    first_dealer: Any  # int | None
    dealer: Any  # int | None
    hands: list[list[str]]
    piles: dict[str, list[str]]
    jokers: dict[str, str]  # a joker on the table -> the card it stands for
    stock: list[str]  # top card last
    dealt: Any  # the hand as dealt: (hands, layout, stock), revealed when it ends
    last_deal: Any
    turn_no: int  # turns started this hand
    seat_turns: list[int]  # each seat's turns this hand (Kleplek's first-turn bonus)
    acted: bool  # a play or a pile move this turn
    drew: bool  # a card drawn this turn
    refused: bool  # Jax: end_turn {draw: false}
    draws_left: Any  # int
    draw_then_play: bool  # the draw opened the turn (start_of_turn) rather than closed it
    idle_streak: int  # idle turns in a row with the stock empty (docs/rules.md §3.5, deadlock)
    becker_card: str | None  # Becker: the card drawn after going out, not yet settled
    pending_king: str | None  # Jax: a drawn king on its way to a corner
    pot: Any  # int
    paid: list[int]  # chips (or pool units) each seat paid this hand: ante, penalties, then its cards left
    penalty_points: list[int]  # compulsory kings in a card scoring
    completions: list[int]  # corner piles each seat finished with the ace this hand
    chips: list[int]  # Jax: each seat's chips this hand
    debts: list[int]  # Jax: chips owed, taken off the next win
    carry: Any  # int; Jax, jax_deadlock carry_over: the pot a void hand leaves for the next
    scores: list[int]
    deal_scores: list[list[int]]
    deals: list[dict[str, Any]]
    winners: list[int] | None
    result: Any  # str | None
    _legal: list[Any] | None
    _deal_feed: Any  # logged deals consumed in verify mode when no seed is known
    # Rules read on every turn, kept as fields (a field reads faster than the rules dict, compiled)
    draw_at_start: bool  # draw_timing == "start_of_turn"
    chip_debt: Any  # jax_chip_debt
    drawn_king_at_once: Any  # drawn_king_immediate_play
    # A score table (tally.py, docs/architecture.md §3.9): hands entered as outcomes, not played.
    entry: bool
    entries: list[dict[str, Any]]  # the entries in force, hand by hand
    ENTRY_FIELDS: ClassVar[tuple[str, ...]] = ("winner", "taken", RANKS, "first_turn")
    FIRST_FACT: ClassVar[str] = "first_dealer"  # the game_started field a table's first seat fills

    # ----------------------------------------------------------------- construction
    def __init__(self, options: dict[str, Any], seed: Any, key: Any, board: Any) -> None:
        self.options = options
        rules = {**self.FIXED, **options}
        self.rules = rules
        n = options["players"]
        self.num_seats = n
        self.seed = seed  # secret while the game runs; never in events or views
        self.key = key
        self.board = board
        self.mode = self.scoring_mode(options)
        self.draw_at_start = rules["draw_timing"] == "start_of_turn"
        self.chip_debt = rules["jax_chip_debt"]
        self.drawn_king_at_once = rules["drawn_king_immediate_play"]
        self.build = {p: rules["corner_build"] if p in CORNERS else rules["base_build"] for p in PILES}
        self.events = []
        self.phase = None
        self.stage = None
        self.to_act = None
        self.deal_no = 0
        self.first_dealer = None
        self.dealer = None
        self.hands = [[] for _ in range(n)]
        self.piles = {p: [] for p in PILES}
        self.jokers = {}
        self.stock = []
        self.dealt = None
        self.last_deal = None
        self.turn_no = 0
        self.seat_turns = [0] * n
        self.acted = False
        self.drew = False
        self.refused = False
        self.draws_left = 0
        self.draw_then_play = False
        self.idle_streak = 0
        self.becker_card = None
        self.pending_king = None
        self.pot = 0
        self.paid = [0] * n
        self.penalty_points = [0] * n
        self.completions = [0] * n
        self.chips = [0] * n
        self.debts = [0] * n
        self.carry = 0
        self.scores = [0] * n
        self.deal_scores = []
        self.deals = []
        self.winners = None
        self.result = None
        self._legal = None
        self._deal_feed = None
        self.entry = False
        self.entries = []

    @classmethod
    def create(cls, options, seed, key, board):
        return start_game(cls, options, seed, key, board, deals.LAYOUT_SHUFFLE_VERSION)

    def _first_game_facts(self):
        return {"first_dealer": deals.seeded_draw(self.seed, f"{self.key}/first_dealer", self.num_seats)}

    # ----------------------------------------------------------------- options and boards
    @classmethod
    def scoring_mode(cls, options: dict[str, Any]) -> str:
        """How hands are scored with these (resolved) options: JAX, POOL, CHIPS or PENALTY."""
        if cls.ruleset == "corners_jax":
            return JAX
        rules = {**cls.FIXED, **options}
        if rules["pool_variant"]:
            return POOL
        if rules["scoring"] == CHIPS:
            return CHIPS
        return PENALTY

    @classmethod
    def lowest_wins(cls, options: dict[str, Any]) -> bool:
        """Whether the lowest total wins (the penalty scorings), as game_ended's winners say."""
        return cls.scoring_mode(options) == PENALTY

    @classmethod
    def check_options(cls, options):
        rules = {**cls.FIXED, **options}
        for name, why in UNSUPPORTED.items():
            if name in options and options[name] != cls.FLAGS[name].default:
                raise InvalidOptions(
                    f"option {name!r}: only {cls.FLAGS[name].default!r} is supported: {why}",
                    code="unsupported_option",
                    option=name,
                )
        if options["players"] * options["deal_size"] + 4 > 52:
            raise InvalidOptions(
                f"{options['players']} players with {options['deal_size']} cards each and the four "
                "layout cards need more than the 52-card pack",
                code="too_many_cards",
            )
        if rules["pool_variant"] and rules["scoring"] != "k10_other1":
            raise InvalidOptions(
                "pool_variant replaces the card scoring: use it with the default scoring", code="conflicting_options"
            )

    @classmethod
    def check_board(cls, board: Any, options: Any) -> Any:
        """A board: ``{"dealer", "hands", "layout", "stock"}``. ``layout`` maps piles (N E S W
        NE SE SW NW) to a card or a list of cards (bottom first) built by the rules; the
        stock lists its top card last. Together they hold the whole pack once."""
        if not isinstance(board, dict):
            raise InvalidBoard("a board is a mapping with dealer, hands, layout and stock")
        extra = sorted(set(board) - {"dealer", "hands", "layout", "stock"})
        if extra:
            raise InvalidBoard(f"a Kings in the Corner board has no field {extra[0]!r}", code="invalid_board")
        n = options["players"]
        dealer = board.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidBoard(f"board needs 'dealer': a seat 0-{n - 1}, not {dealer!r}")
        rules = {**cls.FIXED, **options}
        pack = deals.DECK + JOKERS if rules["jokers_wild"] else deals.DECK
        seen: dict[str, str] = {}

        def take(card, where):
            if not isinstance(card, str) or card not in pack:
                raise InvalidBoard(f"{where}: {card!r} is not a card of this game's pack", code="malformed_card")
            if card in seen:
                raise InvalidBoard(
                    f"card {card} is in {seen[card]} and in {where}; each card once", code="repeated_card"
                )
            seen[card] = where
            return card

        hands = board.get("hands")
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise InvalidBoard(f"board needs 'hands': a list of {n} hands (one per player)")
        out_hands = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)) or not hand:
                raise InvalidBoard(f"hand {seat} must be a non-empty list of cards")
            out_hands.append(sort_hand(take(c, f"hand {seat}") for c in hand))
        layout = board.get("layout", {})
        if not isinstance(layout, dict) or set(layout) - set(PILES):
            raise InvalidBoard(f"'layout' maps piles ({' '.join(PILES)}) to a card or a list of cards")
        out_layout: dict[str, Any] = {}
        for pile in PILES:
            cards = layout.get(pile)
            if cards is None or cards == []:
                continue
            cards = [cards] if isinstance(cards, str) else cards
            if not isinstance(cards, (list, tuple)):
                raise InvalidBoard(f"layout {pile}: a card or a list of cards, not {cards!r}")
            for c in cards:
                take(c, f"layout {pile}")
                if c in JOKERS:
                    raise InvalidBoard(f"layout {pile}: a joker starts in a hand or the stock, not the layout")
            build = rules["corner_build"] if pile in CORNERS else rules["base_build"]
            if pile in CORNERS and cards[0][0] != "K":
                raise InvalidBoard(f"layout {pile}: a corner pile starts with a king", code="corner_needs_king")
            if not chain_fits(list(cards[1:]), cards[0], build):
                raise InvalidBoard(f"layout {pile}: the pile is not built by the rules ({build})", code="does_not_fit")
            out_layout[pile] = cards[0] if len(cards) == 1 else list(cards)
        stock = board.get("stock", [])
        if not isinstance(stock, (list, tuple)):
            raise InvalidBoard("'stock' is a list of cards, top card last")
        out_stock = [take(c, "the stock") for c in stock]
        missing = [c for c in pack if c not in seen]
        if missing:
            raise InvalidBoard(
                f"the board must hold the whole pack; missing: {' '.join(missing[:8])}", code="missing_cards"
            )
        return {"dealer": dealer, "hands": out_hands, "layout": out_layout, "stock": out_stock}

    # ----------------------------------------------------------------- score tables (tally.py)
    # docs/architecture.md §3.9: the state machine of a played game with each hand's play
    # replaced by its entry. A hand starts with no cards (the chips shared out and the ante
    # paid, as in play) and waits in ENTRY, nobody to act; its entry charges the penalties the
    # table tells as the turns would (``_charge``), and the hand ends with the deal_ended that
    # the one scoring of both (``_settle``) gives the cards it tells.
    @classmethod
    def table_size(cls, options: dict[str, Any]) -> int:
        return options["players"]

    @classmethod
    def table_facts(cls, first: Any) -> dict[str, Any]:
        return {cls.FIRST_FACT: first}

    @classmethod
    def check_table_options(cls, options: dict[str, Any]) -> None:
        """Every option can be followed at a table: the entry asks for what each one scores."""

    def all_entered(self) -> bool:
        """The game is decided as a played one would be (a total reached the target, or every
        hand of a fixed-length game is in): the table may finish it."""
        return self.entry and self.phase == DEAL_OVER and self._game_is_decided()

    def entry_form(self) -> dict[str, Any]:
        """What the next entry needs (``_entry_form``); or, once the game is decided, only that
        the table may finish it."""
        done = self.all_entered() or self.is_over
        form: dict[str, Any] = {
            "deal": None if done else self.deal_no,
            "deals_in_game": self.deals_in_game,
            "entered": len(self.entries),
            "can_finish": self.all_entered(),
            "is_over": self.is_over,
        }
        if not done:
            form.update(self._entry_form())
        return form

    def contracts_left(self) -> list[list[Any]]:
        """A score sheet's contracts left: this game has none."""
        return [[] for _ in range(self.num_seats)]

    def adopt(self, other: Any) -> None:
        """Take every field of ``other`` (a rebuilt score table) but its log."""
        names = getattr(type(self), "__mypyc_attrs__", None)
        if names is None:
            names = list(vars(other))
        for name in names:
            if not name.startswith("__") and name != "events" and hasattr(other, name):
                setattr(self, name, getattr(other, name))

    def _entry_form(self) -> dict[str, Any]:
        """The hand's dealer; who may have gone out (any seat, or nobody: a deadlock, which the
        chip, pool and Jax games score as void); the counts to enter, each with the most a seat (or
        the table, ``in_all``) can have; the ranks, where the scoring charges cards by rank;
        the penalties the rules charge during a hand; and whether Kleplek's first-turn going
        out is asked."""
        most_held = self._most_held()
        bounds: dict[str, Any] = {
            CARDS_LEFT: most_held,
            KINGS: 4,
            JOKERS_LEFT: len(JOKERS),
            PENALTIES: None,
            COMPLETIONS: len(CORNERS),
        }
        in_all: dict[str, Any] = {CARDS_LEFT: self._most_in_hands(), KINGS: 4, JOKERS_LEFT: len(JOKERS)}
        in_all[COMPLETIONS] = len(CORNERS)
        ranked = self._ranked()
        symbols = RANK_SYMBOLS if self.rules["jokers_wild"] else RANK_SYMBOLS[:-1]
        return {
            "dealer": self.dealer,
            "winner": {"seats": list(range(self.num_seats)), "deadlock": True, "deadlock_scored": self.mode == PENALTY},
            "counts": [{"field": f, "most": bounds[f], "in_all": in_all.get(f)} for f in self._tally_fields()],
            "ranks": {"symbols": list(symbols), "most": most_held} if ranked else None,
            "penalties": self._penalty_amounts(),
            "first_turn": self._first_turn_scored(),
        }

    def _ranked(self) -> bool:
        """The scoring charges the cards left by rank: a table enters their ranks."""
        return self.mode == PENALTY and self.rules["scoring"] != "k10_other1"

    def _tally_fields(self) -> tuple[str, ...]:
        """The counts a hand is entered with under these rules, in their order: the cards left
        (from the ranks where the scoring charges by rank); the kings among them (and the
        jokers, when wild), where a king costs 10 and every other card 1; the penalties, where
        the rules charge any during play; the corners completed, where that earns a bonus."""
        mode = self.mode
        rules = self.rules
        fields: list[str] = []
        if not self._ranked():
            fields.append(CARDS_LEFT)
            if mode == CHIPS or mode == PENALTY:
                fields.append(KINGS)
                if rules["jokers_wild"]:
                    fields.append(JOKERS_LEFT)
        if self._penalty_amounts():
            fields.append(PENALTIES)
        if rules["ace_completion_bonus"]:
            fields.append(COMPLETIONS)
        return tuple(fields)

    def _penalty_amounts(self) -> list[int]:
        """The penalties the rules charge during a hand (``_penalty``), those that cost something."""
        return sorted({a for a in (self._penalty(r) for r in ("no_play", "hidden_king", "refused_draw")) if a})

    def _most_in_hands(self) -> int:
        """The cards the hands can hold in all: the pack but the four base cards, which never
        go back to a hand."""
        pack = len(DECK) + (len(JOKERS) if self.rules["jokers_wild"] else 0)
        return pack - len(BASE)

    def _most_held(self) -> int:
        """The cards one hand can hold: those dealt to it and the whole stock."""
        deal_size = self.rules["deal_size"]
        return deal_size + self._most_in_hands() - self.num_seats * deal_size

    def _check_entry(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A hand as a table enters it (its fields, without type and deal), checked against what
        the rules can produce and normalised, or IllegalAction: ``winner``, the seat who went out
        (None: the hand ended in a deadlock); ``taken``, each count of ``_tally_fields`` as a
        whole number per seat; ``ranks``, where the scoring charges by rank, the ranks of each
        seat's cards left (``RANK_SYMBOLS``), which give its cards left; ``first_turn``, with
        Kleplek's rule, whether the winner went out on his first turn (false when left out)."""
        extra = [k for k in fields if k not in self.ENTRY_FIELDS]
        if extra:
            raise IllegalAction(f"an entry has no field {extra[0]!r}", code="malformed_action")
        n = self.num_seats
        winner = fields.get("winner", -1)
        if winner is not None and (type(winner) is not int or not 0 <= winner < n):
            raise IllegalAction(
                f"'winner' is the seat that went out (0 to {n - 1}), or null for a deadlock", code="winner_not_a_seat"
            )
        ranked = self._ranked()
        wanted = self._tally_fields()
        taken = fields.get("taken")
        if not isinstance(taken, dict):
            raise IllegalAction("'taken' must map each count to a number per seat", code="tally_malformed")
        for k in taken:
            if k not in wanted and not (ranked and k == CARDS_LEFT):
                raise IllegalAction(f"this game is not scored by {k!r}", code="tally_unexpected", field=str(k))
        counts: dict[str, list[int]] = {}
        for f in wanted:
            if taken.get(f) is None:
                raise IllegalAction(f"the count of {f!r} is missing", code="tally_missing", field=f)
            counts[f] = _whole_numbers(taken[f], n, f)
        if ranked:
            held = self._checked_ranks(fields.get(RANKS))
            left = [len(h) for h in held]
            if taken.get(CARDS_LEFT) is not None:
                told = _whole_numbers(taken[CARDS_LEFT], n, CARDS_LEFT)
                for s in range(n):
                    if told[s] != left[s]:
                        raise IllegalAction(
                            f"seat {s} has {told[s]} cards left but {left[s]} ranks",
                            code="cards_left_mismatch",
                            seat=s,
                            entered=told[s],
                            total=left[s],
                        )
            counts = {CARDS_LEFT: left, **counts}
        elif RANKS in fields:
            raise IllegalAction(
                "this game's scoring counts the cards left, not their ranks", code="tally_unexpected", field=RANKS
            )
        else:
            held = []
            left = counts[CARDS_LEFT]
        self._check_cards_left(winner, left)
        kings = counts.get(KINGS)
        if kings is not None:
            jokers = counts.get(JOKERS_LEFT) or [0] * n
            for s in range(n):
                if kings[s] > left[s] or kings[s] + jokers[s] > left[s]:
                    field = KINGS if kings[s] > left[s] else JOKERS_LEFT
                    raise IllegalAction(
                        f"seat {s} holds {left[s]} cards, fewer than its {field}",
                        code="count_exceeds_cards",
                        seat=s,
                        field=field,
                    )
            _within(KINGS, sum(kings), 4)
            _within(JOKERS_LEFT, sum(jokers), len(JOKERS))
        for rank in RANK_SYMBOLS:
            found = sum(h.count(rank) for h in held)
            if rank == RANK_SYMBOLS[-1]:
                _within(JOKERS_LEFT, found, len(JOKERS))
            else:
                _within(RANKS, found, 4)
        amounts = self._penalty_amounts()
        for s, charged in enumerate(counts.get(PENALTIES) or ()):
            if not payable(charged, amounts):
                raise IllegalAction(
                    f"seat {s} cannot have been charged {charged}: the penalties are {amounts}",
                    code="penalty_impossible",
                    seat=s,
                )
        if COMPLETIONS in counts:
            _within(COMPLETIONS, sum(counts[COMPLETIONS]), len(CORNERS))
        entry: dict[str, Any] = {"winner": winner, "taken": counts}
        if ranked:
            entry[RANKS] = held
        if self._first_turn_scored():
            first = fields.get("first_turn", False)
            if type(first) is not bool:
                raise IllegalAction("'first_turn' is true or false", code="malformed_action")
            if first:
                self._check_first_turn(winner, left)
            entry["first_turn"] = first
        elif "first_turn" in fields:
            raise IllegalAction(
                "only Kleplek's scoring rewards going out on the first turn", code="first_turn_not_scored"
            )
        return entry

    def _checked_ranks(self, ranks: Any) -> list[list[str]]:
        """``ranks``: per seat, the ranks of its cards left (one character each: 2-9, T, J, Q,
        K, A, and X for a joker when jokers are wild), listed in RANK_SYMBOLS order."""
        symbols = RANK_SYMBOLS if self.rules["jokers_wild"] else RANK_SYMBOLS[:-1]
        if (
            not isinstance(ranks, list)
            or len(ranks) != self.num_seats
            or not all(
                isinstance(h, list) and all(type(r) is str and len(r) == 1 and r in symbols for r in h) for h in ranks
            )
        ):
            raise IllegalAction(
                f"'ranks' lists each seat's cards left by rank, one of {symbols}", code="ranks_malformed"
            )
        return [sorted(h, key=RANK_SYMBOLS.index) for h in ranks]

    def _check_cards_left(self, winner: Any, left: list[int]) -> None:
        """The hand ends as soon as a player empties his hand: the winner holds nothing, every
        other hand something (all of them after a deadlock); no hand more than it was dealt and
        the whole stock, and the hands no more than the pack but the base in all."""
        most = self._most_held()
        if winner is not None and left[winner]:
            raise IllegalAction(f"seat {winner} went out: no card is left", code="winner_holds_cards", seat=winner)
        for s in range(self.num_seats):
            if s != winner and not left[s]:
                raise IllegalAction(
                    f"seat {s} has no card left: only the seat that went out can have none",
                    code="loser_without_cards",
                    seat=s,
                )
            if left[s] > most:
                raise IllegalAction(
                    f"seat {s} cannot hold {left[s]} cards: at most {most}, its hand and the whole stock",
                    code="cards_left_too_many",
                    seat=s,
                    most=most,
                )
        in_all = self._most_in_hands()
        if sum(left) > in_all:
            raise IllegalAction(
                f"the hands cannot hold {sum(left)} cards in all: at most {in_all}, the pack but the base",
                code="cards_left_total",
                entered=sum(left),
                most=in_all,
            )

    def _check_first_turn(self, winner: Any, left: list[int]) -> None:
        """Going out on his first turn: there is a winner, and every other seat had one turn at
        most before his, so holds at most its hand and one draw."""
        if winner is None:
            raise IllegalAction("a deadlock has nobody who went out on the first turn", code="first_turn_not_scored")
        most = self.rules["deal_size"] + self.rules["draw_count"]
        for s in range(self.num_seats):
            if left[s] > most:
                raise IllegalAction(
                    f"seat {s} cannot hold {left[s]} cards when seat {winner} went out on his first turn",
                    code="cards_left_too_many",
                    seat=s,
                    most=most,
                )

    def _entered_hands(self, entry: Any) -> list[Any]:
        """The cards each seat held when an entered hand ended, as the scoring values them: the
        ranks the table told, or its counts as that many kings, jokers and other cards."""
        ranks = entry.get(RANKS)
        if ranks is not None:
            return [list(h) for h in ranks]
        taken = entry["taken"]
        n = self.num_seats
        left = taken[CARDS_LEFT]
        kings = taken.get(KINGS) or [0] * n
        jokers = taken.get(JOKERS_LEFT) or [0] * n
        return [
            [KING] * kings[s] + [RANK_SYMBOLS[-1]] * jokers[s] + [OTHER_CARD] * (left[s] - kings[s] - jokers[s])
            for s in range(n)
        ]

    def _hands_left(self) -> list[Any]:
        """The cards each seat holds as the hand ends: its hand, or what the table entered."""
        if self.entry:
            return self._entered_hands(self.entries[-1])
        return self.hands

    def _fold_enter(self, ev: Any) -> None:
        self.entries.append(ev)
        taken = ev["taken"]
        for s, amount in enumerate(taken.get(PENALTIES) or ()):
            if amount:
                self._charge(s, amount)
        completions = taken.get(COMPLETIONS)
        if completions is not None:
            self.completions = list(completions)
        self.phase = ENTERED  # its deal_ended follows (``_derive``)
        self.to_act = None

    def _fold_correct(self, ev: Any) -> None:
        self.entries[ev["deal"] - 1] = {"type": "enter", "deal": ev["deal"], **ev["entry"]}
        tables.rebuild(self)

    def _fold_undo(self, ev: Any) -> None:
        self.entries.pop()
        tables.rebuild(self)

    def _fold_finish(self, ev: Any) -> None:
        pass  # the game ends with the game_ended that follows (``_derive``)

    # ----------------------------------------------------------------- public surface
    def hand(self, seat):
        return list(self.hands[seat])

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def deals_in_game(self) -> int | None:
        """Hands in the game, or None while the game runs to a target."""
        if self.board is not None:
            return 1
        if self.mode != JAX and self.rules["game_length"] == "fixed_hands":
            return self.rules["fixed_hands"]
        return None

    def legal_actions(self) -> list[Any]:
        legal = self._legal
        if legal is None:
            if self.to_act is None:
                return []
            legal = self._legal = self._compute_legal_actions()
        return list(legal)

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """Apply the action of the seat to act; returns the events it produced. IllegalAction
        (with a ``code``) leaves the state unchanged."""
        legal = self._legal
        if legal is None:
            if self.to_act is None:
                if self.entry:
                    return tables.apply(self, action)
                raise IllegalAction("the game is over; no more actions are possible", code="game_over")
            legal = self._legal = self._compute_legal_actions()
        for canon in legal:
            if canon is action:
                break
        else:
            if type(action) is dict and action.get("type") in tables.TABLE_ACTIONS:
                return tables.apply(self, action)  # refused: this game is played, not entered
            canon = self._canonical(action, legal)
        event = {"type": canon["type"], "seat": self.to_act}
        for k, v in canon.items():
            if k != "type":
                event[k] = v
        self._record(event)
        out = [event]
        self._run_automatic(out)
        return out

    # ----------------------------------------------------------------- legality
    def _top(self, pile: str) -> str | None:
        cards = self.piles[pile]
        if not cards:
            return None
        top = cards[-1]
        return self.jokers.get(top, top) if self.jokers else top

    def _shown(self, card: str) -> str:
        return self.jokers.get(card, card) if self.jokers else card

    def _king_may_go_to_corner(self) -> bool:
        """M5: a K-bottomed base pile into an empty corner (docs/rules.md §3.5)."""
        if self.rules["setup_king_handling"] == "stays_in_base":
            return False
        return self.rules["king_pile_to_corner_anytime"] or self.turn_no == 1

    def _compute_legal_actions(self) -> list[Any]:
        stage = self.stage
        if stage == MUST_DRAW:
            return [DRAW]
        if stage != PLAYING:
            return []
        seat = self.to_act
        assert seat is not None
        build = self.build
        piles = self.piles
        jokers = self.jokers
        # Pile by pile, in the order of PILES: the card it shows (_top(): None for an empty
        # space) and what it takes (None for an empty space, else the cards that fit its top).
        tops: list[str | None] = []
        takers: list[frozenset[str] | None] = []
        for p in PILE_LIST:
            cards = piles[p]
            if cards:
                top = cards[-1]
                if jokers:
                    top = jokers.get(top, top)
                tops.append(top)
                takers.append(fitting_cards(top, build[p]))
            else:
                tops.append(None)
                takers.append(None)
        blocked = set(jokers.values())
        acts: list[Any] = []
        for card in self.hands[seat]:
            rank = card[0]
            if rank == "X":  # a joker (a hand holds cards of the pack only)
                for i in range(8):
                    pile = PILE_LIST[i]
                    for named in self._joker_names(tops[i], pile):
                        acts.append(Action({"type": "play", "card": card, "to": pile, "as": named}))
                continue
            if card in blocked:
                continue  # Freeman: a joker on the table stands for this card
            is_king = rank == "K"
            plays = CARD_PLAYS[card]
            for i in range(8):
                takes = takers[i]
                if takes is None:
                    if is_king or i < 4:  # an empty corner takes only a king; a base space, any card
                        acts.append(plays[i])
                elif card in takes:
                    acts.append(plays[i])
        for s in range(4):
            src = PILE_LIST[s]
            cards = piles[src]
            if not cards:
                continue
            bottom = self._shown(cards[0])
            for d in range(8):
                if d == s:
                    continue
                # the cheap test first (most pairs fail it): the bottom card against the top
                # (``bottom in takes`` is fits(bottom, top, build[dst]))
                takes = takers[d]
                if takes is None:
                    if d < 4 or bottom[0] != "K":
                        continue
                elif bottom not in takes:
                    continue
                dst = PILE_LIST[d]
                if self._move_problem(src, dst) is None:
                    acts.append(MOVE_ACTIONS[(src, dst)])
        acts.append(END_TURN)
        if self.mode == JAX and self.stock:
            acts.append(END_TURN_NO_DRAW)
        return acts

    def _joker_names(self, top: str | None, pile: str) -> list[str]:
        """The cards a joker may be played as on ``pile``: any card not already shown on the
        table that the pile would take (a decision of this engine: a card shows once)."""
        shown = {self._shown(c) for cards in self.piles.values() for c in cards}
        if top is None:
            names = [c for c in DECK if c not in shown and (pile in BASE or c[0] == "K")]
        else:
            build = self.build[pile]
            names = [c for c in DECK if c not in shown and fits(c, top, build)]
        return names

    def _move_problem(self, src: str, dst: str) -> tuple[str, str] | None:
        """Why the whole pile ``src`` cannot move onto ``dst`` (code, message), or None."""
        cards = self.piles[src]
        shown = [self._shown(c) for c in cards] if self.jokers else cards
        target = self.piles[dst]
        build = self.build[dst]
        if target:
            top = self._shown(target[-1])
            if not fits(shown[0], top, build):
                return "does_not_fit", f"the bottom card of {src} does not fit on {dst}"
            if build != self.build[src] and not chain_fits(shown[1:], shown[0], build):
                return "does_not_fit", f"the cards of {src} are not built the way {dst} builds"
            return None
        if dst in BASE:
            return "move_to_empty_space", "a whole pile moves only onto a pile, or a king's pile into an empty corner"
        if shown[0][0] != "K":
            return "corner_needs_king", f"only a pile with a king at the bottom can move into the empty corner {dst}"
        if not self._king_may_go_to_corner():
            return "king_move_not_allowed", "a king's pile may move into a corner only on the hand's first turn"
        if build != self.build[src] and not chain_fits(shown[1:], shown[0], build):
            return "does_not_fit", f"the cards of {src} are not built the way {dst} builds"
        return None

    def _canonical(self, action, legal):
        norm = _normalize(action)
        for canon in legal:
            if canon == norm and all(type(v) is type(norm[k]) for k, v in canon.items()):
                return canon
        raise self._explain(norm)

    def _explain(self, action) -> IllegalAction:
        """The IllegalAction for a well-formed action that is not legal now (state unchanged)."""
        kind = action["type"]
        seat = self.to_act
        stage = self.stage
        if stage == MUST_DRAW and kind != "draw":
            return IllegalAction("the turn opens with a draw while the stock has cards", code="must_draw")
        if kind == "draw":
            return IllegalAction(
                "a draw opens the turn only under draw_timing start_of_turn, while the stock lasts", code="draw_not_due"
            )
        if kind == "end_turn":
            if action.get("draw") is False:
                if self.mode != JAX:
                    return IllegalAction(
                        "only the Jax game lets a player refuse the draw", code="refuse_draw_not_allowed"
                    )
                return IllegalAction("the stock is empty: there is no draw to refuse", code="stock_empty")
            return IllegalAction(f"{dict(action)} is not a legal action now", code="not_allowed")
        to = action.get("to")
        if kind == "move":
            src = action.get("from")
            if src not in PILES or to not in PILES:
                return IllegalAction(f"piles are {' '.join(PILES)}", code="unknown_pile")
            if src in CORNERS:
                return IllegalAction("a corner pile never moves", code="corner_pile_cannot_move")
            if not self.piles[src]:
                return IllegalAction(f"{src} is empty: there is no pile to move", code="empty_pile")
            if src == to:
                return IllegalAction("a pile cannot move onto itself", code="same_pile")
            problem = self._move_problem(src, to)
            code, message = problem if problem else ("not_allowed", "not a legal move now")
            return IllegalAction(message, code=code)
        card = action.get("card")
        if not isinstance(card, str) or card not in ALL_CARDS:
            return IllegalAction(
                f"malformed card {card!r}: a card is rank + suit, e.g. 'KH', or a joker X1/X2", code="malformed_card"
            )
        if to not in PILES:
            return IllegalAction(f"unknown pile {to!r}; piles are {' '.join(PILES)}", code="unknown_pile")
        assert seat is not None
        if card not in self.hands[seat]:
            return IllegalAction(f"{card} is not in seat {seat}'s hand", code="not_in_hand")
        named = action.get("as")
        if card in JOKERS:
            if named is None:
                return IllegalAction("a joker is played as a named card: add 'as'", code="joker_needs_as")
            if not isinstance(named, str) or named not in DECK_SET:
                return IllegalAction(f"a joker is played as a card, not {named!r}", code="malformed_card")
            if named not in self._joker_names(self._top(to), to):
                return IllegalAction(f"the joker cannot be played as {named} on {to}", code="does_not_fit")
        elif named is not None:
            return IllegalAction("only a joker is played 'as' another card", code="malformed_action")
        elif card in self.jokers.values():
            return IllegalAction(f"a joker on the table stands for {card}", code="card_stands_in_for_joker")
        top = self._top(to)
        shown = named if named is not None else card
        if top is None:
            return IllegalAction(f"only a king goes into the empty corner {to}", code="corner_needs_king")
        return IllegalAction(f"{shown} does not fit on {top} ({self.build[to]})", code="does_not_fit")

    # ----------------------------------------------------------------- recording events
    def _record(self, event: Any) -> None:
        self.events.append(event)
        folds: Any = FOLDS  # a generic lookup: the same KeyError as the sources for any key
        folds[event["type"]](self, event)
        self._legal = None

    def _run_automatic(self, out: list[dict[str, Any]]) -> None:
        while True:
            event = self._derive()
            if event is None:
                return
            out.append(event)
            self._record(event)

    # ----------------------------------------------------------------- automatic events
    def _derive(self) -> dict[str, Any] | None:
        phase = self.phase
        if phase == PLAY:
            stage = self.stage
            seat = self.to_act
            if stage == PLAYING:
                assert seat is not None
                if self.becker_card is not None:
                    space = self._forced_space(self.becker_card)
                    if space is not None:
                        return {"type": "card_placed", "seat": seat, "card": self.becker_card, "to": space}
                    return {"type": "turn_ended", "seat": seat, "penalties": [], "draws": 0, "idle": False}
                if not self.hands[seat]:
                    if self.rules["becker_rules"] and self.stock:
                        return {"type": "card_drawn", "seat": seat, "card": self.stock[-1]}
                    return self._deal_ended_event(seat)
                return None
            if stage == ENDING:
                return self._turn_ended_event()
            if stage == DRAWING:
                return {"type": "card_drawn", "seat": seat, "card": self.stock[-1]}
            if stage == KING_DRAWN:
                corner = next(p for p in CORNERS if not self.piles[p])
                return {"type": "king_placed", "seat": seat, "card": self.pending_king, "to": corner}
            if stage == PASSING:
                if self.idle_streak >= self.num_seats:
                    return self._deal_ended_event(None)
                assert seat is not None
                return {"type": "turn_started", "seat": (seat + 1) % self.num_seats}
            if stage == SETUP:
                if self.rules["setup_king_handling"] == "auto_corner_refill_from_stock":
                    ev = self._layout_king_event()
                    if ev is not None:
                        return ev
                assert self.dealer is not None
                return {"type": "turn_started", "seat": (self.dealer + 1) % self.num_seats}
            return None
        if phase == DEAL_OVER:
            if self.board is not None:
                return self._game_ended_event() if self.deal_no else self._deal_started_event()
            if self._game_is_decided():
                if self.entry and self.events[-1]["type"] != "finish":
                    return None  # a score table ends when the table finishes it
                return self._game_ended_event()
            return self._deal_started_event()
        if phase == ENTERED:
            entry = self.entries[-1]
            return self._settle(entry["winner"], self._entered_hands(entry), entry.get("first_turn") is True)
        return None

    def _forced_space(self, card: str) -> str | None:
        """Becker: the empty space a drawn card must go to (a king to the first empty corner,
        then any card to the first empty base space), or None. A joker is always kept."""
        if card in JOKERS or card in self.jokers.values():
            return None
        if card[0] == "K":
            for p in CORNERS:
                if not self.piles[p]:
                    return p
        for p in BASE:
            if not self.piles[p]:
                return p
        return None

    def _layout_king_event(self):
        """auto_corner_refill_from_stock: a king in a base space goes to the corners in the
        order NE, SE, SW, NW and the space is refilled from the stock (if it has cards). The
        refill is the stock's first card that is not a joker: as in the deal, a joker turned up
        for the layout goes under the stock (the fold moves it there)."""
        for p in BASE:
            cards = self.piles[p]
            if len(cards) == 1 and cards[0][0] == "K":
                corner = next((c for c in CORNERS if not self.piles[c]), None)
                if corner is None:
                    return None
                refill = next((c for c in reversed(self.stock) if c not in JOKERS), None)
                return {"type": "layout_king_cornered", "from": p, "to": corner, "card": cards[0], "refill": refill}
        return None

    def _turn_ended_event(self) -> dict[str, Any]:
        seat = self.to_act
        assert seat is not None
        rules = self.rules
        penalties = []
        if not self.acted:
            amount = self._penalty("no_play")
            if amount:
                penalties.append({"reason": "no_play", "amount": amount})
        amount = self._penalty("hidden_king")
        # docs/rules.md §3.5: a king he could have put in an empty corner and did not, once per turn.
        if amount and self._could_have_cornered_a_king(seat):
            penalties.append({"reason": "hidden_king", "amount": amount})
        if self.refused:
            amount = self._penalty("refused_draw")
            if amount:
                penalties.append({"reason": "refused_draw", "amount": amount})
        if self.refused or rules["draw_timing"] == "start_of_turn":
            draws = 0
        else:
            draws = min(rules["draw_count"], len(self.stock))
        idle = not self.acted and not self.drew and draws == 0 and not self.stock
        return {"type": "turn_ended", "seat": seat, "penalties": penalties, "draws": draws, "idle": idle}

    def _penalty(self, reason: str) -> int:
        """What a penalty costs under these rules, 0 where they charge none (docs/rules.md §3.2,
        §3.3, §3.5): a turn with no play (``no_play``: 1 chip or pool unit, the Jax game's
        ``no_play_penalty``, nothing in a penalty scoring), a king held while a corner is empty
        (``hidden_king``: compulsory kings, or the Jax game) and a refused draw (Jax)."""
        rules = self.rules
        mode = self.mode
        if reason == "no_play":
            return rules["no_play_penalty"] if mode == JAX else 1 if mode in (CHIPS, POOL) else 0
        if reason == "hidden_king":
            return rules["hidden_king_penalty"] if mode == JAX or rules["compulsory_kings"] else 0
        return rules["refuse_draw_penalty"]

    def _could_have_cornered_a_king(self, seat: int) -> bool:
        """He ends the turn holding a king that an empty corner would take (a king a joker on
        the table stands for cannot be played, so it does not count)."""
        if not any(not self.piles[p] for p in CORNERS):
            return False
        blocked = self.jokers.values()
        return any(c[0] == "K" and c not in blocked for c in self.hands[seat] if c not in JOKERS)

    def _deal_ended_event(self, winner: int | None) -> dict[str, Any]:
        """A hand played here ends: ``winner`` went out (None: a deadlock) and each seat holds
        its hand."""
        return self._settle(winner, self.hands, winner is not None and self._first_turn_out(winner))

    def _settle(self, winner: Any, held: list[Any], first_turn_out: bool) -> dict[str, Any]:
        """The deal_ended event of a hand that ``winner`` won (None: a deadlock) with the cards
        ``held`` left in each hand, and whether he went out on his first turn: the one scoring
        of a hand played here and of a hand a score table enters (``_entered_hands``). The
        penalties, the pot, the chips and the completions of the hand are the state's
        (docs/rules.md §3.1-§3.3, §3.5)."""
        n = self.num_seats
        mode = self.mode
        rules = self.rules
        ev: dict[str, Any] = {
            "type": "deal_ended",
            "deal": self.deal_no,
            "reason": "went_out" if winner is not None else "deadlock",
            "winner": winner,
            "cards_left": [len(h) for h in held],
        }
        bonus = rules["ace_completion_bonus"]
        if mode == PENALTY:
            scoring = rules["scoring"]
            scores = [
                hand_points(held[s], scoring) + self.penalty_points[s] - bonus * self.completions[s] for s in range(n)
            ]
            if winner is not None and first_turn_out:
                scores[winner] -= 5
                ev["first_turn_out"] = True
            ev["scores"] = scores
            ev["scored"] = True
            return ev
        ev["pot"] = self.pot
        if winner is None:  # docs/rules.md §3.5: chip and Jax hands that end in a deadlock are void
            ev["scores"] = [0] * n
            ev["scored"] = False
            if mode == JAX and rules["jax_deadlock"] == "carry_over":
                ev["carry"] = self.pot
            return ev
        if mode == JAX:
            debts = list(self.debts)
            pot = self.pot + sum(self._card_payments(winner, held, list(self.chips), debts))
            repaid = min(debts[winner], pot)
            debts[winner] -= repaid
            scores = [0] * n
            scores[winner] = pot - repaid
            ev.update(pot=pot, debt_repaid=repaid, debts=debts, scores=scores, scored=True)
            return ev
        cards = self._card_payments(winner, held, self.chips, self.debts)
        scores = [-self.paid[s] - cards[s] for s in range(n)]
        scores[winner] += self.pot + sum(cards)
        if bonus:
            for s in range(n):
                if self.completions[s]:
                    won = bonus * self.completions[s]
                    for o in range(n):
                        if o != s:
                            scores[o] -= won
                            scores[s] += won
        ev["scores"] = scores
        ev["scored"] = True
        return ev

    def _card_payments(self, winner: Any, held: list[Any], chips: list[int], debts: list[int]) -> list[int]:
        """What each other seat pays for the cards ``held`` in its hand when ``winner`` goes out
        (0 for the winner): in the Jax game a chip a card from its ``chips``, owed in ``debts``
        when it runs out (``_pay``, which changes both); in the pagat chip game a chip a card and
        10 a king; in the pool a unit a card."""
        mode = self.mode
        paid = [0] * self.num_seats
        for s in range(self.num_seats):
            if s == winner:
                continue
            if mode == JAX:
                paid[s] = _pay(chips, debts, s, len(held[s]), self.chip_debt)
            elif mode == CHIPS:
                paid[s] = hand_points(held[s], CHIPS)
            else:
                paid[s] = len(held[s])
        return paid

    def _first_turn_out(self, winner: int) -> bool:
        """docs/rules.md §3.5: Kleplek's 5 points for going out on the player's first turn of the hand."""
        return self._first_turn_scored() and self.seat_turns[winner] == 1

    def _first_turn_scored(self) -> bool:
        return self.rules["scoring"] == "kleplek_10_5_1" and bool(self.rules["kleplek_first_turn_out_bonus"])

    def _deal_started_event(self) -> dict[str, Any]:
        number = self.deal_no + 1
        n = self.num_seats
        if self.board is not None:
            board = self.board
            return {
                "type": "deal_started",
                "deal": number,
                "dealer": board["dealer"],
                "hands": [list(h) for h in board["hands"]],
                "layout": dict(board["layout"]),
                "stock": list(board["stock"]),
            }
        assert self.first_dealer is not None
        dealer = (self.first_dealer + number - 1) % n
        if self.entry:  # a score table's cards are dealt at the table
            empty: list[list[str]] = [[] for _ in range(n)]
            return {"type": "deal_started", "deal": number, "dealer": dealer, "hands": empty, "layout": {}, "stock": []}
        deal_key = f"{self.key}/deal/{number}"
        if self._deal_feed is not None:
            hands, layout, stock = self._deal_feed(deal_key)
        else:
            if self.seed is None:
                raise EngineError(
                    "this game was replayed without its seed and cannot deal the next hand; pass seed= to replay()",
                    code="seed_required",
                )
            hands, layout, stock = deals.layout_deal(
                self.seed, deal_key, n, (dealer + 1) % n, 1, self.rules["deal_size"], self.rules["jokers_wild"]
            )
        return {
            "type": "deal_started",
            "deal": number,
            "dealer": dealer,
            "hands": [sort_hand(h) for h in hands],
            "layout": dict(layout),
            "stock": list(stock),
        }

    def _game_is_decided(self) -> bool:
        if not self.deal_no:
            return False
        rules = self.rules
        if self.mode == JAX:
            return max(self.scores) >= rules["target_points"]
        if rules["game_length"] == "fixed_hands":
            return self.deal_no >= rules["fixed_hands"]
        return max(self.scores) >= rules["target_score"]

    def _game_ended_event(self) -> dict[str, Any]:
        scores = self.scores
        best = min(scores) if self.mode == PENALTY else max(scores)
        return {
            "type": "game_ended",
            "scores": list(scores),
            "winners": [s for s, v in enumerate(scores) if v == best],
            "result": "complete",
        }

    # ----------------------------------------------------------------- folds (one per event type)
    # A fold takes the event as Any and reads the piles and the stock through Any locals: a
    # damaged log (a replay without verify) then folds, or fails with the same message
    # (KeyError: None included), compiled or not. The commonest folds take the event as a dict
    # (its values stay Any): fold_log hands them only dicts, and a dict reads faster compiled.
    def _fold_game_started(self, ev: Any) -> None:
        self.first_dealer = ev.get("first_dealer")
        self.phase = DEAL_OVER

    def _fold_deal_started(self, ev: Any) -> None:
        n = self.num_seats
        self.deal_no = ev["deal"]
        self.dealer = ev["dealer"]
        self.hands = [sort_hand(h) for h in ev["hands"]]
        if len(self.hands) != n:
            raise InvalidEvents("a deal_started event with the wrong number of hands", code="invalid_events")
        piles: dict[str, list[str]] = {p: [] for p in PILES}
        for p, cards in ev["layout"].items():
            piles[p] = [cards] if isinstance(cards, str) else list(cards)
        self.piles = piles
        self.jokers = {}
        self.stock = list(ev["stock"])
        self.dealt = ([list(h) for h in ev["hands"]], dict(ev["layout"]), list(ev["stock"]))
        self.phase = PLAY
        self.stage = SETUP
        self.to_act = None
        self.turn_no = 0
        self.seat_turns = [0] * n
        self.acted = self.drew = self.refused = False
        self.draws_left = 0
        self.idle_streak = 0
        self.becker_card = None
        self.pending_king = None
        self.paid = [0] * n
        self.penalty_points = [0] * n
        self.completions = [0] * n
        self.pot = 0
        mode = self.mode
        if mode == JAX:
            share = self.rules["chips_total"] // n  # as evenly as possible; extras back in the box
            self.chips = [share] * n
            self.pot = self.carry
            self.carry = 0
            for s in range(n):
                ante = _pay(self.chips, self.debts, s, self.rules["ante"], self.rules["jax_chip_debt"])
                self.paid[s] += ante
                self.pot += ante
        elif mode == CHIPS:
            for s in range(n):  # pagat: everyone antes 1 chip
                self.paid[s] += 1
            self.pot = n
        if self.entry:  # a score table's hand, played at the table: it waits for its entry
            self.phase = ENTRY
            self.stage = None

    def _fold_layout_king_cornered(self, ev: Any) -> None:
        src, dst = ev["from"], ev["to"]
        piles: Any = self.piles
        piles[dst] = piles[src]
        piles[src] = []
        if ev["refill"] is not None:
            stock: Any = self.stock
            while stock and stock[-1] in JOKERS:  # turned up and set under the stock, in the order met
                stock.insert(0, stock.pop())
            piles[src] = [self._pop_stock(ev["refill"])]

    def _fold_turn_started(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        self.to_act = seat
        self.turn_no += 1
        self.seat_turns[seat] += 1
        self.acted = self.drew = self.refused = False
        self.stage = MUST_DRAW if self.draw_at_start and self.stock else PLAYING

    def _check_turn(self, ev: dict[str, Any]) -> None:
        if ev["seat"] != self.to_act or self.phase != PLAY:
            raise InvalidEvents(f"{ev['type']} by seat {ev['seat']} out of turn", code="out_of_turn")

    def _fold_play(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        if seat != self.to_act or self.phase != PLAY:
            self._check_turn(ev)  # raises, with the message of every out-of-turn fold
        card, to = ev["card"], ev["to"]
        self.hands[seat].remove(card)
        piles: Any = self.piles
        pile: list[Any] = piles[to]  # every pile is a list (deal_started builds them)
        pile.append(card)
        named = ev.get("as")
        if named is not None:
            self.jokers[card] = named
        self.acted = True
        if to in CORNERS and (named or card)[0] == "A":
            self.completions[seat] += 1

    def _fold_move(self, ev: dict[str, Any]) -> None:
        self._check_turn(ev)
        src, dst = ev["from"], ev["to"]
        piles: Any = self.piles
        moving = piles[src]
        piles[dst].extend(moving)
        piles[src] = []
        self.acted = True
        if dst in CORNERS:
            jokers: Any = self.jokers
            last = moving[-1]
            if (jokers.get(last, last) if jokers else last)[0] == "A":  # _shown(), on a card of the log
                self.completions[ev["seat"]] += 1

    def _fold_end_turn(self, ev: dict[str, Any]) -> None:
        if ev["seat"] != self.to_act or self.phase != PLAY:
            self._check_turn(ev)  # raises
        self.refused = ev.get("draw") is False
        self.stage = ENDING

    def _fold_draw(self, ev: Any) -> None:
        self._check_turn(ev)
        self.stage = DRAWING
        self.draws_left = min(self.rules["draw_count"], len(self.stock))
        self.draw_then_play = True

    def _fold_turn_ended(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        for p in ev["penalties"]:
            self._charge(seat, p["amount"])
        self.idle_streak = self.idle_streak + 1 if ev["idle"] else 0
        self.becker_card = None
        self.draws_left = ev["draws"]
        self.draw_then_play = False
        self.stage = DRAWING if self.draws_left else PASSING

    def _charge(self, seat: Any, amount: Any) -> None:
        """``seat`` pays a penalty of ``amount``: points in a penalty scoring, into the pot
        otherwise (in the Jax game from its chips, as ``_pay`` allows). (Any: a fold charges
        what a logged event says.)"""
        if self.mode == PENALTY:
            self.penalty_points[seat] += amount
        elif self.mode == JAX:
            reached = _pay(self.chips, self.debts, seat, amount, self.chip_debt)
            self.paid[seat] += reached
            self.pot += reached
        else:
            self.paid[seat] += amount
            self.pot += amount

    def _pop_stock(self, expected: Any) -> Any:
        stock: list[Any] = self.stock  # whatever a logged stock holds
        card = stock.pop()
        if expected is not None and card != expected:
            raise InvalidEvents(f"the stock's top card is not {expected}", code="mismatch")
        return card

    def _fold_card_drawn(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        card = self._pop_stock(ev["card"])
        _insert_in_order(self.hands[seat], card)
        self.drew = True
        if self.stage == PLAYING:  # Becker: the draw after playing the last card
            self.becker_card = card
            return
        self.draws_left -= 1
        if (
            self.drawn_king_at_once
            and card[0] == "K"
            and card not in JOKERS
            and any(not self.piles[p] for p in CORNERS)
        ):
            self.pending_king = card
            self.stage = KING_DRAWN
            return
        if self.draws_left <= 0 or not self.stock:
            self._after_draws()

    def _after_draws(self):
        self.draws_left = 0
        self.stage = PLAYING if self.draw_then_play else PASSING

    def _fold_king_placed(self, ev: Any) -> None:
        self.hands[ev["seat"]].remove(ev["card"])
        piles: Any = self.piles
        piles[ev["to"]].append(ev["card"])
        self.pending_king = None
        self._after_draws()  # docs/rules.md §3.5: drawing stops

    def _fold_card_placed(self, ev: Any) -> None:
        self.hands[ev["seat"]].remove(ev["card"])
        piles: Any = self.piles
        piles[ev["to"]].append(ev["card"])
        self.becker_card = None

    def _fold_deal_ended(self, ev: Any) -> None:
        self.phase = DEAL_OVER
        self.stage = None
        self.to_act = None
        self.last_deal = (self.deal_no, self.dealt)
        ledger = self._ledger(ev) if self.mode != PENALTY else None
        scores = ev["scores"]
        if ev["scored"]:
            self.deal_scores.append(list(scores))
            totals: Any = self.scores
            self.scores = [a + b for a, b in zip(totals, scores)]
        if self.mode == JAX:
            if "debts" in ev:
                self.debts = list(ev["debts"])
            self.carry = ev.get("carry", 0)
        record = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "contract": None,
            "end": ev["reason"],
            "winner": ev["winner"],
            "cards_left": list(ev["cards_left"]),
            "scores": list(scores),
            "scored": ev["scored"],
        }
        for k in ("pot", "debt_repaid", "first_turn_out"):
            if k in ev:
                record[k] = ev[k]
        if ledger is not None:
            record["ledger"] = ledger
        self.deals.append(record)

    def _ledger(self, ev: Any) -> dict[str, Any]:
        """A chip hand's ledger for the score sheet, folded from its deal_ended event: what each
        seat paid this hand (``paid``: ante, penalties and, for the cards left, ``cards``), the
        pot carried in from a void hand (``carried``), what each took (``took``: the winner the
        pot, and in the pagat chip game the chips for the others' cards) and the pot a void hand
        leaves for the next (``carry``). The losers' payments for their cards are folded into
        ``paid`` (and, in the Jax game, out of their chips) as the event's scores count them.
        The pagat ace-completion bonus passes between the players outside the ledger."""
        n = self.num_seats
        carried = self.pot - sum(self.paid)  # the pot holds what was carried in and what was paid
        winner = ev["winner"]
        cards = [0] * n
        took = [0] * n
        if ev["scored"] and winner is not None:
            debts = list(self.debts)  # the event's debts replace these (after any repayment)
            cards = self._card_payments(winner, self._hands_left(), self.chips, debts)
            for s in range(n):
                self.paid[s] += cards[s]
            took[winner] = carried + sum(self.paid)
        return {
            "carried": carried,
            "paid": list(self.paid),
            "cards": cards,
            "took": took,
            "carry": ev.get("carry", 0),
        }

    def _fold_game_ended(self, ev: Any) -> None:
        self.phase = OVER
        self.stage = None
        self.to_act = None
        self.winners = list(ev["winners"])
        self.result = ev["result"]

    # ----------------------------------------------------------------- views
    def view(self, seat: Any, reveal_finished: Any = None) -> Any:
        """What ``seat`` may know now: its own hand, the table, never another hand or a stock card."""
        n = self.num_seats
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise EngineError(f"seat must be an integer 0-{n - 1} or None, not {seat!r}", code="invalid_seat")
        if reveal_finished is None:
            reveal_finished = seat is not None
        v: dict[str, Any] = {
            "ruleset": self.ruleset,
            "seat": seat,
            "num_seats": n,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "deals_in_game": self.deals_in_game,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "deal_scores": [list(r) for r in self.deal_scores],
            "is_over": self.is_over,
            "legal_actions": self.legal_actions() if seat is not None and self.to_act == seat else [],
            "options": dict(self.options),
        }
        mode = self.mode
        piles: Any = self.piles  # as a replayed log left them
        table: dict[str, Any] = {
            "piles": {p: list(cards) for p, cards in piles.items()},
            "jokers": dict(self.jokers),
            "stock_size": len(self.stock),
            "dealer": self.dealer,
            "turn": {
                "seat": self.to_act,
                "number": self.turn_no,
                "stage": self.stage,
                "moved": self.acted,
                "drew": self.drew,
                "first_turn": self.turn_no == 1,
            },
            "idle_turns": self.idle_streak,
            "scoring": mode if mode != PENALTY else self.rules["scoring"],
            "target": self.rules["target_points"]
            if mode == JAX
            else self.rules["target_score"]
            if self.rules["game_length"] == "target"
            else None,
            "completions": list(self.completions),
            # the page warns before the turn ends (docs/rules.md §3.5, compulsory kings / Jax hidden king)
            "king_warning": bool(
                seat is not None
                and seat == self.to_act
                and self.stage == PLAYING
                and (mode == JAX or self.rules["compulsory_kings"])
                and self._could_have_cornered_a_king(seat)
            ),
        }
        if mode == PENALTY:
            table["penalty_points"] = list(self.penalty_points)
        else:
            table["pot"] = self.pot
            table["paid"] = list(self.paid)
        if mode == JAX:
            table["chips"] = list(self.chips)
            table["debts"] = list(self.debts)
        v["table"] = table
        if self.last_deal is not None and reveal_finished:
            deal, (hands, layout, stock) = self.last_deal
            v["last_deal"] = {
                "deal": deal,
                "dealt_hands": [list(h) for h in hands],
                "layout": dict(layout),
                "stock": list(stock),
            }
        if self.is_over:
            v["winners"] = list(self.winners or [])
            v["result"] = self.result
        return v

    # ----------------------------------------------------------------- equality, replay
    def __eq__(self, other):
        if not isinstance(other, CornersState) or other.ruleset != self.ruleset:
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    def _snapshot(self):
        skip = {"seed", "_legal", "_deal_feed"}
        names = getattr(type(self), "__mypyc_attrs__", None)  # a compiled state has no __dict__
        if names is None:
            return {k: v for k, v in vars(self).items() if k not in skip}
        return {k: getattr(self, k) for k in names if k not in skip and not k.startswith("__") and hasattr(self, k)}

    def fold_on(self, events) -> "CornersState":
        """This state, as it stands, with ``events`` (the ones logged after it) folded in and
        added to its log (a cached state catching up with its stream)."""
        log = self.events
        if self.entry:
            # A score table's correction rebuilds it from its whole log: fold it all (it is short).
            whole = log + list(events)
            fresh = type(self)(self.options, None, self.key, None)
            fresh.entry = True
            self.adopt(fresh.fold_log(whole))
            self.events = whole
            return self
        self._replay_log(list(events), 0)  # onto a state mid-log: nothing skimmed
        self.events = log + self.events
        return self

    def fold_log(self, events) -> "CornersState":
        """``replay(events)``: fold a log into this blank state without re-deciding anything.

        The log is the engine's own output, so a hand that a later deal_started follows is
        folded only for what outlives it (as the trick games skip a finished deal's card play):
        the next deal_started resets the piles, the turn and every count of the hand, so its
        turn_started, move and end_turn events are not folded, and its plays, draws and
        turn_ended only for what its deal_ended and the hands after it read: the cards each
        seat holds (the ledger pays for them), the stock they are drawn from, the penalties
        charged (pot, payments, chips and debts) and ``draw_then_play``, which carries into the
        next hand. The last hand is folded event by event, so a state rebuilt from any prefix
        is exactly the played one. A score table folds everything (its entries are its hands).
        """
        log: list[Any] = list(events)  # Any: whatever the log holds fails as in the sources
        last = 0  # where the last hand starts: the turns before it are skimmed
        if not self.entry:
            last = len(log) - 1
            while last > 0:
                ev = log[last]
                if type(ev) is dict and ev.get("type") == "deal_started":
                    break
                last -= 1
        return self._replay_log(log, last)

    # (Not named _fold_*: a _fold_<type> method is the fold of the event type <type>.)
    def _replay_log(self, log: list[Any], last: int) -> "CornersState":
        """Fold ``log`` (the turns of the hands before index ``last`` skimmed, ``fold_log``)."""
        self.events = log
        try:
            folds: Any = FOLDS
            i = -1
            for ev in log:
                i += 1
                if type(ev) is not dict:
                    folds[ev["type"]](self, ev)  # fails (or folds) as the sources do
                    continue
                event: dict[str, Any] = ev
                kind = event["type"]
                if type(kind) is not str:
                    folds[kind](self, event)
                    continue
                # The five commonest events (nine in ten) are folded by direct calls, which a
                # compiled engine makes without the generic call through the table.
                if i < last:
                    if not self._skim_event(kind, event):
                        folds[kind](self, event)
                elif kind == "play":
                    self._fold_play(event)
                elif kind == "turn_started":
                    self._fold_turn_started(event)
                elif kind == "end_turn":
                    self._fold_end_turn(event)
                elif kind == "turn_ended":
                    self._fold_turn_ended(event)
                elif kind == "card_drawn":
                    self._fold_card_drawn(event)
                else:
                    folds[kind](self, event)
        except InvalidEvents:
            raise
        except (KeyError, ValueError, TypeError, IndexError, AttributeError, StopIteration) as e:
            raise InvalidEvents(
                f"the event log cannot be replayed: {type(e).__name__}: {e}", code="invalid_events"
            ) from e
        self._legal = None
        return self

    def _skim_event(self, kind: str, ev: dict[str, Any]) -> bool:
        """Fold an event of a hand a later hand follows for what outlives the hand (``fold_log``);
        False for an event that is folded whole."""
        if kind == "turn_started" or kind == "end_turn":
            pass
        elif kind == "turn_ended":
            seat = ev["seat"]
            for p in ev["penalties"]:
                self._charge(seat, p["amount"])
            self.draw_then_play = False
        elif kind == "play":
            self.hands[ev["seat"]].remove(ev["card"])
        elif kind == "move":
            pass
        elif kind == "card_drawn":
            _insert_in_order(self.hands[ev["seat"]], self._pop_stock(ev["card"]))
        elif kind == "draw":
            self.draw_then_play = True
        else:
            return False
        return True

    def verify_log(self, events) -> "CornersState":
        """``replay(events, verify=True)``: every decision applied again through the rules, every
        automatic event compared with what the rules produce; deals re-derived from the seed
        when it is known, otherwise taken from the log after checking each holds the pack once."""
        from .verify import verify_log

        return verify_log(self, events, DECISIONS | frozenset(tables.TABLE_ACTIONS), self._logged_deal)

    def _logged_deal(self, ev: Any) -> Any:
        """A logged deal, for a verify without the seed: (hands, layout, stock) once the board
        they make is checked to hold the whole pack (InvalidBoard otherwise)."""
        board = type(self).check_board(
            {
                "dealer": ev.get("dealer"),
                "hands": ev.get("hands"),
                "layout": ev.get("layout"),
                "stock": ev.get("stock"),
            },
            self.options,
        )
        return board["hands"], ev["layout"], board["stock"]


class CornersJaxState(CornersState):
    """The commercial Jax chip game (docs/rules.md §3.3): chips, an ante, penalties, first to 100 points."""

    ruleset: ClassVar[str] = "corners_jax"
    FLAGS: ClassVar[dict[str, Any]] = JAX_FLAGS
    FIXED: ClassVar[dict[str, Any]] = JAX_FIXED


def _insert_in_order(hand: list[Any], card: Any) -> None:
    """Put ``card`` into ``hand``, which is in CARD_ORDER, where sorting would put it (Any: a card
    of a damaged log fails as in the sources)."""
    order = CARD_ORDER
    rank = order[card]
    i = len(hand)
    while i > 0 and order[hand[i - 1]] > rank:
        i -= 1
    hand.insert(i, card)


def _whole_numbers(counts: Any, n: int, field: str) -> list[int]:
    """A count of a score table's entry: a whole number from 0 per seat, or IllegalAction."""
    if not isinstance(counts, list) or len(counts) != n or not all(type(c) is int and c >= 0 for c in counts):
        raise IllegalAction(
            f"{field!r} must be {n} whole numbers from 0, one per seat", code="tally_malformed", field=field
        )
    return list(counts)


def _within(field: str, found: int, most: int) -> None:
    """An entry's count over the whole table is at most what the game holds (IllegalAction)."""
    if found > most:
        raise IllegalAction(
            f"{field!r} adds up to {found}; the game has {most}",
            code="pack_exceeded",
            field=field,
            entered=found,
            most=most,
        )


def _pay(chips: list[Any], debts: list[Any], seat: Any, amount: Any, debt: Any) -> Any:
    """Jax: ``seat`` pays ``amount`` chips; returns what reaches the pot. A player short of
    chips pays the rest as a debt (jax_chip_debt) or pays only what he has. (Any: a fold pays
    what a logged event says.)"""
    have = chips[seat]
    if amount <= have:
        chips[seat] = have - amount
        return amount
    chips[seat] = 0
    if debt:
        debts[seat] += amount - have
        return amount
    return have


def _normalize(action):
    """``actions.normalize_action`` with this game's actions; ``end_turn``'s ``draw`` is true or
    false, and true (drawing is what end_turn does) is left out."""
    out = normalize_action(action, ACTION_FIELDS)
    if out["type"] == "end_turn" and "draw" in out:
        if type(out["draw"]) is not bool:
            raise IllegalAction("end_turn's 'draw' is true or false", code="malformed_action")
        if out["draw"]:
            del out["draw"]
    return out


FOLDS: Final = {name[6:]: fn for name, fn in vars(CornersState).items() if name.startswith("_fold_")}


# ----------------------------------------------------------------------------- the descriptors
# What the platform asks of the two Kings in the Corner games (docs/architecture.md §3.2a),
# registered beside their rules.
DEALING: Final[dict[str, Any]] = {
    "draws": {"first_dealer": "first_dealer"},
    "first_deal": [{"game_started": "first_dealer", "names": "dealer"}],
    "hand_size": "deal_size",
    "jokers": "jokers_wild",
}
REFUSALS: Final[dict[str, str]] = {
    "must_draw": N_("draw first: a turn opens with a draw while the stock has cards"),
    "draw_not_due": N_("a draw is not due now"),
    "refuse_draw_not_allowed": N_("only the chip game lets a player refuse the draw"),
    "stock_empty": N_("the stock is empty: there is no draw to refuse"),
    "unknown_pile": N_("there is no such pile"),
    "corner_pile_cannot_move": N_("a corner pile never moves"),
    "empty_pile": N_("that pile is empty: there is nothing to move"),
    "same_pile": N_("a pile cannot move onto itself"),
    "joker_needs_as": N_("say which card the joker stands for"),
    "card_stands_in_for_joker": N_("a joker on the table already stands for that card"),
    "corner_needs_king": N_("only a king goes into an empty corner"),
    "does_not_fit": N_("that card does not fit on that pile"),
    "too_many_cards": N_("with these options the players' hands and the layout need more than one pack"),
    # a score table's hand (docs/architecture.md §3.9) the rules cannot produce
    "winner_not_a_seat": N_("say who went out: one of the players, or nobody if the hand ended in a deadlock"),
    "winner_holds_cards": N_("player %(seat_number)s went out, so has no cards left"),
    "loser_without_cards": N_("player %(seat_number)s has no cards left: only the player who went out can have none"),
    "cards_left_too_many": N_("player %(seat_number)s cannot have more than %(most)s cards left"),
    "cards_left_total": N_("the players cannot have more than %(most)s cards left in all"),
    "cards_left_mismatch": N_("player %(seat_number)s has %(entered)s cards left but %(total)s ranks were given"),
    "count_exceeds_cards": N_("player %(seat_number)s cannot hold more kings and jokers than cards"),
    "pack_exceeded": N_("the %(field_label)s add up to %(entered)s; the game has only %(most)s"),
    "ranks_malformed": N_("give each player's cards left by rank: 2 to 9, T, J, Q, K or A (X for a joker)"),
    "penalty_impossible": N_(
        "player %(seat_number)s cannot have been charged that much: no sum of this game's penalties makes it"
    ),
    "first_turn_not_scored": N_(
        "going out on the first turn counts only in the Kleplek scoring, for the player who went out"
    ),
}


def hide_card_drawn(ev, seat, revealed):
    """card_drawn: the card, to the seat that drew it (and to all once the hand is over)."""
    if revealed or ev.get("seat") == seat:
        return dict(ev)
    return {**ev, "card": HIDDEN}


def corners_game(name, label, summary, state_class, short_game, short_game_help, position):
    return Ruleset(
        name=name,
        label=label,
        summary=summary,
        seats=range(2, 7),
        default_seats=4,
        flags=state_class.FLAGS,
        direction=CLOCKWISE,
        roles={"dealer": N_("Dealer")},
        sheet_role="dealer",
        policies=("random", "heuristic", "montecarlo"),
        takeover_policy="heuristic",
        trick_taking=False,
        state_class=state_class,
        describe_contract=corners_rules.describe_hand,
        private_events={"game_started": hide_board, "deal_started": hide_deal, "card_drawn": hide_card_drawn},
        public_events=(
            # the turns and what they put on the table (a drawn card is private: card_drawn)
            ("turn_started", "play", "move", "end_turn", "draw", "turn_ended")
            + ("card_placed", "king_placed", "layout_king_cornered", "deal_ended", "game_ended")
            + TABLE_EVENTS
            + PLATFORM_EVENTS
        ),
        describe_deal_end=corners_rules.describe_end,
        dealing=DEALING,
        short_game=short_game,
        short_game_help=short_game_help,
        scores_lowest=state_class.lowest_wins,
        fallback_types=("end_turn",),
        layout="piles",
        jokers=corners_rules.JOKERS,
        refusals=REFUSALS,
        position=position,
    )


register(
    corners_game(
        CornersState.ruleset,
        N_("Kings in the Corner"),
        N_(
            "Shed your cards onto eight piles built down in alternating colours; the cards left in "
            "hand are penalty points."
        ),
        CornersState,
        {"game_length": "fixed_hands", "fixed_hands": 1},
        N_("One hand instead of a game to the target score."),
        3,
    ),
    corners_game(
        CornersJaxState.ruleset,
        N_("Kings in the Corner (Jax chip game)"),
        N_(
            "The commercial chip game: an ante, chip penalties, the first to go out takes the pot as "
            "points, first to 100 wins."
        ),
        CornersJaxState,
        {"target_points": 25},
        N_("First to 25 points instead of 100."),
        4,
    ),
)
