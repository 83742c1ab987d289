"""A deal, seat or event the replay or the audit cannot show (?deal=0, ?deal=999, ?deal=abc,
?seat=9) is a 400 that says what is wrong, with the nearest step one may see beside it: never a
server error, and nothing is stored."""

import pytest

from games.record import eventlog
from tests.pages.deals_to_replay import browser, deal_starts, game_of_deals

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query,message",
    [
        ("deal=0", "there is no deal 0: deal is 1 to"),
        ("deal=999", "there is no deal 999: deal is 1 to"),
        ("deal=abc", "deal must be a whole number"),
        ("deal=-1", "deal must be a whole number"),
        ("seat=9", "seat is 0 to 3"),
        ("seat=9&deal=2", "seat is 0 to 3"),
    ],
)
def test_a_bad_parameter_is_a_400_with_its_reason_and_a_step_to_go_on_from(make_bot, query, message):
    match = game_of_deals(make_bot)
    before = [(r.version, r.hash) for r in eventlog.stream_events(match.stream)]
    last_deal = max(deal_starts(match))
    client = browser()
    for page in ("replay", "audit"):
        for extra in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(f"/matches/{match.pk}/{page}/?{query}", **extra)
            text = response.content.decode()
            assert response.status_code == 400, (page, query)
            assert message in text and 'role="alert"' in text, (page, query)
            if "deal is 1 to" in message:
                assert f"deal is 1 to {last_deal}" in text
            assert "Refused (400)" in text
    assert [(r.version, r.hash) for r in eventlog.stream_events(match.stream)] == before


def test_the_replay_falls_back_to_the_start_of_deal_one_after_a_bad_deal(make_bot):
    match = game_of_deals(make_bot)
    page = browser().get(f"/matches/{match.pk}/replay/?deal=999").content.decode()
    assert f'data-version="{deal_starts(match)[1]}"' in page and 'id="table"' in page
