"""The tournament page counts its rounds as the reader's language does (issue 35: "Swiss,
1 rounds"): one round in the singular, more in the plural, in English and Portuguese."""

import pytest
from django.test import Client

from tournaments.service import creation

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "rounds, language, said",
    [(1, "en", "1 round,"), (3, "en", "3 rounds,"), (1, "pt-br", "1 rodada,"), (3, "pt-br", "3 rodadas,")],
)
def test_one_round_is_said_in_the_singular(organiser, rounds, language, said):
    t = creation.do_create_tournament(organiser, "Cup", "king", {}, "swiss", rounds)
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/tournaments/{t.pk}/").content.decode()
    assert said in page
    assert ("1 rounds" not in page) and ("1 rodadas" not in page)
