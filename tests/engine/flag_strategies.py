"""Hypothesis strategies that draw option flags from the flag specs themselves (every flag of
King and Rifki, with the values its spec allows), shared by the engine's properties and the
audit tests that verify random games."""

import itertools

from hypothesis import strategies as st

from games.engine import king, rifki


def flag_strategy(flag):
    if flag.kind is bool:
        s = st.booleans()
    elif flag.choices:
        s = st.sampled_from(flag.choices)
    elif flag.kind is int:
        values = [v for v in range(flag.minimum, flag.maximum + 1) if flag.check is None or not flag.check(v)]
        s = st.sampled_from(values)
        if len(values) > 16:
            s = st.one_of(st.sampled_from(values[:16]), s)
    elif flag.kind is list:
        values = [list(v) for v in itertools.product(range(14), repeat=len(flag.default)) if not flag.check(list(v))]
        s = st.sampled_from(values)
    else:
        raise AssertionError(f"no strategy for a flag of kind {flag.kind}")
    return st.one_of(st.none(), s) if flag.nullable else s


def options_strategy(flags):
    return st.fixed_dictionaries({}, optional={name: flag_strategy(f) for name, f in sorted(flags.items())})


def rifki_options_possible(o):
    """docs/rules.md §2.3: opening negatives cannot exceed the negative hands; the suit limit must leave
    room for every trump hand."""
    short = o.get("short_mode", False)
    negatives, trumps = (2, 4) if short else (3, 8)
    limit = o.get("trump_suit_limit_per_game")
    return o.get("opening_negative_hands", 0) <= 4 * negatives and (limit is None or 4 * limit >= trumps)


KING_OPTIONS = options_strategy(king.FLAGS)
RIFKI_OPTIONS = options_strategy(rifki.FLAGS).filter(rifki_options_possible)
