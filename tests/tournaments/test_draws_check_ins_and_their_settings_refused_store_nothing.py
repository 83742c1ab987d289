"""Each refusal of the draw and check-in (docs/tournaments.md, "Draw, check-in and start") comes
with its code and stores nothing: no event, no match, no entrant changed."""

import pytest

from games.errors import ServiceError
from tests.tournaments.draws import event, head
from tournaments.models import Entrant
from tournaments.service import entries, rounds


def snapshot(t):
    return head(t), sorted(Entrant.objects.filter(tournament=t).values_list("pk", "status"))


def refused(t, code, action, *args):
    before = snapshot(t)
    with pytest.raises(ServiceError) as err:
        action(*args)
    assert err.value.code == code, err.value.message
    assert snapshot(t) == before
    return err.value


def test_only_the_organiser_draws_a_round(organiser, make_bot, players):
    t = event(organiser, make_bot, "swiss", 4)
    assert refused(t, "organiser_only", rounds.do_draw_round, t.pk, players[0]).status == 403


def test_a_round_is_not_drawn_while_the_last_one_is_in_play(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 4)
    rounds.do_start_round(t.pk, organiser)
    assert refused(t, "round_in_progress", rounds.do_draw_round, t.pk, organiser).status == 409


def test_no_round_is_drawn_past_the_last(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 4, rounds=1)
    rounds.do_start_round(t.pk, organiser)
    assert refused(t, "no_rounds_left", rounds.do_draw_round, t.pk, organiser).details == {"rounds": 1}


def test_a_finished_tournament_draws_nothing_and_checks_nobody_in(finished_tournament, organiser):
    t, _matches = finished_tournament
    entrant = Entrant.objects.filter(tournament=t).first()
    refused(t, "tournament_finished", rounds.do_draw_round, t.pk, organiser)
    refused(t, "tournament_finished", entries.do_check_in, entrant.pk, organiser)
    refused(t, "tournament_finished", entries.do_require_check_in, t.pk, organiser, True)


def test_a_draw_with_too_few_players_is_refused_and_its_house_bots_are_not_kept(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 3, fill="byes")
    assert refused(t, "too_few_entrants", rounds.do_draw_round, t.pk, organiser).details == {"needed": 4}


def test_nobody_but_the_entrant_or_the_organiser_checks_an_entrant_in(tournament, players):
    mine = entries.do_register(tournament.pk, players[0], user=players[0])
    assert refused(tournament, "organiser_only", entries.do_check_in, mine.pk, players[1]).status == 403


def test_checking_in_twice_is_refused(tournament, players, organiser):
    mine = entries.do_register(tournament.pk, players[0], user=players[0])
    entries.do_check_in(mine.pk, players[0])
    assert refused(tournament, "cannot_check_in", entries.do_check_in, mine.pk, organiser).status == 409


def test_only_the_organiser_requires_check_in_and_only_as_true_or_false(tournament, players, organiser):
    refused(tournament, "organiser_only", entries.do_require_check_in, tournament.pk, players[0], True)
    refused(tournament, "invalid_input", entries.do_require_check_in, tournament.pk, organiser, "yes")
