"""games.engine.redact: the one redaction of logs and views (docs/architecture.md §3.5), checked by scanning.

At every step of random games, for every viewer (each seat, and someone not seated) with and
without the right to see finished deals, the redacted log and view are serialised and searched
for the cards still in another seat's hand. Finished deals are revealed only with the right.
"""

import json
import random
import re

from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game
from games.engine.redact import finished_deals, redact_events, redact_view
from tests.engine.helpers import engine_settings, random_hands

VIEWERS = (None, 0, 1, 2, 3)


QUOTED_CARD = re.compile(r'"([2-9TJQKA][SHDC])"')


def quoted_cards(value, cards):
    """The cards of ``cards`` that ``value``, serialised, names as a JSON string."""
    return set(QUOTED_CARD.findall(json.dumps(value))) & cards


def hidden_from(state, seat):
    """The cards a viewer must not see now: every live card of every other seat."""
    return {c for s in range(4) if s != seat for c in state.hand(s)}


def check_everything_hidden(state):
    """While a deal is live, no viewer's log or view names a card another seat still holds.

    Only the live deal's part of the log is scanned (from its deal_started on, and the opening
    game_started that holds a board): earlier deals are over, and all 52 cards were dealt and
    played in them, so their card names are public or revealed by right. The live deal and the
    opening are each redacted as a follower reads them, a window of rows with the ruleset named
    (games.service.access.visible_events), which
    tests/matches/test_a_window_of_events_reads_only_its_own_rows_and_shows_what_the_whole_log_shows.py
    proves equal to the same slice of the whole log's redaction: redacting every finished deal
    again at every step made this the suite's slowest test, for no card it could find.
    """
    starts = [i for i, ev in enumerate(state.events) if ev["type"] == "deal_started"]
    finished, _ = finished_deals(state.events)
    if not starts or starts[-1] in finished:
        return  # no deal is live
    ruleset = state.events[0]["ruleset"]
    for seat in VIEWERS:
        hidden = hidden_from(state, seat)
        for reveal in (False, True):
            opening = redact_events(state.events[:1], seat, reveal_finished=reveal, ruleset=ruleset)
            live = redact_events(state.events[starts[-1] :], seat, reveal_finished=reveal, ruleset=ruleset)
            assert not quoted_cards(opening + live, hidden), (seat, reveal)
            view = redact_view(state, seat, reveal_finished=reveal)
            if reveal:
                view.pop("last_deal", None)  # the previous deal, over and revealed by right
            else:
                assert "last_deal" not in view
            assert not quoted_cards(view, hidden), (seat, reveal)
            assert set(view["hand"]) == (set(state.hand(seat)) if seat is not None else set())


def games():
    seeded = st.builds(
        lambda ruleset, seed: new_game(
            ruleset,
            seed=seed,
            options={"short_mode": True} if ruleset == "rifki" else {"quick_game_combined_negatives": True},
        ),
        st.sampled_from(["king", "rifki"]),
        st.integers(0, 10**6),
    )
    king_board = st.builds(
        lambda seed, contract: new_game(
            "king", board={"dealer": seed % 4, "contract": contract, "hands": random_hands(random.Random(seed))}
        ),
        st.integers(0, 10**6),
        st.sampled_from(["no_hearts", "no_king_of_hearts", "positive", "no_tricks"]),
    )
    rifki_board = st.builds(
        lambda seed: new_game("rifki", board={"declarer": seed % 4, "hands": random_hands(random.Random(seed))}),
        st.integers(0, 10**6),
    )
    return st.one_of(seeded, king_board, rifki_board)


@engine_settings()
@given(state=games(), choices=st.integers(0, 2**32), stop_after=st.integers(30, 400))
def test_no_viewer_ever_sees_a_live_card_of_another_seat(state, choices, stop_after):
    rng = random.Random(choices)
    steps = 0
    while not state.is_over and steps < stop_after:
        check_everything_hidden(state)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    check_everything_hidden(state)


def test_a_seat_sees_its_own_dealt_hand_and_no_other():
    hands = random_hands(random.Random(5))
    state = new_game("king", board={"dealer": 0, "contract": "no_hearts", "hands": hands})
    for seat in range(4):
        log = redact_events(state.events, seat)
        deal = next(ev for ev in log if ev["type"] == "deal_started")
        assert deal["hands"][seat] == sorted(
            hands[seat], key=lambda c: ("SHDC".index(c[1]), "23456789TJQKA".index(c[0]))
        )
        assert [h for i, h in enumerate(deal["hands"]) if i != seat] == [None, None, None]
        board = log[0]["board"]
        assert [h is None for h in board["hands"]] == [i != seat for i in range(4)]
    spectator = redact_events(state.events, None, reveal_finished=True)
    assert next(ev for ev in spectator if ev["type"] == "deal_started")["hands"] == [None] * 4


def test_a_finished_deal_is_revealed_only_to_viewers_with_the_right():
    state = new_game("king", seed=3, options={"quick_game_combined_negatives": True})
    rng = random.Random(3)
    while not any(ev["type"] == "deal_ended" for ev in state.events):
        state.apply(rng.choice(state.legal_actions()))
    first_deal = next(ev for ev in state.events if ev["type"] == "deal_started")
    for seat in VIEWERS:
        shown = next(
            ev for ev in redact_events(state.events, seat, reveal_finished=True) if ev["type"] == "deal_started"
        )
        assert shown["hands"] == first_deal["hands"]
        kept = next(
            ev for ev in redact_events(state.events, seat, reveal_finished=False) if ev["type"] == "deal_started"
        )
        assert sum(h is None for h in kept["hands"]) == (4 if seat is None else 3)
        view = redact_view(state, seat, reveal_finished=False)
        assert "last_deal" not in view
        assert redact_view(state, seat, reveal_finished=True)["last_deal"]["dealt_hands"] == first_deal["hands"]


def test_the_public_view_has_no_hand_and_no_legal_actions():
    state = new_game("rifki", seed=1)
    view = redact_view(state, None)
    assert view["hand"] == [] and view["legal_actions"] == [] and view["seat"] is None
    assert "last_deal" not in view


def test_redaction_copies_and_never_changes_the_log():
    state = new_game("king", board={"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(1))})
    before = json.dumps(state.events)
    redact_events(state.events, 1)
    assert json.dumps(state.events) == before


def test_a_window_of_the_log_is_redacted_with_knowledge_of_the_whole_log():
    state = new_game("king", seed=8, options={"quick_game_combined_negatives": True})
    rng = random.Random(8)
    while sum(ev["type"] == "deal_ended" for ev in state.events) < 1:
        state.apply(rng.choice(state.legal_actions()))
    first = next(i for i, ev in enumerate(state.events) if ev["type"] == "deal_started")
    window = redact_events(state.events, 2, reveal_finished=True, start=first, stop=first + 1)
    assert len(window) == 1 and None not in window[0]["hands"]  # over later in the log: revealed
