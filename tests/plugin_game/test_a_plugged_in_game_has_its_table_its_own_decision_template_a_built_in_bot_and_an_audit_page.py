"""High card at the table page, against a built-in bot: the bot's strategy is found in the
strategies' registry its fixture filled, the person sees their own card and never the bot's, and
decides through the game's own decision template (templates/games/highcard/_decision.html, found
by convention) with the words its descriptor gives the buttons. Once the game is over, the audit
page re-derives every event and lists every check as passed."""

import json

from games.models import Match
from games.service import creating, states
from tests.pages.tables import bots_play_until_the_person_acts, browser, choices

from .highcard import NAME


def test_a_person_plays_a_bot_at_the_table_and_the_audit_page_verifies_the_game(highcard, players, make_bot):
    person, bot = players[0], make_bot(strategy="heuristic")
    match = creating.do_create_match(NAME, {"deals": 2}, [person, bot], created_by=person, seed=32)
    page = browser(person)
    for _ in range(2):  # the bot leads the first deal, the person the second
        state = bots_play_until_the_person_acts(match)
        html = page.get(f"/matches/{match.pk}/").content.decode()
        assert 'id="highcard-decision"' in html and "Show my card" in html and "Fold" in html
        assert f'data-card="{state.hand(0)[0]}"' in html and f'data-card="{state.hand(1)[0]}"' not in html
        assert [json.loads(c["action"]) for c in choices(html)] == [{"type": "show"}, {"type": "fold"}]
        match.refresh_from_db()
        posted = {"action": json.dumps({"type": "show"}), "expected_version": match.version}
        assert page.post(f"/matches/{match.pk}/act/", posted).status_code in (200, 302)
    bots_play_until_the_person_acts(match)
    match.refresh_from_db()
    assert match.status == Match.Status.OVER and states.match_state(match).is_over

    audit = page.get(f"/matches/{match.pk}/audit/").content.decode()
    assert "Every check passes." in audit
