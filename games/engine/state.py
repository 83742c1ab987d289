"""The state machine shared by King and Rifki: seats, deals, tricks and the event log.

The state is event-sourced. ``apply(action)`` checks the action against the rules, turns it
into a decision event, and records it; it then records every automatic event that follows
(a trick won, a deal ended, the next deal dealt) until a seat must decide again. Recording an
event means appending it to ``events`` and folding it into the state with the one
``_fold_<type>`` method for its type. ``replay(events)`` folds a log without re-deciding
anything (and a deal that later deals follow without its card play), which is why it is much
faster than playing; ``replay(events, verify=True)``
re-applies every decision through ``apply`` and checks that the log says exactly what the
rules produce.
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

import secrets
from typing import Any, ClassVar, Final

from . import deal as deals
from . import tally as tables
from .actions import ACTION_FIELDS, PLAY_ACTIONS, Action, normalize_action
from .cards import DECK, DECK_SET, ORDER, SUIT_BITS, SUIT_OF, bits_of, card_count, cards_of, check_hands
from .errors import EngineError, IllegalAction, InvalidEvents
from .scoring import is_card_based, negative_scores, penalty_bits_of, penalty_cards_of, penalty_units, tally_counts

# Phases every ruleset shares; rulesets add their own.
PLAY: Final = "play"
DEAL_OVER: Final = "deal_over"
OVER: Final = "over"
# A score table's phases (tally.py): a deal waiting for its entry, and a deal entered, about to end.
ENTRY: Final = "entry"
ENTERED: Final = "entered"

_FOLD_TABLES: dict[type, dict[str, Any]] = {}
# Card play numbers the cards (cards.py's docstring). Read on every turn of play: as Final names,
# a compiled engine keeps these in statics, not the module's dict.
# The prebuilt play action of each card number: legal_actions() hands these out, and apply()
# recognises one of them by identity, without a list to look it up in.
_PLAYS: Final[list[Any]] = [PLAY_ACTIONS[c] for c in DECK]
_CARD_NO: Final[dict[str, int]] = ORDER  # card -> its number
_HEARTS: Final[int] = SUIT_BITS[1]
# A play event is built as a copy of this with its two fields set: compiled, copying a small
# dict is about half the cost of building one from its items.
_PLAY_EVENT: Final[dict[str, Any]] = {"type": "play", "seat": 0, "card": ""}
_TRICK_EVENT: Final[dict[str, Any]] = {"type": "trick", "number": 0, "leader": 0, "cards": [], "winner": 0}


def _fold_table(cls: type) -> dict[str, Any]:
    """Event type -> the class's ``_fold_<type>`` function, called as ``fold(state, event)``.

    Built once per class, so neither a new state nor a replay pays for method lookups.
    """
    table = _FOLD_TABLES.get(cls)
    if table is None:
        table = _FOLD_TABLES[cls] = {n[6:]: getattr(cls, n) for n in dir(cls) if n.startswith("_fold_")}
    return table


class GameState:
    """Common machinery; ``KingState`` and ``RifkiState`` supply the rules.

    The annotations are real: the engine is compiled with mypyc (``make engine``), which keeps
    them as checked attribute types, and runs unchanged as plain Python without the build.
    """

    ruleset: ClassVar[str] = ""
    num_seats: int  # King and Rifki are played by four
    # phase -> the action types it can ever allow (for precise error reasons)
    PHASE_ACTIONS: ClassVar[dict[str, set[str]]] = {}
    # a ruleset with decisions besides cards during play (a slam call)
    # Per-ruleset constants read on every card are instance attributes with class defaults:
    # compiled, an instance attribute is a struct field, a class attribute a dict lookup.
    HAS_EXTRA_PLAY_ACTIONS: bool = False
    STEP: int = 1  # +1 is clockwise (King); Rifki plays counter-clockwise, +3
    FLAGS: ClassVar[dict[str, Any]] = {}
    UNITS: ClassVar[dict[str, int]] = {}  # points per penalty unit of each negative contract

    options: dict[str, Any]
    seed: Any  # bytes once the game is created; None in a replay without the seed
    key: str
    board: Any  # the fixed deal, or None for a whole seeded game
    events: list[dict[str, Any]]
    phase: str | None
    # phase == OVER, kept as a field: the benchmark and every play-out loop read it per action
    is_over: bool
    to_act: int | None
    deal_no: int
    deals_in_game: int
    held: list[int]  # each seat's live cards, as a bit set of card numbers (cards.py)
    deal_hands: Any  # the four hands as dealt
    last_deal: Any  # (deal number, hands as dealt) of the last finished deal
    trick_cards: list[str]
    trick_seats: list[int]
    trick_bits: int  # the cards of trick_cards as a bit set
    trick_led: int  # the suit led to the trick, 0-3 (S, H, D, C); -1 before its first card
    tricks: list[tuple[int, tuple[str, ...], int]]  # completed tricks of this deal: (leader, cards, winner)
    tricks_won: list[int]
    taken: list[list[str]]
    leader: int | None
    trump: str | None
    contract: Any
    parts: tuple[str, ...]  # the negative contract's slugs; empty in a trump or positive hand
    penalty_cards: frozenset[str]
    penalty_bits: int  # penalty_cards as a bit set
    penalty_left: int
    ended_early: bool
    hearts_broken: bool
    trump_broken: bool
    scores: list[int]
    deal_scores: list[list[int]]
    deals: list[dict[str, Any]]  # one record per deal for score sheets: contract, scores, how it ended
    winners: list[int] | None
    result: str | None
    _legal: list[Any] | None  # the legal actions outside card play, once asked for
    _legal_bits: int  # in card play, the cards the seat to act may play; -1 until asked for
    _skim: bool  # replay is folding a deal it skips the card play of: hands need no bit sets
    _deal_feed: Any  # logged deals consumed in verify mode when no seed is known
    _dealt: Any  # (hands, the same as bit sets) just dealt from the seed, for the deal's fold
    # A score table (tally.py, docs/architecture.md §3.9): deals entered as outcomes, not played.
    entry: bool
    entries: list[dict[str, Any]]  # the entries in force, deal by deal
    tally: Any  # what each seat took in the deal just entered: field -> count per seat

    # ----------------------------------------------------------------- construction
    def __init__(self, options: dict[str, Any], seed: Any, key: str, board: Any) -> None:
        self.options = options
        self.num_seats = 4
        self.seed = seed  # secret while the game runs; never in events or views
        self.key = key
        self.board = board
        self.events = []
        self.phase = None
        self.is_over = False
        self.to_act = None
        self.deal_no = 0
        self.deals_in_game = 0  # deals in a full game (rulesets set it from their options)
        self.held = [0, 0, 0, 0]
        self.deal_hands = None
        self.last_deal = None
        self.trick_cards = []
        self.trick_seats = []
        self.trick_bits = 0
        self.trick_led = -1
        self.tricks = []
        self.tricks_won = [0, 0, 0, 0]
        self.taken = [[], [], [], []]
        self.leader = None
        self.trump = None
        self.contract = None
        self.parts = ()
        self.penalty_cards = frozenset()
        self.penalty_bits = 0
        self.penalty_left = 0
        self.ended_early = False
        self.hearts_broken = False
        self.trump_broken = False
        self.scores = [0, 0, 0, 0]
        self.deal_scores = []
        self.deals = []
        self.winners = None
        self.result = None
        self._legal = None
        self._legal_bits = -1
        self._skim = False
        self._deal_feed = None
        self._dealt = None
        self.entry = False
        self.entries = []
        self.tally = None

    @classmethod
    def create(cls, options, seed, key, board):
        return start_game(cls, options, seed, key, board, deals.SHUFFLE_VERSION)

    # ----------------------------------------------------------------- score tables (tally.py)
    # The state machine of a played game, with each deal's card play replaced by its entry: a
    # deal starts with no cards and waits in ENTRY (nobody to act online); its entry sets the
    # contract as the chooser's decision would (the same folds and quotas) and what each seat
    # took, and the deal ends with the scores the ruleset's scoring gives those counts.
    ENTRY_FIELDS: ClassVar[tuple[str, ...]] = ()
    FIRST_FACT: ClassVar[str] = ""  # the game_started field a table's first seat fills

    @classmethod
    def table_size(cls, options):
        return 4

    @classmethod
    def table_facts(cls, first):
        return {cls.FIRST_FACT: first}

    @classmethod
    def check_table_options(cls, options):
        """Refuse the options a game entered deal by deal cannot follow."""

    def all_entered(self):
        """Every deal of the game is entered: the table may finish it."""
        return self.entry and not self.is_over and self.phase == DEAL_OVER and self.deal_no == self.deals_in_game

    def entry_form(self):
        """What the next entry needs: the deal, who chooses and deals it, its contract when the
        rules fix it, the contracts the chooser has left, and the counts each contract is
        entered with; or, once every deal is in, only that the game may be finished."""
        form = {
            "deal": None if self.all_entered() or self.is_over else self.deal_no,
            "deals_in_game": self.deals_in_game,
            "entered": len(self.entries),
            "can_finish": self.all_entered(),
            "is_over": self.is_over,
        }
        if form["deal"] is not None:
            form.update(self._entry_form())
        return form

    def adopt(self, other):
        """Take every field of ``other`` (a rebuilt score table) but its log."""
        names = getattr(type(self), "__mypyc_attrs__", None)
        if names is None:
            names = list(vars(other))
        for name in names:
            if not name.startswith("__") and name != "events" and hasattr(other, name):
                setattr(self, name, getattr(other, name))

    def _await_entry(self):
        """A score table's deal, dealt at the table: wait for its entry (end of deal_started's fold)."""
        self.phase = ENTRY
        self.to_act = None

    def _fold_enter(self, ev):
        self.entries.append(ev)
        self._enter_contract(ev)
        taken = ev.get("taken")
        if taken is not None:
            self.tally = {k: list(v) for k, v in taken.items()}
            if "tricks" in taken:
                self.tricks_won = list(taken["tricks"])
            self.phase = ENTERED
        self.to_act = None

    def _fold_correct(self, ev):
        self.entries[ev["deal"] - 1] = {"type": "enter", "deal": ev["deal"], **ev["entry"]}
        tables.rebuild(self)

    def _fold_undo(self, ev):
        self.entries.pop()
        tables.rebuild(self)

    def _fold_finish(self, ev):
        pass  # the game ends with the game_ended that follows (``_derive``)

    def _check_entry(self, fields):
        """A deal's entry (its fields, without type and deal) checked against the rules and
        normalised, or IllegalAction."""
        raise IllegalAction("this game cannot be entered deal by deal", code="not_a_score_table")

    def _entry_form(self):
        return {}

    def contracts_left(self):
        """Per seat, the contracts it could choose now: a score sheet's "contracts left"."""
        return [[] for _ in range(self.num_seats)]

    def _enter_contract(self, ev):
        raise NotImplementedError

    def _first_game_facts(self):
        """Seeded facts drawn at the start of a game (first dealer, first declarer...)."""
        return {}

    # ----------------------------------------------------------------- public surface
    def hand(self, seat):
        """The live cards of ``seat`` in canonical order (server-side; seats learn theirs via view)."""
        return cards_of(self.held[seat])

    def legal_actions(self) -> list[Any]:
        """The actions the seat to act may take, in canonical order, as read-only dicts."""
        if self.phase == PLAY and self.to_act is not None:
            # Card play: a fresh list of the prebuilt play actions, built from the bit set of
            # the cards the seat may play. It is the caller's; the state keeps only the bits,
            # so nothing is copied to protect it.
            bits = self._legal_bits
            if bits < 0:
                bits = self._legal_bits = self._compute_legal_bits()
            acts = _plays_of(bits)
            if self.HAS_EXTRA_PLAY_ACTIONS:
                extra = self._extra_play_actions()
                if extra:
                    acts += map(Action, extra)
            return acts
        legal = self._legal
        if legal is None:
            if self.to_act is None:
                return []
            legal = self._legal = self._compute_legal_actions()
        return legal.copy()  # compiled, a list's copy() is one slice; list() iterates it

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """Apply the action of the seat to act; returns the events it produced.

        Raises IllegalAction (with ``code`` and ``reason``) and leaves the state unchanged when
        the rules do not allow the action.
        """
        seat = self.to_act
        # Legal means: equal to one of legal_actions(), and the canonical entry, not the
        # caller's dict, becomes the event, so what is logged is always in canonical form.
        # Bots and the benchmark hand back an entry of legal_actions() itself: a card play is
        # then recognised as the prebuilt action of its card and checked against the bit set
        # of legal cards, without building the list; anything else takes the general path.
        if seat is not None and self.phase == PLAY and isinstance(action, dict):
            card = action.get("card")
            if isinstance(card, str):
                n = _CARD_NO.get(card, -1)
                if n >= 0 and _PLAYS[n] is action:
                    bits = self._legal_bits
                    if bits < 0:
                        bits = self._legal_bits = self._compute_legal_bits()
                    if (bits >> n) & 1:
                        return self._play(seat, n)
        legal = self._legal
        if legal is None:
            if seat is None:
                if self.entry:
                    return tables.apply(self, action)
                raise IllegalAction("the game is over; no more actions are possible", code="game_over")
            legal = self._legal = self._compute_legal_actions()
        n = len(legal)
        i = 0
        while i < n and legal[i] is not action:
            i += 1
        if i == n:
            if type(action) is dict and action.get("type") in tables.TABLE_ACTIONS:
                return tables.apply(self, action)  # refused: this game is played, not entered
            canon = self._canonical(action, legal)
            i = 0
            while legal[i] is not canon:
                i += 1
        canon = legal[i]
        assert seat is not None
        if canon["type"] == "play":
            return self._play(seat, _CARD_NO[canon["card"]])
        event = {"type": canon["type"], "seat": seat}
        for k, v in canon.items():  # a loop: compiled, a generator costs more than the copy
            if k != "type":
                event[k] = v
        self._record(event)
        out = [event]
        self._run_automatic(out)
        return out

    def _play(self, seat: int, n: int) -> list[dict[str, Any]]:
        """Seat ``seat`` plays card number ``n``, a legal card: its play event, and the trick
        and what follows it when the card ends a trick."""
        event = _PLAY_EVENT.copy()
        event["seat"] = seat
        event["card"] = DECK[n]
        self.events.append(event)
        self._play_card(seat, n)
        if self.to_act is not None:
            return [event]  # mid-trick: nothing automatic follows
        trick = self._trick_event()
        self.events.append(trick)
        self._fold_trick(trick)
        out = [event, trick]
        after = self._after_trick()
        if after is None:
            return out  # the next trick is led
        out.append(after)
        self._record(after)
        self._run_automatic(out)
        return out

    def _compute_legal_actions(self) -> list[Any]:
        if self.phase == PLAY:
            acts = _plays_of(self._compute_legal_bits())
            if self.HAS_EXTRA_PLAY_ACTIONS:
                extra = self._extra_play_actions()
                if extra:
                    acts += map(Action, extra)
            return acts
        # Rulesets may hand out prebuilt actions (read-only, so shareable); others are frozen here.
        return [a if type(a) is Action else Action(a) for a in self._phase_actions()]

    def _canonical(self, action, legal):
        """The legal action that ``action`` spells, or the IllegalAction saying why there is none."""
        norm = normalize_action(action)
        for canon in legal:
            if canon == norm and all(type(v) is type(norm[k]) for k, v in canon.items()):
                return canon
        raise self._explain(self.to_act, norm, legal)

    def view(self, seat, reveal_finished=None):
        """What ``seat`` may know now: its own cards, everything public, never another live hand.

        ``seat=None`` is the view of someone not seated (a spectator, an organiser). The cards
        of the last finished deal are shown when ``reveal_finished`` is true; by default the
        table sees them and a viewer who is not seated does not (docs/architecture.md §3.5).
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise EngineError(f"seat must be an integer 0-3 or None, not {seat!r}", code="invalid_seat")
        if reveal_finished is None:
            reveal_finished = seat is not None
        step = self.STEP
        # The envelope every ruleset shares (docs/architecture.md §3.2a), then the table part this one owns.
        v = {
            "ruleset": self.ruleset,
            "seat": seat,
            "num_seats": self.num_seats,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "deals_in_game": 1 if self.board is not None else self.deals_in_game,
            "hand": self.hand(seat) if seat is not None else [],
            "hand_sizes": [card_count(h) for h in self.held],
            "scores": list(self.scores),
            "deal_scores": [list(r) for r in self.deal_scores],
            "is_over": self.is_over,
            "legal_actions": self.legal_actions() if seat is not None and self.to_act == seat else [],
            "options": dict(self.options),
        }
        table = {
            "contract": self._contract_view(),
            "leader": self.leader,
            "trick": [{"seat": s, "card": c} for s, c in zip(self.trick_seats, self.trick_cards)],
            # Each card of a trick with the seat that played it, so no reader recomputes the direction.
            "tricks": [
                {
                    "leader": leader,
                    "cards": list(cs),
                    "winner": w,
                    "plays": [{"seat": (leader + i * step) % 4, "card": c} for i, c in enumerate(cs)],
                }
                for leader, cs, w in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
        }
        table.update(self._ruleset_view(seat))
        v["table"] = table
        if self.last_deal is not None and reveal_finished:
            # A finished deal's cards are revealed to the table (docs/architecture.md §3.5).
            deal, hands = self.last_deal
            v["last_deal"] = {"deal": deal, "dealt_hands": [list(h) for h in hands]}
        if self.is_over:
            v["winners"] = list(self.winners)
            v["result"] = self.result
        return v

    # ----------------------------------------------------------------- replay
    def fold_log(self, events: Any) -> "GameState":
        """This blank state with ``events`` folded in, nothing decided again (``replay``)."""
        return fold_events(self, events)

    def fold_on(self, events: Any) -> "GameState":
        """This state, as it stands, with ``events`` (the ones logged after it) folded in one by
        one, none skipped, and added to its log: a cached state catching up with its stream."""
        log = self.events
        if self.entry:
            # A score table's correction rebuilds it from its whole log: fold it all (it is short).
            whole = log + list(events)
            self.adopt(type(self)(self.options, None, self.key, None).fold_log_as_table(whole))
            self.events = whole
            return self
        fold_events(self, events, resume=True)
        self.events = log + self.events
        return self

    def fold_log_as_table(self, events: Any) -> "GameState":
        """This blank state folded as a score table (``fold_log`` with ``entry`` set)."""
        self.entry = True
        return fold_events(self, events)

    def verify_log(self, events: Any) -> "GameState":
        """This blank state with every decision of ``events`` applied again through the rules
        (``replay(verify=True)``)."""
        from .verify import verify_log

        return verify_log(self, events, {**ACTION_FIELDS, **tables.TABLE_ACTIONS}, _logged_hands)

    def __eq__(self, other):
        if not isinstance(other, GameState) or other.ruleset != self.ruleset:
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]  # a mutable state is not hashable

    def _snapshot(self):
        skip = {"seed", "_legal", "_legal_bits", "_skim", "_deal_feed", "_dealt"}
        names = getattr(type(self), "__mypyc_attrs__", None)  # a compiled state has no __dict__
        if names is None:
            return {k: v for k, v in vars(self).items() if k not in skip}
        return {k: getattr(self, k) for k in names if k not in skip and not k.startswith("__") and hasattr(self, k)}

    # ----------------------------------------------------------------- recording events
    def _record(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        _fold_table(type(self))[event["type"]](self, event)
        self._legal = None
        self._legal_bits = -1

    def _run_automatic(self, out: list[dict[str, Any]]) -> None:
        while True:
            event = self._derive()
            if event is None:
                return
            out.append(event)
            self._record(event)

    def _explain(self, seat, action, legal):
        """The IllegalAction for a well-formed action that is not legal now."""
        if action["type"] == "play":
            return self._illegal_play(seat, action.get("card"))
        if action["type"] in self.PHASE_ACTIONS.get(self.phase, ()):
            detail = self._explain_detail(seat, action)
            if detail is not None:
                return detail
            return IllegalAction(f"{dict(action)} is not a legal action now", code="not_allowed")
        kinds = sorted({a["type"] for a in legal}, key=list(ACTION_FIELDS).index)
        return IllegalAction(
            f"a {action['type']!r} action is not possible now ({self.phase}); seat {seat} may: {', '.join(kinds)}",
            code="wrong_phase",
        )

    def _explain_detail(self, seat, action):
        return None

    # ----------------------------------------------------------------- trick play
    def _extra_play_actions(self) -> list[dict[str, Any]]:
        return []

    def _illegal_play(self, seat, card):
        if not isinstance(card, str) or len(card) != 2:
            return IllegalAction(f"malformed card {card!r}: a card is rank + suit, e.g. 'KH'", code="malformed_card")
        if self.phase != PLAY:
            return IllegalAction(f"no card can be played now ({self.phase})", code="wrong_phase")
        if card not in self.hand(seat):
            if card not in DECK_SET:
                return IllegalAction(
                    f"malformed card {card!r}: a card is rank + suit, e.g. 'KH'", code="malformed_card"
                )
            return IllegalAction(f"{card} is not in seat {seat}'s hand", code="not_in_hand")
        legal, why = self._compute_legal_cards()
        code, message = why
        return IllegalAction(f"{card} cannot be played: {message} (legal: {' '.join(legal)})", code=code, rule=message)

    def _fold_play(self, ev: dict[str, Any]) -> None:
        seat: int = ev["seat"]
        if seat != self.to_act or self.phase != PLAY:
            raise InvalidEvents(f"play by seat {seat} out of turn", code="out_of_turn")
        card = ev["card"]
        n = _CARD_NO[card]
        if not (self.held[seat] >> n) & 1:
            raise InvalidEvents(f"play of {card} by seat {seat}, who does not hold it", code="invalid_events")
        self._play_card(seat, n)

    # (Not named _fold_*: a _fold_<type> method is the fold of the event type <type>.)
    def _whole_trick(self, log: list[Any], i: int) -> bool:
        """Fold the four plays at ``log[i]`` and the trick after them in one step, or return
        False (nothing folded) when the five events are not four plays and a trick.

        Replay folds the last deal's complete tricks this way: each play is checked as
        ``_fold_play`` checks it (in turn, from the hand; the same errors in the same order),
        but the trick in progress is never built card by card, only the trick's record."""
        # Anything unusual (a damaged log) takes the event-by-event path, which reports it.
        to_act = self.to_act
        if self.trick_cards or self.phase != PLAY or to_act is None:
            return False
        for k in range(5):
            e = log[i + k]
            if type(e) is not dict or e.get("type") != ("trick" if k == 4 else "play"):
                return False
        held = self.held
        step = self.STEP
        cards: list[str] = []
        bits = 0
        leader: int = to_act
        turn: int = to_act
        for k in range(4):
            ev: dict[str, Any] = log[i + k]  # a dict: checked above
            seat: int = ev["seat"]
            if seat != turn:
                raise InvalidEvents(f"play by seat {seat} out of turn", code="out_of_turn")
            card = ev["card"]
            n = _CARD_NO[card]
            hand: int = held[seat]
            if not (hand >> n) & 1:
                raise InvalidEvents(f"play of {card} by seat {seat}, who does not hold it", code="invalid_events")
            held[seat] = hand ^ (1 << n)  # by its native value: ``held[seat] ^=`` is a generic operation
            cards.append(DECK[n])
            bits |= 1 << n
            turn = (seat + step) % 4
        trick: dict[str, Any] = log[i + 4]
        self._record_trick(leader, cards, bits, trick["winner"])
        return True

    def _record_trick(self, leader: int, cards: list[str], bits: int, w: int) -> None:
        """A finished trick of ``cards`` (``bits``), led by ``leader`` and won by ``w``, taken into
        the deal: penalties left, the tricks and cards each seat took, what has been broken, and
        the winner to lead."""
        penalties = bits & self.penalty_bits
        while penalties:
            penalties &= penalties - 1
            self.penalty_left -= 1
        self.tricks.append((leader, tuple(cards), w))
        won = self.tricks_won
        won[w] = won[w] + 1
        self.taken[w].extend(cards)
        if bits & _HEARTS:
            self.hearts_broken = True
        trump = self.trump
        if trump is not None and bits & SUIT_BITS[SUIT_OF[trump]]:
            self.trump_broken = True
        self.leader = w
        self.to_act = w

    def _play_card(self, seat: int, n: int) -> None:
        """Seat ``seat`` plays card number ``n`` from its hand to the trick."""
        held = self.held
        held[seat] = held[seat] ^ (1 << n)  # not ``^=``: compiled, that is a generic operation
        trick = self.trick_cards
        if not trick:
            self.trick_led = n // 13
        trick.append(DECK[n])
        self.trick_seats.append(seat)
        self.trick_bits |= 1 << n
        self.to_act = (seat + self.STEP) % 4 if len(trick) < 4 else None
        self._legal = None
        self._legal_bits = -1

    def _trick_event(self) -> dict[str, Any]:
        # The winner (tricks.trick_winner, on bit sets): the highest trump played if any, else
        # the highest card of the suit led; within a suit a higher number is a higher rank.
        bits = self.trick_bits
        win = 0
        trump = self.trump
        if trump is not None:
            win = bits & SUIT_BITS[SUIT_OF[trump]]
        if not win:
            win = bits & SUIT_BITS[self.trick_led]
        best = DECK[win.bit_length() - 1]
        cards = self.trick_cards
        k = 0
        while cards[k] is not best:  # the trick holds DECK's own strings (_play_card)
            k += 1
        event = _TRICK_EVENT.copy()  # see _PLAY_EVENT
        event["number"] = len(self.tricks) + 1
        event["leader"] = self.trick_seats[0]
        event["cards"] = cards.copy()
        event["winner"] = self.trick_seats[k]
        return event

    def _fold_trick(self, ev: dict[str, Any]) -> None:
        cards = self.trick_cards
        self._record_trick(self.trick_seats[0], cards, self.trick_bits, ev["winner"])
        cards.clear()  # the trick is recorded in copies; reuse the lists for the next one
        self.trick_seats.clear()
        self.trick_bits = 0
        self.trick_led = -1

    def _start_play(self, leader):
        self.phase = PLAY
        self.leader = leader
        self.to_act = leader

    # ----------------------------------------------------------------- deals
    def _new_deal_fields(self, hands):
        # A deal whose card play replay skips is never played from: its hands are not grouped
        # (nothing reads them; the contract folds read ``deal_hands``, the hands as dealt).
        # Hands this state has just dealt come grouped from the deal itself.
        # Nor are its trick fields built anew: nothing folds into them in a skipped deal, so
        # they are still the empty ones of the deal before (skipped too) or of the new state.
        # (A score table's entries do fold into them: it builds them.) Its hands as dealt are
        # kept as the log has them, not copied: only the contract folds read them, and the
        # last deal's record of them is copied when the skipping ends (``_end_skim``).
        dealt = self._dealt
        self._dealt = None
        if self._skim and not self.entry:
            self.deal_hands = hands
        else:
            self.deal_hands = [tuple(h) for h in hands]
        if not self._skim or self.entry:
            if self._skim:
                self.held = [0, 0, 0, 0]
            elif dealt is not None and dealt[0] is hands:
                self.held = dealt[1]
            else:
                self.held = [bits_of(h) for h in hands]
            self.trick_cards = []
            self.trick_seats = []
            self.tricks = []
            self.tricks_won = [0, 0, 0, 0]
            self.taken = [[], [], [], []]
        self.trick_bits = 0
        self.trick_led = -1
        self.hearts_broken = False
        self.trump_broken = False
        self.trump = None
        self.contract = None
        self.leader = None
        self.parts = ()
        self.penalty_cards = frozenset()
        self.penalty_bits = 0
        self.penalty_left = 0
        self.ended_early = False
        self.tally = None

    def _end_skim(self) -> None:
        """Replay has folded the deals it skips: the hands of the last of them (shown as the
        last finished deal) become the state's own copy, as a played deal keeps them."""
        if self.last_deal is not None:
            deal, hands = self.last_deal
            self.last_deal = (deal, [tuple(h) for h in hands])

    def _deal_cards(self, deal_key, first):
        """The next hands: from the seed, or in verify mode from the log being checked; none
        at a score table, whose cards are dealt at the table."""
        if self.entry:
            return [[], [], [], []]
        if self._deal_feed is not None:
            return self._deal_feed(deal_key)
        if self.seed is None:
            raise EngineError(
                "this game was replayed without its seed and cannot deal the next hand; pass seed= to replay()",
                code="seed_required",
            )
        dealt = self._dealt = deals.deal_bits(self.seed, deal_key, first, self.STEP)
        return dealt[0]

    # The deal folds take the event as a dict (its values stay Any): an event reaches a fold only
    # once its "type" was read from it, so it is a dict of a log or of this engine, and
    # compiled, a dict's get and items read without a generic call.
    def _fold_deal_ended(self, ev: dict[str, Any]) -> None:
        self.phase = DEAL_OVER
        self.to_act = None
        self.last_deal = (self.deal_no, self.deal_hands)
        scores = ev["scores"]
        if ev.get("scored", True):
            self.deal_scores.append(list(scores))
            self.scores = added_scores(self.scores, scores)
        self.deals.append(self._deal_record(ev))

    def _fold_game_ended(self, ev):
        self.phase = OVER
        self.is_over = True
        self.to_act = None
        self.winners = list(ev["winners"])
        self.result = ev["result"]

    def _game_ended_event(self, result="complete", winners=None):
        if winners is None:
            winners = self._winners()
        return {"type": "game_ended", "scores": list(self.scores), "winners": winners, "result": result}

    # The seat a ruleset's deal records name last (King: the dealer; Rifki: the declarer).
    RECORD_SEAT: ClassVar[str] = "dealer"

    def _deal_record(self, ev: dict[str, Any]) -> dict[str, Any]:
        # One literal with every field: a sixth key added to a dict of five grows its table.
        return {
            "deal": self.deal_no,
            "contract": self._contract_record(),
            "scores": list(ev["scores"]),
            "end": ev["reason"],
            "scored": ev.get("scored", True),
            self.RECORD_SEAT: self._record_seat(),
        }

    def _record_seat(self) -> Any:
        raise NotImplementedError

    # ----------------------------------------------------------------- automatic events
    def _derive(self) -> dict[str, Any] | None:
        """The automatic event due now, or None when a seat must decide (or the game is over)."""
        phase = self.phase
        if phase == PLAY:
            if len(self.trick_cards) == 4:
                return self._trick_event()
            if self.trick_cards or not self.tricks:
                return None
            return self._after_trick()
        if phase == DEAL_OVER:
            if self.board is not None:
                return self._game_ended_event() if self.deal_no else self._board_deal_event()
            if self.deal_no == self.deals_in_game:
                if self.entry and self.events[-1]["type"] != "finish":
                    return None  # a score table ends when the table finishes it
                return self._game_ended_event()
            return self._next_deal_event()
        if phase == ENTERED:
            return self._deal_ended_event("entered")
        return self._derive_phase()

    def _after_trick(self) -> dict[str, Any] | None:
        """After each trick: is the hand over, or over early because no penalty card is left?"""
        if len(self.tricks) == 13:
            return self._hand_over("complete")
        if self.penalty_cards and self.penalty_left == 0 and self.options["early_end_when_penalties_exhausted"]:
            if not self.ended_early:
                return {
                    "type": "hand_ended_early",
                    "deal": self.deal_no,
                    "after_trick": len(self.tricks),
                    "reason": "penalties_exhausted",
                }
            return self._hand_over("penalties_exhausted")
        return None

    def _hand_over(self, reason):
        return self._deal_ended_event(reason)

    def _deal_ended_event(self, reason, scores=None, scored=True):
        if scores is None:
            scores = self._negative_scores() if self.parts else self._positive_scores()
        ev = {
            "type": "deal_ended",
            "deal": self.deal_no,
            "reason": reason,
            "tricks_won": list(self.tricks_won),
            "scores": scores,
        }
        if not scored:
            ev["scored"] = False
        return ev

    def _negative_scores(self):
        if self.tally is not None:
            counts = tally_counts(self.parts, self.tally)
        else:
            counts = penalty_units(self.parts, self.taken, [w for _, _, w in self.tricks])
        return negative_scores(counts, self.UNITS)

    def _set_negative(self, parts):
        """A negative contract: which cards it penalises, for scoring and the early end."""
        self.parts = parts
        card_based = is_card_based(parts)
        self.penalty_cards = penalty_cards_of(parts) if card_based else frozenset()
        self.penalty_bits = penalty_bits_of(parts) if card_based else 0
        self.penalty_left = len(self.penalty_cards)

    def _fold_hand_ended_early(self, ev):
        self.ended_early = True  # the remaining cards cannot change the score

    # ----------------------------------------------------------------- hooks for rulesets
    def _derive_phase(self):
        return None

    def _positive_scores(self):
        raise NotImplementedError

    def _board_deal_event(self):
        raise NotImplementedError

    def _next_deal_event(self):
        raise NotImplementedError

    def _phase_actions(self):
        raise NotImplementedError

    def _compute_legal_cards(self) -> tuple[list[str], tuple[str, str]]:
        """The cards the seat to act may play and why the choice is narrowed, by the ruleset's
        rules written on strings (its ``legal_plays``): what a refusal explains."""
        raise NotImplementedError

    def _compute_legal_bits(self) -> int:
        """The cards the seat to act may play, as a bit set: the same rules on card numbers, on
        the hot path (tests/engine/test_the_bit_set_rules_allow_the_cards_the_string_rules_allow.py
        holds the two to the same answer)."""
        raise NotImplementedError

    def _contract_view(self):
        raise NotImplementedError

    def _contract_record(self):
        """The deal's contract as data, for its deal record (``records.describe_contract``)."""
        raise NotImplementedError

    def _ruleset_view(self, seat):
        return {}

    def _winners(self):
        raise NotImplementedError

    @classmethod
    def check_options(cls, options):
        """Refuse flag combinations that cannot make a playable game."""

    @staticmethod
    def check_board(board, options):
        """Validate a board (one fixed deal) for a game with these resolved options; returns it normalised."""
        raise NotImplementedError


def start_game(cls: Any, options: dict[str, Any], seed: Any, key: str, board: Any, shuffle: str) -> Any:
    """A new game of the state class ``cls`` (any ruleset's): its game_started event (the
    options, the key, the shuffle's label, and either the board or the seed's commitment and
    the seeded first facts), then the automatic events that follow it."""
    state = cls(options, seed, key, board)
    start = {"type": "game_started", "ruleset": cls.ruleset, "options": dict(options), "key": key, "shuffle": shuffle}
    if board is None:
        if seed is None:
            seed = secrets.token_bytes(32)
        state.seed = deals.seed_bytes(seed)
        start["seed_sha256"] = deals.seed_commitment(state.seed)
        start.update(state._first_game_facts())
    else:
        start["board"] = board
    state._record(start)
    state._run_automatic([])
    return state


def _logged_hands(event: Any) -> Any:
    """A logged deal of a trick game, for a verify without the seed: its four hands, checked."""
    return check_hands(event["hands"], what="logged deal")


def fold_events(state: GameState, events: Any, resume: bool = False) -> GameState:
    """Fold a log into a blank state (with ``resume``, onto a state as it stands, skipping
    nothing: the events may start anywhere in a deal), turning any inconsistency into
    InvalidEvents.

    The log is the engine's own output (``replay`` without ``verify``), so a deal that a later
    deal_started follows is folded without its card play: every trick there is four plays and
    the trick they make, and nothing a later fold reads is left by them (the next
    deal_started resets hands, tricks and every trick flag; contracts, auctions, scores and
    deal records come from the other events, which are all folded), so such a deal's hands are
    not even grouped by suit (``_skim``). A deal played to its end is passed over in one step
    (its deal_ended, 13 tricks on, is read, not the plays between). The last deal is folded
    play by play, a complete trick in one step (``_whole_trick``), each play checked as its fold
    checks it, so a state rebuilt from any prefix is exactly the played one (tests/engine/
    test_replay_skips_the_card_play_of_finished_deals_and_gives_the_same_state.py).
    """
    folds = _fold_table(type(state))
    log: list[Any] = list(events)
    state.events = log
    n = len(log)
    try:
        last = 0 if resume else n - 1  # where the last deal starts: plays before it are skipped
        while last > 0 and log[last]["type"] != "deal_started":
            last -= 1
        i = 0
        state._skim = last > 0
        while i < n:
            if i >= last and state._skim:
                state._skim = False
                if not state.entry:
                    state._end_skim()
            ev = log[i]
            kind: str = ev["type"]
            # Plays and tricks are four in five events: call their folds directly, which a
            # compiled engine does without the generic bound-method call of the table.
            if kind == "play":
                if i < last:
                    # A finished deal played to its end: its deal_ended is 13 tricks on. Look
                    # there first (from the deal's first card), so the card play between is not
                    # even folded; a deal that ended early is stepped through trick by trick.
                    # Every fifth event between must be a trick: a deal cancelled after a few
                    # tricks and dealt again under the same number (Rifki's split queens) can
                    # put the redeal's deal_ended exactly there, and the trick slots tell them
                    # apart (the redeal's first trick lies at least six events on).
                    j = i + 65
                    if j < last and log[i - 1]["type"] != "trick":
                        end = log[j]
                        if (
                            type(end) is dict
                            and end.get("type") == "deal_ended"
                            and end.get("deal") == state.deal_no
                            and _thirteen_tricks(log, i)
                        ):
                            i = j
                            continue
                    i += 5  # a whole trick of a finished deal: its four plays and the trick
                    continue
                if i + 4 < n and state._whole_trick(log, i):
                    i += 5
                    continue
                state._fold_play(ev)
            elif kind == "trick":
                state._fold_trick(ev)
            else:
                folds[kind](state, ev)
            i += 1
    except InvalidEvents:
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
        raise InvalidEvents(f"the event log cannot be replayed: {type(e).__name__}: {e}", code="invalid_events") from e
    finally:
        state._skim = False
    state._legal = None
    state._legal_bits = -1
    return state


def _thirteen_tricks(log: list[Any], first: int) -> bool:
    """Whether the 65 events from the card at ``first`` are thirteen tricks: every fifth a trick."""
    for k in range(first + 4, first + 65, 5):
        if log[k]["type"] != "trick":
            return False
    return True


def added_scores(totals: list[int], scores: Any) -> list[int]:
    """``totals`` plus a deal's ``scores``, seat by seat. Indexed for four of each: compiled, a
    zip iterates generically, and replay adds up every deal. (Anything else, from a damaged
    log, is added as a zip adds it.)"""
    if len(totals) == 4 and type(scores) is list and len(scores) == 4:
        return [totals[0] + scores[0], totals[1] + scores[1], totals[2] + scores[2], totals[3] + scores[3]]
    return [a + b for a, b in zip(totals, scores)]


def _plays_of(bits: int) -> list[Any]:
    """The prebuilt play actions of the cards of a bit set, in canonical order."""
    acts: list[Any] = []
    while bits:
        low = bits & -bits  # the lowest card left
        acts.append(_PLAYS[low.bit_length() - 1])
        bits ^= low
    return acts
