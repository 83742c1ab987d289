"""GET matches/<id>/sheet/ (and /audit/) where one bot holds three seats: the pages name each seat as the table
page does (each seat the bot holds by its seat's short name, "Charlie" for seat 3, from
games.pages.table.match_seat_names), in the players' columns, the dealer column and the winners
line, so no two columns read the same."""

import html
import re

import pytest

from games.pages import table
from games.service import creating, states
from tests.fixtures.bots import run_until_over
from tests.pages.tables import table_rows

pytestmark = pytest.mark.django_db


def test_each_seat_of_a_bot_holding_three_is_named_with_its_seat_number(make_bot, client):
    alone, house = make_bot(name="club-bot"), make_bot(name="house-heuristic")
    match = run_until_over(
        creating.do_create_match(
            "king", {"quick_game_combined_negatives": True}, [alone, house, house, house], seed=b"seats" * 4
        )
    )
    page = client.get(f"/matches/{match.pk}/sheet/").content.decode()
    names = ["club-bot", "Bravo", "Charlie", "Delta"]

    assert table_rows(page, "thead")[0][3:7] == names  # four columns, four different headings
    state = states.match_state(match)
    assert [row[1] for row in table_rows(page, "tbody")] == [names[d["dealer"]] for d in state.deals]
    winners = html.unescape(re.search(r'id="winners">(.*?)</p>', page, re.S).group(1))
    assert winners.split(": ", 1)[1] == ", ".join(names[s] for s in state.winners)
    # The very names the table page shows: the sheet reuses its function, not a copy of it.
    table = client.get(f"/matches/{match.pk}/").content.decode()
    assert all(f">{html.escape(name)}</th>" in table for name in names)


def test_the_audit_pages_name_the_seats_with_the_table_pages_function_rather_than_a_copy_of_it(make_bot, client):
    from games.pages import audit

    assert any(value is table.match_seat_names for value in vars(audit).values())
    assert not hasattr(audit, "seat_names")
    alone, house = make_bot(name="club-bot"), make_bot(name="house-heuristic")
    match = run_until_over(
        creating.do_create_match(
            "king", {"quick_game_combined_negatives": True}, [alone, house, house, house], seed=b"audit" * 4
        )
    )
    page = html.unescape(client.get(f"/matches/{match.pk}/audit/?seat=1&version=10").content.decode())
    assert '<option value="2">Charlie</option>' in page
    assert "The hands as Bravo saw them" in page  # ?seat=1, by name, not number
    panels = re.findall(r'<li class="audit-seat[^"]*" data-seat="\d">\s*<h4>(.*?)</h4>', page, re.S)
    headings = [h.split("<small>")[0].strip() for h in panels]
    assert headings == ["club-bot", "Bravo", "Charlie", "Delta"]
