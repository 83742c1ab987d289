"""docs/events.md cannot fall behind the code: every event type the engine, the platform or a
tournament writes has its own entry in the catalogue."""

import json
import re

import pytest

from games.engine import RULESETS
from games.engine.actions import ACTION_FIELDS
from games.engine.corners import ACTION_FIELDS as LAYOUT_ACTION_FIELDS
from tests.audit.conftest import ROOT

pytestmark = pytest.mark.django_db

CATALOGUE = ROOT / "docs" / "events.md"
SOURCES = [
    *sorted((ROOT / "games" / "engine").glob("*.py")),
    *sorted((ROOT / "games" / "service").glob("*.py")),
    ROOT / "bots" / "runner.py",
    *sorted((ROOT / "tournaments" / "service").glob("*.py")),
]
EMITTED = re.compile(r"""["']type["']\s*:\s*["']([a-z_]+)["']""")


def emitted_types():
    """Every literal ``"type": "<name>"`` in the sources that write events, and every action
    type (a decision is logged under its action's type)."""
    names = {name for source in SOURCES for name in EMITTED.findall(source.read_text(encoding="utf-8"))}
    return names | set(ACTION_FIELDS) | set(LAYOUT_ACTION_FIELDS)


def catalogued_types():
    return set(re.findall(r"^#{2,4} `([a-z_]+)`\s*$", CATALOGUE.read_text(encoding="utf-8"), re.MULTILINE))


def test_every_emitted_event_type_has_an_entry_in_the_catalogue():
    emitted = emitted_types()
    assert {
        "game_started",
        "deal_started",
        "trick",
        "deal_ended",
        "game_ended",
        "auction_ended",
        "deal_cancelled",
        "hand_ended_early",
        "action_fallback",
        "seat_taken_over",
        "round_started",
    } <= emitted
    missing = sorted(emitted - catalogued_types())
    assert not missing, f"docs/events.md has no entry for: {', '.join(missing)}"


def test_the_tournament_events_and_rulings_are_catalogued_too():
    catalogued = catalogued_types()
    assert {
        "tournament_created",
        "entrant_registered",
        "entrant_checked_in",
        "entrant_withdrawn",
        "round_started",
        "match_result",
        "round_closed",
        "tournament_ended",
        "ruling",
    } <= catalogued
    text = CATALOGUE.read_text(encoding="utf-8")
    for kind in ("adjust_score", "annul_match", "penalty"):
        assert f"| `{kind}` |" in text


def test_the_deal_rules_the_catalogue_shows_are_the_descriptors():
    text = CATALOGUE.read_text(encoding="utf-8")
    block = text[text.index("## Deal rules") :]
    shown = json.loads(block[block.index("```json") + len("```json") : block.index("```", block.index("```json") + 7)])
    assert {"king", "rifki", "corners"} <= set(shown)
    for name, rules in shown.items():
        assert rules == RULESETS[name].deal_rules, name
    assert RULESETS["corners_jax"].deal_rules == RULESETS["corners"].deal_rules  # "deals as corners"
