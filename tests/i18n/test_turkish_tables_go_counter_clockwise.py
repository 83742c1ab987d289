"""The table puts its viewer at the bottom and the others around it in the ruleset's direction
of play (games/pages/compass.py, from the descriptor): in a counter-clockwise game such as Rifki the
next player sits on the viewer's right, across, then left, and the page says which way the play
goes; in a clockwise game it is the other way round."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import RULESETS
from games.engine.rulesets import CLOCKWISE, COUNTER_CLOCKWISE
from games.pages import compass
from games.service import creating
from tests.pages.tables import browser

# Clockwise seen from above, from 6 o'clock: 9, 12, 3 o'clock.
CLOCK = {"bottom": 6, "left": 9, "top-left": 10.5, "top": 12, "top-right": 1.5, "right": 3}


def hour_after(place, direction):
    return (CLOCK[place] + 3 * direction - 1) % 12 + 1


@given(num_seats=st.sampled_from(sorted(compass.CLOCKWISE_PLACES)), data=st.data())
def test_each_next_player_sits_further_round_in_the_direction_of_play(num_seats, data):
    viewer = data.draw(st.integers(0, num_seats - 1))
    direction = data.draw(st.sampled_from([CLOCKWISE, COUNTER_CLOCKWISE]))

    places = compass.places(viewer, num_seats, direction)

    assert places[viewer] == "bottom" and len(set(places.values())) == num_seats
    order = [(viewer + k * direction) % num_seats for k in range(num_seats)]
    hours = [CLOCK[places[seat]] for seat in order]
    # Going round the clock face from 6 o'clock in the direction of play, the hours only grow.
    turned = [((h - 6) * direction) % 12 for h in hours]
    assert turned == sorted(turned)


def test_at_four_seats_the_next_player_is_on_the_left_clockwise_and_on_the_right_counter_clockwise():
    assert compass.places(0, 4, CLOCKWISE) == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    assert compass.places(0, 4, COUNTER_CLOCKWISE) == {0: "bottom", 3: "right", 2: "top", 1: "left"}
    assert compass.places(2, 4, COUNTER_CLOCKWISE) == {2: "bottom", 1: "right", 0: "top", 3: "left"}


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", [name for name, game in RULESETS.items() if game.trick_taking])
def test_the_table_page_seats_the_players_in_the_direction_of_play(ruleset, django_user_model, make_bot):
    person = django_user_model.objects.create_user("cem", password="long-enough-pass")
    bot = make_bot()
    match = creating.do_create_match(ruleset, {}, [bot, person, bot, bot], seed=b"compass" * 4, created_by=person)
    game = RULESETS[ruleset]

    page = browser(person).get(f"/matches/{match.pk}/").content.decode()

    expected = compass.places(1, 4, game.direction)
    for seat, place in expected.items():
        assert f'data-seat="{seat}" data-place="{place}"' in page
    after_me = game.next_seat(1, 4)
    assert expected[after_me] == ("left" if game.direction == CLOCKWISE else "right")
    way = "clockwise" if game.direction == CLOCKWISE else "counter-clockwise"
    assert f'data-direction="{way}"' in page and ("\u21bb" if way == "clockwise" else "\u21ba") in page
