"""A process whose state cache holds an earlier head of a match (another worker played the last
actions) reads only the events since and folds them into its state: the state is the one a
whole replay gives, for every ruleset and wherever the cached head stood. If the chain of the
rows since does not run from the cached head to the match's, the stream is replayed whole."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import RULESETS
from games.models import Event
from games.service import creating, playing, states

pytestmark = pytest.mark.django_db


def played(ruleset, actions, seed):
    """A match of ``ruleset`` after ``actions`` random actions through the service, and the
    (version, hash) of every head it passed."""
    users = [get_user_model().objects.create_user(f"{ruleset}{i}") for i in range(RULESETS[ruleset].num_seats())]
    match = creating.do_create_match(ruleset, {}, users)
    rng = random.Random(seed)
    heads = [(match.version, match.head_hash)]
    for _ in range(actions):
        state = states.current_state(match)
        if state.is_over:
            break
        seat = state.to_act
        playing.do_act(match.pk, "test", lambda m, seat=seat: seat, rng.choice(state.legal_actions()), match.version)
        match.refresh_from_db()
        heads.append((match.version, match.head_hash))
    return match, heads


def behind(match, head):
    """What a process that last saw ``head`` holds: that head's state, replayed on its own."""
    return states.replay(match, states.engine_events(match.stream, upto=head[0], shown=True))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_caught_up_state_is_the_whole_replays(ruleset):
    match, heads = played(ruleset, actions=120, seed=7)
    whole = states.match_state(match)
    for head in random.Random(1).sample(heads[:-1], 8):
        stale = behind(match, head)
        states._STATES[match.pk] = (head, stale)
        with CaptureQueriesContext(connection) as queries:
            state = states.current_state(match)
        assert state is stale  # folded into, not replayed
        assert len(queries) == 1
        assert state == whole and state.events == whole.events
        assert state.legal_actions() == whole.legal_actions() and state.to_act == whole.to_act


def test_a_cached_head_the_rows_since_do_not_join_is_replayed_whole():
    ruleset = next(iter(RULESETS))
    match, heads = played(ruleset, actions=20, seed=3)
    version, _ = heads[5]
    stale = behind(match, heads[5])
    states._STATES[match.pk] = ((version, "f" * 64), stale)  # not the hash the next row names
    state = states.current_state(match)
    assert state is not stale and state == states.match_state(match)
    assert Event.objects.filter(stream=match.stream).count() == match.version
