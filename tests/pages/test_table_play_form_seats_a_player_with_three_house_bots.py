"""/play/: a signed-in person sits down at a practice table with three of the house's built-in
bots; bad input is refused with a clear message and creates nothing."""

from bots.models import Bot
from games.models import Match
from tests.pages.tables import browser


def test_an_anonymous_visitor_is_sent_to_log_in_first(db):
    response = browser().get("/play/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/play/"


def test_the_form_offers_both_games_every_bot_strategy_and_the_short_game(players):
    page = browser(players[0]).get("/play/").content.decode()
    for value in ("king", "rifki", "random", "heuristic", "montecarlo"):
        assert f'value="{value}"' in page
    assert 'name="short"' in page


def test_a_king_table_seats_the_player_with_three_house_bots_in_the_short_game(players):
    response = browser(players[0]).post("/play/", {"ruleset": "king", "strategy": "random", "short": "on"})
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    seats = list(match.seats.order_by("index"))
    assert seats[0].user == players[0]
    bot = Bot.objects.get(name="house-random")
    assert bot.kind == Bot.Kind.BUILTIN and bot.strategy == "random" and bot.owner.username == "house"
    assert [s.bot for s in seats[1:]] == [bot, bot, bot]
    assert match.ruleset == "king" and match.options["quick_game_combined_negatives"] is True
    assert match.created_by == players[0]


def test_a_rifki_table_in_short_mode_reuses_the_same_house_bot(players):
    client = browser(players[0])
    client.post("/play/", {"ruleset": "rifki", "strategy": "heuristic", "short": "on"})
    client.post("/play/", {"ruleset": "rifki", "strategy": "heuristic"})
    short, full = Match.objects.order_by("pk")
    assert short.options["short_mode"] is True and full.options["short_mode"] is False
    assert Bot.objects.filter(name="house-heuristic").count() == 1


def test_bad_input_is_refused_with_a_clear_message_and_creates_nothing(players):
    client = browser(players[0])
    response = client.post("/play/", {"ruleset": "bridge", "strategy": "cheater"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Select a valid choice. bridge is not one of the available choices." in page
    assert "Select a valid choice. cheater is not one of the available choices." in page
    assert not Match.objects.exists() and not Bot.objects.exists()


def test_a_disabled_house_bot_is_refused_with_the_reason(players):
    client = browser(players[0])
    client.post("/play/", {"ruleset": "king", "strategy": "random"})
    Bot.objects.filter(name="house-random").update(is_active=False)
    page = client.post("/play/", {"ruleset": "king", "strategy": "random"}).content.decode()
    assert "the bot “house-random” is disabled" in page
    assert Match.objects.count() == 1
