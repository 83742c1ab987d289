"""`make run` may start a process while the rules engine compiles in the background, so
tools/build_engine.py builds under var/build/ and moves each extension module into the package
by one rename: a process imports the previous build's file or the new one, never a half-written
one, and one that has the old file loaded keeps it. The shared runtime (mypyc puts every
module's code there; each module's own file is a shim that looks its code up by name) goes
first, so that from then on every shim finds the new code; a module the build no longer makes
is removed last."""

import os

from tools import build_engine

SUFFIX = ".cpython-311-x86_64-linux-gnu.so"
RUNTIME = f"_compiled__mypyc{SUFFIX}"


def test_each_module_is_renamed_into_place_the_runtime_first_and_a_stale_one_removed(tmp_path, monkeypatch):
    engine, built = tmp_path / "engine", tmp_path / "built"
    engine.mkdir()
    built.mkdir()
    for name, text in ((RUNTIME, "old runtime"), (f"state{SUFFIX}", "old state"), (f"gone{SUFFIX}", "old gone")):
        (engine / name).write_text(text)
    for name, text in ((f"deal{SUFFIX}", "new deal"), (f"state{SUFFIX}", "new state"), (RUNTIME, "new runtime")):
        (built / name).write_text(text)
    loaded = open(engine / f"state{SUFFIX}")  # a running process's copy of the old module

    renames = []
    real_replace = os.replace

    def replace(source, target):
        source, target = os.fspath(source), os.fspath(target)
        assert open(source).read().startswith("new")  # written whole before it is moved
        renames.append(os.path.basename(target))
        real_replace(source, target)

    monkeypatch.setattr(build_engine.os, "replace", replace)
    build_engine.install(build_engine.extensions_in(built), engine)

    assert renames == [RUNTIME, f"deal{SUFFIX}", f"state{SUFFIX}"]
    assert {p.name: p.read_text() for p in engine.iterdir()} == {
        RUNTIME: "new runtime",
        f"deal{SUFFIX}": "new deal",
        f"state{SUFFIX}": "new state",
    }  # no temporary copy left, the stale module gone
    assert loaded.read() == "old state"  # the old file lives on for whoever has it open
    loaded.close()


def test_the_build_leaves_the_installed_modules_in_place_until_it_replaces_them(tmp_path, monkeypatch):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / RUNTIME).write_text("old runtime")
    (engine / f".state{SUFFIX}.new").write_text("half a copy")  # an interrupted install's leftover
    monkeypatch.setattr(build_engine, "ENGINE", engine)
    monkeypatch.setattr(build_engine, "BUILD_DIR", tmp_path / "build")
    build_engine.clean(installed=False)  # what a build does before compiling
    assert [p.name for p in engine.iterdir()] == [RUNTIME]
    build_engine.clean()  # --clean: back to the sources
    assert list(engine.iterdir()) == []
