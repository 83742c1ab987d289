"""``python -m bench.first_run``: a newcomer's first `make run`, to a served home page and to the compiled engine.

Each round makes a fresh copy of the repository in a temporary folder and runs
``make run PORT=<a free port>`` there, as a newcomer would after cloning: a new .venv (pip
installs from this machine's pip cache and wheel folders, as anyone's would), the catalogues, the
database and its seeds, the rules engine's build. The copy is a ``git clone`` of ``--rev``
(HEAD by default; uncommitted changes are not in it), or with ``--from-worktree`` the working
tree's files as a commit of them would hold them (what git tracks or would track: no .venv,
var/, compiled modules, catalogues or database). Two times, in seconds from the start:

- page: the first 200 answer to GET /;
- compiled: the compiled engine in use: its build's stamp written, no child of the supervisor
  (tools/run_site.py: site, beat, workers) nor any process of theirs has KINGRIFKI_ENGINE=python
  in its environment (/proc/<pid>/environ), and the site's serving process has the engine's
  shared runtime (games/engine/_compiled__mypyc*.so) loaded (/proc/<pid>/maps). A worker loads
  the engine with its first task, so an idle one proves it by its environment alone.

Then SIGTERM to the supervisor, which stops everything. Target (issue 36): the page within 60 s
on an idle machine. ``--peer REV`` measures another revision in the same run, rounds alternating
(the commit before issue 36's change, whose `make run` compiled the engine before serving). Linux
only (/proc). It needs ``make``, ``git`` and ``python3``; the copy is removed after each round.
"""

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 60.0
GIVE_UP_SECONDS = 600.0
POLL_SECONDS = 0.25
RUNTIME = "_compiled__mypyc"
# Nothing of this shell's own setup reaches the newcomer's run.
DROPPED = (
    "VIRTUAL_ENV",
    "DATABASE_URL",
    "REDIS_URL",
    "VAR_DIR",
    "LOG_LEVEL",
    "DEBUG",
    "KINGRIFKI_ENGINE",
    "CELERY_QUEUE",
    "BOT_WEBHOOK_QUEUE",
    "BOT_PEOPLE_QUEUE",
    "DJANGO_SETTINGS_MODULE",
    "PYTHONPATH",
    "MAKEFLAGS",
    "MAKELEVEL",
    "MFLAGS",
)
# The console's steps, by the first words of their lines (this change's and the one before's).
STEPS = (
    ("pip", ("installing the Python packages", "-m pip install")),
    ("engine (before serving)", ("compiling the rules engine (",)),
    ("engine from the cache", ("the rules engine: this build was in the build cache",)),
    ("prepare", ("preparing the database",)),
    ("supervisor", ("compiling the rules engine in the background", "started site")),
    ("ready line", ("the compiled engine is ready",)),
)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def git(*args):
    return subprocess.run(["git", "-C", str(BASE_DIR), *args], capture_output=True, text=True, check=True).stdout


def resolve(rev):
    return git("rev-parse", "--verify", f"{rev}^{{commit}}").strip()


def make_copy(dest, rev):
    """A clone checked out at ``rev``, or (``rev`` None) the working tree's files."""
    if rev is not None:
        sha = resolve(rev)
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(BASE_DIR), str(dest)], check=True)
        subprocess.run(["git", "-C", str(dest), "checkout", "--quiet", "--detach", sha], check=True)
        return
    dest.mkdir()
    for name in git("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0"):
        source = BASE_DIR / name
        if not name or not (source.exists() or source.is_symlink()):
            continue  # deleted in the working tree
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy(source, target)  # contents and mode; the time is now's, as a clone's


def newcomer_env():
    env = {k: v for k, v in os.environ.items() if k not in DROPPED}
    # No virtualenv's bin on the PATH: `make run` makes its own from the system's python3.
    env["PATH"] = os.pathsep.join(
        entry for entry in env.get("PATH", "").split(os.pathsep) if not (Path(entry).parent / "pyvenv.cfg").exists()
    )
    return env


class Processes:
    """The run's processes, read from /proc."""

    @staticmethod
    def table():
        rows = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            fields = stat.rpartition(")")[2].split()
            if fields[0] != "Z":
                rows[int(entry.name)] = (int(fields[1]), cmdline)
        return rows

    @staticmethod
    def descendants(table, root):
        found, frontier = [], [root]
        while frontier:
            parent = frontier.pop()
            kids = [pid for pid, (ppid, _cmd) in table.items() if ppid == parent]
            found += kids
            frontier += kids
        return found

    @staticmethod
    def read(pid, name):
        try:
            return (Path("/proc") / str(pid) / name).read_bytes()
        except OSError:
            return None


def compiled_in_use(make_pid, stamp):
    """True when the supervisor's children all run without KINGRIFKI_ENGINE=python and the site's
    serving process has the compiled runtime loaded (see the module's docstring)."""
    if not stamp.exists():
        return False
    table = Processes.table()
    under_make = Processes.descendants(table, make_pid)
    supervisor = next((pid for pid in under_make if "tools/run_site.py" in table[pid][1]), None)
    if supervisor is None:
        return False
    children = [pid for pid in under_make if table.get(pid, (0,))[0] == supervisor]
    names = " ".join(table[pid][1] for pid in children)
    if "runserver" not in names or names.count(" worker ") < 2 or " beat " not in names:
        return False  # a child between its stop and its new start
    site_loaded = False
    for child in children:
        for pid in [child, *Processes.descendants(table, child)]:
            environ = Processes.read(pid, "environ")
            if environ is None or b"KINGRIFKI_ENGINE=python" in environ.split(b"\0"):
                return False
            if "runserver" in table[child][1] and RUNTIME.encode() in (Processes.read(pid, "maps") or b""):
                site_loaded = True
    return site_loaded


def answers(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def stop(make):
    """SIGTERM to the supervisor (as Ctrl-C: it stops its children), then make's exit awaited."""
    table = Processes.table()
    supervisor = next((p for p in Processes.descendants(table, make.pid) if "tools/run_site.py" in table[p][1]), None)
    if supervisor is not None:
        os.kill(supervisor, signal.SIGTERM)
    else:
        os.killpg(make.pid, signal.SIGTERM)  # still in make's own steps
    try:
        make.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(make.pid, signal.SIGKILL)
        make.wait()


def leftovers(folder):
    """Processes still running in the copy (a child that outlived the stop)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "cwd").startswith(str(folder)):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def one_round(rev, label, verbose=False, machine_cache=False):
    folder = Path(tempfile.mkdtemp(prefix="kingrifki-first-run-"))
    copy = folder / "kingrifki"
    try:
        make_copy(copy, rev)
        port = free_port()
        lines, times = [], {}
        started = time.monotonic()
        make = subprocess.Popen(
            ["make", "run", f"PORT={port}"],
            cwd=copy,
            # A newcomer's engine build cache is empty (docs/engine.md): this machine's is used only
            # with --machine-cache (a second checkout on a machine that built the same sources).
            env={**newcomer_env(), **({} if machine_cache else {"ENGINE_BUILD_CACHE": str(folder / "engine-cache")})},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )

        def read():
            for line in make.stdout:
                lines.append((time.monotonic() - started, line.rstrip("\n")))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        try:
            while time.monotonic() - started < GIVE_UP_SECONDS and make.poll() is None:
                now = time.monotonic() - started
                if "page" not in times and answers(port):
                    times["page"] = time.monotonic() - started
                if "compiled" not in times and compiled_in_use(make.pid, copy / "var" / "build" / "engine.stamp"):
                    times["compiled"] = now
                if "page" in times and "compiled" in times:
                    break
                time.sleep(POLL_SECONDS)
        finally:
            stop(make)
            reader.join(timeout=10)
            for pid in leftovers(copy):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        if "page" not in times or "compiled" not in times:
            shown = "\n".join(f"  {t:6.1f} {line}" for t, line in lines[-40:])
            raise SystemExit(
                f"{label}: no {'page' if 'page' not in times else 'compiled engine'}; make run said:\n{shown}"
            )
        if verbose:
            print("\n".join(f"    {t:6.1f} {line}" for t, line in lines))
        steps = {}
        for name, prefixes in STEPS:
            at = next((t for t, line in lines if any(p in line for p in prefixes)), None)
            if at is not None:
                steps[name] = at
        return times, steps
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def spread(values):
    return f"{statistics.median(values):5.1f} s ({', '.join(f'{v:.1f}' for v in values)})"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.first_run", description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="the revision a clone checks out (default HEAD)")
    parser.add_argument(
        "--from-worktree", action="store_true", help="copy the working tree's files (uncommitted changes too)"
    )
    parser.add_argument("--peer", help="a revision to measure beside it, rounds alternating (e.g. HEAD~1)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--verbose", action="store_true", help="print make run's console, each line's time before it")
    parser.add_argument(
        "--machine-cache",
        action="store_true",
        help="use this machine's engine build cache (a second checkout) instead of an empty one (a newcomer)",
    )
    args = parser.parse_args(argv)
    if not Path("/proc/self/environ").exists():
        raise SystemExit("bench.first_run reads /proc (Linux)")

    def describe(rev):
        return "the working tree" if rev is None else git("log", "-1", "--format=%h %s", rev).strip()[:60]

    # Each revision is read once: a commit made meanwhile changes no round's copy.
    subjects = [None if args.from_worktree else resolve(args.rev)] + ([resolve(args.peer)] if args.peer else [])
    labels = [describe(rev) for rev in subjects]
    print(
        f"a first `make run` in a fresh copy: seconds to the first 200 from GET / and to the compiled engine in use; "
        f"{args.rounds} round(s), cpus {os.cpu_count()}, load {os.getloadavg()[0]:.2f}; the engine's build cache: "
        + ("this machine's" if args.machine_cache else "empty, as a newcomer's")
    )
    results = {label: [] for label in labels}
    for r in range(args.rounds):
        order = list(zip(subjects, labels))
        for rev, label in order if r % 2 == 0 else reversed(order):
            times, steps = one_round(rev, label, args.verbose, args.machine_cache)
            results[label].append(times)
            detail = ", ".join(f"{name} at {at:.1f}" for name, at in steps.items())
            print(f"  round {r + 1} {label}: page {times['page']:.1f} s, compiled {times['compiled']:.1f} s ({detail})")
    met = True
    for i, label in enumerate(labels):
        pages = [t["page"] for t in results[label]]
        compiled = [t["compiled"] for t in results[label]]
        verdict = "PASS" if statistics.median(pages) < TARGET_SECONDS else "MISS"
        met = met and (verdict == "PASS" or i > 0)  # the peer's figure is for comparison
        print(f"{label}:")
        print(f"  page     {spread(pages)}  target < {TARGET_SECONDS:.0f} s: {verdict}")
        print(f"  compiled {spread(compiled)}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
