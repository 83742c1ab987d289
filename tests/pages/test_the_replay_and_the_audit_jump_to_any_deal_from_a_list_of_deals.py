"""Both pages list every deal one may replay in a form (a plain GET without JavaScript) that jumps
to the start of the deal chosen, and mark the deal the step shown belongs to."""

import re

import pytest

from tests.pages.deals_to_replay import audit_version, browser, deal_starts, game_of_deals, replay_version

pytestmark = pytest.mark.django_db


def deal_options(page, select):
    picker = re.search(rf'<select id="{select}" name="deal">(.*?)</select>', page, re.S).group(1)
    return [(int(value), bool(chosen)) for value, chosen in re.findall(r'<option value="(\d+)"( selected)?>', picker)]


def test_the_deal_list_holds_every_deal_and_marks_the_one_shown(make_bot):
    match = game_of_deals(make_bot)
    starts = deal_starts(match)
    middle = starts[2] + 5  # a few events into deal 2
    client = browser()
    replay = client.get(f"/matches/{match.pk}/replay/?v={middle}").content.decode()
    audit = client.get(f"/matches/{match.pk}/audit/?version={middle}").content.decode()
    for page, select in ((replay, "replay-deal"), (audit, "audit-deal")):
        assert deal_options(page, select) == [(deal, deal == 2) for deal in starts]
        form = re.search(r'<form id="(?:replay|audit)-deals"[^>]*method="get"[^>]*>', page)
        assert form, "a plain form: it works without JavaScript"


def test_choosing_a_deal_jumps_to_its_start_keeping_the_eyes_chosen(make_bot, staff):
    match = game_of_deals(make_bot)
    starts = deal_starts(match)
    last = max(starts)
    client = browser(staff)
    # what the deal form sends: the seat it shows, and the deal chosen
    replay = client.get(f"/matches/{match.pk}/replay/?seat=2&deal={last}").content.decode()
    assert replay_version(replay) == starts[last]
    assert re.search(r'<option value="2" selected>', replay)
    audit = client.get(f"/matches/{match.pk}/audit/?seat=2&deal={last}").content.decode()
    assert audit_version(audit) == starts[last]
    assert 'id="audit-hands-heading">The hands as deals2 saw them' in audit
