"""The one trick-winner function shared by every trick-taking ruleset."""

from .cards import RANK


def trick_winner(cards: list[str], trump: str | None = None) -> int:
    """Index (0-3, in order of play) of the card that wins the trick.

    The highest trump wins if any trump was played; otherwise the highest card of the
    suit led. ``trump`` is a suit letter or None.
    """
    best = 0
    best_card = cards[0]
    best_trump = best_card[1] == trump
    led = best_card[1]
    for i in range(1, len(cards)):
        c = cards[i]
        s = c[1]
        if s == trump:
            if not best_trump or RANK[c] > RANK[best_card]:
                best, best_card, best_trump = i, c, True
        elif not best_trump and s == led and RANK[c] > RANK[best_card]:
            best, best_card = i, c
    return best
