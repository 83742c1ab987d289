"""Finding English left in a page that should be in Portuguese or Turkish.

Two nets, neither visual: a msgid scan (each English sentence the project marks for
translation, cut at its placeholders and tags, that its translation does not keep: if one
appears in the page's text, a string reached the page untranslated) and a short list of
everyday English words that no Portuguese or Turkish sentence of ours contains (they catch
English that Python made without gettext, which no msgid holds).
"""

import html
import re
from functools import cache
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parents[2] / "locale"
# Placeholders, tags and entities split a msgid into the literal pieces a page shows as they are.
SPLIT = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|<[^>]*>|&\w+;")
# Words no sentence of ours in Portuguese or Turkish holds, whole and case-sensitive ("not" is
# Turkish too: "not edin", take note). The game's
# own names (King, Rifki, Positiva) and notation (API, JSON) are kept in every language.
ENGLISH_WORDS = [
    "the",
    "The",
    "your",
    "Your",
    "you",
    "and",
    "with",
    "is",
    "are",
    "was",
    "of",
    "to",
    "this",
    "This",
    "there",
    "There",
    "Play",
    "Score",
    "Scores",
    "Tricks",
    "Cards",
    "Deal",
    "Seats",
    "Waiting",
    "Round",
    "Standings",
    "Tournament",
    "Tournaments",
    "Language",
    "Log",
    "Sign",
    "Hand",
    "Totals",
    "Contract",
    "Dealer",
    "Winner",
    "Trick",
]
WORDS = re.compile(r"(?<![\w'-])(" + "|".join(ENGLISH_WORDS) + r")(?![\w'-])")


def catalogue(language):
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))


@cache
def english_pieces(language):
    """Each literal piece of 3 words or more of a msgid whose translation leaves it out."""
    pieces = set()
    for entry in catalogue(language):
        if entry.obsolete:
            continue
        translations = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        for msgid in filter(None, (entry.msgid, entry.msgid_plural)):
            for piece in SPLIT.split(msgid):
                piece = piece.strip(" .,:;()\u201c\u201d\"'")
                if len(piece.split()) >= 3 and not any(piece in t for t in translations):
                    pieces.add(piece)
    return frozenset(pieces)


def visible_text(page):
    """What a reader gets of an HTML page: its text and the labels a screen reader says
    (aria-label, title, alt, placeholder, a button's value is JSON and is left out)."""
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    labels = re.findall(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(" ".join([text, *labels])))


def english_left(text, language, allowed=()):
    """The English found in ``text`` (a page's visible text in ``language``): msgid pieces and
    English words, minus what ``allowed`` holds (names of players or bots shown as they are)."""
    for name in allowed:
        text = text.replace(name, " ")
    found = sorted(piece for piece in english_pieces(language) if piece in text)
    found += sorted(set(WORDS.findall(text)))
    return found
