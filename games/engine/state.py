"""The state machine shared by King and Rifki: seats, deals, tricks and the event log.

The state is event-sourced. ``apply(action)`` checks the action against the rules, turns it
into a decision event, and records it; it then records every automatic event that follows
(a trick won, a deal ended, the next deal dealt) until a seat must decide again. Recording an
event means appending it to ``events`` and folding it into the state with the one
``_fold_<type>`` method for its type. ``replay(events)`` folds a log without re-deciding
anything, which is why it is much faster than playing; ``replay(events, verify=True)``
re-applies every decision through ``apply`` and checks that the log says exactly what the
rules produce.
"""
import secrets

from . import deal as deals
from .cards import DECK_SET, by_suit, flat
from .errors import EngineError, IllegalAction, InvalidEvents
from .scoring import is_card_based, negative_scores, penalty_cards_of, penalty_units
from .tricks import trick_winner

# Phases every ruleset shares; rulesets add their own.
PLAY = "play"
DEAL_OVER = "deal_over"
OVER = "over"

# The fields each action type may carry besides "type" (DESIGN.md 3.1).
ACTION_FIELDS = {
    "play": ("card",),
    "contract": ("name", "suit"),
    "bid": ("tricks", "direction"),
    "counteroffer": ("tricks", "direction"),
    "choose": ("mode", "trump"),
    "nominate": ("dealer",),
    "match": (),
    "pass": (),
    "open_auction": (),
    "ultimatum": (),
    "take": (),
    "accept": (),
    "decline": (),
    "forfeit": (),
    "cancel": (),
    "declare_slam": (),
}


class Action(dict):
    """An action as ``legal_actions()`` hands it out: a JSON-ready dict that cannot be changed.

    Like pokerkit's frozen operations, the same objects are handed to every caller, so they
    must not be mutated; they compare equal to plain dicts with the same fields.
    """

    __slots__ = ()

    def _frozen(self, *args, **kwargs):
        raise TypeError("actions from legal_actions() are read-only; copy with dict(action) to change one")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _frozen
    __ior__ = _frozen

    def __reduce__(self):
        return (dict, (dict(self),))


PLAY_ACTIONS = {c: Action(type="play", card=c) for c in DECK_SET}


def normalize_action(action):
    """A copy of ``action`` in canonical form, or IllegalAction if it is not shaped like one."""
    if not isinstance(action, dict):
        raise IllegalAction(f"an action is a JSON object with a 'type', not {type(action).__name__}", code="malformed_action")
    kind = action.get("type")
    fields = ACTION_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        known = ", ".join(sorted(ACTION_FIELDS))
        raise IllegalAction(f"unknown action type {kind!r}; action types are: {known}", code="malformed_action")
    extra = [k for k in action if k != "type" and k not in fields]
    if extra:
        raise IllegalAction(f"a {kind!r} action has no field {extra[0]!r}", code="malformed_action")
    out = {"type": kind}
    for f in fields:
        if f in action:
            out[f] = action[f]
    if kind == "choose" and out.get("mode") == "up":
        out.setdefault("trump", None)  # "up" without a trump means no trump
    if kind == "contract" and "suit" in out and out["suit"] is None:
        del out["suit"]
    return out


_FOLD_NAMES = {}


def _fold_table(cls, state):
    """Event type -> bound ``_fold_<type>`` method (the names are looked up once per class)."""
    names = _FOLD_NAMES.get(cls)
    if names is None:
        names = _FOLD_NAMES[cls] = [n for n in dir(cls) if n.startswith("_fold_")]
    return {n[6:]: getattr(state, n) for n in names}


class GameState:
    """Common machinery; ``KingState`` and ``RifkiState`` supply the rules."""

    ruleset = None
    PHASE_ACTIONS = {}  # phase -> the action types it can ever allow (for precise error reasons)
    HAS_EXTRA_PLAY_ACTIONS = False  # a ruleset with decisions besides cards during play (a slam call)
    STEP = 1  # +1 is clockwise (King); Rifki plays counter-clockwise, +3
    FLAGS = {}
    DEALS = 0  # deals in a full game (rulesets may change it with options)

    # ----------------------------------------------------------------- construction
    def __init__(self, options, seed, key, board):
        self.options = options
        self.seed = seed  # secret while the game runs; never in events or views
        self.key = key
        self.board = board  # the fixed deal, or None for a whole seeded game
        self.events = []
        self.phase = None
        self.to_act = None
        self.deal_no = 0
        self.hands = [by_suit(()) for _ in range(4)]  # live cards, grouped by suit
        self.deal_hands = None  # the four hands as dealt
        self.last_deal = None  # (deal number, hands as dealt) of the last finished deal
        self.trick_cards = []
        self.trick_seats = []
        self.tricks = []  # completed tricks of this deal: (leader, cards, winner)
        self.tricks_won = [0, 0, 0, 0]
        self.taken = [[], [], [], []]
        self.leader = None
        self.trump = None
        self.contract = None
        self.parts = ()  # the negative contract's slugs; empty in a trump or positive hand
        self.penalty_cards = frozenset()
        self.penalty_left = 0
        self.ended_early = False
        self.hearts_broken = False
        self.trump_broken = False
        self.scores = [0, 0, 0, 0]
        self.deal_scores = []
        self.deals = []  # one record per deal for score sheets: contract, scores, how it ended
        self.winners = None
        self.result = None
        self._legal = None
        self._deal_feed = None  # logged deals consumed in verify mode when no seed is known
        self._folds = _fold_table(type(self), self)

    @classmethod
    def create(cls, options, seed, key, board):
        state = cls(options, seed, key, board)
        start = {"type": "game_started", "ruleset": cls.ruleset, "options": dict(options), "key": key,
                 "shuffle": deals.SHUFFLE_VERSION}
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

    def _first_game_facts(self):
        """Seeded facts drawn at the start of a game (first dealer, first declarer...)."""
        return {}

    # ----------------------------------------------------------------- public surface
    def hand(self, seat):
        """The live cards of ``seat`` in canonical order (server-side; seats learn theirs via view)."""
        return flat(self.hands[seat])

    @property
    def is_over(self):
        return self.phase == OVER

    def legal_actions(self):
        """The actions the seat to act may take, in canonical order, as read-only dicts."""
        legal = self._legal
        if legal is None:
            if self.to_act is None:
                return []
            legal = self._legal = self._compute_legal_actions()
        return list(legal)

    def apply(self, action):
        """Apply the action of the seat to act; returns the events it produced.

        Raises IllegalAction (with ``code`` and ``reason``) and leaves the state unchanged when
        the rules do not allow the action.
        """
        legal = self._legal
        if legal is None:
            if self.to_act is None:
                raise IllegalAction("the game is over; no more actions are possible", code="game_over")
            legal = self._legal = self._compute_legal_actions()
        # Legal means: equal to one of legal_actions(). The canonical entry, not the caller's
        # dict, becomes the event, so what is logged is always in canonical form.
        try:
            canon = legal[legal.index(action)]
        except ValueError:
            canon = self._canonical(action, legal)
        else:
            if canon is not action and any(type(v) is not type(action[k]) for k, v in canon.items()):
                canon = self._canonical(action, legal)  # 1 == True == 1.0; insist on the real types
        kind = canon["type"]
        if kind == "play":
            event = {"type": "play", "seat": self.to_act, "card": canon["card"]}
            self.events.append(event)
            self._fold_play(event)
            self._legal = None
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
        else:
            event = {"type": kind, "seat": self.to_act}
            event.update((k, v) for k, v in canon.items() if k != "type")
            self._record(event)
        out = [event]
        self._run_automatic(out)
        return out

    def _compute_legal_actions(self):
        if self.phase == PLAY:
            play = PLAY_ACTIONS
            acts = [play[c] for c in self._compute_legal_cards()[0]]
            if self.HAS_EXTRA_PLAY_ACTIONS:
                acts += map(Action, self._extra_play_actions())
            return acts
        return list(map(Action, self._phase_actions()))

    def _canonical(self, action, legal):
        """The legal action that ``action`` spells, or the IllegalAction saying why there is none."""
        norm = normalize_action(action)
        for canon in legal:
            if canon == norm and all(type(v) is type(norm[k]) for k, v in canon.items()):
                return canon
        raise self._explain(self.to_act, norm, legal)

    def view(self, seat):
        """What ``seat`` may know now: its own cards, everything public, never another live hand."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise EngineError(f"seat must be an integer 0-3, not {seat!r}", code="invalid_seat")
        v = {
            "ruleset": self.ruleset,
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "deals_in_game": 1 if self.board is not None else self.DEALS,
            "contract": self._contract_view(),
            "hand": self.hand(seat),
            "hand_sizes": [sum(map(len, h.values())) for h in self.hands],
            "leader": self.leader,
            "trick": [{"seat": s, "card": c} for s, c in zip(self.trick_seats, self.trick_cards)],
            "tricks": [{"leader": l, "cards": list(cs), "winner": w} for l, cs, w in self.tricks],
            "tricks_won": list(self.tricks_won),
            "scores": list(self.scores),
            "deal_scores": [list(r) for r in self.deal_scores],
            "is_over": self.is_over,
            "legal_actions": self.legal_actions() if self.to_act == seat else [],
            "options": dict(self.options),
        }
        if self.last_deal is not None:
            # A finished deal's cards are revealed to the table (DESIGN.md 3.5).
            deal, hands = self.last_deal
            v["last_deal"] = {"deal": deal, "dealt_hands": [list(h) for h in hands]}
        if self.is_over:
            v["winners"] = list(self.winners)
            v["result"] = self.result
        v.update(self._ruleset_view(seat))
        return v

    def __eq__(self, other):
        if not isinstance(other, GameState) or other.ruleset != self.ruleset:
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None

    def _snapshot(self):
        skip = {"seed", "_legal", "_folds", "_deal_feed"}
        return {k: v for k, v in vars(self).items() if k not in skip}

    # ----------------------------------------------------------------- recording events
    def _record(self, event):
        self.events.append(event)
        self._folds[event["type"]](event)
        self._legal = None

    def _run_automatic(self, out):
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
    def _extra_play_actions(self):
        return []

    def _illegal_play(self, seat, card):
        if not isinstance(card, str) or len(card) != 2:
            return IllegalAction(f"malformed card {card!r}: a card is rank + suit, e.g. 'KH'", code="malformed_card")
        if self.phase != PLAY:
            return IllegalAction(f"no card can be played now ({self.phase})", code="wrong_phase")
        if card not in self.hand(seat):
            if card not in DECK_SET:
                return IllegalAction(f"malformed card {card!r}: a card is rank + suit, e.g. 'KH'", code="malformed_card")
            return IllegalAction(f"{card} is not in seat {seat}'s hand", code="not_in_hand")
        legal, why = self._compute_legal_cards()
        code, message = why
        return IllegalAction(f"{card} cannot be played: {message} (legal: {' '.join(legal)})", code=code)

    def _fold_play(self, ev):
        seat = ev["seat"]
        if seat != self.to_act or self.phase != PLAY:
            raise InvalidEvents(f"play by seat {seat} out of turn", code="out_of_turn")
        card = ev["card"]
        self.hands[seat][card[1]].remove(card)
        trick = self.trick_cards
        trick.append(card)
        self.trick_seats.append(seat)
        self.to_act = (seat + self.STEP) % 4 if len(trick) < 4 else None

    def _trick_event(self):
        cards = self.trick_cards
        winner = self.trick_seats[trick_winner(cards, self.trump)]
        return {"type": "trick", "number": len(self.tricks) + 1, "leader": self.trick_seats[0],
                "cards": list(cards), "winner": winner}

    def _fold_trick(self, ev):
        w = ev["winner"]
        cards = self.trick_cards
        if self.penalty_cards:
            self.penalty_left -= len(self.penalty_cards.intersection(cards))
        self.tricks.append((self.trick_seats[0], tuple(cards), w))
        self.tricks_won[w] += 1
        self.taken[w] += cards
        suits = cards[0][1] + cards[1][1] + cards[2][1] + cards[3][1]
        if "H" in suits:
            self.hearts_broken = True
        if self.trump and self.trump in suits:
            self.trump_broken = True
        self.trick_cards = []
        self.trick_seats = []
        self.leader = w
        self.to_act = w

    def _start_play(self, leader):
        self.phase = PLAY
        self.leader = leader
        self.to_act = leader

    # ----------------------------------------------------------------- deals
    def _new_deal_fields(self, hands):
        self.hands = [by_suit(h) for h in hands]
        self.deal_hands = [tuple(h) for h in hands]
        self.trick_cards = []
        self.trick_seats = []
        self.tricks = []
        self.tricks_won = [0, 0, 0, 0]
        self.taken = [[], [], [], []]
        self.hearts_broken = False
        self.trump_broken = False
        self.trump = None
        self.contract = None
        self.leader = None
        self.parts = ()
        self.penalty_cards = frozenset()
        self.penalty_left = 0
        self.ended_early = False

    def _deal_cards(self, deal_key, first):
        """The next hands: from the seed, or in verify mode from the log being checked."""
        if self._deal_feed is not None:
            return self._deal_feed(deal_key)
        if self.seed is None:
            raise EngineError(
                "this game was replayed without its seed and cannot deal the next hand; pass seed= to replay()",
                code="seed_required",
            )
        return deals.deal_hands(self.seed, deal_key, first, self.STEP)

    def _fold_deal_ended(self, ev):
        self.phase = DEAL_OVER
        self.to_act = None
        self.last_deal = (self.deal_no, self.deal_hands)
        scores = ev["scores"]
        if ev.get("scored", True):
            self.deal_scores.append(list(scores))
            self.scores = [a + b for a, b in zip(self.scores, scores)]
        self.deals.append(self._deal_record(ev))

    def _fold_game_ended(self, ev):
        self.phase = OVER
        self.to_act = None
        self.winners = list(ev["winners"])
        self.result = ev["result"]

    def _game_ended_event(self, result="complete", winners=None):
        if winners is None:
            winners = self._winners()
        return {"type": "game_ended", "scores": list(self.scores), "winners": winners, "result": result}

    def _deal_record(self, ev):
        return {"deal": self.deal_no, "contract": self._contract_label(), "scores": list(ev["scores"]),
                "end": ev["reason"], "scored": ev.get("scored", True)}

    # ----------------------------------------------------------------- automatic events
    def _derive(self):
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
            if self.deal_no == self.DEALS:
                return self._game_ended_event()
            return self._next_deal_event()
        return self._derive_phase()

    def _after_trick(self):
        """After each trick: is the hand over, or over early because no penalty card is left?"""
        if len(self.tricks) == 13:
            return self._hand_over("complete")
        if self.penalty_cards and self.penalty_left == 0 and self.options["early_end_when_penalties_exhausted"]:
            if not self.ended_early:
                return {"type": "hand_ended_early", "deal": self.deal_no, "after_trick": len(self.tricks),
                        "reason": "penalties_exhausted"}
            return self._hand_over("penalties_exhausted")
        return None

    def _hand_over(self, reason):
        return self._deal_ended_event(reason)

    def _deal_ended_event(self, reason, scores=None, scored=True):
        if scores is None:
            scores = self._negative_scores() if self.parts else self._positive_scores()
        ev = {"type": "deal_ended", "deal": self.deal_no, "reason": reason, "tricks_won": list(self.tricks_won),
              "scores": scores}
        if not scored:
            ev["scored"] = False
        return ev

    def _negative_scores(self):
        counts = penalty_units(self.parts, self.taken, [w for _, _, w in self.tricks])
        return negative_scores(counts, self.UNITS)

    def _set_negative(self, parts):
        """A negative contract: which cards it penalises, for scoring and the early end."""
        self.parts = parts
        self.penalty_cards = penalty_cards_of(parts) if is_card_based(parts) else frozenset()
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

    def _compute_legal_cards(self):
        raise NotImplementedError

    def _contract_view(self):
        raise NotImplementedError

    def _contract_label(self):
        raise NotImplementedError

    def _ruleset_view(self, seat):
        return {}

    def _winners(self):
        raise NotImplementedError

    @classmethod
    def check_options(cls, options):
        """Refuse flag combinations that cannot make a playable game."""

    @staticmethod
    def check_board(board):
        raise NotImplementedError


def fold_events(state, events):
    """Fold a log into a blank state, turning any inconsistency into InvalidEvents."""
    folds = state._folds
    state.events = list(events)
    try:
        for ev in state.events:
            folds[ev["type"]](ev)
    except InvalidEvents:
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
        raise InvalidEvents(f"the event log cannot be replayed: {type(e).__name__}: {e}", code="invalid_events") from e
    state._legal = None
    return state
