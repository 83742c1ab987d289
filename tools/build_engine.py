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

A build is kept in a cache outside the checkout (``ENGINE_BUILD_CACHE``, by default
``~/.cache/kingrifki/engine``), under a key of everything that makes it: every source of the
engine (a compiled module's types come from the modules it imports, compiled or not), this
file, mypyc's version, the Python that loads it and the C compiler named by ``CC`` and
``CFLAGS``. A second checkout, a branch switched back or ``make clean`` then installs the same
files in a moment instead of compiling them again (a minute or more on two cores); a source
changed by one byte is another key, and is compiled. ``ENGINE_BUILD_CACHE=off`` compiles every
time. The newest ``CACHE_KEEP`` builds are kept.
"""

import argparse
import contextlib
import fcntl
import hashlib
import os
import pathlib
import shutil
import signal
import sys
import sysconfig

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
CACHE_KEEP = 4  # builds kept in the cache, the newest used first


def cache_dir():
    """The build cache's folder, or None when ``ENGINE_BUILD_CACHE=off``."""
    setting = os.environ.get("ENGINE_BUILD_CACHE", "")
    if setting == "off":
        return None
    if setting:
        return pathlib.Path(setting)
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(home) / "kingrifki" / "engine"


def cache_key(engine=None):
    """What the build's files depend on, hashed: a build made from the same key is the same build."""
    import mypy.version

    engine = ENGINE if engine is None else engine
    digest = hashlib.sha256()
    facts = [
        mypy.version.__version__,
        sys.version,
        sysconfig.get_config_var("EXT_SUFFIX") or "",
        os.environ.get("CC", ""),
        os.environ.get("CFLAGS", ""),
    ]
    for fact in facts:
        digest.update(fact.encode() + b"\0")
    for path in [*sorted(engine.glob("*.py")), pathlib.Path(__file__)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def cached_build(key):
    """The extension files the cache holds for ``key``, or None: an entry is a folder written
    whole and then renamed into place, with the shared runtime and a shim per compiled module."""
    cache = cache_dir()
    if cache is None:
        return None
    entry = cache / key
    if not entry.is_dir():
        return None
    files = extensions_in(entry)
    names = {p.name.split(".", 1)[0] for p in files}
    if not any(n.startswith(RUNTIME_PREFIX) for n in names) or not set(COMPILED) <= names:
        return None  # not a whole build (the modules compiled have changed, or a hand removed a file)
    os.utime(entry)  # used now: the newest are kept
    return files


def keep_build(key, files):
    """Copy a finished build into the cache under ``key`` (a folder renamed into place, so a
    reader sees it whole or not at all), then drop all but the newest ``CACHE_KEEP``."""
    cache = cache_dir()
    if cache is None:
        return
    try:
        cache.mkdir(parents=True, exist_ok=True)
        staging = cache / f".{key}.{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        for path in files:
            shutil.copy2(path, staging / path.name)
        try:
            os.rename(staging, cache / key)
        except OSError:  # another build kept the same key first
            shutil.rmtree(staging, ignore_errors=True)
        entries = sorted(
            (p for p in cache.iterdir() if p.is_dir() and not p.name.startswith(".")),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        for old in entries[CACHE_KEEP:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as error:  # a cache that cannot be written costs the next build its time, nothing more
        print(f"the engine's build cache could not be written ({error}); the build is installed", flush=True)


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


def install(built, engine=None):
    """Move the built extensions into the package, the shared runtime first, each by a rename
    (a process that has one loaded keeps its old file's inode); then remove any the build no
    longer makes (a module that dropped ``MARKER``)."""
    engine = ENGINE if engine is None else engine
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


def build(cache_only=False):
    """Install the compiled engine: the cached build of these sources if there is one, else
    (unless ``cache_only``) a fresh build, kept in the cache. Returns where the files came
    from, or None when ``cache_only`` found nothing to install."""
    key = cache_key()
    cached = cached_build(key)
    if cached is not None:
        install(cached)
        return f"the build cache ({cached[0].parent})"
    if cache_only:
        return None
    built = compile_engine()
    install(built)
    keep_build(key, built)
    return "a fresh build"


def compile_engine():
    """Compile the engine's marked modules with mypyc under ``BUILD_DIR``; returns the extension files."""
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
    return extensions_in(BUILD_DIR / "lib" / ENGINE.relative_to(ROOT))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules and build files")
    parser.add_argument(
        "--from-cache",
        action="store_true",
        help="install the cached build of these sources, or exit 3 without compiling when there is none",
    )
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    if args.from_cache:
        with build_lock():
            source = build(cache_only=True)
        if source is None:
            return 3
        print(f"compiled engine, from {source}")
        return 0
    with build_lock():
        # The installed modules stay until the new ones replace them (a running site uses them).
        clean(installed=args.clean)
        if not args.clean:
            source = build()
            print(f"compiled engine, from {source}:", " ".join(p.name for p in built_extensions()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
