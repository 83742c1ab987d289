"""verify_match refuses events stored past the head the match row names, unless an append
sealed them (a writer that committed after the row was read: the match is checked as it
stood, tests/audit/test_verify_reports_tampering_at_the_version_where_it_happened.py).

Planted past the head of a live match, a legal next move chains and replays: the row's head
and the seal read after the rows are what show nobody's append wrote it.
"""

import pytest

from games.models import StreamHead
from games.record.audit import verify_match
from games.service import creating, playing, states
from tests.audit.planting import plant

pytestmark = pytest.mark.django_db


def test_a_legal_move_planted_past_a_live_matchs_head_is_refused_at_its_version(bots):
    match = creating.do_create_match("king", {}, bots)
    state = states.match_state(match)
    planted = plant(match.stream, state.apply(state.legal_actions()[0]))
    [finding] = [f for f in verify_match(match) if not f.ok]
    assert (finding.check, finding.version) == ("head", match.version + 1) == ("head", planted[0].version)
    assert len(planted) == 1 and finding.message == (
        f"1 event stored past the head recorded at version {match.version}, "
        f"from version {match.version + 1}, and no sealed append wrote it"
    )


def test_planted_past_a_sealed_append_they_are_refused_from_the_first_unsealed_version(bots):
    match = creating.do_create_match("king", {}, bots)
    state = states.match_state(match)
    playing.do_act(match.pk, "system", lambda m: state.to_act, state.legal_actions()[0], match.version)
    match.refresh_from_db()
    sealed = StreamHead.objects.get(stream=match.stream).version
    state = states.match_state(match)
    plant(match.stream, state.apply(state.legal_actions()[0]))
    assert [(f.check, f.version) for f in verify_match(match) if not f.ok] == [("head", sealed + 1)]
