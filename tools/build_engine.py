"""Compile the rules engine with mypyc: ``python tools/build_engine.py`` (``make engine``).

The engine is plain, type-annotated Python and runs as it is. Compiled, the same source runs
about three times faster, which is what lets a worker play bot tables and replay logs at the
speed the benchmark asks for (``make bench``). The extension modules are written next to the
sources (``games/engine/*.so``); Python imports an extension before a ``.py`` of the same
name, and ``--clean`` removes them to go back to the interpreted engine.

Only the modules on the hot path are compiled: each says so with the line ``MARKER`` below, so
that a game's new module joins the build by carrying it, never by being listed here.
``actions.py`` (``Action`` subclasses ``dict``, which a compiled class cannot), ``errors.py``,
the descriptors' registry and the command-line tools stay interpreted.
"""

import argparse
import os
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = ROOT / "games" / "engine"
MARKER = "# mypyc: compiled"


def compiled_modules(engine=ENGINE):
    """The engine's modules that carry ``MARKER`` on a line of their own, by name."""
    return tuple(
        sorted(
            path.stem
            for path in engine.glob("*.py")
            if any(line.startswith(MARKER) for line in path.read_text(encoding="utf-8").splitlines())
        )
    )


COMPILED = compiled_modules()
BUILD_DIR = ROOT / "var" / "build" / "engine"


def built_extensions():
    return sorted(p for p in ENGINE.iterdir() if p.suffix in (".so", ".pyd"))


def clean():
    for path in built_extensions():
        path.unlink()
    shutil.rmtree(BUILD_DIR, ignore_errors=True)


def build():
    from mypyc.build import mypycify
    from setuptools import Distribution

    sources = [str((ENGINE / f"{name}.py").relative_to(ROOT)) for name in COMPILED]
    # mypyc names modules after their paths, so it must run from the project root.
    ext_modules = mypycify(
        sources, opt_level="3", target_dir=str(BUILD_DIR / "c"), group_name="games.engine._compiled"
    )  # the shared runtime, inside the package
    dist = Distribution({"name": "kingrifki-engine", "ext_modules": ext_modules})
    cmd = dist.get_command_obj("build_ext")
    cmd.inplace = True
    cmd.build_temp = str(BUILD_DIR / "temp")
    cmd.build_lib = str(BUILD_DIR / "lib")
    cmd.ensure_finalized()
    cmd.run()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules and build files")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    clean()
    if not args.clean:
        build()
        print("compiled:", " ".join(p.name for p in built_extensions()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
