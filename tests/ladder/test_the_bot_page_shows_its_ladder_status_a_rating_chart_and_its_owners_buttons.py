"""A bot's page has a ladder section (bots.hooks.BOT_PAGE_SECTIONS): per offered game, the bot's
status, rank and rating, its rating history as a server-rendered SVG chart (no script, no
style attribute: the Content-Security-Policy) with a text alternative (its title and
description, and a table), and, for its owner only, the buttons that apply now (POST forms
with their CSRF token). A house anchor's page shows where it anchors; another built-in bot's
page has no ladder section."""

import re

import pytest

from tests.ladder.conftest import RULESET, new_bot, play_out
from tournaments.ladder import service as ladder_service
from tournaments.ladder.tasks import ladder_tick
from tournaments.models import LadderRating, LadderTable

pytestmark = pytest.mark.django_db


def section(client, bot, ruleset=RULESET):
    """The part of the bot's page about one game's ladder ("" when there is none)."""
    html = client.get(f"/bots/{bot.pk}/").content.decode()
    found = re.search(rf'<section aria-labelledby="ladder-{ruleset}-heading".*?</section>', html, re.S)
    return found.group(0) if found else ""


def buttons(html):
    return re.findall(r'<button type="submit" name="action" value="(\w+)"', html)


def test_the_owner_sees_the_buttons_that_apply_and_others_see_none(client, owners, bots):
    ana, bo = owners[:2]
    client.force_login(ana)
    assert buttons(section(client, bots[0])) == ["join"]
    assert "Not in this ladder." in section(client, bots[0])
    ladder_service.do_join(RULESET, ana, bots[0].pk)
    own = section(client, bots[0])
    assert buttons(own) == ["pause", "leave"]
    assert own.count('name="csrfmiddlewaretoken"') == 2
    assert f'action="/ladder/{RULESET}/bots/{bots[0].pk}/"' in own
    ladder_service.do_set_status(RULESET, ana, bots[0].pk, "paused")
    assert buttons(section(client, bots[0])) == ["resume", "leave"]
    client.force_login(bo)
    theirs = section(client, bots[0])
    assert "Paused" in theirs and buttons(theirs) == [] and "csrfmiddlewaretoken" not in theirs
    client.logout()
    assert buttons(section(client, bots[0])) == []
    off = new_bot(bo, "bo-off")
    off.is_active = False
    off.save()
    client.force_login(bo)
    assert buttons(section(client, off)) == []  # a disabled bot cannot join


def test_the_rating_history_chart_and_its_text_alternative(client, owners, bots):
    for owner, bot in zip(owners[:4], bots[:4]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    for _ in range(2):
        ladder_tick()
        table = LadderTable.objects.get(match__status="live")
        play_out(table.match)
        ladder_service.do_rate_match(table.match_id)
    rating = LadderRating.objects.get(bot=bots[0])
    html = section(client, bots[0])
    assert "<svg" in html and 'role="img"' in html and "<script" not in html and "style=" not in html
    title = re.search(r'<title id="([\w-]+)">([^<]*)</title>', html)
    assert title.group(2) == "Rating history of ana-bot"
    assert f'aria-labelledby="{title.group(1)} ' in html
    desc = re.search(r"<desc [^>]*>([^<]*)</desc>", html).group(1)
    assert f"to {rating.mu:.2f} ± {rating.sigma:.2f} after game 2" in desc
    assert len(re.findall(r"<polyline points=\"[\d., ]+\"", html)) == 2  # mu and the ordinal
    assert re.search(r'<polygon points="[\d., ]+"', html)  # the ± sigma band
    assert len(re.findall(r"<circle ", html)) == 2
    assert (
        f"Rank {LadderRating.objects.filter(ordinal__gt=rating.ordinal).count() + 1}, rating {rating.ordinal:.2f}"
        in html
    )
    rows = re.findall(r'<tr><td class="num">(\d+)</td>', html)
    assert rows == ["2", "1"]  # the table: latest first
    pt = client.get(f"/bots/{bots[0].pk}/?lang=pt-br").content.decode()
    assert re.search(r'<polyline points="[\d., ]+"', pt)  # coordinates never take the locale's comma


def test_a_house_anchor_shows_where_it_anchors_and_other_built_in_bots_show_nothing(client, owners, bots):
    for owner, bot in zip(owners[:3], bots[:3]):
        ladder_service.do_join(RULESET, owner, bot.pk)
    ladder_tick()
    table = LadderTable.objects.get()
    play_out(table.match)
    ladder_service.do_rate_match(table.match_id)
    from bots.models import Bot

    anchor = Bot.objects.get(pk=table.anchors[0])
    html = section(client, anchor)
    assert "Plays here as an anchor." in html and "<svg" in html and buttons(html) == []
    assert section(client, anchor, "rifki") == ""  # it anchors only where it played
    other = new_bot(owners[0], "ana-builtin", kind="builtin", strategy="random")
    client.force_login(owners[0])
    assert 'id="ladder-heading"' not in client.get(f"/bots/{other.pk}/").content.decode()
