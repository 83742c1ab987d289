"""The manage page's round buttons (docs/tournaments.md, "Draw, check-in and start"): "Draw round
1" and "Start round 1" (which draws and starts at once) before a draw; "Start round 1" and
"Redraw round 1" once drawn, with the drawn tables. Withdrawing someone the draw seats says the
round must be drawn again, and after it a warning stands in place of the start (a stale page's
start is refused with the service's message) until the round is drawn again."""

import pytest

from tests.tournaments.draws import event, head, signed_in, types
from tournaments.models import Entrant
from tournaments.service import entries

pytestmark = pytest.mark.django_db


def test_draw_then_redraw_after_a_withdrawal_then_start(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 8)
    client, base = signed_in(organiser), f"/tournaments/{t.pk}/manage/"
    page = client.get(base).content.decode()
    assert 'id="draw-round"' in page and 'id="start-round"' in page and 'id="redraw-round"' not in page

    assert client.post(base + "draw-round/").status_code == 302
    page = client.get(base).content.decode()
    assert "Round 1 is drawn" in page and "Round 1 — drawn, not started" in page
    assert 'id="start-round"' in page and 'id="redraw-round"' in page and 'id="draw-round"' not in page
    assert 'id="table-cards"' in page

    drawn = Entrant.objects.filter(tournament=t).order_by("pk").first()
    confirm = client.get(f"{base}withdraw/{drawn.pk}/").content.decode()
    assert 'id="withdraw-redraw"' in confirm  # the confirmation says the round must be drawn again
    entries.do_withdraw(drawn.pk, organiser)
    page = client.get(base).content.decode()
    assert 'id="draw-outdated"' in page and drawn.name in page and 'id="start-round"' not in page
    before = head(t)
    refused = client.post(base + "start-round/")  # as a stale page would
    assert refused.status_code == 409 and "was drawn before" in refused.content.decode()
    assert head(t) == before

    assert client.post(base + "draw-round/").status_code == 302
    assert client.post(base + "start-round/").status_code == 302
    assert types(t)[-2:] == ["round_drawn", "round_started"] and types(t).count("round_drawn") == 2
    page = client.get(base).content.decode()
    assert "Round 1 has started." in page and 'id="draw-round"' not in page and 'id="redraw-round"' not in page


def test_only_the_organiser_draws_and_a_get_draws_nothing(organiser, make_bot, players):
    t = event(organiser, make_bot, "swiss", 4)
    before = head(t)
    assert signed_in(players[0]).post(f"/tournaments/{t.pk}/manage/draw-round/").status_code == 403
    assert signed_in(organiser).get(f"/tournaments/{t.pk}/manage/draw-round/").status_code == 405
    assert head(t) == before
