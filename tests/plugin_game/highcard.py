"""High card: a game for two, defined here alone to prove that a game is a plug-in (issue 32).

Each deal gives each player one card from a seeded shuffle (``deal_started``, private: each
seat sees its own card until the deal is over). The player after the dealer, then the dealer,
shows or folds; a player who shows against a fold, or shows the higher card, scores a point.
The game is ``deals`` deals long (an option). Nothing of the platform names it: its descriptor,
its strategies (``strategies.py``) and its decision template (``templates/``) are registered by
the fixture in ``conftest.py``, exactly as a game of the engine registers itself.

Stdlib and the engine's shared parts only, like a game of ``games/engine/``.
"""

from typing import Any

from games.engine import deal as deals
from games.engine.errors import EngineError, IllegalAction, InvalidBoard, InvalidEvents
from games.engine.hiders import HIDDEN
from games.engine.options import Flag
from games.engine.rulesets import CLOCKWISE, PLATFORM_EVENTS, Ruleset
from games.engine.state import start_game
from games.engine.text import N_

NAME = "highcard"
SEATS = 2
RANKS = "23456789TJQKA"
DECISIONS = ("show", "fold")
DECIDE, DEAL_OVER, OVER = "decide", "deal_over", "over"

FLAGS = {
    "deals": Flag(3, minimum=1, maximum=9, label=N_("Deals"), doc=N_("How many deals a game of high card has.")),
}


def rank(card):
    return RANKS.index(card[0])


class HighCardState:
    """A game of high card: the surface every state class offers the platform (``to_act``,
    ``legal_actions()``, ``apply()``, ``view()``, ``events``, ``scores``, ``deal_scores``,
    ``deals``, ``is_over``, ``num_seats``), event-sourced like the engine's games."""

    ruleset = NAME
    FLAGS = FLAGS

    def __init__(self, options: dict[str, Any], seed: Any, key: Any, board: Any) -> None:
        self.options, self.seed, self.key, self.board = options, seed, key, board
        self.num_seats = SEATS
        self.events: list[dict[str, Any]] = []
        self.phase: str | None = None
        self.to_act: int | None = None
        self.deal_no = 0
        self.dealer: int | None = None
        self.hands: list[list[str]] = [[] for _ in range(SEATS)]
        self.choices: list[str | None] = [None] * SEATS
        self.scores = [0] * SEATS
        self.deal_scores: list[list[int]] = []
        self.deals: list[dict[str, Any]] = []
        self.last_deal: tuple[int, list[list[str]]] | None = None
        self.winners: list[int] | None = None
        self.result: str | None = None
        self.logged: list[dict[str, Any]] | None = None  # a log verified without its seed

    # ------------------------------------------------------------------ setting up
    @classmethod
    def create(cls, options, seed, key, board):
        return start_game(cls, options, seed, key, board, deals.SHUFFLE_VERSION)

    @classmethod
    def check_options(cls, options):
        return None

    @staticmethod
    def check_board(board, options):
        raise InvalidBoard("high card is played from a seed only, never from a board", code="invalid_board")

    def _first_game_facts(self):
        return {}

    # ------------------------------------------------------------------ the public surface
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def deals_in_game(self) -> int:
        return self.options["deals"]

    def hand(self, seat):
        return list(self.hands[seat])

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.phase != DECIDE or self.to_act is None:
            return []
        return [{"type": kind} for kind in DECISIONS]

    def apply(self, action: Any) -> list[dict[str, Any]]:
        if self.is_over:
            raise IllegalAction("the game is over", code="game_over")
        kind = action.get("type") if isinstance(action, dict) else None
        if kind not in DECISIONS or set(action) != {"type"}:
            raise IllegalAction(f"high card takes show or fold, not {action!r}", code="show_or_fold")
        if self.to_act is None:
            raise IllegalAction("nobody is to act", code="not_allowed")
        out = [{"type": kind, "seat": self.to_act}]
        self._record(out[0])
        self._run_automatic(out)
        return out

    def view(self, seat: Any, reveal_finished: Any = None) -> dict[str, Any]:
        if seat is not None and (type(seat) is not int or not 0 <= seat < SEATS):
            raise EngineError(f"seat must be an integer 0-{SEATS - 1} or None, not {seat!r}", code="invalid_seat")
        if reveal_finished is None:
            reveal_finished = seat is not None
        view: dict[str, Any] = {
            "ruleset": NAME,
            "seat": seat,
            "num_seats": SEATS,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "deals_in_game": self.deals_in_game,
            "hand": self.hand(seat) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "deal_scores": [list(r) for r in self.deal_scores],
            "is_over": self.is_over,
            "legal_actions": self.legal_actions() if seat is not None and seat == self.to_act else [],
            "options": dict(self.options),
            # laid out like a trick game whose deals hold no trick: the choices made so far
            "table": {
                "dealer": self.dealer,
                "contract": None,
                "trick": [],
                "tricks": [],
                "tricks_won": [0] * SEATS,
                "choices": list(self.choices),
            },
        }
        if self.last_deal is not None and reveal_finished:
            deal, hands = self.last_deal
            view["last_deal"] = {"deal": deal, "dealt_hands": [list(h) for h in hands]}
        if self.is_over:
            view["winners"] = list(self.winners or [])
            view["result"] = self.result
        return view

    # ------------------------------------------------------------------ the events
    def _record(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        self._fold(event)

    def _run_automatic(self, out: list[dict[str, Any]]) -> None:
        while True:
            event = self._derive()
            if event is None:
                return
            self._record(event)
            out.append(event)

    def _derive(self) -> dict[str, Any] | None:
        if self.phase is None or (self.phase == DEAL_OVER and self.deal_no < self.deals_in_game):
            return self._deal_started_event()
        if self.phase == DEAL_OVER:
            best = max(self.scores)
            winners = [s for s in range(SEATS) if self.scores[s] == best]
            return {"type": "game_ended", "result": "complete", "scores": list(self.scores), "winners": winners}
        if self.phase == DECIDE and None not in self.choices:
            return {"type": "deal_ended", "deal": self.deal_no, "reason": "complete", "scores": self._deal_scores()}
        return None

    def _deal_started_event(self) -> dict[str, Any]:
        deal = self.deal_no + 1
        dealer = (deal - 1) % SEATS
        if self.seed is None:
            logged = self.logged[len(self.events)] if self.logged and len(self.logged) > len(self.events) else {}
            if logged.get("type") != "deal_started":
                raise InvalidEvents("high card deals on from its seed", code="seed_required")
            return dict(logged)
        cards = deals.shuffled_deck(self.seed, f"{self.key}/deal/{deal}")[:SEATS]
        return {"type": "deal_started", "deal": deal, "dealer": dealer, "hands": [[card] for card in cards]}

    def _deal_scores(self) -> list[int]:
        shown = [s for s in range(SEATS) if self.choices[s] == "show"]
        if len(shown) == 1:
            winners = shown
        elif len(shown) == SEATS:
            best = max(rank(self.hands[s][0]) for s in shown)
            winners = [s for s in shown if rank(self.hands[s][0]) == best]
        else:
            winners = []
        return [1 if s in winners else 0 for s in range(SEATS)]

    def _fold(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "game_started":
            return
        if kind == "deal_started":
            self.deal_no, self.dealer = ev["deal"], ev["dealer"]
            self.hands = [list(h) for h in ev["hands"]]
            self.choices = [None] * SEATS
            self.to_act, self.phase = (self.dealer + CLOCKWISE) % SEATS, DECIDE
        elif kind in DECISIONS:
            if ev.get("seat") != self.to_act:
                raise InvalidEvents(f"seat {ev.get('seat')} acted out of turn", code="out_of_turn")
            self.choices[ev["seat"]] = kind
            other = (ev["seat"] + CLOCKWISE) % SEATS
            self.to_act = other if self.choices[other] is None else None
        elif kind == "deal_ended":
            scores = list(ev["scores"])
            self.scores = [a + b for a, b in zip(self.scores, scores)]
            self.deal_scores.append(scores)
            record = {"deal": ev["deal"], "dealer": self.dealer, "contract": None, "end": "complete"}
            self.deals.append({**record, "scored": True, "scores": scores})
            self.last_deal = (ev["deal"], [list(h) for h in self.hands])
            self.hands = [[] for _ in range(SEATS)]
            self.phase, self.to_act = DEAL_OVER, None
        elif kind == "game_ended":
            self.phase, self.winners, self.result = OVER, list(ev["winners"]), ev["result"]
        else:
            raise InvalidEvents(f"high card logs no {kind!r} event", code="unexpected_event")

    # ------------------------------------------------------------------ replay
    def fold_log(self, events):
        return self.fold_on(events)

    def fold_on(self, events):
        for ev in events:
            self.events.append(dict(ev))
            self._fold(ev)
        return self

    def verify_log(self, events):
        """Every decision applied again and every automatic event derived again: any
        difference from the log raises InvalidEvents."""
        self.logged = [dict(ev) for ev in events]
        self._record(dict(events[0]))
        self._run_automatic([])
        while len(self.events) < len(events):
            ev = events[len(self.events)]
            if ev.get("type") not in DECISIONS or ev.get("seat") != self.to_act:
                raise InvalidEvents(f"event {len(self.events)} is not the decision due", code="unexpected_event")
            try:
                self.apply({"type": ev["type"]})
            except IllegalAction as e:
                raise InvalidEvents(e.message, code="illegal_event") from e
        if self.events[: len(events)] != [dict(ev) for ev in events]:
            raise InvalidEvents("an event does not match what the rules derive", code="mismatch")
        self.events = self.events[: len(events)]
        return self

    def __eq__(self, other):
        return isinstance(other, HighCardState) and self._snapshot() == other._snapshot()

    def _snapshot(self):
        return (self.events, self.phase, self.to_act, self.scores, self.deal_scores, self.deals, self.hands)


# ---------------------------------------------------------------------- the descriptor
def hide_dealt_cards(ev, seat, revealed):
    """deal_started: each seat's card to that seat alone, until the deal is over."""
    hands = [list(h) if revealed or i == seat else HIDDEN for i, h in enumerate(ev["hands"])]
    return {**ev, "hands": hands}


RULESET = Ruleset(
    name=NAME,
    label=N_("High card"),
    summary=N_("Each player is dealt one card, then shows it or folds: the higher card shown scores."),
    seats=range(SEATS, SEATS + 1),
    default_seats=SEATS,
    flags=FLAGS,
    direction=CLOCKWISE,
    roles={"dealer": N_("Dealer")},
    sheet_role="dealer",
    policies=("random", "heuristic"),
    takeover_policy="heuristic",
    trick_taking=True,
    state_class=HighCardState,
    describe_contract=lambda contract: (N_("(no contract)"), {}),
    private_events={"deal_started": hide_dealt_cards},
    public_events=("game_started", *DECISIONS, "deal_ended", "game_ended", *PLATFORM_EVENTS),
    short_game={"deals": 1},
    short_game_help=N_("One deal."),
    refusals={"show_or_fold": N_("in high card you show your card or fold")},
    action_labels={"show": N_("Show my card"), "fold": N_("Fold")},
)
