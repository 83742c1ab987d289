"""Scoring of the negative contracts shared by King and Rifki, from what each seat took.

``units`` maps a contract slug to the points one penalty unit costs in a ruleset; a combined
King hand (``"no_tricks+no_last_two"``) is scored as the sum of its parts.
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from .cards import HEARTS, KING_OF_HEARTS, MEN, QUEENS

NEGATIVE_CONTRACTS = ("no_tricks", "no_hearts", "no_queens", "no_men", "no_king_of_hearts", "no_last_two")

# The cards each card-based contract penalises (no_tricks and no_last_two count tricks).
PENALTY_CARDS: dict[str, frozenset[str]] = {
    "no_hearts": HEARTS,
    "no_queens": QUEENS,
    "no_men": MEN,
    "no_king_of_hearts": frozenset([KING_OF_HEARTS]),
}


def penalty_units(parts: tuple[str, ...], taken: list[list[str]], trick_winners: list[int]) -> dict[str, list[int]]:
    """Per contract part, how many penalty units each seat took.

    ``taken[seat]`` is the list of cards in the tricks that seat won; ``trick_winners`` is
    the winner of each trick played, in order (tricks 12 and 13 are indexes 11 and 12).
    """
    counts: dict[str, list[int]] = {}
    for part in parts:
        if part == "no_tricks":
            counts[part] = [len(t) // 4 for t in taken]
        elif part == "no_last_two":
            counts[part] = [
                sum(1 for i in (11, 12) if i < len(trick_winners) and trick_winners[i] == s) for s in range(4)
            ]
        else:
            cards = PENALTY_CARDS[part]
            counts[part] = [_count_in(t, cards) for t in taken]
    return counts


def _count_in(taken: list[str], cards: frozenset[str]) -> int:
    """How many of ``taken`` are in ``cards`` (a loop: a generator costs more compiled)."""
    n = 0
    for c in taken:
        if c in cards:
            n += 1
    return n


def negative_scores(counts: dict[str, list[int]], units: dict[str, int]) -> list[int]:
    """Scores per seat: the sum over contract parts of units taken times the unit's value."""
    scores = [0, 0, 0, 0]
    for part, per_seat in counts.items():
        unit = units[part]
        for s in range(4):
            scores[s] += unit * per_seat[s]
    return scores


def negative_total(parts, units):
    """What a negative contract costs the table in all (e.g. -260 for King's no_tricks)."""
    full = {"no_tricks": 13, "no_hearts": 13, "no_queens": 4, "no_men": 8, "no_king_of_hearts": 1, "no_last_two": 2}
    return sum(units[p] * full[p] for p in parts)


_PENALTY_CARDS_OF: dict[tuple[str, ...], frozenset[str]] = {}  # a handful of contracts: computed once each


def penalty_cards_of(parts: tuple[str, ...]) -> frozenset[str]:
    """Every card any of these contract parts penalises (empty for trick-counting contracts)."""
    cards = _PENALTY_CARDS_OF.get(parts)
    if cards is None:
        cards = frozenset()
        for p in parts:
            cards |= PENALTY_CARDS.get(p, frozenset())
        if len(_PENALTY_CARDS_OF) < 64:  # contracts come from logs too: keep the cache small
            _PENALTY_CARDS_OF[parts] = cards
    return cards


def is_card_based(parts: tuple[str, ...]) -> bool:
    """True when the contract can end early: every part penalises cards, not tricks."""
    for p in parts:
        if p not in PENALTY_CARDS:
            return False
    return True
