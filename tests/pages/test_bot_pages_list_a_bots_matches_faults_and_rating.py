"""A bot's page lists its matches (linked to their tables), its faults with their reasons
(linked to the match's audit) and its rating per game from finished rated tournaments. The
page is public; only the owner sees the token management and the webhook URL."""

from django.test import Client
from django.utils.html import escape
from rest_framework.test import APIClient

from bots import runner
from bots.models import Bot, Turn
from games.engine import RULESETS
from games.models import Match
from games.service import creating
from tests.fixtures.bots import run_until_over
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds


def advance_to_polling_turn(match):
    """Play the built-in seats until the polling bot owes a turn."""
    for _ in range(2000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER or Turn.objects.filter(match=match, status="pending").exists():
            return
        runner.run_turns(match.pk, match.version)
    raise AssertionError("no turn for the polling bot")


def test_the_page_lists_the_bots_matches_and_its_faults(make_bot):
    poller = make_bot(kind="polling", name="poller")
    match = creating.do_create_match("king", {}, [poller] + [make_bot(name=f"r{i}") for i in range(3)])
    advance_to_polling_turn(match)
    turn = Turn.objects.get(status="pending")
    bot_client = APIClient()
    bot_client.credentials(HTTP_AUTHORIZATION=f"Bot {poller.token}")
    r = bot_client.post(
        f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "play", "card": "ZZ"}}, format="json"
    )
    assert r.status_code == 422  # an illegal answer: the fallback was played, a fault

    page = Client().get(f"/bots/{poller.pk}/").content.decode()
    assert f'<a href="/matches/{match.pk}/">Match {match.pk}</a>' in page
    assert '<td class="num">1</td>' in page  # the match's fault count
    assert f'<a href="/matches/{match.pk}/audit/">' in page and "<td>the action was not legal</td>" in page
    quiet = Client().get(f"/bots/{Bot.objects.get(name='r0').pk}/").content.decode()
    assert f'href="/matches/{match.pk}/"' in quiet and "No faults." in quiet


def test_the_page_shows_the_rating_from_a_finished_rated_tournament(organiser, make_bot):
    t = creation.do_create_tournament(organiser, "Rated", "king", {"quick_game_combined_negatives": True}, "swiss", 1)
    bots = [make_bot(name=f"b{i}") for i in range(4)]
    for bot in bots:
        entries.do_register(t.pk, organiser, bot=bot)
    rounds.do_start_round(t.pk, organiser)
    run_until_over(TournamentTable.objects.get(tournament=t).match)
    page = Client().get(f"/bots/{bots[0].pk}/").content.decode()
    assert "not rated yet" in page  # not until the event is over
    results.do_close_round(t.pk, organiser)
    page = Client().get(f"/bots/{bots[0].pk}/").content.decode()
    rows = {
        label: page.split(f"<td>{escape(RULESETS[name].label)}</td>")[1].split("</tr>")[0]
        for label, name in (("king", "king"), ("rifki", "rifki"))
    }  # each game's row, under its label
    king, rifki = rows["king"], rows["rifki"]
    assert "not rated yet" not in king and king.count('class="num"') == 3
    assert "not rated yet" in rifki


def test_others_see_the_public_facts_but_not_the_token_management(make_bot):
    bot = make_bot(kind="webhook", name="hooky", url="https://bots.example.org/turn")
    page = Client().get(f"/bots/{bot.pk}/").content.decode()
    assert "hooky" in page and "webhook" in page
    assert "bots.example.org" not in page and 'id="rotate-token"' not in page
    owner = Client()
    owner.force_login(bot.owner)
    page = owner.get(f"/bots/{bot.pk}/").content.decode()
    assert "https://bots.example.org/turn" in page and 'id="rotate-token"' in page and bot.token_prefix in page
    assert bot.token not in page


def test_an_unknown_bot_is_a_404(db):
    assert Client().get("/bots/987654/").status_code == 404
