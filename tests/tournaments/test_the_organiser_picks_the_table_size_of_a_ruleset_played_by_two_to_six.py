"""Where a ruleset is played at several table sizes (its ``players`` option), the organiser picks
the size on the "new tournament" page and through the API; the tournament's tables then seat
that many, house bots completing them, and a size the ruleset does not play is refused with a
clear error and nothing stored."""

import pytest

from games.engine import RULESETS
from games.offer import offered_rulesets
from tests.fixtures.people import body, client_for
from tournaments import projection
from tournaments.models import Tournament
from tournaments.service import entries, rounds

pytestmark = pytest.mark.django_db

SIZED = next(ruleset for ruleset in offered_rulesets() if len(ruleset.seats) > 1)


def form_data(players):
    return {
        "name": "Corners night",
        "ruleset": SIZED.name,
        "format": "swiss",
        "rounds": 2,
        "table_points": "score",
        "tie_break_1": "game_score",
        "fill": "house_bots",
        "bot_turn_timeout": 2,
        "person_strike_limit": 3,
        f"{SIZED.name}__players": str(players),
    }


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_page_creates_a_tournament_at_the_chosen_table_size(client, organiser, players):
    client.force_login(organiser)
    response = client.post("/tournaments/new/", form_data(players))
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert tournament.options["players"] == players and rounds.table_size(tournament) == players
    config = projection.update_standings(tournament.pk).config
    assert config.table_size == players and config.lowest_wins == SIZED.lowest_wins({"players": players})


def test_a_size_the_ruleset_does_not_play_is_refused_on_the_page_and_nothing_is_stored(client, organiser):
    client.force_login(organiser)
    too_many = SIZED.seats.stop
    response = client.post("/tournaments/new/", form_data(too_many))
    assert response.status_code == 400 and not Tournament.objects.exists()


@pytest.mark.parametrize("players", [3, 5])
def test_the_api_creates_a_tournament_at_the_chosen_table_size_and_fills_it_with_house_bots(
    organiser, make_bot, players
):
    client = client_for(organiser)
    data = {"name": "Corners", "ruleset": SIZED.name, "format": "swiss", "rounds": 1, "options": {"players": players}}
    r = client.post("/api/v1/tournaments/", data, format="json")
    assert r.status_code == 201 and body(r)["options"]["players"] == players
    tournament = Tournament.objects.get(pk=body(r)["id"])
    for i in range(players + 1):
        entries.do_register(tournament.pk, organiser, bot=make_bot(name=f"e{i}"))
    drawn = rounds.do_start_round(tournament.pk, organiser)
    assert [len(table["seats"]) for table in drawn] == [players, players]
    assert tournament.entrants.filter(kind="house_bot").count() == players - 1


def test_the_api_refuses_a_size_the_ruleset_does_not_play_and_stores_nothing(organiser):
    data = {"name": "Corners", "ruleset": SIZED.name, "format": "swiss", "rounds": 1, "options": {"players": 1}}
    r = client_for(organiser).post("/api/v1/tournaments/", data, format="json")
    assert r.status_code == 400 and body(r)["error"]["code"] and not Tournament.objects.exists()
    assert 1 not in RULESETS[SIZED.name].seats


def test_the_place_points_choice_speaks_of_a_table_of_n_not_of_four(client, organiser):
    client.force_login(organiser)
    page = client.get("/tournaments/new/").content.decode()
    assert "from n−1 points for the best down to 0 at a table of n" in page
