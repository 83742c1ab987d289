"""Every code's sentence (games.errors.CATALOGUE) is translated into Portuguese and Turkish with
the same placeholders, and renders in English, Portuguese and Turkish with the details each
raise site passes: no sentence left in English, no placeholder without its detail."""

import re

import pytest
from django.utils import translation

from games.errors import CATALOGUE, ServiceError, as_written
from tests.error_codes import raise_sites

LANGUAGES = ["en", "pt-br", "tr"]
PLACEHOLDER = re.compile(r"%\((\w+)\)")


def english(sentence):
    with translation.override(None):
        return as_written(sentence)


@pytest.mark.parametrize("language", ["pt-br", "tr"])
def test_every_sentence_is_translated_with_the_same_placeholders(language):
    untranslated, other_placeholders = [], []
    for code, (_status, sentence) in sorted(CATALOGUE.items()):
        with translation.override(language):
            text = as_written(sentence)
        if text == english(sentence):
            untranslated.append(code)
        if set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(english(sentence))):
            other_placeholders.append(code)
    assert (untranslated, other_placeholders) == ([], [])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_raise_site_renders_its_sentence(language):
    failures = []
    for site in raise_sites():
        named = set(site.details)
        if site.spreads:  # a ``**mapping``: the sentence's placeholders may come from it
            named |= set(PLACEHOLDER.findall(english(CATALOGUE[site.code].sentence)))
        details = {name: "x" if name == "problem" else 2 for name in named}
        try:
            with translation.override(language):
                message = ServiceError(site.code, **details).message
        except LookupError as e:
            failures.append(f"{site.where}: {e}")
            continue
        if "%(" in message:
            failures.append(f"{site.where}: {message}")
    assert failures == []
