"""Property: while a hand is live, no seat's view and no redacted event log holds another seat's
hand or a card of the stock, and a drawn card is shown to its drawer only."""

import json

from hypothesis import given

from games.engine.redact import redact_events
from tests.engine.helpers import engine_settings

from .random_games import games, walk


def shown_cards(obj):
    text = json.dumps(obj)
    return {c for c in _CARDS if f'"{c}"' in text}


_CARDS = [r + s for s in "SHDC" for r in "23456789TJQKA"] + ["X1", "X2"]


@engine_settings()
@given(games)
def test_hidden_cards_stay_hidden(game):
    spec, seed = game
    for step, (state, _, _) in enumerate(walk(spec, seed, max_actions=250)):
        if state.phase != "play" or step % 10:
            continue
        n = state.num_seats
        for seat in range(n):
            hidden = {c for s in range(n) if s != seat for c in state.hands[s]} | set(state.stock)
            hidden -= set(state.jokers.values())  # a joker's name is public: it shows the name, not a card held
            view = state.view(seat)
            view.pop("last_deal", None)  # the previous hand, revealed: the same cards, dealt again since
            # a joker's legal plays name every card it may stand for, wherever that card is: a
            # name, not a card shown (the list is the same whoever holds the real one)
            view["legal_actions"] = [{k: v for k, v in a.items() if k != "as"} for a in view["legal_actions"]]
            assert not shown_cards(view) & hidden
            log = redact_events(state.events, seat, reveal_finished=True)
            live = log[live_from(log) :]  # earlier hands dealt the same cards again
            assert not shown_cards(live) & hidden
            for ev in live:
                if ev["type"] == "card_drawn":
                    assert (ev["card"] is None) == (ev["seat"] != seat)
        spectator = redact_events(state.events, None)
        unseen = ({c for h in state.hands for c in h} | set(state.stock)) - set(state.jokers.values())
        assert not shown_cards(spectator[live_from(spectator) :]) & unseen


def live_from(log):
    return max(i for i, e in enumerate(log) if e["type"] == "deal_started")
