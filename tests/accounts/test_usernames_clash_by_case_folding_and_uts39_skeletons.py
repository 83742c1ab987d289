"""games.accounts.usernames (pure): the canonical form (NFKC, case-folded) and the UTS #39 skeleton built
from Unicode's confusables.txt, and which names may not sit beside which."""

import pytest

from games.accounts.usernames import PROTOTYPES, canonical, find_clash, name_keys, skeleton


def test_the_table_is_unicode_s_confusables():
    assert len(PROTOTYPES) > 6000
    assert PROTOTYPES["а"] == "a" and PROTOTYPES["І"] == "l" and PROTOTYPES["m"] == "rn" and PROTOTYPES["0"] == "O"
    assert "a" not in PROTOTYPES and "e" not in PROTOTYPES  # not the package's own extra pairs (a→@, e→3)


@pytest.mark.parametrize(
    "name, folded",
    [
        ("ALICE", "alice"),
        ("ＡＬＩＣＥ", "alice"),
        ("Straße", "strasse"),
        ("ǅemal", "džemal"),
        ("Ⅻ", "xii"),
        ("e\u0301", "é"),
    ],
)
def test_the_canonical_form_folds_case_and_compatibility_forms(name, folded):
    assert canonical(name) == folded


@pytest.mark.parametrize(
    "a, b", [("paypal", "pаypal"), ("scope", "ѕсоре"), ("corn", "com"), ("aIice", "alice"), ("1lI", "lll"), ("ǉ", "lj")]
)
def test_confusable_strings_share_a_skeleton(a, b):
    assert skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [("alice", "alicia"), ("bob", "rob"), ("ann", "arm"), ("b0b", "bob")])
def test_different_looking_strings_do_not(a, b):
    assert skeleton(a) != skeleton(b)


def test_a_clash_names_the_existing_name_and_why():
    existing = ["bob", "alice", "carol"]
    assert find_clash("ALICE", existing) == ("alice", "same_name")
    assert find_clash("аlice", existing) == ("alice", "confusable")
    assert find_clash("АLICE", existing) == ("alice", "confusable")  # a case change and a Cyrillic capital
    assert find_clash("caro1", existing) == ("carol", "confusable")
    assert find_clash("dave", existing) is None


def test_a_name_has_at_most_two_keys():
    assert name_keys("alice") == {"alice"}
    assert name_keys("Alice") == {"Alice", "alice"}
