"""The audit page steps through the log one event at a time: first, previous, next and last
are links that carry ?seat=&version= (so a step can be shared), htmx swaps in just the step,
and each event is told in words: who played which card, who won the trick, how the deal ended."""

import html
import re

import pytest

from games.record import eventlog
from games.templatetags.cards import card_name
from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import browser, finished_deal

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def link(page, ident):
    tag = re.search(rf'<a [^>]*id="{ident}"[^>]*>', page).group(0)
    href = re.search(r'href="([^"]*)"', tag)
    return html.unescape(href.group(1)) if href else None


def event_text(page):
    return html.unescape(re.search(r'id="audit-event"[^>]*>(.*?)</p>', page, re.S).group(1))


def test_the_stepper_links_carry_the_seat_and_the_neighbouring_versions(players, staff):
    match = finished_deal(players, staff)
    url = f"/matches/{match.pk}/audit/"
    page = browser(staff).get(f"{url}?seat=2&version=10").content.decode()
    assert link(page, "audit-first") == f"{url}?seat=2&version=1"
    assert link(page, "audit-prev") == f"{url}?seat=2&version=9"
    assert link(page, "audit-next") == f"{url}?seat=2&version=11"
    assert link(page, "audit-last") == f"{url}?seat=2&version={match.version}"
    first = browser(staff).get(f"{url}?seat=2&version=1").content.decode()
    assert link(first, "audit-first") is None and link(first, "audit-prev") is None
    last = browser(staff).get(f"{url}?seat=2&version={match.version}").content.decode()
    assert link(last, "audit-next") is None and link(last, "audit-last") is None
    assert (
        'id="audit-slider" type="range" name="version" min="1" max="%d" value="%d"' % (match.version, match.version)
        in last
    )


def test_an_htmx_step_is_the_fragment_alone_and_a_history_restore_the_whole_page(players, staff):
    match = finished_deal(players, staff)
    url = f"/matches/{match.pk}/audit/?seat=1&version=12"
    step = browser(staff).get(url, **HTMX)
    assert step.status_code == 200 and "<html" not in step.content.decode()
    assert 'id="audit-next"' in step.content.decode() and 'id="verification"' not in step.content.decode()
    assert "HX-Request" in step["Vary"]
    restored = browser(staff).get(url, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert "<html" in restored.content.decode() and 'id="verification"' in restored.content.decode()


def test_every_event_of_the_deal_is_told_in_words(players, staff):
    match = finished_deal(players, staff)
    viewer = browser(players[0])
    names = [p.username for p in players]
    for row in eventlog.stream_events(match.stream):
        text = event_text(viewer.get(f"/matches/{match.pk}/audit/?seat=0&version={row.version}").content.decode())
        event = row.payload
        if row.type == "play":
            assert text == f"{names[event['seat']]} played the {card_name(event['card'])}."
        elif row.type == "trick":
            assert text == f"Trick {event['number']} was won by {names[event['winner']]}."
        elif row.type == "deal_ended":
            scores = ", ".join(f"{names[i]} {v}" for i, v in enumerate(event["scores"]))
            assert text.startswith("Deal 1 ended") and scores in text
        elif row.type == "game_ended":
            assert text.startswith("The game ended") and all(names[s] in text for s in event["winners"])
        else:
            assert text and row.type not in text


CHOOSING = {"first_dealer_method": "kh_holder_nominates", "hand_order": "dealer_choice"}


@pytest.mark.parametrize("ruleset,options", [("king", None), ("king", CHOOSING), ("rifki", None)])
def test_every_kind_of_event_in_a_whole_game_has_its_sentence(ruleset, options):
    from games.engine.playout import play_out
    from games.pages.audit import EVENTS, describe

    names = ["Ana", "Bo", "Cem", "Dia"]
    for seed in range(3):
        for event in play_out(ruleset, seed, options=options).events:
            assert event["type"] in EVENTS
            text = describe(event, names, ruleset)
            assert "%(" not in text and text.endswith(".")
            if "seat" in event:
                assert names[event["seat"]] in text
    for event in (
        {"type": "action_fallback", "seat": 2, "reason": "timeout", "request_id": "r"},
        {"type": "seat_taken_over", "seat": 2, "by": "heuristic", "reason": "3 faults in this match"},
    ):
        assert "Cem" in describe(event, names, ruleset)
