"""Draw the table's card faces as small SVG files: static/cards/<card>.svg for each of the 52
cards (the wire names of docs/architecture.md §3.1: "QH", "TD") and static/cards/back.svg.

Run ``python tools/make_cards.py``; its output is committed, so the site never fetches a card
at run time. A four-colour deck (spades black, hearts red, diamonds blue, clubs green), so that
a player who tells red from green poorly still tells the suits apart, and every card shows its
suit's shape as well as its colour. The suits are drawn as paths, not font glyphs, so a card
looks the same whatever fonts the viewer's machine has; only the corner ranks are text.
"""

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "cards"
W, H = 200, 280  # the card's box; the pages scale it (5:7, a poker card)

COLOURS = {"S": "#1b1b1b", "H": "#c8102e", "D": "#0a58c9", "C": "#12813a"}
TINTS = {"S": "#eceff3", "H": "#fbe9ec", "D": "#e6effc", "C": "#e5f4ea"}
# Each suit's shape in a 100 x 100 box.
SHAPES = {
    "H": '<path d="M50 94C22 70 3 52 3 31 3 15 15 5 29 5c10 0 17 6 21 15 4-9 11-15 21-15 '
    '14 0 26 10 26 26 0 21-19 39-47 63z"/>',
    "D": '<path d="M50 3 87 50 50 97 13 50z"/>',
    "S": '<path d="M50 3C76 27 97 43 97 62c0 14-10 24-23 24-9 0-16-5-20-12 1 11 6 18 14 24H32'
    'c8-6 13-13 14-24-4 7-11 12-20 12C13 86 3 76 3 62 3 43 24 27 50 3z"/>',
    "C": '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="57" r="21"/><circle cx="74" cy="57" r="21"/>'
    '<circle cx="50" cy="52" r="12"/><path d="M46 55c0 20-5 33-14 43h36c-9-10-14-23-14-43z"/>',
}
RANKS = {"T": "10"}
L, C, R = 66, 100, 134  # the pips' columns
# Where each number card's pips sit (x, y); those below the middle are drawn upside down.
PIPS = {
    2: [(C, 62), (C, 218)],
    3: [(C, 62), (C, 140), (C, 218)],
    4: [(L, 62), (R, 62), (L, 218), (R, 218)],
    5: [(L, 62), (R, 62), (C, 140), (L, 218), (R, 218)],
    6: [(L, 62), (R, 62), (L, 140), (R, 140), (L, 218), (R, 218)],
    7: [(L, 62), (R, 62), (C, 101), (L, 140), (R, 140), (L, 218), (R, 218)],
    8: [(L, 62), (R, 62), (C, 101), (L, 140), (R, 140), (C, 179), (L, 218), (R, 218)],
    9: [(L, 62), (R, 62), (L, 114), (R, 114), (C, 140), (L, 166), (R, 166), (L, 218), (R, 218)],
    10: [(L, 62), (R, 62), (C, 88), (L, 114), (R, 114), (L, 166), (R, 166), (C, 192), (L, 218), (R, 218)],
}
# A simple headdress over each court's letter: a king's crown, a queen's coronet, a jack's cap.
HEADDRESS = {
    "K": '<path d="M-34 0v-30l17 15L0-38l17 23 17-15V0z"/><rect x="-34" y="2" width="68" height="8"/>',
    "Q": '<path d="M-30 0l-6-26 14 12 8-22 14 16 14-16 8 22 14-12-6 26z"/>'
    '<circle cx="-36" cy="-29" r="4"/><circle cx="-14" cy="-39" r="4"/>'
    '<circle cx="14" cy="-39" r="4"/><circle cx="36" cy="-29" r="4"/>',
    "J": '<path d="M-32 0c0-22 14-34 32-34s32 12 32 34z"/><path d="M22-30c10-10 22-10 30-4-10 0-18 4-24 12z"/>',
}
FONT = "font-family=\"'DejaVu Sans','Liberation Sans',Arial,sans-serif\" font-weight=\"700\""


def pip(suit, x, y, size, flip=False):
    """The suit's shape, ``size`` wide, centred on (x, y)."""
    turn = f" rotate(180 {size / 2} {size / 2})" if flip else ""
    at = f"translate({x - size / 2} {y - size / 2}){turn}"
    return f'<use href="#{suit}" transform="{at}" width="{size}" height="{size}"/>'


def corner(rank, suit):
    """The index in the top left corner: the rank, and the suit's shape under it."""
    text = RANKS.get(rank, rank)
    squeeze = ' textLength="34" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    return f'<text x="22" y="40" text-anchor="middle" font-size="38" {FONT}{squeeze}>{text}</text>' + pip(
        suit, 22, 62, 26
    )


def court(rank, suit):
    """A court card: a framed, tinted panel, the letter large with its headdress, twice
    (upside down in the lower half, as real court cards are), and the suit beside it."""
    half = (
        f'<g transform="translate(100 82)">{HEADDRESS[rank]}</g>'
        f'<text x="100" y="133" text-anchor="middle" font-size="48" {FONT}>{rank}</text>' + pip(suit, 62, 54, 22)
    )
    return (
        f'<rect x="44" y="36" width="112" height="208" rx="6" fill="{TINTS[suit]}" '
        'stroke="currentColor" stroke-width="2"/>'
        f'<line x1="48" y1="140" x2="152" y2="140" stroke="currentColor" stroke-width="1.5"/>'
        f"<g>{half}</g><g transform='rotate(180 100 140)'>{half}</g>"
    )


def face(card):
    rank, suit = card[0], card[1]
    if rank in "KQJ":
        middle = court(rank, suit)
    elif rank == "A":
        middle = pip(suit, 100, 140, 92)
    else:
        number = int(RANKS.get(rank, rank))
        middle = "".join(pip(suit, x, y, 36, flip=y > 140) for x, y in PIPS[number])
    index = corner(rank, suit)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
        f'<defs><symbol id="{suit}" viewBox="0 0 100 100">{SHAPES[suit]}</symbol></defs>'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fff" stroke="#888" stroke-width="3"/>'
        f'<g fill="{COLOURS[suit]}" color="{COLOURS[suit]}">{index}'
        f'<g transform="rotate(180 {W / 2} {H / 2})">{index}</g>{middle}</g></svg>\n'
    )


def back():
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
        '<defs><pattern id="p" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="16" height="16" fill="#1f4f8f"/><rect width="8" height="8" fill="#2a64ad"/></pattern></defs>'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fff" stroke="#888" stroke-width="3"/>'
        f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="8" fill="url(#p)"/></svg>\n'
    )


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for suit in "SHDC":
        for rank in "23456789TJQKA":
            (OUT / f"{rank}{suit}.svg").write_text(face(rank + suit))
    (OUT / "back.svg").write_text(back())


if __name__ == "__main__":
    main()
