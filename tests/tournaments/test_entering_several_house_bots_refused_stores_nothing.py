"""Each refusal of entering several house bots at once (docs/tournaments.md, "Several house bots
at once") comes with its code and stores nothing: no entrant, no event, no bot made."""

import pytest

from bots.models import Bot
from games.errors import ServiceError
from tests.tournaments.draws import event, head
from tournaments.models import Entrant
from tournaments.service import entries, rounds

pytestmark = pytest.mark.django_db


def snapshot(t):
    return head(t), sorted(Entrant.objects.filter(tournament=t).values_list("pk", "status")), Bot.objects.count()


def refused(t, code, *args, **kwargs):
    before = snapshot(t)
    with pytest.raises(ServiceError) as err:
        entries.do_enter_house_bots(t.pk, *args, **kwargs)
    assert err.value.code == code, err.value.message
    assert snapshot(t) == before
    return err.value


@pytest.mark.parametrize("count", [0, -1, entries.HOUSE_BOTS_AT_ONCE + 1, 10**30, "3", 2.0, None, True])
def test_a_count_that_is_not_1_to_the_most_is_refused(tournament, organiser, count):
    error = refused(tournament, "invalid_input", organiser, count, "heuristic")
    assert error.status == 400
    assert f"count is 1 to {entries.HOUSE_BOTS_AT_ONCE} house bots" in error.message


def test_the_most_at_once_is_accepted(tournament, organiser):
    added = entries.do_enter_house_bots(tournament.pk, organiser, entries.HOUSE_BOTS_AT_ONCE, "random")
    assert len({e.bot_id for e in added}) == entries.HOUSE_BOTS_AT_ONCE


def test_only_the_organiser_enters_them(tournament, players):
    assert refused(tournament, "organiser_only", players[0], 2, "heuristic").status == 403


def test_a_strength_the_house_does_not_play_is_refused(tournament, organiser):
    error = refused(tournament, "unknown_strength", organiser, 2, "genius")
    assert error.status == 400 and "genius" in error.message


def test_once_a_round_has_started_a_batch_is_refused(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 4)
    rounds.do_start_round(t.pk, organiser)
    error = refused(t, "house_bots_closed", organiser, 2, "heuristic")
    assert error.status == 409 and "before its first round" in error.message


def test_a_finished_tournament_takes_none(finished_tournament, organiser):
    t, _matches = finished_tournament
    assert refused(t, "tournament_finished", organiser, 2, "heuristic").status == 409


def test_a_refusal_part_way_leaves_no_bot_it_made(tournament, organiser, monkeypatch):
    """All or nothing: a failure after some bots were made and entered rolls them back too."""

    def failing(*args, **kwargs):
        raise ServiceError("version_conflict", current_version=1, expected=0)

    monkeypatch.setattr(entries, "append", failing)
    refused(tournament, "version_conflict", organiser, 3, "montecarlo")
    assert not Bot.objects.filter(name__startswith="house-montecarlo").exists()
