"""The organiser enters n house bots in one step (docs/tournaments.md, "Several house bots at
once"): n bots of their own (the house's usual one of the strength, then its numbered ones),
each registered and ranked as one house bot entered by name is, and every draw seats them."""

import pytest

from bots.models import Bot
from tests.tournaments.draws import payloads
from tournaments.models import Entrant, Tournament
from tournaments.service import creation, entries, rounds

pytestmark = pytest.mark.django_db


def test_n_house_bots_are_n_distinct_registered_players(tournament, organiser):
    added = entries.do_enter_house_bots(tournament.pk, organiser, 3, "heuristic")
    assert [e.name for e in added] == ["house-heuristic", "house-heuristic-2", "house-heuristic-3"]
    assert len({e.bot_id for e in added}) == 3
    for e in added:
        assert (e.kind, e.ranked, e.status, e.joined_round) == ("bot", True, "registered", 0)
        assert (e.bot.owner.username, e.bot.kind, e.bot.strategy) == ("house", "builtin", "heuristic")
    registered = payloads(tournament, "entrant_registered")
    assert [(p["entrant"], p["name"], p["kind"], p["ranked"]) for p in registered] == [
        (e.pk, e.name, "bot", True) for e in added
    ]


def test_a_second_batch_takes_the_next_numbers_and_another_event_reuses_the_same_bots(tournament, organiser):
    entries.do_enter_house_bots(tournament.pk, organiser, 2, "random")
    more = entries.do_enter_house_bots(tournament.pk, organiser, 2, "random")
    assert [e.name for e in more] == ["house-random-3", "house-random-4"]
    made = Bot.objects.count()
    other = creation.do_create_tournament(organiser, "Second night", "king", {}, "swiss", 2)
    again = entries.do_enter_house_bots(other.pk, organiser, 4, "random")
    assert [e.name for e in again] == ["house-random", "house-random-2", "house-random-3", "house-random-4"]
    assert Bot.objects.count() == made  # the numbered bots are made once and entered again


def test_without_a_strength_they_are_the_houses_steady_player(tournament, organiser):
    from games.engine import RULESETS

    added = entries.do_enter_house_bots(tournament.pk, organiser, 2)
    usual = RULESETS[tournament.ruleset].takeover_policy
    assert {e.bot.strategy for e in added} == {usual}


def test_a_name_someone_else_took_is_passed_over(tournament, organiser, players, make_bot):
    squatter = make_bot(kind="webhook", name="house-heuristic-2", url="https://example.com/bot")
    squatter.owner = players[0]
    squatter.save()
    added = entries.do_enter_house_bots(tournament.pk, organiser, 2, "heuristic")
    assert [e.name for e in added] == ["house-heuristic", "house-heuristic-3"]
    assert not Entrant.objects.filter(bot=squatter).exists()


def test_the_draw_seats_every_one_of_them_in_an_event_that_adds_no_house_bot_itself(organiser):
    from games.engine import RULESETS

    t = creation.do_create_tournament(organiser, "Bots night", "king", {}, "swiss", 1, fill="byes")
    seats = RULESETS[t.ruleset].num_seats(t.options)
    added = entries.do_enter_house_bots(t.pk, organiser, seats * 2, "random")
    drawn = rounds.do_draw_round(t.pk, organiser)
    seated = sorted(e for table in drawn["tables"] for e in table["seats"])
    assert seated == sorted(e.pk for e in added)
    assert drawn["byes"] == []
    assert Tournament.objects.get(pk=t.pk).status == "registration"
