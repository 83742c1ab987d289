"""A bot's owner starts a sparring match with no admin: their bot at a drawn seat, house bots of
the strengths they chose in the others, a random seed, no event (it rates nothing)."""

from bots.house_names import house_bot_name
from games.engine import RULESETS
from games.models import Match
from games.offer import offered_rulesets
from tests.fixtures.people import body
from tests.pages.tables import browser


def test_the_api_seats_the_bot_against_the_chosen_strengths(people, bot_of):
    alice = people["alice"]
    bot = bot_of(alice, "alice-bot")
    answer = alice.api.post(
        f"/api/v1/bots/{bot.pk}/sparring/",
        {"ruleset": "king", "opponents": ["random", "heuristic", "random"]},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    match = Match.objects.get(pk=body(answer)["id"])
    holders = [s.bot.name for s in match.seats.select_related("bot").order_by("index")]
    others = [name for name in holders if name != "alice-bot"]
    assert holders.count("alice-bot") == 1
    assert others == [house_bot_name(s) for s in ("random", "heuristic", "random")]
    assert match.event == "" and match.created_by == alice and match.seed_sha256


def test_one_strength_fills_every_other_seat_and_each_match_draws_its_own_seed(people, bot_of):
    alice = people["alice"]
    bot = bot_of(alice, "alice-bot")
    seeds = set()
    for _ in range(2):
        answer = alice.api.post(
            f"/api/v1/bots/{bot.pk}/sparring/", {"ruleset": "rifki", "opponents": "random"}, format="json"
        )
        assert answer.status_code == 201, answer.content
        match = Match.objects.get(pk=body(answer)["id"])
        seeds.add(match.seed)
        assert sorted(s.bot.name for s in match.seats.all()) == sorted(["alice-bot"] + [house_bot_name("random")] * 3)
    assert len(seeds) == 2


def test_every_offered_game_and_its_flags_can_be_sparred(people, bot_of):
    alice = people["alice"]
    bot = bot_of(alice, "alice-bot")
    for game in offered_rulesets():
        options = dict(game.short_game or {})
        answer = alice.api.post(
            f"/api/v1/bots/{bot.pk}/sparring/",
            {"ruleset": game.name, "options": options, "opponents": "random"},
            format="json",
        )
        assert answer.status_code == 201, (game.name, answer.content)
        match = Match.objects.get(pk=body(answer)["id"])
        assert match.num_seats == RULESETS[game.name].num_seats(options)
        assert all(match.options[flag] == value for flag, value in options.items())
        Match.objects.filter(pk=match.pk).update(status=Match.Status.OVER)  # within the live cap


def test_the_button_on_the_bots_page_starts_it_and_opens_the_table(people, bot_of):
    alice = people["alice"]
    bot = bot_of(alice, "alice-bot")
    page = browser(alice).get(f"/bots/{bot.pk}/").content.decode()
    assert 'id="sparring-form"' in page and 'id="usage"' in page
    assert 'id="sparring-form"' not in browser(people["bob"]).get(f"/bots/{bot.pk}/").content.decode()

    answer = browser(alice).post(
        f"/bots/{bot.pk}/sparring/", {"ruleset": "king", "opponents": "heuristic", "short": "on"}
    )
    match = Match.objects.get()
    assert answer.status_code == 303 and answer["Location"] == f"/matches/{match.pk}/"
    assert match.options == {**match.options, **RULESETS["king"].short_game}
