"""Redaction conformance (issue 31): random games of every ruleset in ``RULESETS``, at every
table size it plays, checked against a ledger of who may know which card.

The ledger is kept apart from the redaction: the log is folded one event at a time onto a
shadow state, and after each event it notes every seat's hand and the stock. A viewer may know
the cards dealt or drawn to their own seat and whatever has left the hands and the stock (the
table: played, turned up); of a deal that is over, everything if they may see finished deals.
So what a viewer must not know is, for a live deal, the cards in the other seats' hands and
in the stock now; for a finished deal without that right, those that were still there when it
ended. Every seat, the spectator (no seat) and the bot asked to play are checked, with and
without the right to see finished deals, in: the redacted log (the whole of it, each event
against the deal it belongs to), an action's new events redacted alone (as an action's
answer is), the state view, and the turn a bot is sent. Every event type logged must be one
the ruleset declares.

A card's name is what is looked for; the name a joker stands for (its ``as``, the table's
``jokers``) is a name, not a card held, and is left out.
"""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bots.arena import turn_request
from games.engine import RULESETS, EngineError, InvalidOptions, new_game, replay
from games.engine.redact import redact_events, redact_view
from tests.engine.helpers import engine_settings, random_hands

CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|X[12])$")
NAMES = sorted(RULESETS)


def names(value, out=None):
    """Every card named in a JSON value, but a joker's stand-in names."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "as":
                continue
            names(list(item) if key == "jokers" and isinstance(item, dict) else item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            names(item, out)
    elif isinstance(value, str) and CARD.match(value):
        out.add(value)
    return out


class Ledger:
    """Who may know which card, event by event (see the module's docstring)."""

    def __init__(self, events, num_seats):
        self.n = num_seats
        self.deal_of = []  # per event: the index of its deal in ``deals`` (game_started: the first)
        self.deals = []  # per deal: {"known": a set per seat, "end": (hands, stock) once it ended}
        self.shadow = replay(events[:1])
        self.note(events[0])
        self.follow(events)

    def snapshot(self):
        state = self.shadow
        return [set(state.hand(s)) for s in range(self.n)], set(getattr(state, "stock", ()) or ())

    def note(self, event):
        # The opening record (game_started's, a board's cards) is the first deal's.
        opening = len(self.deals) == 1 and not self.deals[0]["started"]
        if not self.deals or (event["type"] == "deal_started" and not opening):
            self.deals.append({"known": [set() for _ in range(self.n)], "end": None, "started": False})
        deal = self.deals[-1]
        deal["started"] = deal["started"] or event["type"] == "deal_started"
        self.deal_of.append(len(self.deals) - 1)
        hands, stock = self.snapshot()
        for seat, hand in enumerate(hands):
            deal["known"][seat] |= hand
        if event["type"] in ("deal_ended", "deal_cancelled"):
            deal["end"] = (hands, stock)

    def follow(self, events):
        for event in events[len(self.deal_of) :]:
            self.shadow.fold_on([event])
            self.note(event)

    def must_not_know(self, viewer, deal, reveal):
        record = self.deals[deal]
        if record["end"] is not None:
            if reveal:
                return set()
            hands, stock = record["end"]
        else:
            hands, stock = self.snapshot()
        hidden = set(stock).union(*(h for s, h in enumerate(hands) if s != viewer))
        return hidden - record["known"][viewer] if viewer is not None else hidden


def check(state, ledger, step_events):
    events = state.events
    ledger.follow(events)
    game = RULESETS[state.ruleset]
    assert {ev["type"] for ev in events} <= game.event_types
    now = ledger.deal_of[-1]
    first_new = len(events) - len(step_events)
    for viewer in (None, *range(state.num_seats)):
        for reveal in (False, True):
            log = redact_events(events, viewer, reveal_finished=reveal)
            assert [ev["type"] for ev in log] == [ev["type"] for ev in events]
            forbidden = {}
            for i, ev in enumerate(log):
                deal = ledger.deal_of[i]
                if deal not in forbidden:
                    forbidden[deal] = ledger.must_not_know(viewer, deal, reveal)
                leak = names(ev) & forbidden[deal]
                assert not leak, (state.ruleset, viewer, reveal, i, ev, leak)
            answer = redact_events(step_events, viewer, reveal_finished=reveal)  # as an action's answer
            for i, ev in enumerate(answer, start=first_new):
                leak = names(ev) & ledger.must_not_know(viewer, ledger.deal_of[i], reveal)
                assert not leak, ("answer", state.ruleset, viewer, reveal, ev, leak)
            view = redact_view(state, viewer, reveal_finished=reveal)
            last = view.pop("last_deal", None)
            if last is not None:
                assert reveal  # the previous deal's hands, to those who see finished deals
            leak = names(view) & ledger.must_not_know(viewer, now, reveal)
            assert not leak, ("view", state.ruleset, viewer, reveal, leak)
            assert set(view["hand"]) == (set(state.hand(viewer)) if viewer is not None else set())
    if state.to_act is not None:
        turn = json.loads(json.dumps(turn_request(state, state.to_act, 1, len(events), 1)))
        turn["view"].pop("last_deal", None)
        leak = names(turn) & ledger.must_not_know(state.to_act, now, True)
        assert not leak, ("bot", state.ruleset, leak)


@st.composite
def games(draw):
    """A new game of any ruleset, at any of its table sizes, with its short game's flags and
    some of its other on/off flags drawn; King and Rifki also as one fixed deal (a board)."""
    name = draw(st.sampled_from(NAMES))
    game = RULESETS[name]
    seed = draw(st.integers(0, 2**32))
    if game.trick_taking and draw(st.integers(0, 3)) == 0:
        rng = random.Random(seed)
        board = {"hands": random_hands(rng)}
        board[game.sheet_role] = seed % 4  # the dealer (King) or the declarer (Rifki)
        if game.sheet_role == "dealer":
            board["contract"] = draw(st.sampled_from(["no_hearts", "no_king_of_hearts", "positive", "no_tricks"]))
        try:
            return new_game(name, board=board)
        except EngineError:
            pass  # a board this ruleset takes in another shape: a seeded game instead
    options = dict(game.short_game or {})
    if len(game.seats) > 1:
        options["players"] = draw(st.sampled_from(list(game.seats)))
    for flag_name, flag in sorted(game.flags.items()):
        if flag.kind is bool and flag_name not in options and draw(st.integers(0, 3)) == 0:
            options[flag_name] = not flag.default
    try:
        game.resolve_options(options)
    except InvalidOptions:
        options = {k: v for k, v in options.items() if k == "players" or k in (game.short_game or {})}
    return new_game(name, seed=seed, options=options)


# The engine's profile, at most 200 examples under ci (about 30 s on two cores).
@settings(engine_settings(), max_examples=min(engine_settings().max_examples, 200))
@given(state=games(), choices=st.integers(0, 2**32), steps=st.integers(20, 260), every=st.integers(7, 40))
def test_no_viewer_of_any_ruleset_ever_holds_a_card_they_may_not_know(state, choices, steps, every):
    rng = random.Random(choices)
    ledger = Ledger(state.events, state.num_seats)
    check(state, ledger, state.events)
    for step in range(1, steps + 1):
        if state.is_over:
            break
        new = state.apply(rng.choice(state.legal_actions()))
        ended = any(ev["type"] in ("deal_ended", "deal_cancelled", "card_drawn") for ev in new)
        if step % every == 0 or ended:
            check(state, ledger, new)
    check(state, ledger, [])
