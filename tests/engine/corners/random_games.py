"""Random Kings in the Corner games for the property tests: random rulesets, flags and table
sizes (2-6), played by a uniformly random seat."""

import random

from hypothesis import strategies as st

from games.engine import new_game

PAGAT_SCORINGS = ("k10_other1", "chips_pot", "pips_a25", "stofka_50_10_5", "kleplek_10_5_1", "robinson_face")


@st.composite
def corners_options(draw):
    players = draw(st.integers(2, 6))
    opts = {"players": players}
    if draw(st.booleans()):
        opts["becker_rules"] = True
        opts["deal_size"] = 4
    opts["scoring"] = draw(st.sampled_from(PAGAT_SCORINGS))
    if opts["scoring"] == "k10_other1" and draw(st.integers(0, 3)) == 0:
        opts["pool_variant"] = True
    opts["draw_timing"] = draw(st.sampled_from(("end_of_turn", "start_of_turn")))
    opts["draw_count"] = draw(st.integers(1, 2))
    opts["corner_build"] = draw(st.sampled_from(("alt_colour_down", "same_suit_down")))
    opts["base_build"] = draw(st.sampled_from(("alt_colour_down", "alt_colour_up", "same_suit_down")))
    opts["jokers_wild"] = draw(st.booleans())
    opts["setup_king_handling"] = draw(
        st.sampled_from(("first_player_may_move", "auto_corner_refill_from_stock", "stays_in_base"))
    )
    opts["king_pile_to_corner_anytime"] = draw(st.booleans())
    opts["compulsory_kings"] = draw(st.booleans())
    opts["ace_completion_bonus"] = draw(st.sampled_from((0, 0, 5)))
    if draw(st.booleans()):
        opts["game_length"] = "fixed_hands"
        opts["fixed_hands"] = draw(st.integers(1, 2))
    else:
        opts["target_score"] = draw(st.sampled_from((10, 25)))
    return "corners", opts


@st.composite
def jax_options(draw):
    return "corners_jax", {
        "players": draw(st.integers(2, 6)),
        "chips_total": draw(st.sampled_from((12, 30, 80))),
        "target_points": draw(st.sampled_from((20, 40))),
        "jax_deadlock": draw(st.sampled_from(("void", "carry_over"))),
        "jax_chip_debt": draw(st.booleans()),
        "drawn_king_immediate_play": draw(st.booleans()),
        "king_pile_to_corner_anytime": draw(st.booleans()),
    }


games = st.tuples(st.one_of(corners_options(), jax_options()), st.integers(0, 2**32))

MAX_ACTIONS = 600  # a cap that keeps the suite fast; most games end well before it


def walk(spec, seed, max_actions=MAX_ACTIONS):
    """Play a random game; yields (state, action just applied or None, events it produced)."""
    ((ruleset, options),) = (spec,)
    state = new_game(ruleset, seed=seed, options=options)
    rng = random.Random(seed)
    yield state, None, state.events
    for _ in range(max_actions):
        if state.is_over:
            return
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        yield state, action, events


def played(spec, seed, max_actions=MAX_ACTIONS):
    state = None
    for step in walk(spec, seed, max_actions):
        state = step[0]
    return state
