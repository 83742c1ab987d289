"""A match's announcement (games.hooks.MATCH_ADVANCED: what bots and waiting clients listen to)
is made only once events are committed."""

from django.db import transaction

from games.hooks import MATCH_ADVANCED
from games.service import playing, states
from tests.fixtures.matches import act


def listen():
    heard = []

    def receiver(announced):
        heard.append((announced.match_id, announced.version))

    MATCH_ADVANCED.register(receiver)
    return heard, receiver


def test_an_accepted_action_announces_the_new_version_after_commit(
    king_board_match, clients, django_capture_on_commit_callbacks
):
    match = king_board_match
    state = states.match_state(match)
    heard, receiver = listen()
    try:
        with django_capture_on_commit_callbacks(execute=False) as pending:
            act(clients[state.to_act], match, state.legal_actions()[0])
        assert heard == []  # nothing is announced before the commit
        for callback in pending:
            callback()
        match.refresh_from_db()
        assert heard == [(match.pk, match.version)]
    finally:
        MATCH_ADVANCED.unregister(receiver)


def test_a_refused_action_announces_nothing(king_board_match, clients, django_capture_on_commit_callbacks):
    match = king_board_match
    heard, receiver = listen()
    try:
        with django_capture_on_commit_callbacks(execute=True) as pending:
            act(clients[0], match, {"type": "play", "card": "ZZ"}, expected_version=match.version + 5)
        assert pending == [] and heard == []
    finally:
        MATCH_ADVANCED.unregister(receiver)


def test_a_rolled_back_action_announces_nothing(king_board_match, players, django_capture_on_commit_callbacks):
    match = king_board_match
    state = states.match_state(match)
    heard, receiver = listen()
    try:
        with django_capture_on_commit_callbacks(execute=True):
            try:
                with transaction.atomic():
                    playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
                    raise RuntimeError("the surrounding transaction fails")
            except RuntimeError:
                pass
        assert heard == []
        match.refresh_from_db()
        assert match.version == len(states.match_state(match).events)
    finally:
        MATCH_ADVANCED.unregister(receiver)
