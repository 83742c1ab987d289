"""Dates, times and decimal numbers on the pages are written as each locale writes them (Django's
formats for pt-BR and Turkish: "25 de Novembro de 2026 às 14:58", "25 Kasım 2026 14:58", a
decimal comma), not in the English forms."""

import datetime
import uuid

import pytest
from django.template import Context, Template
from django.utils import formats, translation

from bots.models import Turn
from games.service import creating
from tests.pages.tables import browser

pytestmark = pytest.mark.django_db

WHEN = datetime.datetime(2026, 11, 25, 14, 58, tzinfo=datetime.UTC)


def written(language, value, format_name):
    with translation.override(language):
        return formats.date_format(value, format_name)


@pytest.mark.parametrize("language, month", [("pt-br", "Novembro"), ("tr", "Kasım")])
def test_a_bots_fault_is_dated_in_the_readers_locale(make_bot, language, month):
    bot = make_bot(kind="polling", name="zamanli")
    match = creating.do_create_match("king", {}, [bot, make_bot(), make_bot(), make_bot()], seed=b"d" * 32)
    Turn.objects.create(
        request_id=uuid.uuid4(),
        bot=bot,
        match=match,
        seat=0,
        version=1,
        deadline=WHEN,
        status="faulted",
        fault="timeout",
        finished_at=WHEN,
    )

    page = browser(bot.owner).get(f"/bots/{bot.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    expected = written(language, WHEN, "DATETIME_FORMAT")
    assert month in expected and expected != written("en", WHEN, "DATETIME_FORMAT")
    assert expected in page


@pytest.mark.parametrize("language", ["pt-br", "tr"])
def test_a_decimal_is_written_with_the_locales_comma(language):
    with translation.override(language):
        text = Template("{{ value|floatformat:2 }}").render(Context({"value": 12.5}))
    assert text == "12,50"
