"""The page of your games reads in the reader's language, Brazilian Portuguese or Turkish: no
English sentence of the project's and no everyday English word is left (tests/i18n/english.py),
its filters, results and refusals included."""

import pytest
from django.test import Client

from tests.i18n.english import english_left, visible_text

from .games import bot_of, ended, played, table

LANGUAGES = {"pt-br": "pt_BR", "tr": "tr"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_is_in_the_readers_language(owners, house, language):
    ana = owners["ana"]
    mine = bot_of(ana, "robo")
    played(table([mine, *house]))
    ended(table([ana, *house]), [0, 1])
    ended(table([ana, *house]), [])
    table([ana, *house])
    reader = Client(HTTP_ACCEPT_LANGUAGE=language)
    reader.force_login(ana)
    names = ["ana", "robo", *(bot.name for bot in house)]
    for params, status in (({}, 200), ({"result": "lost"}, 200), ({"until": "soon"}, 400)):
        answer = reader.get("/me/games/", params)
        assert answer.status_code == status
        text = answer.content.decode()
        assert f'<html lang="{language}">' in text
        assert not english_left(visible_text(text), LANGUAGES[language], names), params
