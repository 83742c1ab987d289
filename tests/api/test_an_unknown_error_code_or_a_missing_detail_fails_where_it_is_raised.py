"""A refusal with a code the catalogue does not hold, or without a detail its sentence needs,
fails where it is made, not later where its message is read."""

import pytest

from games.errors import ServiceError


def test_an_unknown_code_fails_at_once():
    with pytest.raises(LookupError, match="no_such_code"):
        ServiceError("no_such_code")


def test_a_missing_detail_fails_at_once():
    with pytest.raises(LookupError, match="to_act"):
        ServiceError("not_your_turn", seat=0)


def test_a_known_code_takes_its_status_and_sentence_from_the_catalogue():
    error = ServiceError("not_your_turn", to_act=2, seat=0)
    assert (error.status, error.message) == (403, "it is seat 2's turn, not yours (seat 0)")
    assert error.as_json() == {
        "error": {"code": "not_your_turn", "message": "it is seat 2's turn, not yours (seat 0)", "to_act": 2, "seat": 0}
    }
