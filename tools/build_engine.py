"""Compile the rules engine with mypyc: ``python tools/build_engine.py`` (``make engine``).

The engine is plain, type-annotated Python and runs as it is. Compiled, the same source runs
about three times faster, which is what lets a worker play bot tables and replay logs at the
speed the benchmark asks for (``make bench``). The extension modules end up next to the
sources (``games/engine/*.so``); Python imports an extension before a ``.py`` of the same
name, and ``--clean`` removes them to go back to the interpreted engine.

Only the modules on the hot path are compiled: each says so with the line ``MARKER`` below, so
that a game's new module joins the build by carrying it, never by being listed here.
``actions.py`` (``Action`` subclasses ``dict``, which a compiled class cannot), ``errors.py``,
the descriptors' registry and the command-line tools stay interpreted.

The site may be running while this builds (``make run`` compiles in the background and serves
from the sources meanwhile, docs/architecture.md §3.8), and a process may start at any moment of
the build. So the modules are built under ``var/build/engine/`` and only then moved into the
package, each by one rename: the modules a process imports are the previous build's or this
one's, never a half-written file. mypyc puts the code of every module in one shared runtime
(``_compiled__mypyc*.so``); each module's own extension is a small shim that looks its code up in
the runtime by name, so the runtime goes first: from then on every shim, old or new, finds this
build's code. Two builds at once (``make engine`` beside ``make run``'s) take turns on a lock.
"""

import argparse
import contextlib
import fcntl
import os
import pathlib
import shutil
import signal
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = ROOT / "games" / "engine"
MARKER = "# mypyc: compiled"
RUNTIME_PREFIX = "_compiled__mypyc"  # the group's shared runtime (group_name below)


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
LOCK = ROOT / "var" / "build" / "engine.lock"


def extensions_in(directory):
    return sorted(p for p in directory.iterdir() if p.suffix in (".so", ".pyd"))


def built_extensions():
    return extensions_in(ENGINE)


@contextlib.contextmanager
def build_lock():
    """One build at a time: a second waits for the first, then builds (its sources may be newer)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("waiting for another build of the engine to finish", flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@contextlib.contextmanager
def signals_held():
    """Ctrl-C or SIGTERM (make run stopping) waits until the renames are done, so an interrupted
    build leaves the previous modules or the new ones in place, not some of each."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def install(built, engine=ENGINE):
    """Move the built extensions into the package, the shared runtime first, each by a rename
    (a process that has one loaded keeps its old file's inode); then remove any the build no
    longer makes (a module that dropped ``MARKER``)."""
    built = sorted(built, key=lambda p: (not p.name.startswith(RUNTIME_PREFIX), p.name))
    staged = []
    for path in built:  # copies first, beside their final place (one filesystem: the rename is atomic)
        temporary = engine / f".{path.name}.new"
        shutil.copy2(path, temporary)
        staged.append((temporary, engine / path.name))
    with signals_held():
        for temporary, final in staged:
            os.replace(temporary, final)
        names = {final.name for _temporary, final in staged}
        for stale in extensions_in(engine):
            if stale.name not in names:
                stale.unlink()


def clean(installed=True):
    for leftover in ENGINE.glob(".*.new"):  # a copy an interrupted install left behind
        leftover.unlink()
    if installed:
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
    cmd.inplace = False  # into build_lib; install() moves them into the package
    cmd.build_temp = str(BUILD_DIR / "temp")
    cmd.build_lib = str(BUILD_DIR / "lib")
    cmd.ensure_finalized()
    cmd.run()
    install(extensions_in(BUILD_DIR / "lib" / ENGINE.relative_to(ROOT)))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules and build files")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    with build_lock():
        # The installed modules stay until the new ones replace them (a running site uses them).
        clean(installed=args.clean)
        if not args.clean:
            build()
            print("compiled:", " ".join(p.name for p in built_extensions()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
