"""A move the rules forbid is explained on the table in the reader's language: a card refused by
a rule of trick play names the rule (marked for the translators in the engine and translated
by the page), any other refused move is said by its code. The engine's English message, with
its card lists and seat numbers, never reaches the page."""

import random

from django.utils.functional import Promise
from hypothesis import given
from hypothesis import strategies as st

from games import errors, refusals
from games.engine import IllegalAction, king, new_game, rifki
from games.engine.cards import DECK
from games.errors import ServiceError
from games.service import playing, states
from tests.pages.tables import browser, king_deal


def shout(text):
    """A stand-in catalogue that marks every string it translates."""
    return f"\u00ab{text}\u00bb"


def every_kind_of_action():
    """Every action a page could post, legal or not, of every type the engine knows."""
    bids = [{"tricks": n, "direction": d} for n in range(0, 15) for d in ("up", "down")]
    names = sorted(set(king.NEGATIVE_LABELS) | set(rifki.NEGATIVE_LABELS) | {"positive"})
    return [
        *({"type": "play", "card": card} for card in DECK),
        *({"type": "contract", "name": name} for name in names),
        *({"type": "contract", "name": "trump", "suit": suit} for suit in "SHDC"),
        *({"type": "bid", **bid} for bid in bids),
        *({"type": "counteroffer", **bid} for bid in bids),
        *({"type": "choose", "mode": "up", "trump": trump} for trump in ("S", "H", "D", "C", "none")),
        {"type": "choose", "mode": "down"},
        {"type": "nominate", "dealer": 1},
        *(
            {"type": kind}
            for kind in (
                "match",
                "pass",
                "open_auction",
                "ultimatum",
                "take",
                "accept",
                "decline",
                "forfeit",
                "cancel",
                "declare_slam",
            )
        ),
    ]


ACTIONS = every_kind_of_action()


@given(
    ruleset=st.sampled_from(["king", "rifki"]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 400),
    same_kind=st.booleans(),
    data=st.data(),
)
def test_every_move_the_engine_refuses_has_a_translated_reason(ruleset, seed, moves, same_kind, data):
    state = new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
    # Half the time an action of a kind the table is deciding now (a bid in the auction, a
    # contract when choosing one), which the rules may still refuse; else any kind at all.
    kinds = {a["type"] for a in state.legal_actions()}
    action = data.draw(st.sampled_from([a for a in ACTIONS if a["type"] in kinds] if same_kind else ACTIONS))
    try:
        state.apply(action)
    except IllegalAction as e:
        assert e.rule is not None or isinstance(refusals.sentence(e.code), Promise), (e.code, e.message)
        if e.rule is not None:  # the rule alone: no card, no list of legal cards
            assert e.rule in e.message and "legal:" not in e.rule and action["card"] not in e.rule


def test_a_card_refused_by_a_rule_of_trick_play_names_the_rule_through_gettext(players, make_bot, monkeypatch):
    monkeypatch.setattr(errors, "gettext", shout)
    table = king_deal(players[0], make_bot())  # no hearts, seat 0 leads
    heart = next(c for c in states.match_state(table).hand(0) if c[1] == "H")

    response = browser(players[0]).post(
        f"/matches/{table.pk}/act/", {"card": heart, "expected_version": table.version}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 422
    assert "\u00aba heart may not be led while you hold another suit\u00bb" in response.content.decode()
    assert "legal:" not in response.content.decode()


def test_a_card_not_in_the_hand_is_said_by_its_code_not_the_engines_english(players, make_bot):
    table = king_deal(players[0], make_bot())
    other = states.match_state(table).hand(1)[0]

    response = browser(players[0]).post(
        f"/matches/{table.pk}/act/", {"card": other, "expected_version": table.version}, HTTP_HX_REQUEST="true"
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "That move is not allowed: that card is not in your hand" in page
    assert "seat 0" not in page  # the engine's own message speaks of seats by number


def test_the_api_gives_bot_authors_the_rule_as_its_message_and_the_engines_words_as_its_reason(players, make_bot):
    table = king_deal(players[0], make_bot())
    heart = next(c for c in states.match_state(table).hand(0) if c[1] == "H")

    try:
        playing.submit_action(table.pk, players[0], {"type": "play", "card": heart}, table.version)
    except ServiceError as e:
        assert e.status == 422 and e.code == "hearts_lead_restricted"
        assert e.details["rule"] == "a heart may not be led while you hold another suit"
        assert e.message == "a heart may not be led while you hold another suit"  # translated where read
        assert e.details["reason"].startswith(f"{heart} cannot be played: a heart may not be led")
    else:
        raise AssertionError("a heart was led while another suit was held")
