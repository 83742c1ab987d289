"""No module of the apps (games/, bots/, tournaments/) sets an attribute on a model instance that
its model does not declare, nor reads one with ``getattr`` by name: what a function learnt
travels as declared data, a result it returns or the announcement's fields (games.hooks), never
smuggled on a row for another module to find (docs/architecture.md §5).

Read with ``ast``: a variable is taken for a model instance when its name is a model's name in
snake case or the end of one (``match``: Match; ``table``: FriendsTable, TournamentTable or
LadderTable), and then the attribute must be one that such a model has: a field (by name or
column), a relation either way, a property or a method. Attributes of anything else (``self``,
a request, an engine state) are not this test's business."""

import ast
import re
from collections import defaultdict
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parents[1]
APPS = ("games", "bots", "tournaments")


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def models_by_variable_name():
    """Each variable name that stands for a model instance, with the models it may be."""
    named = defaultdict(list)
    for model in apps.get_models():
        if model._meta.app_label in APPS:
            words = snake(model.__name__).split("_")
            for start in range(len(words)):
                named["_".join(words[start:])].append(model)
    return named


def assigned(node):
    """The attribute targets an assignment sets: (variable name, attribute)."""
    if isinstance(node, ast.Assign):
        stack = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        stack = [node.target]
    else:
        return
    while stack:
        target = stack.pop()
        if isinstance(target, ast.Tuple | ast.List):
            stack.extend(target.elts)
        elif isinstance(target, ast.Starred):
            stack.append(target.value)
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            yield target.value.id, target.attr


def named_by_string(node):
    """``setattr(x, "name", ...)`` and ``getattr(x, "name", ...)``: (variable name, attribute)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("setattr", "getattr")
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        yield node.args[0].id, node.args[1].value


def undeclared(tree, named=None):
    """(line, "variable.attribute") for each attribute set or got by name on a variable that
    stands for a model instance, where none of its models declares that attribute."""
    named = models_by_variable_name() if named is None else named
    found = []
    for node in ast.walk(tree):
        for variable, attribute in [*assigned(node), *named_by_string(node)]:
            models = named.get(variable)
            if models and not any(hasattr(model, attribute) for model in models):
                found.append((node.lineno, f"{variable}.{attribute}"))
    return sorted(found)


def apps_modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_no_module_of_the_apps_smuggles_an_attribute_on_a_model_instance():
    named = models_by_variable_name()
    smuggled = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in apps_modules()
        for line, what in undeclared(ast.parse(path.read_text(encoding="utf-8")), named)
    ]
    assert smuggled == [], "attributes no model declares:\n" + "\n".join(smuggled)


def test_the_scan_finds_an_attribute_set_or_read_that_the_model_does_not_declare():
    sample = """
def learn(match, tables, bot):
    match.machines_seated = True
    match.version, match.receipt = 3, {}
    for table in tables:
        table.closed_room = table.rated = False
    setattr(bot, "secret", "s")
    return getattr(match, "machines_seated", None), getattr(match, "status")
"""
    assert undeclared(ast.parse(sample)) == [
        (3, "match.machines_seated"),
        (4, "match.receipt"),
        (6, "table.closed_room"),
        (7, "bot.secret"),
        (8, "match.machines_seated"),
    ]
