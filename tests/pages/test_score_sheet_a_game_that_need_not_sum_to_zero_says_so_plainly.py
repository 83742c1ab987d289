"""GET matches/<id>/sheet/ of a finished game the rules do not hold to a zero sum (a Rifki short
game, a single fixed deal: playout.game_sums_to_zero says no, so there is no check): the sum
is stated as plain information, with the reason, never as a failed check or an error."""

import random
import re

import pytest

from games.service import creating, states
from tests.engine.helpers import random_hands
from tests.fixtures.bots import run_until_over

pytestmark = pytest.mark.django_db


def zero_sum_line(page):
    found = re.search(r'<p id="zero-sum" class="([^"]*)">(.*?)</p>', page, re.S)
    return found.group(1), " ".join(found.group(2).split())


def test_a_short_rifki_game_states_its_sum_and_that_a_short_game_does_not_sum_to_zero(make_bot, client):
    bots = [make_bot(name=f"short-bot-{i}") for i in range(4)]
    match = run_until_over(creating.do_create_match("rifki", {"short_mode": True}, bots, seed=b"short" * 4))
    total = sum(states.match_state(match).scores)
    assert total != 0  # this seed's short game does not sum to zero, as is usual

    css_class, text = zero_sum_line(client.get(f"/matches/{match.pk}/sheet/").content.decode())
    assert text == f"Sum of totals: {total}. A short game does not sum to zero."
    assert css_class == "info"  # neither "ok" nor "fail": no check was made


def test_a_single_fixed_deal_says_only_a_whole_game_sums_to_zero(make_bot, client):
    bot = make_bot(name="deal-bot")
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(42))}
    match = run_until_over(creating.do_create_match("king", {}, [bot] * 4, board=board))
    total = sum(states.match_state(match).scores)

    css_class, text = zero_sum_line(client.get(f"/matches/{match.pk}/sheet/").content.decode())
    assert text == f"Sum of totals: {total}. A single deal does not sum to zero; only a whole game does."
    assert css_class == "info" and "✗" not in text
