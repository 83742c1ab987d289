"""The plugged-in game is known to the platform only through the registries: no file of the
platform (games/, bots/, tournaments/, templates/, config/) names it, so everything the other
tests of this directory show it doing, the platform did by asking its descriptor."""

from pathlib import Path

from .highcard import NAME

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = ("games", "bots", "tournaments", "templates", "config")


def platform_files():
    for tree in PLATFORM:
        for path in (ROOT / tree).rglob("*"):
            if (
                path.is_file()
                and path.suffix in (".py", ".html", ".txt", ".json", ".js")
                and "__pycache__" not in path.parts
            ):
                yield path


def test_no_platform_file_names_high_card():
    read = list(platform_files())
    assert any(path.name == "rulesets.py" for path in read) and any(path.suffix == ".html" for path in read)
    naming = [str(path.relative_to(ROOT)) for path in read if NAME in path.read_text(encoding="utf-8").lower()]
    assert not naming, naming
