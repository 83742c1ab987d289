"""``python -m bench.scale``: bot tables by the hundred and people playing beside them, on one machine.

Issue 36's "scale on one machine": the ladder at scale is hundreds of live tables of bots, each
played flat out by the default queue's workers, while people play at tables of their own with
house bots. Each step keeps ``N`` tables of four built-in bots live (a finished one is replaced
at once, as the ladder pairs again) for ``--seconds``, while ``--people`` people play (each at a
table with random house bots, thinking 0.1 to 1.1 s a move, a new table when one ends), and
measures:

- people: seconds from a person's stored move to the next house bot's stored move (both
  ``recorded_at``, set just before their commits), p50 and p99; target p99 < 300 ms at 200
  tables and 20 people;
- bot tables: match events stored a second, and games finished;
- the default queue's backlog in Redis (how far the workers are behind), sampled;
- what the machine spends: its CPU busy (``/proc/stat``), the CPU seconds a second of the
  workers, of PostgreSQL and of Redis (``/proc/<pid>``), the workers' memory, and PostgreSQL's
  connections.

The stack is the compose file's on PostgreSQL (DATABASE_URL: a database of the bench's own is
created beside it and dropped) and Redis (REDIS_URL, on queues of the bench's own): a worker on
the default queue (prefork, one process a core, as ``celery worker`` starts by default) and one
on the people's queue (BOT_PEOPLE_QUEUE), each as docker-compose.yml runs them. People move
through the action's service path (``games.service.playing.submit_action``: the path the action
endpoint takes, its commit announcing the match to the workers); the HTTP layer's own cost is
bench.http's.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from bench.bots import BASE_DIR, DEFAULT_RULESET
from bench.http import database_url, drop_queue
from bench.latency import TARGET_P99, commit_of, percentile
from games.engine import RULESETS
from tools.run_site import AUTOPILOT_NICENESS

STEPS = (20, 50, 100, 200)
BOT_STRATEGY = "heuristic"  # a ladder bot thinks a little; Monte Carlo ones would only slow every step alike
LOOK_SECONDS = 0.2  # how often a person looks whether it is their turn: the measure is the server's own, and a
# bench polling faster would only take the CPU from the workers it measures (a page is told by its stream)
TURN_TIMEOUT = 120.0


def proc_cpu_seconds(pid):
    """CPU seconds of process ``pid`` and its threads so far (utime + stime of /proc/<pid>/stat)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def pids_named(name):
    """Processes whose command name is ``name`` (postgres, redis-server): what the machine's
    services spend is read from /proc, as the bench does not own them."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def family(pid):
    """``pid`` and its children (a prefork worker's pool processes)."""
    pids = [pid]
    for entry in Path(f"/proc/{pid}/task").iterdir():
        try:
            pids += [int(p) for p in (entry / "children").read_text().split()]
        except OSError:
            continue
    return pids


def machine_busy():
    """(busy, total) jiffies of the whole machine so far (/proc/stat's first line)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


class Meter:
    """CPU seconds of groups of processes between ``start`` and ``stop``."""

    def __init__(self, groups):
        self.groups = groups  # name -> callable giving the pids now

    def sample(self):
        return {name: sum(proc_cpu_seconds(p) for p in pids()) for name, pids in self.groups.items()}, machine_busy()

    def start(self):
        self.began, self.wall = self.sample(), time.monotonic()

    def stop(self):
        (after, busy), wall = self.sample(), time.monotonic() - self.wall
        before, busy_before = self.began
        spent = {name: (after[name] - before[name]) / wall for name in after}
        spent["machine busy"] = (busy[0] - busy_before[0]) / max(1, busy[1] - busy_before[1])
        return spent


class BotTables(threading.Thread):
    """Keeps ``target`` tables of four built-in bots live: each time one finishes, another."""

    def __init__(self, ruleset):
        super().__init__(daemon=True)
        self.ruleset, self.target, self.halt = ruleset, 0, threading.Event()
        self.live, self.finished, self.created = [], 0, 0

    def run(self):
        from django.db import connection

        from bots.house import house_bot
        from games.models import Match
        from games.service import creating

        bot = house_bot(BOT_STRATEGY)
        seats = RULESETS[self.ruleset].num_seats()
        try:
            while not self.halt.is_set():
                if self.live:
                    live = Match.objects.filter(pk__in=self.live, status=Match.Status.LIVE)
                    still = set(live.values_list("pk", flat=True))
                    self.finished += len(self.live) - len(still)
                    self.live = [pk for pk in self.live if pk in still]
                while len(self.live) < self.target and not self.halt.is_set():
                    self.live.append(creating.do_create_match(self.ruleset, {}, [bot] * seats).pk)
                    self.created += 1
                self.halt.wait(0.25)
        finally:
            connection.close()

    def stop(self):
        self.halt.set()
        self.join(timeout=60)


class Person(threading.Thread):
    """One person at tables of their own with random house bots, moving after thinking."""

    def __init__(self, user, ruleset, seed):
        super().__init__(daemon=True)
        self.user, self.ruleset, self.rng = user, ruleset, random.Random(seed)
        self.halt, self.matches, self.error = threading.Event(), [], None

    def wait_for_turn(self, match, seat):
        from games.models import Match

        deadline = time.monotonic() + TURN_TIMEOUT
        while time.monotonic() < deadline and not self.halt.is_set():
            match.refresh_from_db(fields=["version", "status", "to_act"])
            if match.status == Match.Status.OVER:
                return False
            if match.to_act == seat:
                return True
            time.sleep(LOOK_SECONDS)
        if not self.halt.is_set():
            self.error = f"match {match.pk} waited {TURN_TIMEOUT} s for the bots at version {match.version}"
        return False

    def run(self):
        from django.db import connection

        from bots.house import house_bot
        from games.service import creating, playing, states

        bot = house_bot("random")
        seats = RULESETS[self.ruleset].num_seats()
        try:
            while not self.halt.is_set() and self.error is None:
                seat = self.rng.randrange(seats)
                players = [self.user if i == seat else bot for i in range(seats)]
                match = creating.do_create_match(self.ruleset, {}, players)
                self.matches.append(match)
                while self.wait_for_turn(match, seat):
                    if self.halt.wait(self.rng.uniform(0.1, 1.1)):
                        return
                    action = self.rng.choice(states.current_state(match).legal_actions())
                    playing.submit_action(match.pk, self.user, dict(action), match.version)
        finally:
            connection.close()


def people_latencies(people, since):
    """Seconds from each person's move stored at or after ``since`` to the next bot move."""
    from games.record import eventlog
    from games.service import playing

    out = []
    for person in people:
        mine = playing.actor_key(person.user)
        for match in person.matches:
            rows = eventlog.stream_events(match.stream)
            for prev, row in zip(rows, rows[1:]):
                if (
                    prev.recorded_at >= since
                    and prev.metadata.get("actor") == mine
                    and str(row.metadata.get("actor", "")).startswith("bot:")
                ):
                    out.append((row.recorded_at - prev.recorded_at).total_seconds())
    return out


def start_worker(queue, name, env, log_path, extra=(), niceness=0):
    """A Celery worker as the compose file starts one (its default pool, one process a core;
    the default queue's yielding the CPU to the others: ``niceness``)."""
    cmd = ["nice", "-n", str(niceness), sys.executable, "-m", "celery", "-A", "config", "worker"]
    cmd += ["-Q", queue, "-n", f"{name}@%h"]
    cmd += ["--loglevel=WARNING", *extra]
    return subprocess.Popen(cmd, cwd=BASE_DIR, env=env, stdout=open(log_path, "w"), stderr=subprocess.STDOUT)


def step(tables, people, bot_tables, seconds, meter, queue):
    """Hold ``tables`` bot tables live, let ``people`` play for ``seconds``; the step's figures."""
    import redis
    from django.db import connection
    from django.utils import timezone

    from games.models import Event

    bot_tables.target = tables
    time.sleep(3.0)  # the new tables dealt and queued: measure the steady state
    backlog = redis.Redis.from_url(os.environ["REDIS_URL"])
    since, finished_before = timezone.now(), bot_tables.finished
    meter.start()
    lengths = []
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        lengths.append(backlog.llen(queue))
        time.sleep(0.5)
    spent = meter.stop()
    until = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        connections = cursor.fetchone()[0]
    people_ids = {p.user.pk for p in people}
    events = Event.objects.filter(recorded_at__gte=since, recorded_at__lt=until).count()
    latencies = people_latencies(people, since)
    return {
        "tables": tables,
        "events_per_second": events / (until - since).total_seconds(),
        "games_finished": bot_tables.finished - finished_before,
        "backlog_median": statistics.median(lengths),
        "backlog_max": max(lengths),
        "latencies": latencies,
        "spent": spent,
        "connections": connections,
        "people": len(people_ids),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default=",".join(map(str, STEPS)), help="the steps: live bot tables")
    parser.add_argument("--people", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured per step")
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    args = parser.parse_args(argv)
    steps = [int(n) for n in args.tables.split(",")]

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["CELERY_QUEUE"] = f"bench-scale-{uuid.uuid4().hex[:8]}"
    os.environ["BOT_PEOPLE_QUEUE"] = os.environ["CELERY_QUEUE"] + "-people"
    os.environ["BOT_WEBHOOK_QUEUE"] = os.environ["CELERY_QUEUE"] + "-webhooks"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from bots.house import house_bot

    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        sys.exit("bench.scale measures the deployed stack: set DATABASE_URL=postgres://... and REDIS_URL=redis://...")
    old = connection.creation.create_test_db(verbosity=0)
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-scale-"))
    env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict), "LOG_LEVEL": "WARNING"}
    default_queue, people_queue = os.environ["CELERY_QUEUE"], os.environ["BOT_PEOPLE_QUEUE"]
    workers = {
        "default": start_worker(default_queue, "default", env, workdir / "default.log", niceness=AUTOPILOT_NICENESS),
        "people": start_worker(people_queue, "people", env, workdir / "people.log"),
    }
    meter = Meter(
        {
            "default worker": lambda: family(workers["default"].pid),
            "people worker": lambda: family(workers["people"].pid),
            "PostgreSQL": lambda: pids_named("postgres"),
            "Redis": lambda: pids_named("redis-server"),
            "this bench": lambda: [os.getpid()],
        }
    )
    bot_tables, people, results = BotTables(args.ruleset), [], []
    try:
        users = [get_user_model().objects.create_user(f"scale-person-{i}") for i in range(args.people)]
        for strategy in (BOT_STRATEGY, "random"):
            house_bot(strategy)  # made here once, not by two threads at the same moment
        bot_tables.start()
        people = [Person(user, args.ruleset, seed=i) for i, user in enumerate(users)]
        for person in people:
            person.start()
        time.sleep(5.0)  # the workers boot, the people sit down
        for tables in steps:
            results.append(step(tables, people, bot_tables, args.seconds, meter, default_queue))
            failed = [p.error for p in people if p.error]
            if failed:
                raise SystemExit(failed[0])
        memory = {name: sum(rss_bytes(p) for p in family(w.pid)) for name, w in workers.items()}
    finally:
        for person in people:
            person.halt.set()
        bot_tables.stop()
        for person in people:
            person.join(timeout=30)
        for worker in workers.values():
            worker.terminate()
        for worker in workers.values():
            try:
                worker.wait(timeout=60)
            except subprocess.TimeoutExpired:
                worker.kill()
        connection.close()
        connection.creation.destroy_test_db(old, verbosity=0)
        for queue in (default_queue, people_queue):
            drop_queue(queue)
    return report(results, memory, args)


def report(results, memory, args):
    cores = os.cpu_count()
    print(
        f"scale on one machine ({cores} cores): bot tables of four built-in {BOT_STRATEGY} bots kept live, "
        f"{args.people} people at tables of their own with random house bots ({RULESETS[args.ruleset].label}), "
        f"PostgreSQL + Redis, a default worker (prefork, {cores} processes) and a people's worker as "
        f"docker-compose.yml runs them; {args.seconds:g} s a step; commit {commit_of(BASE_DIR)}"
    )
    print(
        "  tables  events/s  games  backlog(med/max)  people p50    p99     machine  default  people   PG     Redis  "
        "PG conns"
    )
    missed = False
    for r in results:
        values = r["latencies"]
        p50, p99 = statistics.median(values), percentile(values, 0.99)
        spent = r["spent"]
        print(
            f"  {r['tables']:>6}  {r['events_per_second']:>8.0f}  {r['games_finished']:>5}  "
            f"{r['backlog_median']:>7.0f}/{r['backlog_max']:<8.0f}  {1000 * p50:>9.1f} ms {1000 * p99:>6.1f} ms  "
            f"{100 * spent['machine busy']:>6.0f}%  {spent['default worker']:>6.2f}  {spent['people worker']:>6.2f}  "
            f"{spent['PostgreSQL']:>5.2f}  {spent['Redis']:>5.2f}  {r['connections']:>4}   ({len(values)} moves)"
        )
        missed = missed or p99 >= TARGET_P99
    print("  (CPU columns: cores' worth of CPU seconds a second; machine: the share of all cores busy)")
    print("  workers' memory: " + ", ".join(f"{name} {rss / 2**20:.0f} MB" for name, rss in memory.items()))
    last = results[-1]
    verdict = "MISS" if missed else "PASS"
    print(
        f"  target: people's p99 < {1000 * TARGET_P99:.0f} ms at every step ({last['tables']} tables and "
        f"{args.people} people at the last): {verdict}"
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
