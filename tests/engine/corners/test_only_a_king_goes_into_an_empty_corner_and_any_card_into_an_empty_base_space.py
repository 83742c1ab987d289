"""KC-L3 (docs/rules.md §3.4): QS into an empty NE is illegal, KC into it is legal, QS into an empty N is legal."""

import pytest

from games.engine import IllegalAction

from .helpers import game


def test_kc_l3():
    state = game([["QS", "KC"], ["3C"]], dealer=1, players=2)
    legal = state.legal_actions()
    assert {"type": "play", "card": "QS", "to": "NE"} not in legal
    assert {"type": "play", "card": "KC", "to": "NE"} in legal
    assert {"type": "play", "card": "QS", "to": "N"} in legal
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "play", "card": "QS", "to": "NE"})
    assert e.value.code == "corner_needs_king"
