"""Scoring of the negative contracts shared by King and Rifki, from what each seat took.

``units`` maps a contract slug to the points one penalty unit costs in a ruleset; a combined
King hand (``"no_tricks+no_last_two"``) is scored as the sum of its parts.
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from typing import Any

from .cards import HEARTS, KING_OF_HEARTS, MEN, QUEENS, bits_of
from .errors import IllegalAction

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
    return sum(units[p] * TALLY_TOTALS[TALLY_FIELDS[p]] for p in parts)


# ------------------------------------------------------------------ deals played with real cards
# A deal played at a physical table is entered as what each seat took (docs/architecture.md
# §3.9): per contract part, the count the part penalises, under the name a score sheet gives it,
# and how many the pack holds in all. The counts are scored by ``negative_scores`` exactly as
# the counts ``penalty_units`` finds in the cards of a deal played here.
TALLY_FIELDS: dict[str, str] = {
    "no_tricks": "tricks",
    "no_hearts": "hearts",
    "no_queens": "queens",
    "no_men": "men",
    "no_king_of_hearts": "king_of_hearts",
    "no_last_two": "last_two",
}
TALLY_TOTALS: dict[str, int] = {"tricks": 13, "hearts": 13, "queens": 4, "men": 8, "king_of_hearts": 1, "last_two": 2}
# Fields that are cards taken in tricks: a seat takes at most four of them a trick.
_CARDS_A_TRICK = {"hearts": 4, "queens": 4, "men": 4, "king_of_hearts": 1}


def tally_fields(parts: tuple[str, ...]) -> tuple[str, ...]:
    """The counts a deal of this contract is entered with: one per penalty part, or the tricks
    of a hand scored by tricks (a trump or positive hand: ``parts`` is empty)."""
    if not parts:
        return ("tricks",)
    return tuple(TALLY_FIELDS[p] for p in parts)


def check_tally(fields: tuple[str, ...], taken: Any) -> dict[str, list[int]]:
    """``taken`` (field -> a count per seat) checked against what four hands of a whole pack
    can produce, or the IllegalAction saying which count cannot be right: each field given,
    none other, whole numbers from 0, each adding up to its total (13 tricks, 13 hearts, 4
    queens, 8 kings and jacks, 2 last tricks, 1 King of Hearts), and no seat holding more cards
    of a kind than its tricks could carry (the last two tricks among its tricks, the King of
    Hearts among its hearts)."""
    if not isinstance(taken, dict):
        raise IllegalAction("'taken' must map each count to a number per seat", code="tally_malformed")
    extra = [k for k in taken if k not in fields]
    if extra:
        raise IllegalAction(
            f"this contract is not scored by {extra[0]!r}", code="tally_unexpected", field=str(extra[0])
        )
    out: dict[str, list[int]] = {}
    for field in fields:
        counts = taken.get(field)
        if counts is None:
            raise IllegalAction(f"the count of {field!r} is missing", code="tally_missing", field=field)
        if not isinstance(counts, list) or len(counts) != 4 or not all(type(c) is int and c >= 0 for c in counts):
            raise IllegalAction(
                f"{field!r} must be four whole numbers from 0, one per seat", code="tally_malformed", field=field
            )
        total = TALLY_TOTALS[field]
        if sum(counts) != total:
            raise IllegalAction(
                f"{field!r} adds up to {sum(counts)}, not {total}",
                code="tally_total",
                field=field,
                total=total,
                entered=sum(counts),
            )
        out[field] = list(counts)
    tricks = out.get("tricks")
    for field, counts in out.items():
        for seat in range(4):
            if tricks is not None and field in _CARDS_A_TRICK and counts[seat] > _CARDS_A_TRICK[field] * tricks[seat]:
                raise IllegalAction(
                    f"seat {seat} took {counts[seat]} {field} in {tricks[seat]} tricks",
                    code="tally_inconsistent",
                    field=field,
                    other="tricks",
                    seat=seat,
                )
            if tricks is not None and field == "last_two" and counts[seat] > tricks[seat]:
                raise IllegalAction(
                    f"seat {seat} took {counts[seat]} of the last two tricks but {tricks[seat]} tricks",
                    code="tally_inconsistent",
                    field=field,
                    other="tricks",
                    seat=seat,
                )
    hearts, king = out.get("hearts"), out.get("king_of_hearts")
    if hearts is not None and king is not None:
        for seat in range(4):
            if king[seat] > hearts[seat]:
                raise IllegalAction(
                    f"seat {seat} took the King of Hearts but no heart",
                    code="tally_inconsistent",
                    field="king_of_hearts",
                    other="hearts",
                    seat=seat,
                )
    return out


def tally_form(parts: tuple[str, ...]) -> list[dict[str, Any]]:
    """The counts a deal of this contract is entered with, each with its total, for a form."""
    return [{"field": f, "total": TALLY_TOTALS[f]} for f in tally_fields(parts)]


def tally_counts(parts: tuple[str, ...], tally: dict[str, list[int]]) -> dict[str, list[int]]:
    """A checked tally as ``penalty_units`` gives counts: per contract part, units per seat."""
    return {p: tally[TALLY_FIELDS[p]] for p in parts}


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


_PENALTY_BITS_OF: dict[tuple[str, ...], int] = {}


def penalty_bits_of(parts: tuple[str, ...]) -> int:
    """``penalty_cards_of`` as a bit set (cards.py), computed once per contract."""
    bits = _PENALTY_BITS_OF.get(parts)
    if bits is None:
        bits = bits_of(penalty_cards_of(parts))
        if len(_PENALTY_BITS_OF) < 64:  # contracts come from logs too: keep the cache small
            _PENALTY_BITS_OF[parts] = bits
    return bits


def is_card_based(parts: tuple[str, ...]) -> bool:
    """True when the contract can end early: every part penalises cards, not tricks."""
    for p in parts:
        if p not in PENALTY_CARDS:
            return False
    return True
