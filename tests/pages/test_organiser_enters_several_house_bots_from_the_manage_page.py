"""On the manage page the organiser enters n house bots at once with a strength (docs/tournaments.md,
"Several house bots at once"): they are listed as entrants; a refusal shows its message with its
status and stores nothing; the form is gone once the first round starts."""

import pytest

from bots.models import Bot
from tournaments.models import Entrant
from tournaments.service import entries, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def manage(client, tournament):
    client.force_login(tournament.organiser)
    base = f"/tournaments/{tournament.pk}/manage/"

    def post(data):
        return client.post(base + "house-bots/", data)

    post.page = lambda: client.get(base).content.decode()
    return post


def stored(tournament):
    tournament.refresh_from_db()
    return tournament.version, Entrant.objects.filter(tournament=tournament).count(), Bot.objects.count()


def test_three_house_bots_are_entered_and_listed(manage, tournament):
    page = manage.page()
    for hook in ('id="add-house-bots-form"', 'name="count"', 'name="strength"', '<option value="montecarlo"'):
        assert hook in page
    r = manage({"count": "3", "strength": "montecarlo"})
    assert r.status_code == 302 and r["Location"] == f"/tournaments/{tournament.pk}/manage/"
    page = manage.page()
    assert "3 house bots are registered: house-montecarlo, house-montecarlo-2, house-montecarlo-3." in page
    names = list(Entrant.objects.filter(tournament=tournament).values_list("name", flat=True))
    assert names == ["house-montecarlo", "house-montecarlo-2", "house-montecarlo-3"]


@pytest.mark.parametrize(
    "data, status, message",
    [
        ({"count": "0", "strength": "heuristic"}, 400, "count is 1 to 64 house bots"),
        ({"count": "-3", "strength": "heuristic"}, 400, "count is 1 to 64 house bots"),
        ({"count": "65", "strength": "heuristic"}, 400, "count is 1 to 64 house bots"),
        ({"count": "", "strength": "heuristic"}, 400, "This field is required."),
        ({"count": "2", "strength": "genius"}, 400, "Select a valid choice."),
    ],
)
def test_a_bad_count_or_strength_is_refused_and_nothing_stored(manage, tournament, data, status, message):
    before = stored(tournament)
    r = manage(data)
    assert r.status_code == status
    assert message in r.content.decode()
    assert stored(tournament) == before


def test_someone_not_the_organiser_is_refused(client, tournament, players):
    client.force_login(players[0])
    before = stored(tournament)
    r = client.post(f"/tournaments/{tournament.pk}/manage/house-bots/", {"count": "2", "strength": "heuristic"})
    assert r.status_code == 403
    assert stored(tournament) == before


def test_once_round_one_has_started_the_form_is_gone_and_a_post_is_refused(manage, tournament, organiser):
    entries.do_enter_house_bots(tournament.pk, organiser, 4, "random")
    rounds.do_start_round(tournament.pk, organiser)
    assert 'id="add-house-bots-form"' not in manage.page()
    before = stored(tournament)
    r = manage({"count": "2", "strength": "heuristic"})
    assert r.status_code == 409
    assert "before its first round" in r.content.decode()
    assert stored(tournament) == before
