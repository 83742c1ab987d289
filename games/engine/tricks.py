"""The one trick-winner function shared by every trick-taking ruleset."""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from .cards import RANK


def trick_winner(cards: list[str], trump: str | None = None) -> int:
    """Index (0-3, in order of play) of the card that wins the trick.

    The highest trump wins if any trump was played; otherwise the highest card of the
    suit led. ``trump`` is a suit letter or None.
    """
    best = 0
    first = cards[0]
    best_rank = RANK[first]
    led = first[1]
    best_trump = led == trump
    for i in range(1, len(cards)):
        c = cards[i]
        s = c[1]
        if s == trump:
            if not best_trump:
                best, best_rank, best_trump = i, RANK[c], True
            else:
                rank = RANK[c]
                if rank > best_rank:
                    best, best_rank = i, rank
        elif not best_trump and s == led:
            rank = RANK[c]
            if rank > best_rank:
                best, best_rank = i, rank
    return best
