"""Brazilian King (docs/rules.md §1): six negative hands, then four positive hands with an auction."""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from types import SimpleNamespace
from typing import Any, Final

from . import deal as deals
from .actions import Action
from .cards import (
    CARD_BIT,
    KING_OF_HEARTS,
    RANK,
    SUIT_BITS,
    SUIT_OF,
    SUITS,
    by_suit,
    cards_of,
    check_hands,
    flat,
)
from .errors import IllegalAction, InvalidBoard
from .options import Flag
from .rulesets import CLOCKWISE, register, trick_game
from .scoring import NEGATIVE_CONTRACTS, check_tally, penalty_bits_of, penalty_cards_of, tally_fields, tally_form
from .state import DEAL_OVER, GameState, added_scores
from .text import N_

KING_UNITS = {
    "no_tricks": -20,
    "no_hearts": -20,
    "no_queens": -50,
    "no_men": -30,
    "no_king_of_hearts": -160,
    "no_last_two": -90,
}
POSITIVE: Final = "positive"
HAND_ORDER = ["no_tricks", "no_hearts", "no_queens", "no_men", "no_king_of_hearts", "no_last_two"] + [POSITIVE] * 4
QUICK_ORDER = ["no_tricks+no_last_two", "no_hearts+no_king_of_hearts", "no_queens+no_men"] + [POSITIVE] * 4
COMBINED = QUICK_ORDER[:3]
UP_VALUE, DOWN_VALUE = 25, 75  # "3 up = 1 down"
POSITIVE_TOTAL: Final = 325
TRUMP_CHOICES = tuple(SUITS) + (None,)  # None: up without a trump


def _forfeit_scores_ok(v):
    if len(v) != 2 or not all(type(x) is int and x >= 0 for x in v) or v[0] + 3 * v[1] != 13:
        return "must be [beneficiary tricks, others' tricks] with beneficiary + 3 x others = 13, e.g. [4, 3]"
    return None


def _max_value_ok(v):
    return None if v % UP_VALUE == 0 else "must be a multiple of 25 (one trick up)"


# The flags, each with what the organiser's form calls it and what it changes (docs/rules.md,
# the sections its help names): the one way every game labels its flags.
DEALER, LEFT = N_("The dealer"), N_("The player left of the dealer")
FLAGS: dict[str, Flag] = {
    "first_dealer_method": Flag(
        "kh_deal",
        ("kh_deal", "kh_holder_nominates", "random"),
        label=N_("First dealer"),
        doc=N_("How the first dealer is found (docs/rules.md §1.2)."),
        choice_labels={
            "kh_deal": N_("Deal cards until the king of hearts turns up"),
            "kh_holder_nominates": N_("The holder of the king of hearts names the dealer"),
            "random": N_("Drawn at random"),
        },
    ),
    "first_lead": Flag(
        "dealer",
        ("dealer", "left_of_dealer"),
        label=N_("First lead"),
        doc=N_("Who leads the first trick of a deal (docs/rules.md §1.3)."),
        choice_labels={"dealer": DEALER, "left_of_dealer": LEFT},
    ),
    "positive_first_lead": Flag(
        "dealer",
        ("dealer", "declarer"),
        label=N_("First lead of a positive hand"),
        doc=N_("Who leads a positive hand: as in the other hands, or the winner of the auction (docs/rules.md §1.3)."),
        choice_labels={"dealer": N_("As in the other hands"), "declarer": N_("The auction's winner")},
    ),
    "hand_order": Flag(
        "fixed",
        ("fixed", "dealer_choice"),
        label=N_("Order of the hands"),
        doc=N_(
            "The six negative hands in the fixed order, or each dealer chooses the hand he deals (docs/rules.md §1.4)."
        ),
        choice_labels={"fixed": N_("Fixed order"), "dealer_choice": N_("Dealer's choice")},
    ),
    "quick_game_combined_negatives": Flag(
        False,
        label=N_("Quick game"),
        doc=N_("The negative hands are played two at a time: 7 deals instead of 10 (docs/rules.md §1.4)."),
    ),
    "hearts_lead_rule": Flag(
        "only_if_no_other_suit",
        ("only_if_no_other_suit", "after_broken"),
        label=N_("Leading hearts"),
        doc=N_("When a heart may be led in the hands that count hearts (docs/rules.md §1.5)."),
        choice_labels={
            "only_if_no_other_suit": N_("Only by a player who has nothing else"),
            "after_broken": N_("Once hearts have been played"),
        },
    ),
    "kh_forced_play": Flag(
        "discard_and_heart_lead",
        ("discard_and_heart_lead", "discard_only", "none"),
        label=N_("King of hearts forced"),
        doc=N_(
            "In the King hand, whether its holder must discard it when void and lead it with hearts "
            "(docs/rules.md §1.5)."
        ),
        choice_labels={
            "discard_and_heart_lead": N_("Discard it when void, and play it on a heart lead"),
            "discard_only": N_("Discard it when void"),
            "none": N_("Never forced"),
        },
    ),
    "must_discard_penalty_when_void": Flag(
        False,
        label=N_("Discard penalty cards when void"),
        doc=N_("A player who cannot follow suit must discard a card that scores in the hand (docs/rules.md §1.5)."),
    ),
    "early_end_when_penalties_exhausted": Flag(
        True,
        label=N_("End a hand early"),
        doc=N_(
            "A negative hand stops once all its penalties have been taken; the score is the same (docs/rules.md §1.6)."
        ),
    ),
    "positive_must_ruff": Flag(
        False,
        label=N_("Must ruff"),
        doc=N_("In a positive hand with trumps, a player who cannot follow suit must trump (docs/rules.md §1.7)."),
    ),
    "positive_must_overtrump": Flag(
        False,
        label=N_("Must overtrump"),
        doc=N_("In a positive hand, a player who trumps must beat a trump already played (docs/rules.md §1.7)."),
    ),
    "allow_down": Flag(
        True,
        label=N_("Playing down"),
        doc=N_("A positive hand may be played down, with no trumps (docs/rules.md §1.7)."),
    ),
    "auction_pass_is_final": Flag(
        True,
        label=N_("A pass is final"),
        doc=N_("A player who passes in the auction drops out (docs/rules.md §1.8.2)."),
    ),
    "auction_preference_matching": Flag(
        True,
        label=N_("Preference matches"),
        doc=N_("A player with preference may match the standing bid instead of beating it (docs/rules.md §1.8.2)."),
    ),
    "auction_allow_down_bids": Flag(
        True,
        label=N_("Down bids"),
        doc=N_("Bids to play the hand down are allowed in the auction (docs/rules.md §1.8.1)."),
    ),
    "auction_max_value": Flag(
        200,
        kind=int,
        minimum=25,
        maximum=325,
        check=_max_value_ok,
        label=N_("Highest bid"),
        doc=N_("The most a bid may be worth, a multiple of 25 (200 is 8 tricks up; docs/rules.md §1.8.1)."),
    ),
    "ultimatum_enabled": Flag(
        True, label=N_("Ultimatum"), doc=N_('The Beneficiary may say "8 up or I play down" (docs/rules.md §1.8.4).')
    ),
    "ultimatum_timing": Flag(
        "instead_of_auction",
        ("instead_of_auction", "after_bidding"),
        label=N_("When the ultimatum comes"),
        doc=N_("Instead of the auction, or after the bidding (docs/rules.md §1.8.4)."),
        choice_labels={"instead_of_auction": N_("Instead of the auction"), "after_bidding": N_("After the bidding")},
    ),
    "beneficiary_counteroffer": Flag(
        False,
        label=N_("Counteroffer"),
        doc=N_("The Beneficiary may name a higher price to the standing bidder (docs/rules.md §1.8.3)."),
    ),
    "up_payment_mode": Flag(
        "full",
        ("full", "capped_at_tricks"),
        label=N_("Payment for an up bid"),
        doc=N_("What the Beneficiary is paid when an up bid is played (docs/rules.md §1.8.5)."),
        choice_labels={"full": N_("The whole bid"), "capped_at_tricks": N_("No more than the tricks the bidder won")},
    ),
    "down_payment_mode": Flag(
        "absorb_up_to_bid",
        ("absorb_up_to_bid", "fixed"),
        label=N_("Payment for a down bid"),
        doc=N_("What moves when a down bid is played (docs/rules.md §1.8.5)."),
        choice_labels={"absorb_up_to_bid": N_("Up to the bid"), "fixed": N_("Always 75 per trick")},
    ),
    "foiled_auction_forfeit": Flag(
        True,
        label=N_("Forfeit after a foiled auction"),
        doc=N_("After a foiled auction the Beneficiary may forfeit the hand, scoring 4-3-3-3 (docs/rules.md §1.8.6)."),
    ),
    "foiled_auction_max_bids": Flag(
        3,
        kind=int,
        minimum=0,
        maximum=1000,
        label=N_("Bids in a foiled auction"),
        doc=N_("The most bids an auction may have to count as foiled (docs/rules.md §1.8.6)."),
    ),
    "forfeit_without_auction": Flag(
        False,
        label=N_("Forfeit without an auction"),
        doc=N_("The Beneficiary may forfeit a hand without an auction, scoring 4-3-3-3 (docs/rules.md §1.8.6)."),
    ),
    "forfeit_scores": Flag(
        [4, 3],
        kind=list,
        check=_forfeit_scores_ok,
        label=N_("Forfeit scores"),
        doc=N_(
            "Tricks counted for the Beneficiary and for each other player in a forfeit, e.g. 4, 3 "
            "(docs/rules.md §1.8.6)."
        ),
    ),
    "tie_policy": Flag(
        "shared",
        ("shared", "positive_phase_total"),
        label=N_("Ties"),
        doc=N_("How a tie for first place is settled (docs/rules.md §1.9)."),
        choice_labels={"shared": N_("Shared"), "positive_phase_total": N_("Broken on the positive hands' total")},
    ),
}

# Phases of a positive hand; see docs/rules.md §1.7 and §1.8.
NOMINATE: Final = "nominate_dealer"
CONTRACT: Final = "contract"
POSITIVE_CHOICE: Final = "positive_choice"  # the Beneficiary decides how the hand is played
AUCTION: Final = "auction"
AUCTION_WON: Final = "auction_won"  # the Beneficiary accepts, declines, forfeits, counters or issues the ultimatum
NO_BIDS: Final = "no_bids"
COUNTEROFFER: Final = "counteroffer"  # the standing bidder accepts or refuses the Beneficiary's price
ULTIMATUM: Final = "ultimatum"  # "8 up or I play down", instead of an auction
FINAL_OFFER: Final = "final_offer"  # the ultimatum put to the standing bidder after the bidding
DECLINED: Final = "declined"  # the Beneficiary plays the hand himself
NAME_TRUMP: Final = "name_trump"  # the accepted up-bidder names trumps
FORFEITED: Final = "forfeited"


# The actions of the auction and the choices, built once: legal_actions() hands out read-only
# actions, so every state can share them (field order as the dicts they replace).
SIMPLE: Final = {
    k: Action(type=k) for k in ("open_auction", "ultimatum", "forfeit", "match", "pass", "accept", "decline", "take")
}
CHOOSE_UP: Final = {t: Action(type="choose", mode="up", trump=t) for t in TRUMP_CHOICES}
CHOOSE_DOWN: Final = Action(type="choose", mode="down")
BIDS: Final = {(n, d): Action(type="bid", tricks=n, direction=d) for n in range(1, 14) for d in ("up", "down")}
COUNTEROFFERS: Final = {
    (n, d): Action(type="counteroffer", tricks=n, direction=d) for n in range(1, 14) for d in ("up", "down")
}
CONTRACTS: Final = {n: Action(type="contract", name=n) for n in NEGATIVE_CONTRACTS + tuple(COMBINED) + (POSITIVE,)}
NOMINATIONS: Final = [Action(type="nominate", dealer=s) for s in range(4)]


# ----------------------------------------------------------------------------- pure rules
def bid_value(tricks, direction):
    return tricks * (UP_VALUE if direction == "up" else DOWN_VALUE)


def legal_bids(options, above=0):
    """Every legal bid worth more than ``above``, cheapest first (up before down at equal value)."""
    return [bid for value, bid in _bid_ladder(options) if value > above]


_BID_LADDERS: dict[tuple[Any, bool], list[tuple[int, tuple[int, str]]]] = {}


def _bid_ladder(options):
    """(value, bid) of every bid the options allow, cheapest first: built once per cap and
    direction rule, not on every turn of every auction."""
    cap = options["auction_max_value"]
    down = bool(options["allow_down"] and options["auction_allow_down_bids"])
    ladder = _BID_LADDERS.get((cap, down))
    if ladder is None:
        bids = [(n * UP_VALUE, 0, n, "up") for n in range(1, 14) if n * UP_VALUE <= cap]
        if down:
            bids += [(m * DOWN_VALUE, 1, m, "down") for m in range(1, 14) if m * DOWN_VALUE <= cap]
        ladder = [(v, (n, d)) for v, _, n, d in sorted(bids)]
        if len(_BID_LADDERS) < 64:  # options come from logs too: keep the cache small
            _BID_LADDERS[(cap, down)] = ladder
    return ladder


def positive_scores(
    mode, tricks_won, beneficiary, bid=None, up_payment_mode="full", down_payment_mode="absorb_up_to_bid"
):
    """Scores of a played positive hand (docs/rules.md §1.8.5).

    ``bid`` is the accepted bid as (winner, tricks, direction), or None when the Beneficiary
    played the hand himself (no payment).
    """
    if mode == "up":
        scores = [UP_VALUE * t for t in tricks_won]
    else:
        scores = [POSITIVE_TOTAL - DOWN_VALUE * t for t in tricks_won]
    if bid is not None:
        winner, n, direction = bid
        if direction == "up":
            transfer = UP_VALUE * n
            if up_payment_mode == "capped_at_tricks":
                transfer = min(transfer, UP_VALUE * tricks_won[winner])
        else:
            moved = n if down_payment_mode == "fixed" else min(n, tricks_won[beneficiary])
            transfer = DOWN_VALUE * moved
        scores[winner] -= transfer
        scores[beneficiary] += transfer
    return scores


def forfeit_scores(beneficiary, units=(4, 3)):
    """The foiled-auction forfeit: 4 up for the Beneficiary, 3 up for each other player."""
    return [UP_VALUE * (units[0] if s == beneficiary else units[1]) for s in range(4)]


def contract_parts(name):
    return tuple(name.split("+"))


_RULE_FIELDS = (
    "hearts_lead",
    "kh_lead",
    "kh_follow",
    "kh_void",
    "void_penalty",
    "trump",
    "must_ruff",
    "must_overtrump",
)
_KH: Final = CARD_BIT[KING_OF_HEARTS]
_HEARTS: Final = SUIT_BITS[1]


class PlayRules:
    """The card-play rules of one King hand, read from the options once per hand."""

    __slots__ = (*_RULE_FIELDS, "void_penalty_bits", "trump_suit")
    hearts_lead: str | None  # None, "strict" (only with nothing else) or "until_broken"
    kh_lead: bool
    kh_follow: bool
    kh_void: bool
    void_penalty: frozenset[str] | None
    trump: str | None
    must_ruff: bool
    must_overtrump: bool
    # The same as bit sets and numbers, for legal_bits (cards.py): 0 and -1 for none.
    void_penalty_bits: int
    trump_suit: int

    def __init__(self, contract, options, mode=None, trump=None):
        parts = contract_parts(contract) if contract and contract != POSITIVE else ()
        kh_rule = options["kh_forced_play"] if "no_king_of_hearts" in parts else "none"
        self.hearts_lead = None  # None, "strict" (only with nothing else) or "until_broken"
        if "no_hearts" in parts or "no_king_of_hearts" in parts:
            self.hearts_lead = "strict" if options["hearts_lead_rule"] == "only_if_no_other_suit" else "until_broken"
        self.kh_lead = kh_rule == "discard_and_heart_lead"
        self.kh_follow = kh_rule == "discard_and_heart_lead"
        self.kh_void = kh_rule != "none"
        self.void_penalty = penalty_cards_of(parts) if parts and options["must_discard_penalty_when_void"] else None
        self.trump = trump if mode == "up" else None
        self.must_ruff = options["positive_must_ruff"]
        self.must_overtrump = options["positive_must_overtrump"]
        self.void_penalty_bits = penalty_bits_of(parts) if self.void_penalty is not None else 0
        self.trump_suit = SUIT_OF[self.trump] if self.trump else -1

    def __eq__(self, other):
        return isinstance(other, PlayRules) and all(getattr(self, a) == getattr(other, a) for a in _RULE_FIELDS)


# PlayRules are read-only once built, and every hand of every game (and of every replay) asks
# for one of the same few: each is built once per contract and option values, then shared.
_PLAY_RULES: dict[Any, PlayRules] = {}


def play_rules(contract: Any, options: dict[str, Any], mode: Any = None, trump: Any = None) -> PlayRules:
    """``PlayRules(contract, options, mode, trump)``, shared (``_PLAY_RULES``)."""
    key = (
        contract,
        mode,
        trump,
        options["kh_forced_play"],
        options["hearts_lead_rule"],
        options["must_discard_penalty_when_void"],
        options["positive_must_ruff"],
        options["positive_must_overtrump"],
    )
    try:
        rules = _PLAY_RULES.get(key)
    except TypeError:  # a value no key can hold (a damaged log's): built as it always was
        return PlayRules(contract, options, mode, trump)
    if rules is None:
        rules = PlayRules(contract, options, mode, trump)
        if len(_PLAY_RULES) < 1024:  # options come from logs too: keep it bounded
            _PLAY_RULES[key] = rules
    return rules


def legal_plays(
    hand: dict[str, list[str]], trick: list[str], rules: PlayRules, hearts_broken: bool = False
) -> tuple[list[str], tuple[str, str]]:
    """The cards a King player may play, and why the choice is narrowed: (cards, (code, reason)).

    ``hand`` is grouped by suit (``cards.by_suit``); ``trick`` is the cards played so far to
    this trick; ``rules`` the hand's ``PlayRules``.
    """
    if trick:
        led = trick[0][1]
        follow = hand[led]
        if follow:
            if led == "H" and rules.kh_follow and KING_OF_HEARTS in follow:
                return [KING_OF_HEARTS], KH_FORCED
            return follow, FOLLOW
        if rules.kh_void and KING_OF_HEARTS in hand["H"]:
            return [KING_OF_HEARTS], KH_FORCED
        cards = flat(hand)
        if rules.void_penalty:
            discards = [c for c in cards if c in rules.void_penalty]
            if discards:
                return discards, PENALTY_DISCARD
        trump = rules.trump
        if trump and hand[trump] and (rules.must_ruff or rules.must_overtrump):
            return _trump_discard(cards, hand[trump], trick, rules)
        return cards, ANY
    cards, why = flat(hand), ANY
    if rules.hearts_lead and (rules.hearts_lead == "strict" or not hearts_broken):
        others = hand["S"] + hand["D"] + hand["C"]
        if others:
            cards, why = others, HEARTS_LEAD
    if rules.kh_lead and KING_OF_HEARTS in hand["H"]:
        # A heart lead is a chance to play the K; leading another heart would hold it back.
        forced = [c for c in cards if c[1] != "H" or c == KING_OF_HEARTS]
        if len(forced) < len(cards):
            cards, why = forced, KH_LEAD
    return cards, why


def legal_bits(hand: int, trick: int, led: int, rules: PlayRules, hearts_broken: bool) -> int:
    """``legal_plays`` on bit sets (cards.py), without the reason: the cards a King player may
    play, from ``hand`` and ``trick`` (the cards played to this trick, ``led`` the suit led,
    -1 when leading). The two read alike, branch for branch."""
    if led >= 0:
        follow = hand & SUIT_BITS[led]
        if follow:
            if led == 1 and rules.kh_follow and follow & _KH:
                return _KH
            return follow
        if rules.kh_void and hand & _KH:
            return _KH
        if rules.void_penalty_bits:
            discards = hand & rules.void_penalty_bits
            if discards:
                return discards
        trump = rules.trump_suit
        if trump >= 0 and hand & SUIT_BITS[trump] and (rules.must_ruff or rules.must_overtrump):
            trumps = hand & SUIT_BITS[trump]
            cards = trumps if rules.must_ruff else hand
            if rules.must_overtrump:
                in_trick = trick & SUIT_BITS[trump]
                if in_trick:
                    over = trumps >> in_trick.bit_length() << in_trick.bit_length()  # above the top trump
                    if over:
                        cards = (cards & ~SUIT_BITS[trump]) | over
            return cards
        return hand
    cards = hand
    if rules.hearts_lead is not None and (rules.hearts_lead == "strict" or not hearts_broken):
        others = hand & ~_HEARTS
        if others:
            cards = others
    if rules.kh_lead and hand & _KH:
        # A heart lead is a chance to play the K; leading another heart would hold it back.
        cards &= ~_HEARTS | _KH
    return cards


def _trump_discard(
    cards: list[str], trumps: list[str], trick: list[str], rules: PlayRules
) -> tuple[list[str], tuple[str, str]]:
    """Void in the suit led of an up hand with trumps, under the optional ruff rules."""
    why = ANY
    if rules.must_ruff:
        cards, why = trumps, MUST_RUFF
    if rules.must_overtrump:
        in_trick = [RANK[c] for c in trick if c[1] == rules.trump]
        if in_trick:
            top = max(in_trick)
            if any(RANK[c] > top for c in trumps):
                narrowed = [c for c in cards if c[1] != rules.trump or RANK[c] > top]
                if len(narrowed) < len(cards):
                    cards, why = narrowed, MUST_OVERTRUMP
    return cards, why


ANY: Final = ("not_in_hand", N_("it is not in the hand"))
FOLLOW: Final = ("must_follow_suit", N_("you must follow the suit led"))
HEARTS_LEAD: Final = ("hearts_lead_restricted", N_("a heart may not be led while you hold another suit"))
KH_LEAD: Final = (
    "king_of_hearts_forced",
    N_("leading hearts while holding the king of hearts, you must lead the king"),
)
KH_FORCED: Final = ("king_of_hearts_forced", N_("the king of hearts must be played at the first legal opportunity"))
PENALTY_DISCARD: Final = ("must_discard_penalty", N_("when void you must discard a penalty card"))
MUST_RUFF: Final = ("must_ruff", N_("when void in the suit led you must play a trump"))
MUST_OVERTRUMP: Final = ("must_overtrump", N_("you must beat the trump already in the trick"))


BOARD_FIELDS: Final = ("dealer", "hands", "contract", "mode", "trump", "accepted_bid")
SETTLED_FIELDS: Final = ("mode", "trump", "accepted_bid")  # a positive board that starts in play


def _check_settled_positive(board, dealer, options):
    """The settled-positive fields of a board, checked as strictly as the auction would check them."""
    mode, trump, bid = board.get("mode"), board.get("trump"), board.get("accepted_bid")
    if mode not in ("up", "down"):
        raise InvalidBoard(f"a settled positive board needs 'mode': 'up' or 'down', not {mode!r}")
    if mode == "down" and not options["allow_down"]:
        raise InvalidBoard("board 'mode' 'down' is not possible: this game does not allow playing down (allow_down)")
    if mode == "down" and trump is not None:
        raise InvalidBoard(f"a down hand has no trump, but the board names {trump!r}")
    if trump not in TRUMP_CHOICES:
        raise InvalidBoard(f"board 'trump' must be one of S, H, D, C or null (no trump), not {trump!r}")
    if bid is None:
        return {"mode": mode, "trump": trump, "accepted_bid": None}
    if not isinstance(bid, dict) or set(bid) != {"bidder", "tricks", "direction"}:
        raise InvalidBoard(f"board 'accepted_bid' must be an object with bidder, tricks and direction, not {bid!r}")
    bidder, tricks, direction = bid["bidder"], bid["tricks"], bid["direction"]
    if type(bidder) is not int or not 0 <= bidder <= 3 or bidder == dealer:
        raise InvalidBoard(f"accepted_bid 'bidder' must be a seat 0-3 other than the dealer ({dealer}), not {bidder!r}")
    if direction != mode:
        raise InvalidBoard(f"an accepted {direction!r} bid is played {direction!r}, but the board's mode is {mode!r}")
    if type(tricks) is not int or (tricks, direction) not in legal_bids(options):
        raise InvalidBoard(
            f"accepted_bid {tricks!r} {direction} is not a bid this game allows "
            f"(bids up to a value of {options['auction_max_value']})"
        )
    return {"mode": mode, "trump": trump, "accepted_bid": {"bidder": bidder, "tricks": tricks, "direction": direction}}


class KingState(GameState):
    ruleset = "king"
    STEP = 1
    FLAGS = FLAGS
    UNITS = KING_UNITS

    order: Any  # the contract order of a fixed-order game
    first_dealer: int | None
    kh_receiver: int | None
    dealer: int | None
    contract_name: str | None
    negatives_used: list[str]  # dealer's choice: contracts already chosen
    positives_taken: list[int]
    positive_totals: list[int]
    mode: str | None
    declarer: int | None
    accepted: Any
    high: Any
    bids_made: int
    bidders: Any
    active: set[int]
    passed: set[int]
    countered: bool
    counter: Any
    ultimatum_passes: int
    auction_log: list[Any]
    rules: PlayRules

    def __init__(self, options: dict[str, Any], seed: Any, key: str, board: Any) -> None:
        super().__init__(options, seed, key, board)
        quick = options["quick_game_combined_negatives"]
        self.deals_in_game = 7 if quick else 10
        self.order = QUICK_ORDER if quick else HAND_ORDER
        self.first_dealer = None
        self.kh_receiver = None
        self.dealer = None
        self.contract_name = None
        self.negatives_used = []  # dealer's choice: contracts already chosen
        self.positives_taken = [0, 0, 0, 0]
        self.positive_totals = [0, 0, 0, 0]
        self._reset_positive()

    def _reset_positive(self):
        self.mode = None  # "up" or "down" once the positive hand is settled
        self.declarer = None  # who settled the hand: the Beneficiary or the accepted bidder
        self.accepted = None  # (winner, tricks, direction)
        self.high = None  # standing bid: (bidder, tricks, direction)
        self.bids_made = 0
        self.bidders = ()
        self.active = set()
        self.passed = set()  # bidders who passed since the last bid or match
        self.countered = False
        self.counter = None
        self.ultimatum_passes = 0
        self.auction_log = []

    # ----------------------------------------------------------------- game start
    def _first_game_facts(self):
        method = self.options["first_dealer_method"]
        draw = deals.seeded_draw(self.seed, f"{self.key}/first_dealer", 4)
        return {"kh_receiver": draw} if method == "kh_holder_nominates" else {"first_dealer": draw}

    def _fold_game_started(self, ev):
        self.first_dealer = ev.get("first_dealer")
        self.kh_receiver = ev.get("kh_receiver")
        if self.kh_receiver is not None:
            self.phase = NOMINATE
            self.to_act = self.kh_receiver
        else:
            self.phase = DEAL_OVER  # no deal yet: the first one is dealt automatically

    def _fold_nominate(self, ev):
        self.first_dealer = ev["dealer"]
        self.phase = DEAL_OVER
        self.to_act = None

    @staticmethod
    def check_board(board, options):
        """Validate a King board against the game's options; returns it normalised (hands sorted).

        A positive board may also be *settled*: ``mode`` ("up" or "down"), ``trump`` (a suit,
        or null for no trump; up only) and optionally ``accepted_bid`` ({bidder, tricks,
        direction}) say how the Beneficiary's choice or the auction ended, and the deal starts
        in play. That is how a search bot plays a positive hand out from the middle.
        """
        if not isinstance(board, dict):
            raise InvalidBoard("a board is an object with 'dealer', 'hands' and optionally 'contract'")
        extra = set(board) - set(BOARD_FIELDS)
        if extra:
            raise InvalidBoard(f"a King board has no field {sorted(extra)[0]!r} (fields: {', '.join(BOARD_FIELDS)})")
        dealer = board.get("dealer")
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise InvalidBoard(f"board 'dealer' must be a seat 0-3, not {dealer!r}")
        contract = board.get("contract")
        if (
            contract is not None
            and contract not in NEGATIVE_CONTRACTS
            and contract not in COMBINED
            and contract != POSITIVE
        ):
            raise InvalidBoard(
                f"unknown King contract {contract!r}; "
                f"contracts: {', '.join(NEGATIVE_CONTRACTS + tuple(COMBINED))}, positive"
            )
        out = {"dealer": dealer, "hands": check_hands(board.get("hands")), "contract": contract}
        if any(field in board for field in SETTLED_FIELDS):
            if contract != POSITIVE:
                raise InvalidBoard(
                    "'mode', 'trump' and 'accepted_bid' settle a positive hand; they need contract 'positive'"
                )
            out.update(_check_settled_positive(board, dealer, options))
        return out

    # ----------------------------------------------------------------- automatic events
    def _derive_phase(self):
        if self.phase == AUCTION and self.to_act is None:
            bidder, tricks, direction = self.high if self.high else (None, None, None)
            return {
                "type": "auction_ended",
                "winner": bidder,
                "tricks": tricks,
                "direction": direction,
                "bids_made": self.bids_made,
            }
        if self.phase == FORFEITED:
            return self._deal_ended_event("forfeit", forfeit_scores(self.dealer, self.options["forfeit_scores"]))
        return None

    def _board_deal_event(self):
        b = self.board
        ev = {
            "type": "deal_started",
            "deal": 1,
            "dealer": b["dealer"],
            "contract": b["contract"],
            "hands": [list(h) for h in b["hands"]],
        }
        ev.update((field, b[field]) for field in SETTLED_FIELDS if field in b)
        return ev

    def _next_deal_event(self):
        n = self.deal_no + 1
        dealer = (self.first_dealer + n - 1) % 4
        contract = self.order[n - 1] if self.options["hand_order"] == "fixed" else None
        key = f"{self.key}/deal/{n}"
        hands = self._deal_cards(key, (dealer + 1) % 4)
        return {
            "type": "deal_started",
            "deal": n,
            "dealer": dealer,
            "contract": contract,
            "hands": hands,
            "deal_key": key,
        }

    def _positive_scores(self):
        o = self.options
        return positive_scores(
            self.mode, self.tricks_won, self.dealer, self.accepted, o["up_payment_mode"], o["down_payment_mode"]
        )

    # ----------------------------------------------------------------- folds
    def _fold_deal_started(self, ev: dict[str, Any]) -> None:
        self.deal_no = ev["deal"]
        self.dealer = ev["dealer"]
        self._new_deal_fields(ev["hands"])
        self.contract_name = None
        self._reset_positive()
        if ev["contract"] is None:
            self.phase = CONTRACT
            self.to_act = self.dealer
        else:
            self._set_contract(ev["contract"])
            if ev.get("mode") is not None:
                self._settle_positive(ev["mode"], ev["trump"], ev["accepted_bid"])
        if self.entry:
            self._await_entry()

    # ----------------------------------------------------------------- score tables (tally.py)
    ENTRY_FIELDS = ("contract", "taken", "chooser")
    FIRST_FACT = "first_dealer"
    CONTRACT_FIELDS = ("name", "mode", "trump", "bid", "forfeit")

    def _check_entry(self, fields):
        """A King deal as a table enters it: the dealer's contract (from those he has left, or
        the one the fixed order gives), a positive hand's settlement (its mode and trump, and
        the accepted bid if the auction sold it; or its forfeit), and each seat's counts."""
        extra = [k for k in fields if k not in self.ENTRY_FIELDS]
        if extra:
            raise IllegalAction(f"an entry has no field {extra[0]!r}", code="malformed_action")
        chooser = self.dealer
        if "chooser" in fields and fields["chooser"] != chooser:
            raise IllegalAction(
                f"deal {self.deal_no} is chosen by its dealer, seat {chooser}", code="not_the_chooser", seat=chooser
            )
        contract = fields.get("contract")
        if not isinstance(contract, dict) or any(k not in self.CONTRACT_FIELDS for k in contract):
            raise IllegalAction("'contract' must be an object with the contract's name", code="malformed_action")
        name = contract.get("name")
        available = [self.contract_name] if self.contract_name is not None else self._available_contracts(chooser)
        if name not in available:
            raise IllegalAction(
                f"contract {name!r} is not available to seat {chooser} now; available: {', '.join(available)}",
                code="contract_used_up",
                seat=chooser,
            )
        if name != POSITIVE:
            if set(contract) != {"name"}:
                raise IllegalAction("a negative contract is named, nothing more", code="malformed_action")
            return {
                "contract": {"name": name},
                "taken": check_tally(tally_fields(contract_parts(name)), fields.get("taken")),
            }
        if contract.get("forfeit"):
            o = self.options
            if not (o["forfeit_without_auction"] or o["foiled_auction_forfeit"]) or set(contract) != {
                "name",
                "forfeit",
            }:
                raise IllegalAction(
                    "this game's options allow no forfeit of a positive hand", code="forfeit_not_allowed"
                )
            if fields.get("taken") is not None:
                raise IllegalAction("a forfeited hand is not played: no counts", code="tally_unexpected", field="taken")
            return {"contract": {"name": POSITIVE, "forfeit": True}}
        bid = contract.get("bid")
        if bid is not None and (not isinstance(bid, dict) or set(bid) != {"seat", "tricks", "direction"}):
            raise IllegalAction("an accepted bid has its seat, tricks and direction", code="malformed_action")
        accepted = (
            None if bid is None else {"bidder": bid["seat"], "tricks": bid["tricks"], "direction": bid["direction"]}
        )
        try:
            settled = _check_settled_positive(
                {"mode": contract.get("mode"), "trump": contract.get("trump"), "accepted_bid": accepted},
                chooser,
                self.options,
            )
        except InvalidBoard as e:
            raise IllegalAction(e.message, code="positive_not_possible") from e
        won = settled["accepted_bid"]
        record = {
            "name": POSITIVE,
            "mode": settled["mode"],
            "trump": settled["trump"],
            "bid": None
            if won is None
            else {"seat": won["bidder"], "tricks": won["tricks"], "direction": won["direction"]},
        }
        return {"contract": record, "taken": check_tally(tally_fields(()), fields.get("taken"))}

    def _enter_contract(self, ev):
        contract = ev["contract"]
        name = contract["name"]
        if self.contract_name is None:
            self._fold_contract({"seat": self.dealer, "name": name})  # the dealer's choice, counted as one
        if name != POSITIVE:
            return
        if contract.get("forfeit"):
            self.declarer = self.dealer
            self.phase = FORFEITED  # its deal_ended follows (``_derive_phase``)
            return
        bid = contract["bid"]
        accepted = (
            None if bid is None else {"bidder": bid["seat"], "tricks": bid["tricks"], "direction": bid["direction"]}
        )
        self._settle_positive(contract["mode"], contract["trump"], accepted)

    def _entry_form(self):
        names = [self.contract_name] if self.contract_name is not None else self._available_contracts(self.dealer)
        return {
            "chooser": self.dealer,
            "dealer": self.dealer,
            "contract": None if self.contract_name is None else {"name": self.contract_name},
            "contracts": [self._contract_form(n) for n in names],
        }

    def contracts_left(self):
        """Per seat, the contracts it could choose if it dealt now (a table's "contracts left")."""
        return [[{"name": n} for n in self._available_contracts(s)] for s in range(4)]

    def _contract_form(self, name):
        """A contract as a score table's form offers it: its counts, and for a positive hand
        what its settlement may be (modes, trumps, the bids the auction allows, a forfeit)."""
        if name != POSITIVE:
            return {"name": name, "counts": tally_form(contract_parts(name))}
        o = self.options
        return {
            "name": POSITIVE,
            "counts": tally_form(()),
            "settle": {
                "modes": ["up", "down"] if o["allow_down"] else ["up"],
                "trumps": list(TRUMP_CHOICES),
                "bids": [{"tricks": n, "direction": d} for n, d in legal_bids(o)],
                "forfeit": bool(o["forfeit_without_auction"] or o["foiled_auction_forfeit"]),
            },
        }

    def _settle_positive(self, mode, trump, bid):
        """A settled positive board: the hand is played as the choice or the auction left it."""
        self.mode = mode
        self.trump = trump if mode == "up" else None
        if bid is None:
            self.declarer = self.dealer  # the Beneficiary plays the hand himself
        else:
            self.accepted = (bid["bidder"], bid["tricks"], bid["direction"])
            self.declarer = bid["bidder"]
        self._start_positive_play()

    def _set_contract(self, name):
        self.contract_name = name
        if name == POSITIVE:
            self.phase = POSITIVE_CHOICE
            self.to_act = self.dealer
            return
        self._set_negative(contract_parts(name))
        self.rules = play_rules(name, self.options)
        self._start_play(self._general_first_lead())

    def _general_first_lead(self):
        """Who leads a deal's first trick by the general rule (docs/rules.md §1.3, ``first_lead``)."""
        return self.dealer if self.options["first_lead"] == "dealer" else (self.dealer + 1) % 4

    def _fold_contract(self, ev):
        name = ev["name"]
        if name == POSITIVE:
            self.positives_taken[ev["seat"]] += 1
        else:
            self.negatives_used.append(name)
        self._set_contract(name)

    def _fold_deal_ended(self, ev: dict[str, Any]) -> None:
        super()._fold_deal_ended(ev)
        if not self.parts:
            self.positive_totals = added_scores(self.positive_totals, ev["scores"])

    def _fold_choose(self, ev):
        self.mode = ev["mode"]
        self.trump = ev.get("trump") if self.mode == "up" else None
        if self.declarer is None:
            self.declarer = self.dealer
        self._start_positive_play()

    def _start_positive_play(self):
        self.rules = play_rules(POSITIVE, self.options, self.mode, self.trump)
        # "dealer" follows the general rule: with first_lead "left_of_dealer" the player left of
        # the dealer leads the positive hands too (docs/rules.md §1.3).
        by_rule = self.options["positive_first_lead"] == "dealer"
        self._start_play(self._general_first_lead() if by_rule else self.declarer)

    def _fold_open_auction(self, ev):
        b = self.dealer
        self.bidders = ((b + 1) % 4, (b + 2) % 4, (b + 3) % 4)  # preference: first > second > third
        self.active = set(self.bidders)
        self.passed = set()
        self.phase = AUCTION
        self.to_act = self.bidders[0]

    def _fold_bid(self, ev):
        self.high = (ev["seat"], ev["tricks"], ev["direction"])
        self._after_bid(ev)

    def _fold_match(self, ev):
        _, tricks, direction = self.high
        self.high = (ev["seat"], tricks, direction)
        self._after_bid(ev)

    def _after_bid(self, ev):
        self.bids_made += 1
        self.passed = set()
        self.auction_log.append(ev)
        self._next_bidder(ev["seat"])

    def _next_bidder(self, seat):
        high = self.high
        if high is None:
            done = len(self.passed) == 3
        else:
            done = all(q == high[0] or q in self.passed or q not in self.active for q in self.bidders)
        if done:
            self.to_act = None  # auction_ended follows
            return
        i = self.bidders.index(seat)
        for k in range(1, 4):
            q = self.bidders[(i + k) % 3]
            if q in self.active:
                self.to_act = q
                return

    def _fold_pass(self, ev):
        seat = ev["seat"]
        if self.phase == AUCTION:
            self.passed.add(seat)
            if self.options["auction_pass_is_final"]:
                self.active.discard(seat)
            self.auction_log.append(ev)
            self._next_bidder(seat)
        elif self.phase == ULTIMATUM:
            self.ultimatum_passes += 1
            if self.ultimatum_passes == 3:
                self._beneficiary_plays_down()
            else:
                self.to_act = (seat + 1) % 4
        elif self.phase == FINAL_OFFER:
            self._beneficiary_plays_down()

    def _beneficiary_plays_down(self):
        """The ultimatum was refused: the Beneficiary must play the hand down himself."""
        self.mode = "down"
        self.trump = None
        self.declarer = self.dealer
        self._start_positive_play()

    def _fold_auction_ended(self, ev):
        self.phase = AUCTION_WON if ev["winner"] is not None else NO_BIDS
        self.to_act = self.dealer

    def _fold_accept(self, ev):
        if self.phase == COUNTEROFFER:
            bidder = self.high[0]
            self.accepted = (bidder, self.counter[0], self.counter[1])
        else:
            self.accepted = self.high
        self._bid_accepted()

    def _bid_accepted(self):
        winner, _, direction = self.accepted
        self.declarer = winner
        if direction == "up":
            self.phase = NAME_TRUMP
            self.to_act = winner
        else:
            self.mode = "down"
            self._start_positive_play()

    def _fold_decline(self, ev):
        if self.phase == COUNTEROFFER:
            self.countered = True
            self.phase = AUCTION_WON
        else:
            self.phase = DECLINED
            self.declarer = self.dealer
        self.to_act = self.dealer

    def _fold_counteroffer(self, ev):
        self.counter = (ev["tricks"], ev["direction"])
        self.countered = True
        self.phase = COUNTEROFFER
        self.to_act = self.high[0]

    def _fold_ultimatum(self, ev):
        if self.phase == POSITIVE_CHOICE:
            self.phase = ULTIMATUM
            self.to_act = (self.dealer + 1) % 4
        else:
            self.phase = FINAL_OFFER
            self.to_act = self.high[0]

    def _fold_take(self, ev):
        self.accepted = (ev["seat"], self.options["auction_max_value"] // UP_VALUE, "up")
        self._bid_accepted()

    def _fold_forfeit(self, ev):
        self.phase = FORFEITED
        self.to_act = None

    # ----------------------------------------------------------------- legal actions
    def _compute_legal_cards(self) -> tuple[list[str], tuple[str, str]]:
        seat = self.to_act
        assert seat is not None, "cards are played only in a deal's play"
        return legal_plays(by_suit(cards_of(self.held[seat])), self.trick_cards, self.rules, self.hearts_broken)

    def _compute_legal_bits(self) -> int:
        seat = self.to_act
        assert seat is not None, "cards are played only in a deal's play"
        return legal_bits(self.held[seat], self.trick_bits, self.trick_led, self.rules, self.hearts_broken)

    # The action types each phase can ever allow: an action of one of these types that is not
    # legal now gets a specific reason; any other type is simply out of phase.
    PHASE_ACTIONS = {
        POSITIVE_CHOICE: {"choose", "open_auction", "ultimatum", "forfeit"},
        AUCTION: {"bid", "match", "pass"},
        AUCTION_WON: {"accept", "decline", "forfeit", "ultimatum", "counteroffer"},
        NO_BIDS: {"choose", "forfeit"},
        DECLINED: {"choose"},
        NAME_TRUMP: {"choose"},
        COUNTEROFFER: {"accept", "decline"},
        ULTIMATUM: {"take", "pass"},
        FINAL_OFFER: {"take", "pass"},
        CONTRACT: {"contract"},
        NOMINATE: {"nominate"},
        "play": {"play"},
    }

    def _phase_actions(self):
        phase, o, seat = self.phase, self.options, self.to_act
        if phase == POSITIVE_CHOICE:
            acts = self._choose_actions(up=True, down=o["allow_down"])
            acts.append(SIMPLE["open_auction"])
            if o["ultimatum_enabled"] and o["ultimatum_timing"] == "instead_of_auction" and o["allow_down"]:
                acts.append(SIMPLE["ultimatum"])
            if o["forfeit_without_auction"]:
                acts.append(SIMPLE["forfeit"])
            return acts
        if phase == AUCTION:
            high = self.high
            above = bid_value(high[1], high[2]) if high else 0
            acts = [BIDS[bid] for bid in legal_bids(o, above)]
            if high and o["auction_preference_matching"] and self.bidders.index(seat) < self.bidders.index(high[0]):
                acts.append(SIMPLE["match"])
            acts.append(SIMPLE["pass"])
            return acts
        if phase == AUCTION_WON:
            acts = [SIMPLE["accept"], SIMPLE["decline"]]
            if self.countered:
                return acts  # after a refused counter-offer: accept the original bid or decline
            if self._forfeit_allowed():
                acts.append(SIMPLE["forfeit"])
            value = bid_value(self.high[1], self.high[2])
            if (
                o["ultimatum_enabled"]
                and o["ultimatum_timing"] == "after_bidding"
                and o["allow_down"]
                and value < (o["auction_max_value"] // UP_VALUE) * UP_VALUE
            ):
                acts.append(SIMPLE["ultimatum"])
            if o["beneficiary_counteroffer"]:
                acts += [COUNTEROFFERS[bid] for bid in legal_bids(o, value)]
            return acts
        if phase == NO_BIDS:
            acts = self._choose_actions(up=True, down=o["allow_down"])
            if self._forfeit_allowed():
                acts.append(SIMPLE["forfeit"])
            return acts
        if phase == DECLINED:
            return self._choose_actions(up=True, down=o["allow_down"])
        if phase == NAME_TRUMP:
            return self._choose_actions(up=True, down=False)
        if phase == COUNTEROFFER:
            return [SIMPLE["accept"], SIMPLE["decline"]]
        if phase in (ULTIMATUM, FINAL_OFFER):
            return [SIMPLE["take"], SIMPLE["pass"]]
        if phase == CONTRACT:
            return [CONTRACTS[n] for n in self._available_contracts(seat)]
        if phase == NOMINATE:
            return list(NOMINATIONS)
        return []

    def _forfeit_allowed(self):
        o = self.options
        return o["foiled_auction_forfeit"] and self.bids_made <= o["foiled_auction_max_bids"]

    @staticmethod
    def _choose_actions(up, down):
        acts = [CHOOSE_UP[t] for t in TRUMP_CHOICES] if up else []
        if down:
            acts.append(CHOOSE_DOWN)
        return acts

    def _available_contracts(self, seat):
        negatives = COMBINED if self.options["quick_game_combined_negatives"] else list(NEGATIVE_CONTRACTS)
        if self.board is not None:
            return list(NEGATIVE_CONTRACTS) + COMBINED + [POSITIVE]
        left = [n for n in negatives if n not in self.negatives_used]
        positives_left = 4 - sum(self.positives_taken)
        names = list(left)
        # Each player takes at most one positive, unless nothing else is left.
        if positives_left > 0 and (self.positives_taken[seat] == 0 or not left):
            names.append(POSITIVE)
        return names

    def _explain_detail(self, seat, action):
        kind = action["type"]
        if kind == "counteroffer" and not self.options["beneficiary_counteroffer"]:
            return IllegalAction(
                "counter-offers are not allowed in this game (beneficiary_counteroffer is off)",
                code="counteroffer_not_allowed",
            )
        if kind in ("bid", "counteroffer"):
            n, d = action.get("tricks"), action.get("direction")
            if type(n) is not int or d not in ("up", "down"):
                return IllegalAction(
                    "a bid needs 'tricks' (an integer) and 'direction' ('up' or 'down')", code="malformed_action"
                )
            if d == "down" and not (self.options["allow_down"] and self.options["auction_allow_down_bids"]):
                return IllegalAction("down bids are not allowed in this game", code="down_bids_disallowed")
            value = bid_value(n, d)
            if n < 1 or value > self.options["auction_max_value"]:
                return IllegalAction(
                    f"a bid of {n} {d} is worth {value}; bids run from 1 trick up to a value of "
                    f"{self.options['auction_max_value']}",
                    code="bid_out_of_range",
                )
            standing = self.high
            if standing:
                return IllegalAction(
                    f"{n} {d} (worth {value}) is not higher than the standing {standing[1]} {standing[2]} "
                    f"(worth {bid_value(standing[1], standing[2])})",
                    code="bid_too_low",
                )
        if kind == "contract":
            return IllegalAction(
                f"contract {action.get('name')!r} is not available to seat {seat} now; "
                f"available: {', '.join(self._available_contracts(seat))}",
                code="contract_unavailable",
            )
        if kind == "choose":
            if action.get("mode") == "down" and not self.options["allow_down"]:
                return IllegalAction("playing down is not allowed in this game", code="down_disallowed")
            if self.phase == NAME_TRUMP and action.get("mode") != "up":
                return IllegalAction("the winner of an up bid plays up: name a trump suit or none", code="must_play_up")
            return IllegalAction(
                "choose needs mode 'up' (with trump S, H, D, C or none) or 'down' (no trump)", code="malformed_action"
            )
        if kind == "match":
            return IllegalAction(
                "you may match only a standing bid made by a player you have preference over", code="match_not_allowed"
            )
        if kind in ("ultimatum", "counteroffer"):
            return IllegalAction(f"a {kind} is not allowed here by this game's options", code=f"{kind}_not_allowed")
        if kind == "forfeit":
            return IllegalAction(
                "the hand may be forfeited only after an auction with at most "
                f"{self.options['foiled_auction_max_bids']} bids",
                code="forfeit_not_allowed",
            )
        return None

    # ----------------------------------------------------------------- views and results
    def _contract_view(self):
        if self.contract_name is None:
            return None
        if self.contract_name != POSITIVE:
            return {"name": self.contract_name, "parts": list(self.parts)}
        return {
            "name": POSITIVE,
            "beneficiary": self.dealer,
            "mode": self.mode,
            "trump": self.trump,
            "declarer": self.declarer,
            "accepted_bid": _bid_view(self.accepted),
            "bid": self._contract_record()["bid"],  # as the deal record has it, for describe()
        }

    def _ruleset_view(self, seat):
        v = {"dealer": self.dealer, "first_dealer": self.first_dealer}
        if self.contract_name == POSITIVE:
            v["auction"] = {
                "bidders": list(self.bidders),
                "standing_bid": _bid_view(self.high),
                "bids_made": self.bids_made,
                "active": sorted(self.active),
                "history": [dict(e) for e in self.auction_log],
                "counteroffer": {"tricks": self.counter[0], "direction": self.counter[1]} if self.counter else None,
            }
        return v

    def _contract_record(self):
        if self.contract_name != POSITIVE:
            return {"name": self.contract_name}
        bid = None
        if self.accepted:
            bid = {"seat": self.accepted[0], "tricks": self.accepted[1], "direction": self.accepted[2]}
        return {"name": POSITIVE, "mode": self.mode, "trump": self.trump if self.mode == "up" else None, "bid": bid}

    def _record_seat(self) -> Any:
        return self.dealer

    def _deal_record(self, ev: dict[str, Any]) -> dict[str, Any]:
        record = super()._deal_record(ev)
        if ev["reason"] == "forfeit":
            record["contract"]["forfeited"] = True
        return record

    def _winners(self):
        best = max(self.scores)
        tied = [s for s in range(4) if self.scores[s] == best]
        if len(tied) > 1 and self.options["tie_policy"] == "positive_phase_total":
            top = max(self.positive_totals[s] for s in tied)
            tied = [s for s in tied if self.positive_totals[s] == top]
        return tied


def _bid_view(bid):
    if bid is None:
        return None
    return {"bidder": bid[0], "tricks": bid[1], "direction": bid[2], "value": bid_value(bid[1], bid[2])}


# ----------------------------------------------------------------------------- the descriptor
# What the platform asks of Brazilian King (docs/architecture.md §3.2a), registered beside its
# rules: the names of its contracts, its decisions' events, its refusals and buttons, and the
# auction's pure rules the table page puts into words.
NEGATIVE_LABELS: Final[dict[str, str]] = {
    "no_tricks": N_("Vazas (no tricks)"),
    "no_hearts": N_("Copas (no hearts)"),
    "no_queens": N_("Mulheres (no queens)"),
    "no_men": N_("Homens (no K, J)"),
    "no_king_of_hearts": N_("King (no K of hearts)"),
    "no_last_two": N_("Duas Ultimas (last two)"),
    "no_tricks+no_last_two": N_("Vazas + Duas Ultimas"),
    "no_hearts+no_king_of_hearts": N_("Copas + King"),
    "no_queens+no_men": N_("Mulheres + Homens"),
}
DEALING: Final[dict[str, Any]] = {
    "draws": {"first_dealer": "first_dealer", "kh_receiver": "first_dealer"},
    "first_deal": [
        {"game_started": "first_dealer", "names": "dealer"},
        {"game_started": "kh_receiver", "event": "nominate", "field": "dealer", "names": "dealer"},
    ],
}
REFUSALS: Final[dict[str, str]] = {
    "contract_unavailable": N_("that contract is not available to you now"),
    "bid_too_low": N_("a bid must be worth more than the standing bid"),
    "bid_out_of_range": N_("that bid is outside the range this game allows"),
    "down_bids_disallowed": N_("down bids are not allowed in this game"),
    "down_disallowed": N_("playing down is not allowed in this game"),
    "must_play_up": N_("the winner of an up bid plays up: name the trumps, or none"),
    "match_not_allowed": N_("you may match only a bid made by a player you have preference over"),
    "counteroffer_not_allowed": N_("counter-offers are not allowed in this game"),
    "ultimatum_not_allowed": N_("an ultimatum is not allowed here in this game"),
    "forfeit_not_allowed": N_("the hand may be forfeited only after an auction with few bids"),
    "positive_not_possible": N_("this game's auction cannot settle the positive hand that way"),
}
ACTION_LABELS: Final[dict[str, str]] = {
    "match": N_("Match the bid"),
    "pass": N_("Pass"),
    "open_auction": N_("Open the auction"),
    "ultimatum": N_("Ultimatum: 8 up, or I play down"),
    "take": N_("Take it: 8 up"),
    "accept": N_("Accept the bid"),
    "decline": N_("Decline the bid"),
    "forfeit": N_("Forfeit the hand"),
}
AUCTION_RULES: Final = SimpleNamespace(
    bid_value=bid_value,
    legal_bids=legal_bids,
    UP_VALUE=UP_VALUE,
    DOWN_VALUE=DOWN_VALUE,
    POSITIVE_TOTAL=POSITIVE_TOTAL,
)

register(
    trick_game(
        KingState.ruleset,
        N_("Brazilian King"),
        N_("10 deals: six negative contracts, then four positive hands with an auction."),
        KingState,
        CLOCKWISE,
        {"dealer": N_("Dealer")},
        "dealer",
        {"quick_game_combined_negatives": True},
        N_("The negative hands two at a time: 7 deals instead of 10."),
        DEALING,
        # the first dealer named, the contract chosen, the positive hands' auction
        public_events=("nominate", "choose", "open_auction", "bid", "match", "auction_ended", "accept", "decline")
        + ("counteroffer", "ultimatum", "take", "forfeit"),
        negative_labels=NEGATIVE_LABELS,
        refusals=REFUSALS,
        action_labels=ACTION_LABELS,
        auction=AUCTION_RULES,
        position=1,
    )
)
