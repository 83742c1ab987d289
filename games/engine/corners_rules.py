"""Kings in the Corner (docs/rules.md §3): the pure rules, the option flags and the records.

Nothing here holds a game: cards, piles, building, card values, the flags of both rulesets
(``corners``, the pagat game with every variant of docs/rules.md §3.2, and ``corners_jax``, the
commercial chip game of 3.3) and how a page says a hand's record. The state machine is in
``corners.py``.

Cards are the shared notation (``"KH"``); Freeman's two jokers are ``"X1"`` and ``"X2"``. A
joker on the table stands for the card it was played as (``as``); every rule below looks at
the card a pile shows, which for a joker is that named card.
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from typing import Any, Final

from .cards import DECK, ORDER
from .options import Flag
from .rulesets import PILE_CORNERS, PILE_SIDES
from .text import N_

BASE: Final = PILE_SIDES
CORNERS: Final = PILE_CORNERS
PILES: Final = BASE + CORNERS  # the canonical pile order of legal_actions() (docs/rules.md §3.5)
JOKERS: Final = ("X1", "X2")
KING: Final = "K"

# A = 1 ... K = 13: "K (high) ... A (low)".
RANK_VALUE: Final[dict[str, int]] = {r: i + 1 for i, r in enumerate("A23456789TJQK")}
RED: Final = frozenset("HD")
CARD_ORDER: Final[dict[str, int]] = {**ORDER, "X1": 52, "X2": 53}  # canonical: S H D C, 2..A, then jokers
PACK: Final = DECK
PACK_WITH_JOKERS: Final = DECK + JOKERS

# Building rules of a pile (docs/rules.md §3.2: corner_build, base_build).
ALT_DOWN: Final = "alt_colour_down"
ALT_UP: Final = "alt_colour_up"
SUIT_DOWN: Final = "same_suit_down"


def fits(card: str, top: str, build: str) -> bool:
    """Whether ``card`` may go on ``top`` (both real cards) on a pile built by ``build``.

    Nothing goes on an ace when building down, nor on a king when building up.
    """
    return (card, top) in _FITTING[build]


def _fits(card: str, top: str, build: str) -> bool:
    diff = RANK_VALUE[card[0]] - RANK_VALUE[top[0]]
    if build == ALT_DOWN:
        return diff == -1 and ((card[1] in RED) != (top[1] in RED))
    if build == ALT_UP:
        return diff == 1 and ((card[1] in RED) != (top[1] in RED))
    return diff == -1 and card[1] == top[1]


# Every (card, top) pair that fits, per build: the legal-move search asks this most of all.
_FITTING: Final[dict[str, frozenset[tuple[str, str]]]] = {
    build: frozenset((c, t) for c in DECK for t in DECK if _fits(c, t, build))
    for build in (ALT_DOWN, ALT_UP, SUIT_DOWN)
}

_TAKERS: Final[dict[str, dict[str, frozenset[str]]]] = {
    build: {t: frozenset(c for c in DECK if (c, t) in pairs) for t in DECK} for build, pairs in _FITTING.items()
}


def fitting_cards(top: str, build: str) -> frozenset[str]:
    """Every card that fits on ``top`` (a real card) on a pile built by ``build``."""
    return _TAKERS[build][top]


def chain_fits(cards: list[str], top: str, build: str) -> bool:
    """Whether a whole pile (``cards`` bottom first, as shown) may go on ``top`` under ``build``:
    its bottom fits the top, and every card of it fits the one under it (docs/rules.md §3.5: where
    corner and base build differently, the moving pile must obey the destination's rule)."""
    below = top
    for c in cards:
        if not fits(c, below, build):
            return False
        below = c
    return True


def sort_hand(cards) -> list[str]:
    # A hand mostly comes sorted already (a deal is logged sorted, and replay sorts it again):
    # checking the order costs less than sorting by a key. Sorting is stable, so a hand in
    # order is its own sort.
    hand = list(cards)
    order = CARD_ORDER
    previous = -1
    for card in hand:
        rank = order[card]
        if rank < previous:
            return sorted(hand, key=order.__getitem__)
        previous = rank
    return hand


# ----------------------------------------------------------------------------- scoring
PENALTY_SCORINGS: Final = ("k10_other1", "pips_a25", "stofka_50_10_5", "kleplek_10_5_1", "robinson_face")
CHIPS_POT: Final = "chips_pot"


def _values(rule) -> dict[str, int]:
    return {r: rule(r) for r in "A23456789TJQK"}


# Penalty points of a card left in hand, by rank, per scoring (docs/rules.md §3.2).
CARD_POINTS: Final[dict[str, dict[str, int]]] = {
    "k10_other1": _values(lambda r: 10 if r == "K" else 1),
    "pips_a25": _values(lambda r: 25 if r == "A" else 10 if r in "JQK" else RANK_VALUE[r]),
    "stofka_50_10_5": _values(lambda r: 50 if r == "A" else 10 if r in "TJQK" else 5),
    "kleplek_10_5_1": _values(lambda r: 10 if r in "JQK" else 5 if r in "6789T" else 1),
    "robinson_face": _values(lambda r: RANK_VALUE[r]),
    # chips_pot: the winner collects 1 chip per card, 10 per king.
    "chips_pot": _values(lambda r: 10 if r == "K" else 1),
}


def card_points(card: str, scoring: str) -> int:
    """A card's penalty in ``scoring``: by its rank, so a score table's hand, entered as ranks
    ("K", "7"; "X" a joker), is valued alike. A joker left in hand costs as much as the dearest
    card of the scoring (a decision of this engine: the sources give no value)."""
    table = CARD_POINTS[scoring]
    if card[0] == "X":  # X1, X2, or a joker as a table enters it
        return max(table.values())
    return table[card[0]]


def hand_points(cards, scoring: str) -> int:
    return sum(card_points(c, scoring) for c in cards)


def payable(amount: int, penalties: list[int]) -> bool:
    """Whether a seat can have been charged ``amount`` in one hand by penalties that cost
    ``penalties`` each (any number of each): a score table's check. The least sum of each
    remainder modulo the cheapest penalty, found by relaxing the remainders (at most 100 of
    them: a penalty costs at most 100), decides it for any amount."""
    if amount == 0:
        return True
    if not penalties:
        return False
    step = min(penalties)
    least: list[int] = [-1] * step  # -1: no sum with this remainder yet
    least[0] = 0
    changed = True
    while changed:
        changed = False
        for r in range(step):
            if least[r] < 0:
                continue
            for p in penalties:
                total = least[r] + p
                k = total % step
                if least[k] < 0 or total < least[k]:
                    least[k] = total
                    changed = True
    return 0 <= least[amount % step] <= amount


# ----------------------------------------------------------------------------- flags
def _positive(v):
    return None if v >= 1 else "must be at least 1"


COMMON_FLAGS = {
    "players": Flag(
        4,
        kind=int,
        minimum=2,
        maximum=6,
        label=N_("Players"),
        doc=N_(
            "How many play, 2 to 6; players times the hand size plus the four layout cards "
            "must fit in the 52-card pack."
        ),
    ),
    "deal_size": Flag(
        7,
        kind=int,
        minimum=1,
        maximum=24,
        label=N_("Cards dealt to each player"),
        doc=N_("Cards dealt to each player: 7 in the standard game, 4 in Becker's."),
    ),
}

SCORING_LABELS = {
    "k10_other1": N_("King 10, every other card 1 (pagat)"),
    "chips_pot": N_("Chips: ante, 1 per turn without a play, the winner takes the pot and 1 per card (10 per king)"),
    "pips_a25": N_("Ace 25, court cards 10, others face value"),
    "stofka_50_10_5": N_("Stofka: ace 50, tens and court cards 10, others 5"),
    "kleplek_10_5_1": N_("Kleplek: court cards 10, six to ten 5, ace to five 1"),
    "robinson_face": N_("Face value: ace 1 to king 13"),
}

BUILD_LABELS = {
    ALT_DOWN: N_("Down in alternating colours"),
    ALT_UP: N_("Up in alternating colours"),
    SUIT_DOWN: N_("Down in suit"),
}


# Flags the engine accepts only at their default (``check_options`` refuses any other value with
# the code ``unsupported_option``): the sources name the variant without saying how it is played.
UNSUPPORTED: Final = {
    "allow_partial_pile_moves": "the sources name this house rule without its terms (which part of a pile "
    "may move, onto what)",
    "allow_play_under_rows": "the source does not say which cards may be played under a pile",
    "kings_move_from_corners": "the Jax rules forbid it and describe no variant",
}


CORNERS_FLAGS: dict[str, Flag] = {
    **COMMON_FLAGS,
    "scoring": Flag(
        "k10_other1",
        tuple(SCORING_LABELS),
        label=N_("Scoring"),
        choice_labels=SCORING_LABELS,
        doc=N_(
            "How the cards left in hand are charged at the end of a hand. Penalty scorings: "
            "the lowest total wins. Chips: net chips, the highest total wins."
        ),
    ),
    "game_length": Flag(
        "target",
        ("target", "fixed_hands"),
        label=N_("Game length"),
        choice_labels={"target": N_("Until a total reaches the target"), "fixed_hands": N_("A fixed number of hands")},
        doc=N_("Play until someone's total reaches the target score, or a fixed number of hands."),
    ),
    "target_score": Flag(
        25,
        kind=int,
        minimum=1,
        maximum=10000,
        label=N_("Target score"),
        doc=N_(
            "The total that ends the game (25 or 50 in the pagat game; 100 or 250 with "
            "ace 25). Penalty scorings: the lowest total then wins; chips: the highest."
        ),
    ),
    "fixed_hands": Flag(
        4,
        kind=int,
        minimum=1,
        maximum=100,
        label=N_("Hands in a fixed-length game"),
        doc=N_("How many hands a game of fixed length has."),
    ),
    "compulsory_kings": Flag(
        False,
        label=N_("Compulsory kings"),
        doc=N_(
            "A player who ends his turn holding a king while a corner is empty pays "
            "3 points (or 3 chips), once per turn."
        ),
    ),
    "pool_variant": Flag(
        False,
        label=N_("Pool"),
        doc=N_(
            "Pay 1 unit into a pool for each turn without a play and 1 per card left at the "
            "end; the winner collects the pool. Replaces the card scoring (use it with the "
            "default scoring); a hand that ends in a deadlock is void."
        ),
    ),
    "ace_completion_bonus": Flag(
        0,
        kind=int,
        minimum=0,
        maximum=100,
        label=N_("Bonus for completing a corner"),
        doc=N_(
            "Points taken off (or chips paid by each other player) for each corner "
            "pile a player completes down to its ace."
        ),
    ),
    "draw_timing": Flag(
        "end_of_turn",
        ("end_of_turn", "start_of_turn"),
        label=N_("When to draw"),
        choice_labels={"end_of_turn": N_("At the end of the turn"), "start_of_turn": N_("At the start of the turn")},
        doc=N_("Draw when ending the turn, or open each turn with a draw while the stock lasts."),
    ),
    "draw_count": Flag(
        1, kind=int, minimum=1, maximum=2, label=N_("Cards drawn"), doc=N_("Cards drawn at each draw: 1 or 2.")
    ),
    "corner_build": Flag(
        ALT_DOWN,
        (ALT_DOWN, SUIT_DOWN),
        label=N_("Corner piles build"),
        choice_labels={k: BUILD_LABELS[k] for k in (ALT_DOWN, SUIT_DOWN)},
        doc=N_("How cards go on a corner pile, from its king down."),
    ),
    "base_build": Flag(
        ALT_DOWN,
        (ALT_DOWN, ALT_UP, SUIT_DOWN),
        label=N_("Base piles build"),
        choice_labels=BUILD_LABELS,
        doc=N_("How cards go on the four base piles."),
    ),
    "becker_rules": Flag(
        False,
        label=N_("Becker's rules"),
        doc=N_(
            "The hand cannot end while the stock has cards: a player who plays his last "
            "card draws; a drawn card that fits an empty space is played there at once and "
            "he draws again; otherwise he keeps it and the turn passes. Usually with 4 "
            "cards each. A drawn joker is always kept."
        ),
    ),
    "jokers_wild": Flag(
        False,
        label=N_("Jokers wild"),
        doc=N_(
            "Freeman: two jokers join the pack; a joker is played as a card the player names "
            "that is not on the table, and the card it stands for cannot be played while it "
            "does. A joker turned up for the layout goes under the stock. Left in hand it "
            "costs as much as the dearest card."
        ),
    ),
    "setup_king_handling": Flag(
        "first_player_may_move",
        ("first_player_may_move", "auto_corner_refill_from_stock", "stays_in_base"),
        label=N_("Kings dealt to the layout"),
        choice_labels={
            "first_player_may_move": N_("Stay until a player moves them to a corner"),
            "auto_corner_refill_from_stock": N_("Go to the corners at once, refilled from the stock"),
            "stays_in_base": N_("Stay in the base for the whole hand"),
        },
        doc=N_(
            "What happens to a king turned up in a base space. Staying in the base "
            "means no base pile ever moves into a corner."
        ),
    ),
    "allow_partial_pile_moves": Flag(
        False,
        label=N_("Partial pile moves"),
        doc=N_("Not supported: only whole piles move (the house rule is named but not described by the sources)."),
    ),
    "allow_play_under_rows": Flag(
        False,
        label=N_("Play under rows"),
        doc=N_(
            "Not supported: cards are never played under a pile (the source does not say which cards may go there)."
        ),
    ),
    "king_pile_to_corner_anytime": Flag(
        True,
        label=N_("Kings move to a corner at any time"),
        doc=N_(
            "A base pile with a king at the bottom may move into an empty "
            "corner at any time; otherwise only on the hand's first turn."
        ),
    ),
    "kleplek_first_turn_out_bonus": Flag(
        True,
        label=N_("Kleplek: 5 for going out on the first turn"),
        doc=N_("With the Kleplek scoring, a player who goes out on his first turn of the hand scores -5."),
    ),
}

JAX_FLAGS: dict[str, Flag] = {
    **COMMON_FLAGS,
    "chips_total": Flag(
        80,
        kind=int,
        minimum=12,
        maximum=10000,
        label=N_("Chips in the box"),
        doc=N_("Chips shared out as evenly as possible before each hand; extras go back in the box."),
    ),
    "ante": Flag(
        1,
        kind=int,
        minimum=0,
        maximum=100,
        label=N_("Ante"),
        doc=N_("Chips each player puts in the pot at the start of a hand."),
    ),
    "no_play_penalty": Flag(
        1,
        kind=int,
        minimum=0,
        maximum=100,
        label=N_("Penalty for a turn without a play"),
        doc=N_("Chips paid to the pot for a turn with no play and no pile move."),
    ),
    "hidden_king_penalty": Flag(
        3,
        kind=int,
        minimum=0,
        maximum=100,
        label=N_("Penalty for holding a king"),
        doc=N_("Chips paid by a player who ends his turn holding a king while a corner is empty, once per turn."),
    ),
    "refuse_draw_penalty": Flag(
        1,
        kind=int,
        minimum=0,
        maximum=100,
        label=N_("Penalty for refusing the draw"),
        doc=N_("Chips paid for ending a turn without drawing while the stock has cards."),
    ),
    "target_points": Flag(
        100,
        kind=int,
        minimum=1,
        maximum=10000,
        label=N_("Points to win"),
        doc=N_("The first to this many points wins the game."),
    ),
    "drawn_king_immediate_play": Flag(
        True,
        label=N_("A drawn king is played at once"),
        doc=N_(
            "A king drawn at the end of a turn goes at once to the first empty "
            "corner (NE, SE, SW, NW) and the drawing stops."
        ),
    ),
    "jax_deadlock": Flag(
        "void",
        ("void", "carry_over"),
        label=N_("A hand nobody can finish"),
        choice_labels={
            "void": N_("Nobody scores; the pot is discarded"),
            "carry_over": N_("The pot stays for the next hand"),
        },
        doc=N_("What happens to the pot when the stock is empty and nobody can play."),
    ),
    "jax_chip_debt": Flag(
        True,
        label=N_("Chip debts"),
        doc=N_(
            "A player out of chips still pays, as a debt taken off his next win; otherwise he pays only what he has."
        ),
    ),
    "kings_move_from_corners": Flag(
        False,
        label=N_("Cards move out of the king stalls"),
        doc=N_("Not supported: cards never move out of a king stall."),
    ),
    "king_pile_to_corner_anytime": CORNERS_FLAGS["king_pile_to_corner_anytime"],
}

# The pagat flags a Jax game plays with, fixed (the commercial rules of docs/rules.md §3.3).
JAX_FIXED: dict[str, Any] = {
    "scoring": "jax",
    "game_length": "target",
    "target_score": 100,
    "fixed_hands": 1,
    "compulsory_kings": False,
    "pool_variant": False,
    "ace_completion_bonus": 0,
    "draw_timing": "end_of_turn",
    "draw_count": 1,
    "corner_build": ALT_DOWN,
    "base_build": ALT_DOWN,
    "becker_rules": False,
    "jokers_wild": False,
    "setup_king_handling": "first_player_may_move",
    "allow_partial_pile_moves": False,
    "allow_play_under_rows": False,
    "kleplek_first_turn_out_bonus": False,
}

# ----------------------------------------------------------------------------- records
WENT_OUT = N_("%(player)s went out")
WENT_OUT_FIRST_TURN = N_("%(player)s went out on the first turn")
DEADLOCK = N_("Deadlock: nobody went out")
DEADLOCK_VOID = N_("Deadlock: nobody went out, the hand is void")
END_LABELS = {
    "went_out": N_("a player went out"),
    "deadlock": N_("the stock ran out and nobody could play"),
}


def describe_hand(record: dict[str, Any] | None):
    """A Corners deal record (``state.deals[i]``) as (msgid, params)."""
    if record is None:
        return N_("(no hand)"), {}
    if record.get("winner") is not None:
        return (WENT_OUT_FIRST_TURN if record.get("first_turn_out") else WENT_OUT), {"player": record["winner"]}
    return (DEADLOCK if record.get("scored") else DEADLOCK_VOID), {}


def describe_end(record: dict[str, Any]):
    return END_LABELS[record["end"]], {}
