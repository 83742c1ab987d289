"""Option flags: every flag of docs/rules.md is accepted by name with its default; nothing else is."""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from typing import Any

from .errors import InvalidOptions


class Flag:
    """One option flag: its default and what values it may take."""

    def __init__(
        self,
        default,
        choices=None,
        kind=None,
        minimum=None,
        maximum=None,
        nullable=False,
        check=None,
        doc="",
        label="",
        choice_labels=None,
    ):
        self.default = default
        self.choices = choices
        self.kind = kind if kind is not None else (str if choices else type(default))
        self.minimum = minimum
        self.maximum = maximum
        self.nullable = nullable
        self.check = check  # extra check: value -> error text or None
        self.doc = doc  # msgid: what the flag changes, for the organiser's form (its help text)
        self.label = label  # msgid: the flag's name on a form
        self.choice_labels = choice_labels or {}  # choice -> msgid, for choice flags

    def validate(self, name, value):
        if value is None and self.nullable:
            return None
        if self.kind is bool:
            if type(value) is not bool:
                raise InvalidOptions(
                    f"option {name!r} must be true or false, not {value!r}", code="invalid_option_value", option=name
                )
            return value
        if self.kind is int:
            if type(value) is not int:
                raise InvalidOptions(
                    f"option {name!r} must be an integer, not {value!r}", code="invalid_option_value", option=name
                )
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptions(
                    f"option {name!r} must be between {self.minimum} and {self.maximum}, not {value}",
                    code="invalid_option_value",
                    option=name,
                )
        elif self.kind is str:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptions(
                    f"option {name!r} must be one of {allowed}, not {value!r}", code="invalid_option_value", option=name
                )
        elif self.kind is list:
            if not isinstance(value, (list, tuple)):
                raise InvalidOptions(
                    f"option {name!r} must be a list, not {value!r}", code="invalid_option_value", option=name
                )
            value = list(value)
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise InvalidOptions(f"option {name!r}: {problem}", code="invalid_option_value", option=name)
        return value


# Every new game and every replay resolves its options, and a replay resolves the whole set its
# game_started logged: the same few sets again and again. Each set found valid is kept (under the
# flags it was checked against, with their identity) and handed out as a fresh copy. Typed, so
# that a compiled engine walks the dicts directly: the key and the copy are most of what a
# replay's game_started costs.
_RESOLVED: dict[Any, Any] = {}


def resolve(flags: Any, given: Any, ruleset: Any) -> dict[str, Any]:
    """All flags with defaults filled in; refuses unknown names and ill-typed values."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise InvalidOptions(
            f"options must be a mapping of flag names to values, not {given!r}", code="invalid_options"
        )
    key = _key(flags, given)
    if key is not None:
        hit = _RESOLVED.get(key)
        if hit is not None and hit[0] is flags:
            return _fresh(hit[1], hit[2])
    resolved = _resolve(flags, given, ruleset)
    if key is not None and len(_RESOLVED) < 256:  # options come from logs too: keep it small
        lists = tuple(name for name, value in resolved.items() if type(value) is list)
        _RESOLVED[key] = (flags, _fresh(resolved, lists), lists)
    return resolved


def _key(flags: Any, given: dict[Any, Any]) -> Any:
    """``given`` as a hashable key that tells apart values Python finds equal (True and 1, 1
    and 1.0, a list and a tuple), or None for values that cannot be keyed (never kept).

    The names and the values go in as they are, beside the values' types; a list (not
    hashable) goes in as its items' types and its items. Built with tuple() and map() over the
    dict, which run in C: a replay resolves the whole set of options its log holds."""
    values = tuple(given.values())
    kinds = tuple(map(type, values))
    if list in kinds:
        items = list(values)
        for i in range(len(items)):
            if kinds[i] is list:
                value = items[i]
                items[i] = (tuple(map(type, value)), tuple(value))
        values = tuple(items)
    key = (id(flags), tuple(given), values, kinds)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _fresh(options: dict[str, Any], lists: tuple[str, ...]) -> dict[str, Any]:
    """A copy of resolved ``options`` whose list values (the names ``lists``) are copies too."""
    out = options.copy()
    for name in lists:
        out[name] = list(out[name])
    return out


def _resolve(flags, given, ruleset):
    unknown = sorted(set(given) - set(flags), key=str)
    if unknown:
        raise InvalidOptions(
            f"unknown option {unknown[0]!r} for {ruleset}; known options: {', '.join(sorted(flags))}",
            code="unknown_option",
            option=unknown[0],
        )
    return {
        name: flag.validate(name, given[name]) if name in given else _copy(flag.default) for name, flag in flags.items()
    }


def _copy(value):
    return list(value) if isinstance(value, list) else value
