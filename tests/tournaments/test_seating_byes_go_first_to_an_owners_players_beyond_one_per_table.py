"""When players sit out, an owner with more players than the round has tables has the extra ones
sit out first (players of one owner never share a table), chosen among them by the usual bye
rules; when the byes cannot take them all, OwnersTogether (a ValueError) says who and why."""

import pytest

from tournaments.seating import OwnersTogether, swiss_round, with_byes


def test_an_owners_second_player_at_a_single_table_sits_out():
    players = ["ana", "bob", "cem", "ana-bot", "dia"]
    assert with_byes(players, 1, {}, table_size=4) == (["ana", "bob", "cem", "ana-bot"], ["dia"])  # without owners
    playing, out = with_byes(players, 1, {}, owners={"ana": "ana", "ana-bot": "ana"}, table_size=4)
    # The lower of ana's two sits out: the lowest standing goes first, as for any bye.
    assert (playing, out) == (["ana", "bob", "cem", "dia"], ["ana-bot"])
    assert swiss_round(playing, owners={"ana": "ana", "ana-bot": "ana"}, table_size=4)


def test_the_usual_rules_choose_among_the_owners_players():
    players = ["ana", "bob", "cem", "ana-bot", "dia"]
    # ana-bot sat out round 1, so ana sits out round 2 (nobody twice in a row if avoidable).
    playing, out = with_byes(players, 2, {"ana-bot": [1]}, owners={"ana": "ana", "ana-bot": "ana"}, table_size=4)
    assert out == ["ana"]


def test_owners_who_fit_leave_the_byes_as_they_were():
    players = [f"p{i}" for i in range(10)]
    owners = {"p0": "x", "p9": "x", "p1": "y"}
    assert with_byes(players, 1, {}, owners=owners, table_size=4) == with_byes(players, 1, {}, table_size=4)


def test_too_many_players_of_one_owner_for_the_byes_are_refused():
    players = ["a1", "a2", "a3", "bob", "cem"]  # one table; one bye; ana has three
    with pytest.raises(OwnersTogether, match="'ana' has 3 players for 1 table.*only 1 player"):
        with_byes(players, 1, {}, owners={"a1": "ana", "a2": "ana", "a3": "ana"}, table_size=4)


def test_a_bad_owner_map_is_refused():
    with pytest.raises(ValueError, match="owners must map players to their owners"):
        with_byes(["ann", "bob", "cem", "dia", "eda"], 1, {}, owners=["ann"], table_size=4)
