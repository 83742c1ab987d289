"""The hiders the card games share (games/engine/redact.py says how a ruleset's descriptor
names them): what a viewer may see of a dealt hand, a stock and a fixed board. Apart from the
redaction, which reads the descriptors, so that the descriptors that name these need not
import it back.
"""

HIDDEN = None  # what stands in for a hand, a stock or a card the viewer may not see


def _hands_for(hands, seat, revealed):
    if revealed:
        return [list(h) for h in hands]
    return [list(h) if i == seat else HIDDEN for i, h in enumerate(hands)]


def hide_deal(fields, seat, revealed):
    """A copy of ``fields`` (a deal or a board) with its hands and stock as the viewer may see them."""
    out = dict(fields)
    if "hands" in out:
        out["hands"] = _hands_for(out["hands"], seat, revealed)
    if "stock" in out:
        out["stock"] = list(out["stock"]) if revealed else HIDDEN
    return out


def hide_board(ev, seat, revealed):
    """game_started: the board of a game of one fixed deal, as ``hide_deal`` shows a deal."""
    if not isinstance(ev.get("board"), dict):
        return dict(ev)
    return {**ev, "board": hide_deal(ev["board"], seat, revealed)}
