"""requirements.txt is what `make run`, the site and its workers need (the Dockerfile installs
it); the test and lint tools are in requirements-dev.txt, which make test adds. Every package
the running code imports (outside tests/ and bench/), or names in its settings, is pinned in
requirements.txt, and no test tool is; requirements-dev.txt builds on it and pins exactly."""

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
TEST_TOOLS = {"pytest", "playwright", "hypothesis", "schemathesis", "ruff", "polib", "execnet", "iniconfig"}
NOT_RUNTIME = {"tests", "bench", ".venv", "var", "node_modules"}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==[^\s#]+")


def normal(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned(path):
    lines = [line.split("#")[0].strip() for line in (ROOT / path).read_text().splitlines()]
    names = [PIN.match(line) for line in lines if line and not line.startswith("-r")]
    assert all(names), f"{path}: every line is an exact pin (name==version) or -r"
    return {normal(match[1]) for match in names}


def runtime_imports():
    """Top-level modules imported by the running code: the apps, config, tools, manage.py."""
    modules = set()
    for path in ROOT.rglob("*.py"):
        if NOT_RUNTIME.intersection(path.relative_to(ROOT).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    # Named in the settings rather than imported: apps, middleware, storage backends.
    named = list(settings.INSTALLED_APPS) + list(settings.MIDDLEWARE)
    named += [backend["BACKEND"] for backend in settings.STORAGES.values()]
    modules.update(name.split(".")[0] for name in named)
    return modules - set(sys.stdlib_module_names)


def test_requirements_txt_pins_no_test_or_lint_tool():
    runtime = pinned("requirements.txt")
    assert runtime.isdisjoint(TEST_TOOLS | {"pytest-django", "pytest-env", "pytest-xdist"})
    assert not any(name.startswith("pytest") for name in runtime)


def test_every_package_the_running_code_uses_is_in_requirements_txt():
    runtime = pinned("requirements.txt")
    distributions = packages_distributions()
    ours = {path.name for path in ROOT.iterdir() if path.is_dir() or path.suffix == ".py"}
    missing = {
        module: distributions.get(module)
        for module in runtime_imports() - {Path(name).stem for name in ours}
        if not any(normal(d) in runtime for d in distributions.get(module, ["?"]))
    }
    assert missing == {}
    for server in ("gunicorn", "uvicorn", "celery"):  # run as commands (Dockerfile, docker-compose.yml)
        assert server in runtime


def test_requirements_dev_txt_builds_on_requirements_txt_and_adds_the_tools():
    text = (ROOT / "requirements-dev.txt").read_text()
    assert "-r requirements.txt" in text.splitlines()
    dev = pinned("requirements-dev.txt")
    assert {"pytest", "pytest-django", "playwright", "hypothesis", "ruff"} <= dev
    assert dev.isdisjoint(pinned("requirements.txt"))  # each pin in one file only
    assert "-r requirements.txt" in (ROOT / "requirements-bench.txt").read_text().splitlines()


def test_make_run_installs_only_requirements_txt_and_make_test_the_dev_tools_too():
    makefile = (ROOT / "Makefile").read_text()
    run = re.search(r"^run: (\$\(\w+\).*)$", makefile, re.M).group(1)
    test = re.search(r"^test: (\$\(\w+\).*)$", makefile, re.M).group(1)
    assert "$(STAMP)" in run.split() and "$(DEV_STAMP)" not in run
    assert "$(DEV_STAMP)" in test.split()
    assert re.search(r"^\$\(DEV_STAMP\): requirements-dev.txt", makefile, re.M)
    assert "requirements-dev" not in (ROOT / "Dockerfile").read_text()
