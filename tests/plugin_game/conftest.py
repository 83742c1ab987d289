"""The fixture that plugs high card in (``highcard.py``, ``strategies.py``, ``templates/``) the
way a game of the engine plugs itself in, and takes it out again after the test: its descriptor
into the engine's registry, its strategies into the strategies' registry, its templates into the
template directories. Nothing else knows it."""

from pathlib import Path

import pytest

from bots.strategies import register_family, unregister_family
from games.engine import register, unregister

from . import strategies
from .highcard import NAME, RULESET

TEMPLATES = Path(__file__).resolve().parent / "templates"


@pytest.fixture
def highcard(settings):
    register(RULESET)
    family = register_family(strategies.PLAYS, strategies.STRATEGIES, strategies.MonteCarlo)
    engine, *others = settings.TEMPLATES
    settings.TEMPLATES = [{**engine, "DIRS": [*engine["DIRS"], TEMPLATES]}, *others]
    yield RULESET
    unregister_family(family)
    unregister(NAME)
