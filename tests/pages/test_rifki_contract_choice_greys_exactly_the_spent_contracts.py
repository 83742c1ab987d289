"""Rifki's contract choice shows every contract: the declarer may press the ones the engine
allows, and every other one is greyed (disabled) with the reason in words — a penalty contract
named twice across the table, the declarer's own quota spent, the opening penalty hands. The
quota table (what each player has left, each penalty contract's uses) is public: every seat and
any spectator sees it, and only the declarer gets the buttons."""

import html
import json
import random
import re

from games.engine import RULESETS, new_game
from games.pages.decisions import decision_context
from games.service import states
from tests.pages.decisions import rifki_after
from tests.pages.tables import browser

BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]*)"([^>]*)>(.*?)</button>', re.S)
TAG = re.compile(r"<[^>]+>")
NAMES = ["Ana", "Bo", "Cy", "Di"]


def contract_buttons(page):
    """{contract action as JSON: (disabled, the button's words)}."""
    return {
        html.unescape(value): ("disabled" in attrs, " ".join(html.unescape(TAG.sub(" ", inner)).split()))
        for value, attrs, inner in BUTTON.findall(page)
    }


def as_json(action):
    return json.dumps(action, sort_keys=True)


def test_the_declarer_sees_every_contract_and_the_spent_ones_greyed_with_the_reason(players):
    match = rifki_after(players, deals=2)  # two seats named one penalty each: El Almaz, twice
    state = states.match_state(match)
    quotas = state.view(None)["table"]["quotas"]
    assert quotas["negative_uses"] == {"no_tricks": 2}
    page = browser(players[state.to_act]).get(f"/matches/{match.pk}/").content.decode()
    shown = contract_buttons(page)
    legal = {as_json(a) for a in state.legal_actions()}

    assert set(shown) == {as_json(dict(c, type="contract")) for c in RULESETS["rifki"].contracts}
    assert {value for value, (disabled, _) in shown.items() if not disabled} == legal
    greyed = {json.loads(value)["name"]: words for value, (disabled, words) in shown.items() if disabled}
    assert greyed == {
        "no_tricks": "El Almaz (no tricks) Named 2 times already, the most a game allows.",
    }


def test_the_opening_penalty_hands_grey_every_trump(players):
    match = rifki_after(players, deals=0, options={"opening_negative_hands": 4})
    state = states.match_state(match)
    page = browser(players[state.to_act]).get(f"/matches/{match.pk}/").content.decode()
    greyed = [words for value, (disabled, words) in contract_buttons(page).items() if disabled]

    assert len(greyed) == 4
    assert all(w.startswith("Koz ") and w.endswith("The first 4 deals are penalty contracts.") for w in greyed)


def test_every_seat_and_a_spectator_see_the_quotas_and_only_the_declarer_the_buttons(players):
    match = rifki_after(players, deals=2)
    declarer = states.match_state(match).to_act
    for viewer in [*players, None]:
        page = browser(viewer).get(f"/matches/{match.pk}/").content.decode()
        assert 'id="quotas"' in page
        rows = re.findall(r'<tr( class="declarer")?><th scope="row">(.*?)</th><td class="num">(\d)</td>', page)
        assert [(bool(mark), TAG.sub("", name).split()[0], int(trumps)) for mark, name, trumps in rows] == [
            (seat == declarer, f"player{seat}", 2) for seat in range(len(players))
        ]
        penalties = re.findall(r'<td class="num( spent)?">(\d)</td></tr>', page)
        assert sorted(int(left) for _, left in penalties) == [2, 2, 3, 3]  # two seats named a penalty
        assert "each penalty contract at most 2 times a game" in page
        assert page.count('<span class="uses">spent</span>') == 1  # El Almaz
        is_declarer = viewer is players[declarer]
        assert bool(contract_buttons(page)) == is_declarer


def test_the_greys_match_the_engine_at_every_choice_of_a_whole_game():
    """Pure: a whole Rifki game in the engine alone, contracts picked at random; at every choice
    the buttons greyed are exactly the contracts the engine refuses, each with a known reason
    (so the view's quotas explain every refusal, the per-contract limit included)."""
    for seed, options in ((7, {}), (8, {"short_mode": True}), (9, {"opening_negative_hands": 4})):
        rng = random.Random(seed)
        state = new_game("rifki", seed=seed, options=options)
        choices = 0
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == "contract":
                choices += 1
                context = decision_context(state.view(state.to_act), NAMES)
                greyed = {b["json"] for b in context["choices"] if b["disabled"]}
                assert greyed == {as_json(dict(c, type="contract")) for c in RULESETS["rifki"].contracts} - {
                    as_json(a) for a in legal
                }
                reasons = [b["detail"] for b in context["choices"] if b["disabled"]]
                assert all(reason and reason != "Not available now." for reason in reasons)
                assert context["quotas"]["players"][state.to_act]["declarer"]
            choosing = state.phase == "contract"
            state.apply(rng.choice(legal) if choosing else legal[-1])  # last: play on rather than cancel
        assert choices >= (12 if options.get("short_mode") else 20)
