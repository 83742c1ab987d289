"""Rules engine for Brazilian King, Turkish Rifki and Kings in the Corner (no Django, no I/O).

The API follows docs/architecture.md §3.2::

    state = new_game("king", seed=b"...", options={...})     # a whole game from a secret seed
    state = new_game("rifki", board={"declarer": 1, "hands": [...]})  # one fixed deal
    state = new_game("corners", seed=b"...", options={"players": 3})  # Kings in the Corner, 2-6 players
    state.to_act, state.legal_actions(), state.apply(action), state.view(seat)
    state.events, state.is_over, state.scores, state.deal_scores
    replay(state.events, seed=state.seed) == state
    RULESETS["rifki"].next_seat(0, 4), RULESETS["king"].describe(state.deals[0])  # what a game is

Outside the engine, everything learns what a game is from its descriptor in ``RULESETS``
(``rulesets.py``, docs/architecture.md §3.2a): seats, direction, flags, roles, records, bot policies.
Each game registers its descriptors from its own module (``register``); importing the package
imports every module, so a new game is found without being listed anywhere.

The engine is plain, type-annotated Python. ``make`` compiles its hot modules with mypyc
(``tools/build_engine.py``), which Python then imports in place of the sources; ``COMPILED``
says which one is running. ``KINGRIFKI_ENGINE=python`` in the environment makes the sources
win even when the compiled modules are present (for debugging, profiling, and the tests that
prove both builds behave alike).
"""

import importlib
import importlib.abc
import importlib.util
import os
import pkgutil
import sys


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Import this package's modules from their ``.py`` files, ignoring compiled ones."""

    def find_spec(self, name, path=None, target=None):
        if not name.startswith(__name__ + "."):
            return None
        source = os.path.join(os.path.dirname(__file__), name.rpartition(".")[2] + ".py")
        return importlib.util.spec_from_file_location(name, source) if os.path.exists(source) else None


if os.environ.get("KINGRIFKI_ENGINE") == "python":
    sys.meta_path.insert(0, _SourcesFirst())

from . import state as _state_module  # noqa: E402  (after the finder, on purpose)
from . import tally  # noqa: E402
from .deal import seed_bytes, seed_commitment  # noqa: E402
from .errors import EngineError, IllegalAction, InvalidBoard, InvalidCard, InvalidEvents, InvalidOptions  # noqa: E402
from .options import resolve  # noqa: E402
from .rulesets import RULESETS, Ruleset, register, unregister  # noqa: E402

COMPILED = not _state_module.__file__.endswith(".py")


def _import_every_module():
    """Import each module of the package, so that every game registers its descriptors
    (``rulesets.register``) beside its code: adding a game is adding its module, never editing
    a list here. ``_``-prefixed names (mypyc's shared runtime, ``__main__``) are not games."""
    names = {info.name for info in pkgutil.iter_modules(__path__)}
    for name in sorted(names):
        if not name.startswith("_"):
            importlib.import_module(f"{__name__}.{name}")


__all__ = [
    "COMPILED",
    "RULESETS",
    "Ruleset",
    "register",
    "unregister",
    "new_game",
    "new_score_table",
    "preview_entry",
    "replay",
    "option_defaults",
    "EngineError",
    "IllegalAction",
    "InvalidBoard",
    "InvalidCard",
    "InvalidEvents",
    "InvalidOptions",
]


def _state_class(ruleset):
    game = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if game is None:
        raise InvalidOptions(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}", code="unknown_ruleset")
    return game.state_class


def option_defaults(ruleset):
    """Every option flag of a ruleset with its default value."""
    return resolve(_state_class(ruleset).FLAGS, {}, ruleset)


def new_game(ruleset, seed=None, options=None, board=None, key="game"):
    """Start a game: a whole seeded game, or with ``board`` one fixed deal.

    ``seed`` (bytes, text or a non-negative integer) drives every shuffle; without one a
    random secret seed is drawn (``state.seed``). ``key`` names the game inside the seed's
    space: deal n is shuffled with the deal key ``f"{key}/deal/{n}"``.
    """
    cls = _state_class(ruleset)
    opts = resolve(cls.FLAGS, options, ruleset)
    cls.check_options(opts)
    if not isinstance(key, str) or not key:
        raise InvalidOptions(f"key must be a non-empty string, not {key!r}", code="invalid_key")
    if board is not None:
        if seed is not None:
            raise InvalidOptions(
                "give either a seed (a whole game) or a board (one fixed deal), not both", code="seed_and_board"
            )
        board = cls.check_board(board, opts)
    return cls.create(opts, seed, key, board)


def new_score_table(ruleset, first, options=None, key="game"):
    """Start a score table: a game of ``ruleset`` played with real cards, whose deals are entered
    as outcomes (``{"type": "enter", "deal": n, ...}``) instead of played card by card
    (docs/architecture.md §3.9; ``tally.py``). ``first`` is the seat that deals (or declares)
    the first deal. ``state.entry_form()`` says what the next entry needs."""
    cls = _state_class(ruleset)
    opts = resolve(cls.FLAGS, options, ruleset)
    cls.check_options(opts)
    if not isinstance(key, str) or not key:
        raise InvalidOptions(f"key must be a non-empty string, not {key!r}", code="invalid_key")
    return tally.start(cls, opts, key, first)


def score_table_of(state):
    """A score table for the game ``state`` starts (a new seeded or fixed-board game): the same
    ruleset and options, and the seat the game names to deal (or declare) first, seat 0 where
    the table decides it. A tournament's table with real cards starts as its online match would."""
    first = state.events[0].get(type(state).FIRST_FACT)
    return new_score_table(state.ruleset, first if type(first) is int else 0, dict(state.options))


def correction_form(state, deal):
    """What a correction of a score table's ``deal`` may name: the deal's entry form as it
    stood before the deal was entered (its chooser's contracts left then)."""
    return tally.form_at(state, deal)


def preview_entry(state, action):
    """The points a score table's entry would give each seat, without entering it."""
    return tally.preview(state, action)


def replay(events, seed=None, verify=False):
    """Rebuild the state a log of events describes.

    By default the events are folded without re-deciding anything (they are the engine's own
    output; in a trick game, a deal that later deals follow is folded without its card play,
    which leaves nothing the state keeps). With ``verify=True`` every decision is applied again
    through the rules, and every automatic event (tricks, scores, deals when ``seed`` is given)
    must be exactly what the rules produce; any difference raises InvalidEvents. ``seed`` lets
    a replayed seeded game deal its next hands.
    """
    if (
        not isinstance(events, (list, tuple))
        or not events
        or not isinstance(events[0], dict)
        or events[0].get("type") != "game_started"
    ):
        raise InvalidEvents("an event log starts with a game_started event", code="invalid_events")
    start = events[0]
    try:
        cls = _state_class(start.get("ruleset"))
        opts = resolve(cls.FLAGS, start.get("options"), start.get("ruleset"))
        cls.check_options(opts)
        board = start.get("board")
        if board is not None:
            board = cls.check_board(board, opts)
    except (InvalidOptions, InvalidBoard) as e:
        raise InvalidEvents(f"game_started is not a valid start: {e.message}", code="invalid_start") from e
    if seed is not None:
        seed = seed_bytes(seed)
        if start.get("seed_sha256") not in (None, seed_commitment(seed)):
            raise InvalidEvents("the seed does not match the seed_sha256 committed in game_started", code="wrong_seed")
    state = cls(opts, seed, start.get("key", "game"), board)
    if start.get("entry") == tally.TABLE:
        state.entry = True  # a score table (tally.py)
    return state.verify_log(events) if verify else state.fold_log(events)


_import_every_module()  # last: a module may import the names above
