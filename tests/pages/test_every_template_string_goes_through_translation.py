"""Every word a page shows goes through Django's translation functions, so Portuguese and
Turkish catalogues can translate the whole site: no template holds visible text (or a
visible attribute such as aria-label, title, placeholder or alt) outside {% translate %} or
{% blocktranslate %}."""

import re
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
INVISIBLE = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->", re.S)
TAG = re.compile(r"<[^>]*>")
VISIBLE_ATTRIBUTE = re.compile(r"""\b(aria-label|title|placeholder|alt)\s*=\s*(["'])([^"'{]*[A-Za-z]{2,}[^"'{]*)\2""")
ENTITY = re.compile(r"&[a-z]+;|&#[0-9]+;")
WORD = re.compile(r"[^\W\d_]{2,}")


def untranslated(source):
    """The visible words of a template's source that no translation tag covers."""
    found, depth, text = [], 0, []
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0]
            depth += name in ("blocktranslate", "blocktrans")
            depth -= name in ("endblocktranslate", "endblocktrans")
        elif token.token_type == TokenType.TEXT and depth == 0:
            text.append(token.contents)
        elif token.token_type == TokenType.VAR:
            text.append(" ")
    html = INVISIBLE.sub(" ", "".join(text))
    found += [m.group(3) for m in VISIBLE_ATTRIBUTE.finditer(html)]
    words = ENTITY.sub(" ", TAG.sub(" ", html))
    found += WORD.findall(words)
    return found


TEMPLATE_FILES = sorted(TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=[str(p.relative_to(TEMPLATES)) for p in TEMPLATE_FILES])
def test_no_template_shows_untranslated_text(path):
    assert untranslated(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_untranslated_text_and_accepts_translated_text():
    assert untranslated("<p>Hello <b>{{ name }}</b></p>") == ["Hello"]
    assert untranslated('<button aria-label="Close">{% translate "x" %}</button>') == ["Close"]
    assert (
        untranslated(
            '{% load i18n %}<p>{% translate "Hello" %} {{ name }}</p>'
            "{% blocktranslate %}Round {{ n }}{% endblocktranslate %}"
            '<script>let words = "ignored";</script><span>&amp; 3 · ♠</span>'
        )
        == []
    )
