"""tools/build_engine.py keeps each build in a cache outside the checkout, under a key of the
engine's sources, the builder, mypyc's version and the Python: a second build of the same
sources installs the kept files without compiling, and a source changed by one byte (a module
the build does not even compile included: its types reach the ones it does) is compiled again.
An entry that is not a whole build is passed over, and ``ENGINE_BUILD_CACHE=off`` compiles
every time. Here the compiler is a stand-in that writes one file per module."""

import pytest

from tools import build_engine

SUFFIX = ".cpython-311-x86_64-linux-gnu.so"


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """An engine folder of two sources, a build folder, a cache, and a stand-in compiler that
    counts its runs and writes the shared runtime and a shim per compiled module."""
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "state.py").write_text("# mypyc: compiled\nx = 1\n")
    (engine / "errors.py").write_text("class E(Exception): pass\n")
    monkeypatch.setattr(build_engine, "ENGINE", engine)
    monkeypatch.setattr(build_engine, "COMPILED", ("state",))
    monkeypatch.setattr(build_engine, "BUILD_DIR", tmp_path / "build")
    monkeypatch.setattr(build_engine, "LOCK", tmp_path / "build" / "engine.lock")
    monkeypatch.setenv("ENGINE_BUILD_CACHE", str(tmp_path / "cache"))
    runs = []

    def compile_engine():
        runs.append(1)
        out = tmp_path / "build" / "lib"
        out.mkdir(parents=True, exist_ok=True)
        for name in (f"_compiled__mypyc{SUFFIX}", f"state{SUFFIX}"):
            (out / name).write_text(f"build {len(runs)} of {(engine / 'state.py').read_text()!r}")
        return build_engine.extensions_in(out)

    monkeypatch.setattr(build_engine, "compile_engine", compile_engine)
    return engine, tmp_path / "cache", runs


def installed(engine):
    return {p.name: p.read_text() for p in build_engine.extensions_in(engine)}


def test_the_same_sources_install_the_kept_build_and_a_changed_one_compiles_again(checkout, capsys):
    engine, cache, runs = checkout
    assert build_engine.main([]) == 0
    first = installed(engine)
    assert len(runs) == 1 and set(first) == {f"_compiled__mypyc{SUFFIX}", f"state{SUFFIX}"}
    assert "from a fresh build" in capsys.readouterr().out

    build_engine.main(["--clean"])  # back to the sources, as `make clean` leaves a checkout
    assert installed(engine) == {}
    build_engine.main([])
    assert len(runs) == 1 and installed(engine) == first  # nothing compiled: the kept files
    assert f"from the build cache ({cache}" in capsys.readouterr().out

    (engine / "errors.py").write_text("class E(Exception): pass\n\n")  # one byte, in a module not compiled
    build_engine.main([])
    assert len(runs) == 2 and installed(engine) != first
    assert len([p for p in cache.iterdir() if not p.name.startswith(".")]) == 2


def test_an_entry_missing_a_module_is_compiled_again(checkout):
    engine, cache, runs = checkout
    build_engine.main([])
    (entry,) = cache.iterdir()
    (entry / f"state{SUFFIX}").unlink()  # no longer a whole build
    build_engine.main([])
    assert len(runs) == 2 and f"state{SUFFIX}" in installed(engine)


def test_the_cache_keeps_only_the_newest_builds(checkout):
    engine, cache, runs = checkout
    for i in range(build_engine.CACHE_KEEP + 2):
        (engine / "state.py").write_text(f"# mypyc: compiled\nx = {i}\n")
        build_engine.main([])
    assert len(runs) == build_engine.CACHE_KEEP + 2
    kept = [p for p in cache.iterdir()]
    assert len(kept) == build_engine.CACHE_KEEP
    assert build_engine.cache_key(engine) in {p.name for p in kept}  # the last one is among them


def test_with_the_cache_off_every_build_compiles(checkout, monkeypatch):
    engine, cache, runs = checkout
    monkeypatch.setenv("ENGINE_BUILD_CACHE", "off")
    build_engine.main([])
    build_engine.main([])
    assert len(runs) == 2 and not cache.exists()


def test_make_runs_install_from_the_cache_never_compiles_and_says_when_there_is_nothing(checkout):
    """`make run` asks for the cached build first (--from-cache) and compiles in the background
    only when there is none: that ask never compiles."""
    engine, cache, runs = checkout
    assert build_engine.main(["--from-cache"]) == 3
    assert runs == [] and installed(engine) == {}
    build_engine.main([])
    build_engine.main(["--clean"])
    assert build_engine.main(["--from-cache"]) == 0
    assert len(runs) == 1 and set(installed(engine)) == {f"_compiled__mypyc{SUFFIX}", f"state{SUFFIX}"}
