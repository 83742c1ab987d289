"""A link to the replay or the audit that names a deal (?deal=N, as the score sheet's deal rows
do) opens at that deal's start, the event that deals its cards, nothing of it played yet; a link
that names none opens at the start of deal 1, never at the last event."""

import re

import pytest

from tests.pages.deals_to_replay import audit_version, browser, deal_starts, game_of_deals, replay_version

pytestmark = pytest.mark.django_db


def test_each_deal_named_opens_at_its_start_on_both_pages(make_bot):
    match = game_of_deals(make_bot)
    starts = deal_starts(match)
    assert len(starts) >= 3
    client = browser()
    for deal, start in starts.items():
        replay = client.get(f"/matches/{match.pk}/replay/?deal={deal}").content.decode()
        assert replay_version(replay) == start
        assert re.search(rf"Deal\s*{deal} of", replay)
        audit = client.get(f"/matches/{match.pk}/audit/?deal={deal}").content.decode()
        assert audit_version(audit) == start
        assert 'data-event-type="deal_started"' in audit


def test_a_link_that_names_no_deal_opens_at_the_start_of_deal_one(make_bot):
    match = game_of_deals(make_bot)
    first = deal_starts(match)[1]
    assert first < match.version
    client = browser()
    assert replay_version(client.get(f"/matches/{match.pk}/replay/").content.decode()) == first
    assert audit_version(client.get(f"/matches/{match.pk}/audit/").content.decode()) == first


def test_the_score_sheet_links_each_deal_row_to_the_replay_at_that_deal(make_bot):
    match = game_of_deals(make_bot)
    sheet = browser().get(f"/matches/{match.pk}/sheet/").content.decode()
    for deal in deal_starts(match):
        assert f'href="/matches/{match.pk}/replay/?deal={deal}"' in sheet
