"""Turkish King, Rifki (docs/rules.md §2): 20 hands, each declarer names 2 trump and 3 negative contracts.

Play, the deal and the declarer's rotation go counter-clockwise: the next seat after i is (i + 3) % 4.
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from typing import Any, Final

from . import deal as deals
from .actions import Action
from .cards import (
    ACE_OF_HEARTS,
    HIGH_CARDS,
    KING_OF_HEARTS,
    MEN,
    QUEENS,
    RANK,
    SUIT_BITS,
    SUIT_OF,
    SUITS,
    bits_of,
    by_suit,
    cards_of,
    check_hands,
    flat,
)
from .errors import IllegalAction, InvalidBoard, InvalidOptions
from .options import Flag
from .rulesets import COUNTER_CLOCKWISE, register, trick_game
from .scoring import NEGATIVE_CONTRACTS, check_tally, tally_fields, tally_form
from .state import DEAL_OVER, GameState
from .text import N_

RIFKI_UNITS = {
    "no_tricks": -50,
    "no_hearts": -30,
    "no_queens": -100,
    "no_men": -60,
    "no_king_of_hearts": -320,
    "no_last_two": -180,
}
TRUMP: Final = "trump"
TRUMP_TRICK: Final = 50  # a trump hand: +50 per trick, +650 in all

# The flags, each with what the organiser's form calls it and what it changes (docs/rules.md,
# the sections its help names): the one way every game labels its flags.
FLAGS: dict[str, Flag] = {
    "first_declarer": Flag(
        "random",
        ("random", "holder_2d", "holder_7d"),
        label=N_("First declarer"),
        doc=N_("Who declares the first deal (docs/rules.md §2.2)."),
        choice_labels={
            "random": N_("Drawn at random"),
            "holder_2d": N_("The holder of the two of diamonds"),
            "holder_7d": N_("The holder of the seven of diamonds"),
        },
    ),
    "short_mode": Flag(False, label=N_("Short mode"), doc=N_("12 deals instead of 20 (docs/rules.md §2.3).")),
    "opening_negative_hands": Flag(
        0,
        kind=int,
        minimum=0,
        maximum=12,
        label=N_("Opening negative hands"),
        doc=N_("How many deals open the game with every negative contract in turn (docs/rules.md §2.3)."),
    ),
    "trump_suit_limit_per_game": Flag(
        None,
        kind=int,
        minimum=1,
        maximum=8,
        nullable=True,
        label=N_("Uses of a trump suit"),
        doc=N_("The most times one suit may be trumps in a game; empty for no limit (docs/rules.md §2.3)."),
    ),
    "trump_must_ruff": Flag(
        True, label=N_("Must ruff"), doc=N_("A player who cannot follow suit must trump (docs/rules.md §2.4).")
    ),
    "trump_must_overruff": Flag(
        False,
        label=N_("Must overtrump"),
        doc=N_("A player who trumps must beat a trump already played (docs/rules.md §2.4)."),
    ),
    "trump_must_head_when_trump_led": Flag(
        True,
        label=N_("Head a trump lead"),
        doc=N_("When trumps are led, a player must beat the highest trump if he can (docs/rules.md §2.4)."),
    ),
    "must_head_plain_suit": Flag(
        False,
        label=N_("Head a plain suit"),
        doc=N_("A player must beat the highest card of the suit led if he can (docs/rules.md §2.4)."),
    ),
    "trump_lead_restriction": Flag(
        "until_broken",
        ("until_broken", "none"),
        label=N_("Leading trumps"),
        doc=N_("When trumps may be led (docs/rules.md §2.4)."),
        choice_labels={
            "until_broken": N_("Once trumps have been played, or with nothing else"),
            "none": N_("At any time"),
        },
    ),
    "declarer_may_lead_top_trumps": Flag(
        False,
        label=N_("Declarer leads top trumps"),
        doc=N_("The declarer may lead his top trumps before trumps are broken (docs/rules.md §2.4)."),
    ),
    "rifki_void_discard": Flag(
        "king_only",
        ("king_only", "king_else_any_heart"),
        label=N_("Void in Rifki"),
        doc=N_("What a player void in the suit led must discard in the Rifki contract (docs/rules.md §2.5)."),
        choice_labels={
            "king_only": N_("The king of hearts, if he holds it"),
            "king_else_any_heart": N_("The king of hearts, else any heart"),
        },
    ),
    "kupa_forced_highest_heart_lead": Flag(
        False,
        label=N_("Highest heart lead"),
        doc=N_(
            "In Kupa, a leader with only hearts before any heart is played must lead his highest (docs/rules.md §2.5)."
        ),
    ),
    "early_end_when_penalties_exhausted": Flag(
        True,
        label=N_("End a deal early"),
        doc=N_(
            "A penalty deal stops once all its penalties have been taken; the score is the same (docs/rules.md §2.5)."
        ),
    ),
    "misdeal_trump_no_high_cards": Flag(
        "any_player",
        ("any_player", "forced_trump_declarer_only", "off"),
        label=N_("Misdeal without high cards"),
        doc=N_("Who may cancel a trump deal for holding no card above a ten (docs/rules.md §2.6)."),
        choice_labels={
            "any_player": N_("Any player"),
            "forced_trump_declarer_only": N_("Only a declarer forced to name trumps"),
            "off": N_("Nobody"),
        },
    ),
    "misdeal_rifki_unguarded": Flag(
        True,
        label=N_("Unguarded king of hearts"),
        doc=N_(
            "In Rifki, a deal where another player holds the king or ace of hearts unguarded is redealt "
            "(docs/rules.md §2.6)."
        ),
    ),
    "kiz_split_cancels": Flag(
        True,
        label=N_("Queens split"),
        doc=N_("In Kiz, a deal where each player takes one queen is void (docs/rules.md §2.6)."),
    ),
    "king_slam": Flag(
        "off",
        ("off", "10", "11", "11_or_10_consecutive", "13"),
        label=N_("King slam"),
        doc=N_("How many trump tricks win the whole game at once (docs/rules.md §2.7)."),
        choice_labels={
            "off": N_("None"),
            "10": N_("10 tricks"),
            "11": N_("11 tricks"),
            "11_or_10_consecutive": N_("11 tricks, or 10 in a row"),
            "13": N_("All 13 tricks"),
        },
    ),
    "king_slam_requires_declaration": Flag(
        False,
        label=N_("Declare the slam"),
        doc=N_("A slam counts only when declared before the first lead (docs/rules.md §2.7)."),
    ),
    "win_threshold": Flag(
        "nonnegative",
        ("nonnegative", "positive"),
        label=N_("Winning score"),
        doc=N_("The final score a player needs to win (docs/rules.md §2.8)."),
        choice_labels={"nonnegative": N_("Zero or more"), "positive": N_("More than zero")},
    ),
}

CONTRACT: Final = "contract"
MISDEAL_CLAIM: Final = "misdeal_claim"  # players with no card above a ten may cancel a trump deal
CANCELLING: Final = "cancelling"  # a misdeal is found; deal_cancelled follows
TOP_TRUMP_RANKS: Final = ("A", "K", "Q")

# Cards each negative contract penalises for the covered-penalty and void-discard rules.
PENALTY: Final = {"no_queens": QUEENS, "no_men": MEN, "no_king_of_hearts": frozenset([KING_OF_HEARTS])}
COVERED_RULE: Final = frozenset(PENALTY)  # Kiz, Erkek and Rifki force a covered penalty card


# The contract and misdeal actions, built once: legal_actions() hands out read-only actions, so
# every state can share them (field order as the dicts they replace).
CONTRACT_ACTIONS: Final = {
    (c["name"], c.get("suit")): Action(dict(c, type="contract"))
    for c in [{"name": n} for n in NEGATIVE_CONTRACTS] + [{"name": TRUMP, "suit": s} for s in SUITS]
}
# In canonical order: the negatives, then a trump in each suit.
NEGATIVE_ACTIONS: Final = [CONTRACT_ACTIONS[n, None] for n in NEGATIVE_CONTRACTS]
TRUMP_ACTIONS: Final = [CONTRACT_ACTIONS[TRUMP, s] for s in SUITS]
CANCEL: Final = Action(type="cancel")
PASS: Final = Action(type="pass")


# ----------------------------------------------------------------------------- pure rules
_RULE_FIELDS = (
    "contract",
    "trump",
    "penalty",
    "covered",
    "hearts_lead",
    "highest_heart",
    "trump_lead",
    "must_ruff",
    "must_overruff",
    "head_trump",
    "head_plain",
    "rifki_any_heart",
)


_HEARTS: Final = SUIT_BITS[1]
_PENALTY_BITS: Final = {contract: bits_of(cards) for contract, cards in PENALTY.items()}
# The A, K and Q of each suit, which a declarer holding all three may lead before trumps are broken.
_TOP_TRUMPS: Final = [bits_of(r + s for r in TOP_TRUMP_RANKS) for s in SUITS]


class PlayRules:
    """The card-play rules of one Rifki hand, read from the options once per hand."""

    __slots__ = (*_RULE_FIELDS, "penalty_bits", "trump_suit")
    contract: str | None
    trump: str | None
    penalty: frozenset[str] | None
    covered: bool
    hearts_lead: bool
    highest_heart: bool
    trump_lead: bool
    must_ruff: bool
    must_overruff: bool
    head_trump: bool
    head_plain: bool
    rifki_any_heart: bool
    # The same as a bit set and a number, for legal_bits (cards.py): 0 and -1 for none.
    penalty_bits: int
    trump_suit: int

    def __init__(self, contract, options, trump=None):
        self.contract = contract
        self.trump = trump if contract == TRUMP else None
        self.penalty = PENALTY.get(contract)
        self.covered = contract in COVERED_RULE
        self.hearts_lead = contract in ("no_hearts", "no_king_of_hearts")
        self.highest_heart = contract == "no_hearts" and options["kupa_forced_highest_heart_lead"]
        self.trump_lead = options["trump_lead_restriction"] == "until_broken"
        self.must_ruff = options["trump_must_ruff"]
        self.must_overruff = options["trump_must_overruff"]
        self.head_trump = options["trump_must_head_when_trump_led"]
        self.head_plain = options["must_head_plain_suit"]
        self.rifki_any_heart = (
            contract == "no_king_of_hearts" and options["rifki_void_discard"] == "king_else_any_heart"
        )
        self.penalty_bits = _PENALTY_BITS.get(contract, 0)
        self.trump_suit = SUIT_OF[self.trump] if self.trump else -1

    def __eq__(self, other):
        return isinstance(other, PlayRules) and all(getattr(self, a) == getattr(other, a) for a in _RULE_FIELDS)


def legal_plays(
    hand: dict[str, list[str]],
    trick: list[str],
    rules: PlayRules,
    hearts_broken: bool = False,
    trump_broken: bool = False,
    top_trumps_ok: bool = False,
) -> tuple[list[str], tuple[str, str]]:
    """The cards a Rifki player may play and why the choice is narrowed: (cards, (code, reason)).

    ``hand`` is grouped by suit (``cards.by_suit``); ``trick`` the cards played so far to this
    trick; ``rules`` the hand's ``PlayRules``. ``top_trumps_ok`` says the declarer may lead his
    A, K, Q of trumps before trumps are broken.
    """
    trump = rules.trump
    if not trick:
        if trump:
            if rules.trump_lead and not trump_broken:
                plain: list[str] = []  # every card but the trumps, in canonical order
                for suit in SUITS:
                    if suit != trump:
                        plain += hand[suit]
                if plain:
                    if top_trumps_ok:
                        tops = [c for c in hand[trump] if c[0] in TOP_TRUMP_RANKS]
                        return [c for c in flat(hand) if c in plain or c in tops], TRUMP_LEAD
                    return plain, TRUMP_LEAD
            return flat(hand), ANY
        if rules.hearts_lead and not hearts_broken:
            plain = hand["S"] + hand["D"] + hand["C"]
            if plain:
                return plain, HEARTS_LEAD
            if rules.highest_heart:
                return [hand["H"][-1]], HIGHEST_HEART
        return flat(hand), ANY
    led = trick[0][1]
    follow = hand[led]
    if trump:
        if follow:
            if led == trump:
                if rules.head_trump:
                    return _head(follow, trick, led)
            elif rules.head_plain and not any(c[1] == trump for c in trick):
                return _head(follow, trick, led)
            return follow, FOLLOW
        trumps = hand[trump]
        if trumps and rules.must_ruff:
            if rules.must_overruff:
                in_trick = [RANK[c] for c in trick if c[1] == trump]
                if in_trick:
                    top = max(in_trick)
                    over = [c for c in trumps if RANK[c] > top]
                    if over and len(over) < len(trumps):
                        return over, MUST_OVERRUFF  # underruffing is allowed only without a higher trump
            return trumps, MUST_RUFF
        return flat(hand), ANY
    if follow:
        penalty = rules.penalty
        if rules.covered and penalty is not None:
            held = [c for c in follow if c in penalty]  # usually none: then the trick is not read
            if held:
                top = _top_rank(trick, led)
                covered = [c for c in held if RANK[c] < top]
                if covered:
                    return covered, COVERED
        return follow, FOLLOW
    if rules.contract == "no_hearts":
        if hand["H"]:
            return hand["H"], VOID_DISCARD
    elif rules.penalty is not None:
        held = [c for c in flat(hand) if c in rules.penalty]
        if held:
            return held, VOID_DISCARD
        if rules.rifki_any_heart and hand["H"]:
            return hand["H"], VOID_HEART
    return flat(hand), ANY


def legal_bits(
    hand: int,
    trick: int,
    led: int,
    rules: PlayRules,
    hearts_broken: bool = False,
    trump_broken: bool = False,
    top_trumps_ok: bool = False,
) -> int:
    """``legal_plays`` on bit sets (cards.py), without the reason: the cards a Rifki player may
    play, from ``hand`` and ``trick`` (the cards played to this trick, ``led`` the suit led,
    -1 when leading). The two read alike, branch for branch; within a suit a higher card
    number is a higher rank."""
    trump = rules.trump_suit
    if led < 0:
        if trump >= 0:
            if rules.trump_lead and not trump_broken:
                plain = hand & ~SUIT_BITS[trump]
                if plain:
                    if top_trumps_ok:
                        return plain | (hand & _TOP_TRUMPS[trump])
                    return plain
            return hand
        if rules.hearts_lead and not hearts_broken:
            plain = hand & ~_HEARTS
            if plain:
                return plain
            if rules.highest_heart:
                return 1 << (hand.bit_length() - 1)  # only hearts are left: the highest
        return hand
    follow = hand & SUIT_BITS[led]
    if trump >= 0:
        if follow:
            if led == trump:
                if rules.head_trump:
                    return _head_bits(follow, trick & SUIT_BITS[led])
            elif rules.head_plain and not trick & SUIT_BITS[trump]:
                return _head_bits(follow, trick & SUIT_BITS[led])
            return follow
        trumps = hand & SUIT_BITS[trump]
        if trumps and rules.must_ruff:
            if rules.must_overruff:
                in_trick = trick & SUIT_BITS[trump]
                if in_trick:
                    over = trumps >> in_trick.bit_length() << in_trick.bit_length()  # above the top trump
                    if over and over != trumps:
                        return over  # underruffing is allowed only without a higher trump
            return trumps
        return hand
    if follow:
        penalty = rules.penalty_bits
        if rules.covered and penalty:
            held = follow & penalty
            if held:
                # The penalty cards below the highest card of the suit led in the trick.
                covered = held & ((1 << ((trick & SUIT_BITS[led]).bit_length() - 1)) - 1)
                if covered:
                    return covered
        return follow
    if rules.contract == "no_hearts":
        if hand & _HEARTS:
            return hand & _HEARTS
    elif rules.penalty_bits:
        held = hand & rules.penalty_bits
        if held:
            return held
        if rules.rifki_any_heart and hand & _HEARTS:
            return hand & _HEARTS
    return hand


def _head_bits(follow: int, led_in_trick: int) -> int:
    """``_head`` on bit sets: the cards of ``follow`` above every card of ``led_in_trick`` (the
    trick's cards of the suit led), if some but not all are; else all of them."""
    over = follow >> led_in_trick.bit_length() << led_in_trick.bit_length()
    if over and over != follow:
        return over
    return follow


def _head(follow: list[str], trick: list[str], led: str) -> tuple[list[str], tuple[str, str]]:
    """Beat the highest card of the suit led if you can; otherwise any card of the suit."""
    top = _top_rank(trick, led)
    over = [c for c in follow if RANK[c] > top]
    if over and len(over) < len(follow):
        return over, MUST_HEAD
    return follow, FOLLOW


def _top_rank(trick: list[str], led: str) -> int:
    """The rank of the highest card of the suit led in the trick."""
    top = -1
    for c in trick:
        if c[1] == led:
            rank = RANK[c]
            if rank > top:
                top = rank
    return top


ANY: Final = ("not_in_hand", N_("it is not in the hand"))
FOLLOW: Final = ("must_follow_suit", N_("you must follow the suit led"))
TRUMP_LEAD: Final = (
    "trump_lead_restricted",
    N_("trumps may not be led until a trump has been played, unless you hold only trumps"),
)
HEARTS_LEAD: Final = (
    "hearts_lead_restricted",
    N_("hearts may not be led until a heart has been discarded, unless you hold only hearts"),
)
HIGHEST_HEART: Final = (
    "highest_heart_forced",
    N_("holding only hearts before any heart has fallen, you must lead your highest"),
)
MUST_HEAD: Final = ("must_head", N_("you must beat the highest card in the trick"))
MUST_RUFF: Final = ("must_ruff", N_("void in the suit led, you must play a trump"))
MUST_OVERRUFF: Final = ("must_overruff", N_("you must beat the trump already in the trick"))
COVERED: Final = ("covered_penalty", N_("a higher card is in the trick: you must play your penalty card of that suit"))
VOID_DISCARD: Final = ("must_discard_penalty", N_("void in the suit led, you must discard a penalty card"))
VOID_HEART: Final = ("must_discard_heart", N_("void in the suit led, you must discard a heart"))


def trump_scores(tricks_won):
    return [TRUMP_TRICK * t for t in tricks_won]


def unguarded_rifki_holder(hands, declarer):
    """The first non-declarer whose only hearts are the K, the A, or both: the Rifki deal is void."""
    for seat in range(4):
        if seat == declarer:
            continue
        hearts = {c for c in hands[seat] if c[1] == "H"}
        if hearts and hearts <= {KING_OF_HEARTS, ACE_OF_HEARTS}:
            return seat
    return None


def slam_reached(threshold, winners_so_far, seat):
    """Has ``seat`` made the King slam with the tricks won so far (winner of each trick, in order)?"""
    won = sum(1 for w in winners_so_far if w == seat)
    if threshold == "11_or_10_consecutive":
        return won >= 11 or _longest_run(winners_so_far, seat) >= 10
    return won >= int(threshold)


def slam_still_possible(threshold, winners_so_far, seat):
    left = 13 - len(winners_so_far)
    won = sum(1 for w in winners_so_far if w == seat)
    if won + left >= (11 if threshold == "11_or_10_consecutive" else int(threshold)):
        return True
    if threshold == "11_or_10_consecutive":
        run = 0
        for w in reversed(winners_so_far):
            if w != seat:
                break
            run += 1
        return run + left >= 10
    return False


def _longest_run(winners, seat):
    best = run = 0
    for w in winners:
        run = run + 1 if w == seat else 0
        best = max(best, run)
    return best


class RifkiState(GameState):
    ruleset = "rifki"
    STEP = 3  # counter-clockwise
    FLAGS = FLAGS
    UNITS = RIFKI_UNITS

    trump_quota: int
    negative_quota: int
    first_declarer: int | None
    declarer: int | None
    dealer: int | None
    redeal: int
    contract_name: str | None
    must_declare: str | None
    trumps_declared: list[int]
    negatives_declared: list[int]
    negative_uses: dict[Any, Any]
    trump_suit_uses: dict[Any, Any]
    claimants: list[Any]
    cancel: Any
    slam_declared: bool
    top_trumps: bool
    rules: PlayRules | None
    slam_rule: str  # options["king_slam"], read after every trick
    slam_declared_first: bool  # the slam needs a declaration before the first lead

    def __init__(self, options: dict[str, Any], seed: Any, key: str, board: Any) -> None:
        super().__init__(options, seed, key, board)
        short = options["short_mode"]
        self.deals_in_game = 12 if short else 20
        self.trump_quota = 1 if short else 2
        self.negative_quota = 2 if short else 3
        self.first_declarer = None
        self.declarer = None
        self.dealer = None
        self.redeal = 0
        self.contract_name = None
        self.must_declare = None  # "trump" after a no-high-cards misdeal
        self.trumps_declared = [0, 0, 0, 0]
        self.negatives_declared = [0, 0, 0, 0]
        self.negative_uses = {}
        self.trump_suit_uses = {}
        self.claimants = []
        self.cancel = None  # (reason, seat) of a misdeal being cancelled
        self.slam_declared = False
        self.top_trumps = False  # the declarer held A, K, Q of trumps: he may lead them at once
        self.slam_rule = options["king_slam"]
        self.slam_declared_first = self.slam_rule != "off" and options["king_slam_requires_declaration"]
        # The slam declaration is the only play action besides cards; without it, no turn asks.
        self.HAS_EXTRA_PLAY_ACTIONS = self.slam_declared_first

    @classmethod
    def check_options(cls, o):
        negatives = 2 if o["short_mode"] else 3
        trumps = 4 * (1 if o["short_mode"] else 2)
        if o["opening_negative_hands"] > 4 * negatives:
            raise InvalidOptions(
                f"option 'opening_negative_hands': at most {4 * negatives} hands can open with negative contracts "
                f"when each player declares {negatives} negatives",
                code="invalid_option_value",
                option="opening_negative_hands",
            )
        limit = o["trump_suit_limit_per_game"]
        if limit is not None and 4 * limit < trumps:
            raise InvalidOptions(
                f"option 'trump_suit_limit_per_game': {limit} per suit allows only {4 * limit} trump hands, "
                f"but the game has {trumps}",
                code="invalid_option_value",
                option="trump_suit_limit_per_game",
            )

    @staticmethod
    def check_board(board, options):
        """Validate a Rifki board; returns it normalised (hands sorted). No field depends on ``options``."""
        if not isinstance(board, dict):
            raise InvalidBoard("a board is an object with 'declarer', 'hands' and optionally 'contract' and 'trump'")
        extra = set(board) - {"declarer", "hands", "contract", "trump"}
        if extra:
            raise InvalidBoard(
                f"a Rifki board has no field {sorted(extra)[0]!r} (fields: declarer, hands, contract, trump)"
            )
        declarer = board.get("declarer")
        if type(declarer) is not int or not 0 <= declarer <= 3:
            raise InvalidBoard(f"board 'declarer' must be a seat 0-3, not {declarer!r}")
        contract, trump = board.get("contract"), board.get("trump")
        if contract is not None and contract != TRUMP and contract not in NEGATIVE_CONTRACTS:
            raise InvalidBoard(
                f"unknown Rifki contract {contract!r}; contracts: trump, {', '.join(NEGATIVE_CONTRACTS)}"
            )
        if contract == TRUMP and (not isinstance(trump, str) or trump not in tuple(SUITS)):
            raise InvalidBoard(
                f"a trump board needs 'trump': one of S, H, D, C (not {trump!r}); no-trump is not allowed"
            )
        if contract != TRUMP and trump is not None:
            raise InvalidBoard("'trump' is given only with contract 'trump'")
        return {"declarer": declarer, "hands": check_hands(board.get("hands")), "contract": contract, "trump": trump}

    # ----------------------------------------------------------------- game start and deals
    def _first_game_facts(self):
        if self.options["first_declarer"] == "random":
            return {"first_declarer": deals.seeded_draw(self.seed, f"{self.key}/first_declarer", 4)}
        return {}

    def _fold_game_started(self, ev):
        self.first_declarer = ev.get("first_declarer")
        self.phase = DEAL_OVER

    def _board_deal_event(self):
        b = self.board
        contract = None
        if b["contract"] is not None:
            contract = {"name": b["contract"]}
            if b["trump"] is not None:
                contract["suit"] = b["trump"]
        return self._deal_event(1, 0, b["declarer"], [list(h) for h in b["hands"]], contract, None)

    def _next_deal_event(self):
        n = self.deal_no + 1
        key = f"{self.key}/deal/{n}"
        if n == 1 and self.first_declarer is None:
            # 2D or 7D holder declares first: deal, then find the holder.
            hands = self._deal_cards(key, 0)
            card = "2D" if self.options["first_declarer"] == "holder_2d" else "7D"
            declarer = next(s for s in range(4) if card in hands[s])
        else:
            declarer = (self.first_declarer + 3 * (n - 1)) % 4 if n > 1 else self.first_declarer
            hands = self._deal_cards(key, declarer)
        ev = self._deal_event(n, 0, declarer, hands, None, None)
        ev["deal_key"] = key
        return ev

    def _redeal_event(self, contract, must_declare):
        redeal = self.redeal + 1
        if self.board is not None:
            return None
        key = f"{self.key}/deal/{self.deal_no}/redeal/{redeal}"
        hands = self._deal_cards(key, self.declarer)
        ev = self._deal_event(self.deal_no, redeal, self.declarer, hands, contract, must_declare)
        ev["deal_key"] = key
        return ev

    @staticmethod
    def _deal_event(n, redeal, declarer, hands, contract, must_declare):
        # The dealer sits on the declarer's left, so he deals the declarer the first card.
        ev = {
            "type": "deal_started",
            "deal": n,
            "redeal": redeal,
            "declarer": declarer,
            "dealer": (declarer + 1) % 4,
            "contract": contract,
            "hands": hands,
        }
        if must_declare:
            ev["must_declare"] = must_declare
        return ev

    def _fold_deal_started(self, ev: dict[str, Any]) -> None:
        self.deal_no = ev["deal"]
        self.redeal = ev["redeal"]
        self.declarer = ev["declarer"]
        self.dealer = ev["dealer"]
        if self.first_declarer is None:
            self.first_declarer = self.declarer
        self._new_deal_fields(ev["hands"])
        self.contract_name = None
        self.rules = None
        self.must_declare = ev.get("must_declare")
        self.claimants = []
        self.cancel = None
        self.slam_declared = False
        self.top_trumps = False
        if ev["contract"] is None:
            self.phase = CONTRACT
            self.to_act = self.declarer
        else:
            self._set_contract(ev["contract"]["name"], ev["contract"].get("suit"))
        if self.entry:
            self._await_entry()

    def _fold_contract(self, ev):
        self._set_contract(ev["name"], ev.get("suit"))

    # ----------------------------------------------------------------- score tables (tally.py)
    ENTRY_FIELDS = ("contract", "taken", "chooser")
    FIRST_FACT = "first_declarer"

    @classmethod
    def check_table_options(cls, options):
        if options["king_slam"] != "off":
            # A slam ends the game on the trick it is made: the counts of a deal cannot tell it.
            raise InvalidOptions(
                "a score table cannot follow the King slam (king_slam): play it here, or without it",
                code="not_for_score_tables",
                option="king_slam",
            )

    def _check_entry(self, fields):
        """A Rifki deal as a table enters it: the declarer's contract, from those his quotas
        leave him (the same list his choice would offer), and each seat's counts."""
        extra = [k for k in fields if k not in self.ENTRY_FIELDS]
        if extra:
            raise IllegalAction(f"an entry has no field {extra[0]!r}", code="malformed_action")
        chooser = self.declarer
        if "chooser" in fields and fields["chooser"] != chooser:
            raise IllegalAction(
                f"deal {self.deal_no} is declared by seat {chooser}", code="not_the_chooser", seat=chooser
            )
        contract = fields.get("contract")
        if not isinstance(contract, dict) or any(k not in ("name", "suit") for k in contract):
            raise IllegalAction("'contract' must be an object with the contract's name", code="malformed_action")
        wanted = {"type": "contract", **contract}
        available = self._available_contracts(chooser)
        if wanted not in available:
            names = ", ".join(c["name"] + (f" {c['suit']}" if "suit" in c else "") for c in available)
            raise IllegalAction(
                f"contract {contract.get('name')!r} is not available to seat {chooser} now; available: {names}",
                code="contract_used_up",
                seat=chooser,
            )
        parts = () if contract["name"] == TRUMP else (contract["name"],)
        return {"contract": dict(contract), "taken": check_tally(tally_fields(parts), fields.get("taken"))}

    def _enter_contract(self, ev):
        self._fold_contract(ev["contract"])

    def _entry_form(self):
        return {
            "chooser": self.declarer,
            "dealer": self.dealer,
            "contract": None,
            "contracts": [
                {**c, "counts": tally_form(() if c["name"] == TRUMP else (c["name"],))}
                for c in self.contracts_left()[self.declarer]
            ],
        }

    def contracts_left(self):
        """Per seat, the contracts it could declare if it declared now (its quotas, the uses left)."""
        return [[{k: v for k, v in c.items() if k != "type"} for c in self._available_contracts(s)] for s in range(4)]

    def _set_contract(self, name, suit):
        self.contract_name = name
        self.rules = PlayRules(name, self.options, suit)
        d = self.declarer
        if name == TRUMP:
            self.trump = suit
            self._set_negative(())
            # The hands as dealt: a contract is named before any card is played (and a replay
            # folding a finished deal without its card play does not group them by suit).
            tops = {c[0] for c in self.deal_hands[d] if c[1] == suit and c[0] in TOP_TRUMP_RANKS}
            self.top_trumps = self.options["declarer_may_lead_top_trumps"] and len(tops) == 3
            self.claimants = self._misdeal_claimants()
            if self.claimants:
                self.phase = MISDEAL_CLAIM
                self.to_act = self.claimants[0]
                return
        else:
            self._set_negative((name,))
            if name == "no_king_of_hearts" and self.options["misdeal_rifki_unguarded"]:
                seat = unguarded_rifki_holder(self.deal_hands, d)
                if seat is not None:
                    self.cancel = ("rifki_unguarded", seat)
                    self.phase = CANCELLING
                    self.to_act = None
                    return
        self._start_play(d)

    def _misdeal_claimants(self):
        """Who is asked, in play order, whether to cancel a trump deal for want of high cards.

        Every seat is asked, whatever its cards: asking only the weak hands would tell the
        table who holds no card above a ten (docs/architecture.md §3.5). Only a weak hand may cancel.
        """
        rule = self.options["misdeal_trump_no_high_cards"]
        d = self.declarer
        if rule == "off" or self.entry:  # a score table's misdeals are redealt at the table
            return []
        if rule == "forced_trump_declarer_only":
            # MEMUR: only a declarer forced into trumps (no negative declaration left) may cancel;
            # being forced is public, so asking him reveals nothing.
            forced = self.board is None and self.negatives_declared[d] >= self.negative_quota
            return [d] if forced else []
        return [(d + self.STEP * k) % 4 for k in range(4)]

    def _may_cancel(self, seat):
        """Whether ``seat`` holds no card above a ten (asked before the first lead: as dealt)."""
        for c in self.deal_hands[seat]:
            if c in HIGH_CARDS:
                return False
        return True

    def _fold_pass(self, ev):
        i = self.claimants.index(ev["seat"])
        if i + 1 < len(self.claimants):
            self.to_act = self.claimants[i + 1]
        else:
            self.claimants = []
            self._start_play(self.declarer)

    def _fold_cancel(self, ev):
        self.cancel = ("trump_no_high_cards", ev["seat"])
        self.phase = CANCELLING
        self.to_act = None

    def _fold_declare_slam(self, ev):
        self.slam_declared = True

    def _fold_deal_cancelled(self, ev):
        self.phase = DEAL_OVER
        self.to_act = None
        self.last_deal = (self.deal_no, self.deal_hands)
        self.deals.append(
            {
                "deal": self.deal_no,
                "contract": self._contract_record(),
                "scores": None,
                "end": "cancelled",
                "cause": ev["reason"],
                "scored": False,
                "declarer": self.declarer,
            }
        )

    def _fold_deal_ended(self, ev: dict[str, Any]) -> None:
        super()._fold_deal_ended(ev)
        if ev.get("scored", True):
            # A contract counts against the quotas only once its hand is scored.
            d: Any = self.declarer  # set in every played deal (Any: a damaged log fails as ever)
            if self.contract_name == TRUMP:
                self.trumps_declared[d] += 1
                self.trump_suit_uses[self.trump] = self.trump_suit_uses.get(self.trump, 0) + 1
            else:
                self.negatives_declared[d] += 1
                self.negative_uses[self.contract_name] = self.negative_uses.get(self.contract_name, 0) + 1

    # ----------------------------------------------------------------- automatic events
    def _derive(self) -> dict[str, Any] | None:
        if self.phase == DEAL_OVER:
            last = self.events[-1]
            if last["type"] == "deal_cancelled":
                return self._after_cancel(last)
            if last["type"] == "deal_ended" and last["reason"] in ("slam", "failed_slam"):
                return self._game_ended_event(result=last["reason"])  # a slam ends the game at once
        return super()._derive()

    def _derive_phase(self):
        if self.phase == CANCELLING:
            reason, seat = self.cancel
            return {
                "type": "deal_cancelled",
                "deal": self.deal_no,
                "redeal": self.redeal,
                "reason": reason,
                "seat": seat,
            }
        return None

    def _after_cancel(self, ev):
        if self.board is not None:
            return self._game_ended_event(result="cancelled", winners=[])
        reason = ev["reason"]
        if reason == "rifki_unguarded":
            return self._redeal_event({"name": "no_king_of_hearts"}, None)
        if reason == "trump_no_high_cards":
            return self._redeal_event(None, TRUMP)
        return self._redeal_event(None, None)  # Kiz split: the declarer chooses again

    def _after_trick(self) -> dict[str, Any] | None:
        slam = self.slam_rule
        if slam != "off" and self.contract_name == TRUMP:
            winners = [w for _, _, w in self.tricks]
            if self.slam_declared_first:
                if self.slam_declared:
                    if slam_reached(slam, winners, self.declarer):
                        return self._slam_event("slam", self.declarer)
                    if not slam_still_possible(slam, winners, self.declarer):
                        return self._slam_event("failed_slam", self.declarer)
            else:
                w = winners[-1]
                if slam_reached(slam, winners, w):
                    return self._slam_event("slam", w)
        return super()._after_trick()

    def _slam_event(self, reason, seat):
        ev = self._deal_ended_event(reason, scores=[0, 0, 0, 0], scored=False)
        ev["seat"] = seat
        return ev

    def _hand_over(self, reason):
        if self.contract_name == "no_queens" and self.options["kiz_split_cancels"]:
            queens = [sum(1 for c in t if c in QUEENS) for t in self.taken]
            if queens == [1, 1, 1, 1]:
                return {
                    "type": "deal_cancelled",
                    "deal": self.deal_no,
                    "redeal": self.redeal,
                    "reason": "kiz_split",
                    "seat": None,
                }
        return self._deal_ended_event(reason)

    def _positive_scores(self):
        return trump_scores(self.tricks_won)

    # ----------------------------------------------------------------- legal actions
    def _compute_legal_cards(self) -> tuple[list[str], tuple[str, str]]:
        seat, rules = self.to_act, self.rules
        assert seat is not None and rules is not None, "cards are played only in a deal's play"
        hand = by_suit(cards_of(self.held[seat]))
        top_ok = self._top_trumps_ok(seat)
        return legal_plays(hand, self.trick_cards, rules, self.hearts_broken, self.trump_broken, top_ok)

    def _compute_legal_bits(self) -> int:
        seat, rules = self.to_act, self.rules
        assert seat is not None and rules is not None, "cards are played only in a deal's play"
        top_ok = self.top_trumps and self._top_trumps_ok(seat)
        return legal_bits(
            self.held[seat], self.trick_bits, self.trick_led, rules, self.hearts_broken, self.trump_broken, top_ok
        )

    def _top_trumps_ok(self, seat: int) -> bool:
        """The declarer holding A, K, Q of trumps may still lead them before trumps are broken:
        he has led every trick so far, each with one of them."""
        return (
            self.top_trumps
            and seat == self.declarer
            and all(
                leader == self.declarer and cs[0][1] == self.trump and cs[0][0] in TOP_TRUMP_RANKS
                for leader, cs, _ in self.tricks
            )
        )

    def _extra_play_actions(self) -> list[dict[str, Any]]:
        if (
            self.slam_declared_first
            and self.contract_name == TRUMP
            and not self.tricks
            and not self.trick_cards
            and not self.slam_declared
        ):
            return [{"type": "declare_slam"}]
        return []

    PHASE_ACTIONS = {CONTRACT: {"contract"}, MISDEAL_CLAIM: {"cancel", "pass"}, "play": {"play", "declare_slam"}}

    def _phase_actions(self):
        if self.phase == CONTRACT:
            return self._available_contracts(self.to_act)
        if self.phase == MISDEAL_CLAIM:
            return [CANCEL, PASS] if self._may_cancel(self.to_act) else [PASS]
        return []

    def _available_contracts(self, seat):
        """The contract actions the declarer may take ("name", and "suit" for trumps), canonical order."""
        if self.board is not None:
            return NEGATIVE_ACTIONS + TRUMP_ACTIONS
        if self.must_declare == TRUMP:
            return self._allowed_trumps()
        out = []
        if self.negatives_declared[seat] < self.negative_quota:
            uses = self.negative_uses
            out = [a for a in NEGATIVE_ACTIONS if uses.get(a["name"], 0) < 2]
        opening = self.deal_no <= self.options["opening_negative_hands"]
        if self.trumps_declared[seat] < self.trump_quota and not (opening and out):
            out += self._allowed_trumps()
        return out

    def _allowed_trumps(self):
        limit = self.options["trump_suit_limit_per_game"]
        if limit is None:
            return list(TRUMP_ACTIONS)
        uses = self.trump_suit_uses
        return [a for a in TRUMP_ACTIONS if uses.get(a["suit"], 0) < limit]

    def _explain_detail(self, seat, action):
        if action["type"] == "contract":
            available = ", ".join(
                c["name"] + (f" {c['suit']}" if "suit" in c else "") for c in self._available_contracts(seat)
            )
            return IllegalAction(
                f"contract {action.get('name')!r}{' ' + str(action['suit']) if 'suit' in action else ''}"
                f" is not available to seat {seat} now; available: {available}",
                code="contract_unavailable",
            )
        if action["type"] == "cancel":
            return IllegalAction(
                "only a player holding no card above a ten may cancel the deal", code="cancel_not_allowed"
            )
        if action["type"] == "declare_slam":
            return IllegalAction(
                "only the declarer of a trump hand may declare the slam, before the first lead", code="slam_not_allowed"
            )
        return None

    # ----------------------------------------------------------------- views and results
    def _contract_view(self):
        if self.contract_name is None:
            return None
        v = {"name": self.contract_name, "declarer": self.declarer}
        if self.contract_name == TRUMP:
            v["trump"] = self.trump
        return v

    def _contract_record(self):
        if self.contract_name is None:
            return None
        return {"name": TRUMP, "trump": self.trump} if self.contract_name == TRUMP else {"name": self.contract_name}

    RECORD_SEAT = "declarer"

    def _record_seat(self) -> Any:
        return self.declarer

    def _ruleset_view(self, seat):
        return {
            "declarer": self.declarer,
            "dealer": self.dealer,
            "redeal": self.redeal,
            "must_declare": self.must_declare,
            "slam_declared": self.slam_declared,
            "quotas": {
                "trumps_declared": list(self.trumps_declared),
                "negatives_declared": list(self.negatives_declared),
                "negative_uses": dict(self.negative_uses),
                "trump_suit_uses": dict(self.trump_suit_uses),
                "trump_quota": self.trump_quota,
                "negative_quota": self.negative_quota,
            },
            "may_cancel_misdeal": self.phase == MISDEAL_CLAIM and self.to_act == seat and self._may_cancel(seat),
        }

    def _winners(self):
        last = self.events[-1]
        if last["type"] == "deal_ended" and last["reason"] == "slam":
            return [last["seat"]]
        if last["type"] == "deal_ended" and last["reason"] == "failed_slam":
            return [s for s in range(4) if s != last["seat"]]
        if self.options["win_threshold"] == "positive":
            return [s for s in range(4) if self.scores[s] > 0]
        return [s for s in range(4) if self.scores[s] >= 0]


# ----------------------------------------------------------------------------- the descriptor
# What the platform asks of Rifki (docs/architecture.md §3.2a), registered beside its rules: the
# names of its contracts and every contract a declarer may name, its decisions' events, its
# refusals and buttons.
NEGATIVE_LABELS: Final[dict[str, str]] = {
    "no_tricks": N_("El Almaz (no tricks)"),
    "no_hearts": N_("Kupa (no hearts)"),
    "no_queens": N_("Kiz (no queens)"),
    "no_men": N_("Erkek (no K, J)"),
    "no_king_of_hearts": N_("Rifki (no K of hearts)"),
    "no_last_two": N_("Son Iki (last two)"),
}
DEALING: Final[dict[str, Any]] = {
    "draws": {"first_declarer": "first_declarer"},
    "declarer": "after_dealer",
    "first_deal": [
        {"game_started": "first_declarer", "names": "declarer"},
        {
            "option": "first_declarer",
            "holder_of": {"holder_2d": "2D", "holder_7d": "7D"},
            "names": "declarer",
            "dealt_from": 0,
        },
    ],
}
REFUSALS: Final[dict[str, str]] = {
    "contract_unavailable": N_("that contract is not available to you now"),
    "cancel_not_allowed": N_("only a player holding no card above a ten may cancel the deal"),
    "slam_not_allowed": N_("only the declarer of a trump hand may declare the slam, before the first lead"),
}
ACTION_LABELS: Final[dict[str, str]] = {
    "pass": N_("Pass"),
    "cancel": N_("Cancel the deal (misdeal)"),
    "declare_slam": N_("Declare a slam"),
}
# The penalties, then a trump hand in each suit: the order the declarer's buttons come in.
CONTRACT_CHOICES: Final[tuple[dict[str, Any], ...]] = tuple({"name": n} for n in NEGATIVE_CONTRACTS) + tuple(
    {"name": TRUMP, "suit": s} for s in SUITS
)

register(
    trick_game(
        RifkiState.ruleset,
        N_("Turkish King (Rifki)"),
        N_("20 deals: each declarer in turn picks 2 trump and 3 negative contracts."),
        RifkiState,
        COUNTER_CLOCKWISE,
        {"declarer": N_("Declarer"), "dealer": N_("Dealer")},
        "declarer",
        {"short_mode": True},
        N_("Short mode: 12 deals instead of 20."),
        DEALING,
        # a deal cancelled and redealt, a slam declared
        public_events=("cancel", "deal_cancelled", "declare_slam"),
        negative_labels=NEGATIVE_LABELS,
        refusals=REFUSALS,
        action_labels=ACTION_LABELS,
        contracts=CONTRACT_CHOICES,
        position=2,
    )
)
