"""The ladder's pages and its section of a bot's page are in the reader's language: rendered in
Brazilian Portuguese and in Turkish they hold no English (tests/i18n's two nets: the msgid
scan and the everyday English words), the bots' and owners' names aside."""

import re

import pytest

from tests.i18n.english import english_left, visible_text
from tests.ladder.conftest import RULESET, play_out
from tournaments.ladder import service as ladder_service
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderTable

pytestmark = pytest.mark.django_db


@pytest.fixture
def ladder_pages(owners, bots):
    """A rated match, a paused bot, one that left and one that left for faults and waits to
    rejoin: every state the pages word."""
    for owner, bot in zip(owners[:3], bots[:3]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    ladder_tick()
    table = LadderTable.objects.get()  # three bots and an anchor
    play_out(table.match, take_over=table.seats.index(bots[1].pk))
    ladder_service.do_rate_match(table.match_id)
    ladder_service.do_join(RULESET, owners[3], bots[3].pk)
    ladder_service.do_set_status(RULESET, owners[3], bots[3].pk, "paused")
    ladder_service.do_leave(RULESET, owners[2], bots[2].pk)
    return ["/ladder/", f"/ladder/{RULESET}/", *(f"/bots/{b.pk}/" for b in bots[:4]), f"/bots/{table.anchors[0]}/"]


def ladder_part(path, page):
    """The ladder's own part of a page: all of a ladder page, the ladder section of a bot's."""
    if not path.startswith("/bots/"):
        return page
    start = page.index('<section aria-labelledby="ladder-heading"')
    depth = 0
    for tag in re.finditer(r"<(/?)section\b", page[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return page[start : start + tag.end()]
    raise AssertionError("the ladder section is not closed")


@pytest.mark.parametrize("language, code", [("pt_BR", "pt-br"), ("tr", "tr")])
def test_no_english_is_left(client, owners, bots, ladder_pages, language, code):
    from bots.models import Bot

    names = sorted({*Bot.objects.values_list("name", flat=True), *(o.username for o in owners)}, key=len, reverse=True)
    client.force_login(owners[0])  # the owner's buttons too
    for path in ladder_pages:
        page = client.get(path, {"lang": code})
        assert page.status_code == 200, path
        text = visible_text(ladder_part(path, page.content.decode()))
        assert english_left(text, language, allowed=names) == [], path
    refused = client.post(f"/ladder/{RULESET}/bots/{bots[0].pk}/?lang={code}", {"action": "join"})
    assert refused.status_code == 409
    assert english_left(visible_text(refused.content.decode()), language, allowed=names) == []
