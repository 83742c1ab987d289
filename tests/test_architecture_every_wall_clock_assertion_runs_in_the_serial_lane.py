"""A test that asserts on a wall-clock measurement (an elapsed time, a latency, a deadline read
from time.monotonic, time.perf_counter or time.time) runs in the serial lane: it is marked
``serial`` (or ``services``, whose tests run one at a time already), so ``make test`` runs it
alone, never beside the parallel workers that would slow it on a 2-core machine
(docs/testing.md, "Lanes and markers").

What counts is found by reading each test module: a clock's reading, and arithmetic, lists and
statistics of such readings, compared in an ``assert``. A clock read for another purpose (a
timestamp to sign, a bound on a polling loop) is not an assertion on it."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CLOCKS = {"time.monotonic", "time.perf_counter", "time.time", "monotonic", "perf_counter", "time.time_ns"}
# Functions that keep a measurement a measurement: its statistics, its rounding, a copy.
KEEPING = {"min", "max", "sum", "abs", "round", "float", "list", "sorted", "statistics.median", "statistics.mean"}
LANES = {"serial", "services"}


class Measurements:
    """The names of a function (and the functions it nests) that hold clock readings."""

    def __init__(self, function, timers):
        self.timers = timers  # functions of the module that return a measurement
        self.names = set()
        grown = True
        while grown:
            before = len(self.names)
            for node in ast.walk(function):
                if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and node.value is not None:
                    if self.measures(node.value):
                        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                        self.names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    # timings.append(time.monotonic() - started): the list holds measurements
                    if node.func.attr in ("append", "extend", "add") and any(map(self.measures, node.args)):
                        self.names |= {n.id for n in ast.walk(node.func.value) if isinstance(n, ast.Name)}
            grown = len(self.names) > before

    def measures(self, node):
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func)
            if called in CLOCKS or called in self.timers:
                return True
            return called in KEEPING and any(map(self.measures, node.args))
        if isinstance(node, ast.Name):
            return node.id in self.names
        if isinstance(node, ast.BinOp):
            return self.measures(node.left) or self.measures(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.measures(node.operand)
        if isinstance(node, ast.Tuple | ast.List):
            return any(map(self.measures, node.elts))
        if isinstance(node, ast.ListComp | ast.GeneratorExp):
            return self.measures(node.elt)
        if isinstance(node, ast.Subscript):
            return self.measures(node.value)
        return False

    def asserted(self, function):
        """The ``assert`` statements that compare a measurement."""
        return [
            node
            for node in ast.walk(function)
            if isinstance(node, ast.Assert)
            and any(
                isinstance(part, ast.Compare) and any(map(self.measures, [part.left, *part.comparators]))
                for part in ast.walk(node.test)
            )
        ]


def functions(tree):
    return [node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)] + [
        node
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for node in cls.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def lanes_named(nodes):
    return {
        part.attr
        for node in nodes
        for part in ast.walk(node)
        if isinstance(part, ast.Attribute) and ast.unparse(part.value) == "pytest.mark" and part.attr in LANES
    }


def timing_tests(tree):
    """(test, the helpers it calls that assert on the clock) of each test that asserts on a
    measurement itself or through a helper of its module."""
    defined = functions(tree)
    timers = set()
    for function in defined:  # helpers that return a measurement
        returns = [n.value for n in ast.walk(function) if isinstance(n, ast.Return) and n.value is not None]
        if any(Measurements(function, timers).measures(value) for value in returns):
            timers.add(function.name)
    asserting = {f.name for f in defined if Measurements(f, timers).asserted(f)}
    grown = True
    while grown:  # a helper calling an asserting helper asserts too
        before = len(asserting)
        asserting |= {
            f.name
            for f in defined
            if any(isinstance(n, ast.Call) and ast.unparse(n.func) in asserting for n in ast.walk(f))
        }
        grown = len(asserting) > before
    return [f for f in defined if f.name.startswith("test") and f.name in asserting]


def unmarked(source):
    """The names of the tests of a module's source that assert on the clock unmarked."""
    tree = ast.parse(source)
    module_marks = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and any(ast.unparse(t) == "pytestmark" for t in node.targets)
    ]
    classes = {id(f): cls for cls in tree.body if isinstance(cls, ast.ClassDef) for f in cls.body}
    return [
        test.name
        for test in timing_tests(tree)
        if not lanes_named(module_marks + test.decorator_list + getattr(classes.get(id(test)), "decorator_list", []))
    ]


def test_every_test_asserting_on_the_wall_clock_is_marked_for_the_serial_lane():
    missing = [
        f"{path.relative_to(ROOT)}::{name}"
        for path in sorted(TESTS.rglob("test_*.py"))
        for name in unmarked(path.read_text(encoding="utf-8"))
    ]
    assert not missing, "mark these @pytest.mark.serial (docs/testing.md):\n" + "\n".join(missing)


def test_the_check_finds_a_latency_a_deadline_and_a_helpers_assertion_and_passes_other_clock_reads():
    example = """
import statistics, time
import pytest

def answered_quickly(call):
    started = time.monotonic()
    call()
    assert time.monotonic() - started < 0.2

def test_latency():
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        timings.append(time.perf_counter() - started)
    assert statistics.median(timings) < 0.2

def test_deadline():
    deadline = time.monotonic() + 5
    assert time.monotonic() < deadline

def test_through_a_helper():
    answered_quickly(print)

@pytest.mark.serial
def test_marked():
    started = time.time()
    assert time.time() - started < 1

def test_a_timestamp_signed():
    signed = {"now": time.time() - 600}
    assert signed["now"] > 0 or True
    response = len(str(time.time()))
    assert response == 18

def test_a_bounded_wait():
    deadline = time.monotonic() + 5
    done = []
    while not done and time.monotonic() < deadline:
        done.append(1)
    assert done == [1]
"""

    assert unmarked(example) == ["test_latency", "test_deadline", "test_through_a_helper"]
