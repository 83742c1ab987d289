"""match_advanced (what bots and waiting clients listen to) is sent only once events are committed."""

from django.db import transaction

from games import service
from tests.fixtures.matches import act


def listen():
    heard = []

    def receiver(sender, match_id, version, **kwargs):
        heard.append((match_id, version))

    service.match_advanced.connect(receiver, weak=False)
    return heard, receiver


def test_an_accepted_action_announces_the_new_version_after_commit(
    king_board_match, clients, django_capture_on_commit_callbacks
):
    match = king_board_match
    state = service.match_state(match)
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
        service.match_advanced.disconnect(receiver)


def test_a_refused_action_announces_nothing(king_board_match, clients, django_capture_on_commit_callbacks):
    match = king_board_match
    heard, receiver = listen()
    try:
        with django_capture_on_commit_callbacks(execute=True) as pending:
            act(clients[0], match, {"type": "play", "card": "ZZ"}, expected_version=match.version + 5)
        assert pending == [] and heard == []
    finally:
        service.match_advanced.disconnect(receiver)


def test_a_rolled_back_action_announces_nothing(king_board_match, players, django_capture_on_commit_callbacks):
    match = king_board_match
    state = service.match_state(match)
    heard, receiver = listen()
    try:
        with django_capture_on_commit_callbacks(execute=True):
            try:
                with transaction.atomic():
                    service.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
                    raise RuntimeError("the surrounding transaction fails")
            except RuntimeError:
                pass
        assert heard == []
        match.refresh_from_db()
        assert match.version == len(service.match_state(match).events)
    finally:
        service.match_advanced.disconnect(receiver)
