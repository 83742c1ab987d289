"""A table page whose refresh never arrived (dropped by htmx while the player's own move was
being sent, or lost on the network) catches up by itself: the stream announced a newer version
than the table shows, so the page asks again at once, without waiting for another move. Before
this, a lost refresh at the last move before a player's turn left their table stalled.

Four people sit at the table (no bot, no worker): the move is made through the API while the
page follows the match's stream; the page's first requests for the table after the move (as
many as the stream gives it reasons to ask: the move's event, the snapshot of a reopened
stream, one more) are cut.
"""

import pytest

from games.service import creating, states
from tests.fixtures.browser import PASSWORD, log_in
from tests.fixtures.matches import act
from tests.fixtures.people import client_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CATCH_UP_MS = 8_000  # well under the page's 20-second safety poll: the catch-up is what answers
CUT = 3


def test_a_table_whose_refresh_was_cut_shows_the_announced_move_without_another(new_page, django_user_model, settings):
    settings.PERSON_MOVE_SECONDS = None  # no clock: nothing but the move changes the table
    people = [django_user_model.objects.create_user(f"person{i}", password=PASSWORD) for i in range(4)]
    match = creating.do_create_match("king", {}, people, seed=b"catch-up" * 4)
    watcher = next(p for i, p in enumerate(people) if i != match.to_act)
    page = new_page(phone=True)
    log_in(page, watcher.username)
    page.goto(f"/matches/{match.pk}/")
    shown = int(page.get_attribute("#table", "data-version"))
    assert shown == match.version

    cut = []

    def cut_the_first(route):
        if len(cut) < CUT:
            cut.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/matches/*/live/*", cut_the_first)
    state = states.match_state(match)
    assert act(client_for(people[state.to_act]), match, state.legal_actions()[0]).status_code == 201
    match.refresh_from_db()
    page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) === v", arg=match.version, timeout=CATCH_UP_MS
    )
    assert len(cut) == CUT and all(f"?v={shown}" in url for url in cut)
