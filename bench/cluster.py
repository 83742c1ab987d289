"""``python -m bench.cluster``: the compose file's shape rehearsed on one machine, two of each stateless part.

Issue 36, "Past one machine". Separate processes on this machine, on one PostgreSQL
(DATABASE_URL: a test database is created and dropped) and one Redis (REDIS_URL):

- two web processes: gunicorn serving config.wsgi with the repository's gunicorn.conf.py, one
  worker each (bench.turns.start_site), on ports of their own;
- two stream processes: uvicorn serving config.asgi, as the compose file's ``streams`` service
  runs it, on ports of their own;
- two Celery workers on the default queue, one on the people's queue (settings.BOT_PEOPLE_QUEUE),
  one on the webhook queue (a pool of BOT_WEBHOOK_CONCURRENCY threads), each with the compose
  file's command, and Celery beat (the bots' stall sweep). The queues and the pub/sub channel
  prefix are the bench's own, so nothing else on the machine takes their tasks or wakes its streams.

Every process runs the project's settings outside DEBUG (SECRET_KEY, ALLOWED_HOSTS=127.0.0.1,
SECURE_SSL_REDIRECT=0) with its rate limits as shipped.

1. Streams across processes. ``--tables`` King tables of four people (users with API tokens,
   bench.http.Table), each played over HTTP: the person to act thinks a while (``--think``),
   then POSTs a random legal action to ``/api/v1/matches/{id}/actions/`` on one web process,
   while a client of the *other* stream process follows the match
   (``GET /api/v1/matches/{id}/stream/``, Server-Sent Events, one of the table's people's token).
   Even tables POST to web 1 and follow stream process 2, odd ones web 2 and stream process 1.
   Per move: from the client sending the POST to the stream client holding the event of the
   version the POST answered with (its move's last event). Beside it, from that event's
   ``recorded_at`` (set just before the commit, in the web process) to the same moment. Per
   round (``--rounds``, ``--moves`` moves each) p50, p99 and max, then pooled; target p99 < 50 ms.
   The pooled moves print again grouped by their match's version (a stream reads the match's
   log up to its head for each move it sends, games.service.access.visible_events), and the CPU
   each process burnt per move it took or sent.
2. A worker killed mid-table. ``--failover-tables`` King tables of house built-in bots
   (``--strategies``, one a seat) start at once on the two default workers; once each has
   stored moves, the default worker burning the most CPU is killed (SIGKILL, its pool's
   children too: a machine or container lost). Its task's run dies unstored and its message
   unacknowledged; the beat's sweep (bots.tasks.sweep_stalled_turns, here every
   BOT_SWEEP_SECONDS=1 for tables untouched BOT_STALL_SECONDS=2, as
   tests/services/test_bots_play_through_a_real_worker.py runs it) hands those tables to the
   surviving worker. Per table: seconds from the kill to its next stored move and to its last;
   each finished table's log is checked whole (versions, hash chain).

Every process is stopped (SIGTERM, then SIGKILL after a timeout) and the database dropped, even
on failure; their logs are kept in a temporary folder when the run fails. The command exits 0
when every target is met, else 1.
"""

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from bench.bots import DEFAULT_RULESET, start_worker
from bench.http import Table, database_url, free_port, listening
from bench.latency import commit_of, cpu_seconds, percentile
from bench.turns import start_site
from games.engine import RULESETS

BASE_DIR = Path(__file__).resolve().parent.parent
TARGET_P99 = 0.050
STALL_SECONDS, SWEEP_SECONDS = "2", "1"  # the bots' stall sweep, quick for the bench (production: 10 and 10)
HTTP_TIMEOUT = 10.0  # every call the bench makes; a stream's reads wait longer (keep-alives come every 15 s)
STREAM_READ_TIMEOUT = 40.0
ARRIVAL_GRACE = 3.0  # seconds after a round a stream still has to deliver its last moves
STOP_TIMEOUT = 20.0  # SIGTERM, then SIGKILL
# Moves grouped by their match's version: what a stream reads for each move grows with the match.
LENGTHS = ((1, 200), (200, 400), (400, 10**9))


# ------------------------------------------------------------------ the processes
class Cluster:
    """The processes of the rehearsal: (role, detail, Popen, log path), each stopped by ``stop``."""

    def __init__(self, workdir):
        self.workdir = workdir
        self.processes = []
        self.web, self.streams, self.default_workers = [], [], []

    def add(self, role, detail, proc, log_path):
        self.processes.append((role, detail, proc, log_path))
        return proc

    def start(self, webhook_calls):
        celery = [sys.executable, "-m", "celery", "-A", "config"]
        queue, people, hooks = (os.environ[k] for k in ("CELERY_QUEUE", "BOT_PEOPLE_QUEUE", "BOT_WEBHOOK_QUEUE"))
        for i in (1, 2):
            port = free_port()
            log = self.workdir / f"web{i}.log"
            proc = start_site("redis", port, log, unlimited=())  # gunicorn -c gunicorn.conf.py --workers 1
            self.add(f"web {i}", f"gunicorn config.wsgi, 1 worker, port {port}", proc, log)
            self.web.append(f"http://127.0.0.1:{port}")
        for i in (1, 2):
            port = free_port()
            log = self.workdir / f"streams{i}.log"
            # The compose file's streams service (its command), on a port of its own.
            argv = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
            argv += ["--port", str(port), "--lifespan", "off", "--no-proxy-headers", "--no-access-log"]
            argv += ["--timeout-graceful-shutdown", "5"]
            proc = self.add(f"streams {i}", f"uvicorn config.asgi, port {port}", start_worker(log, argv), log)
            listening(proc, port, log, f"uvicorn (streams {i})")
            self.streams.append(f"http://127.0.0.1:{port}")
        # The compose file's workers: the default queue's and the people's in Celery's default
        # pool (prefork, a child a core), the webhooks' in threads.
        workers = [
            ("default 1", queue, ["-n", f"default1.{queue}@%h"]),
            ("default 2", queue, ["-n", f"default2.{queue}@%h"]),
            ("people", people, ["-n", f"people.{queue}@%h"]),
            ("webhooks", hooks, ["-n", f"webhooks.{queue}@%h", "--pool=threads", f"--concurrency={webhook_calls}"]),
        ]
        for role, q, extra in workers:
            log = self.workdir / f"worker-{role.replace(' ', '')}.log"
            argv = [*celery, "worker", "-Q", q, *extra, "--loglevel=INFO"]
            pool = "threads" if "--pool=threads" in extra else "prefork"
            proc = self.add(f"worker {role}", f"celery worker -Q {q} ({pool})", start_worker(log, argv), log)
            if role.startswith("default"):
                self.default_workers.append((role, proc))
        log = self.workdir / "beat.log"
        argv = [*celery, "beat", "--loglevel=INFO", "-s", str(self.workdir / "celerybeat-schedule")]
        self.add("beat", f"celery beat, sweep every {SWEEP_SECONDS} s", start_worker(log, argv), log)
        self.wait_ready()

    def wait_ready(self, timeout=90):
        """Every worker has said it is ready (its log), else the run stops naming its log."""
        deadline = time.monotonic() + timeout
        for role, _detail, proc, log in self.processes:
            if not role.startswith("worker"):
                continue
            while "ready." not in log.read_text(errors="replace"):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{role} did not start; see {log}")
                time.sleep(0.2)

    def cpu(self):
        """CPU seconds each process (with its children) has burnt so far, by role."""
        return {role: tree_cpu(proc) for role, _detail, proc, _log in self.processes if proc.poll() is None}

    def check_alive(self, killed=()):
        for role, _detail, proc, log in self.processes:
            if proc is not None and proc not in killed and proc.poll() is not None:
                raise SystemExit(f"{role} exited ({proc.returncode}); see {log}")

    def stop(self):
        """SIGTERM to each (the last started first), then SIGKILL to any still running after STOP_TIMEOUT."""
        live = [p for _r, _d, p, _l in reversed(self.processes) if p is not None and p.poll() is None]
        for proc in live:
            proc.terminate()
        deadline = time.monotonic() + STOP_TIMEOUT
        for proc in live:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                kill_tree(proc)
                proc.wait(timeout=STOP_TIMEOUT)


def children(pid):
    """The child processes of ``pid`` (Linux /proc)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def kill_tree(proc):
    """SIGKILL ``proc`` and its children (a prefork pool) at once, as a lost machine or container."""
    kids = children(proc.pid)
    for pid in [proc.pid, *kids]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def tree_cpu(proc):
    return sum(cpu_seconds(pid) for pid in [proc.pid, *children(proc.pid)] if Path(f"/proc/{pid}").exists())


# ------------------------------------------------------------------ 1. streams across processes
class Follower(threading.Thread):
    """A client of a stream process following one match (SSE): for each event's version, when it
    arrived (perf_counter and wall time) and its recorded_at."""

    def __init__(self, base_url, match_id, token):
        super().__init__(daemon=True)
        import httpx

        self.http = httpx.Client(base_url=base_url, timeout=httpx.Timeout(HTTP_TIMEOUT, read=STREAM_READ_TIMEOUT))
        self.match_id, self.token = match_id, token
        self.arrivals = {}
        self.opened, self.closing = threading.Event(), False
        self.error = None

    def run(self):
        headers = {"Accept": "text/event-stream", "Authorization": f"Token {self.token}"}
        try:
            with self.http.stream("GET", f"/api/v1/matches/{self.match_id}/stream/", headers=headers) as response:
                if response.status_code != 200:
                    self.error = f"HTTP {response.status_code}: {response.read()[:300]!r}"
                    return
                for line in response.iter_lines():
                    if not line.startswith("data:"):
                        continue
                    at, wall = time.perf_counter(), time.time()
                    item = json.loads(line[5:])
                    kind = item.get("type")
                    if kind == "snapshot":
                        self.opened.set()
                    elif kind == "event":
                        recorded = datetime.fromisoformat(item["recorded_at"]).timestamp()
                        self.arrivals[item["version"]] = (at, wall, recorded)
                    elif kind == "reconnect":
                        self.error = f"the stream asked to reconnect: {item}"
                        return
                    elif kind == "end":
                        return
        except Exception as e:  # closed by close() at the end, or a real failure
            if not self.closing:
                self.error = repr(e)
        finally:
            self.opened.set()

    def close(self):
        self.closing = True
        self.http.close()


class Player:
    """One table of four people, played over HTTP on one web process and followed on the other
    stream process. ``sent`` holds (follower, version answered, perf_counter at sending)."""

    def __init__(self, table, web_url, stream_url):
        import httpx

        self.table, self.web_url, self.stream_url = table, web_url, stream_url
        self.http = [httpx.Client(base_url=web_url, timeout=HTTP_TIMEOUT) for _ in table.tokens]
        self.follower = None
        self.followers = []
        self.sent, self.errors = [], []
        self.follow()

    def follow(self):
        self.follower = Follower(self.stream_url, self.table.match_id, self.table.tokens[0])
        self.follower.start()
        if not self.follower.opened.wait(HTTP_TIMEOUT) or self.follower.error:
            raise SystemExit(f"match {self.table.match_id}'s stream did not open: {self.follower.error}")
        self.followers.append(self.follower)

    def renew(self):
        """After an error or the match's end: the truth read again, a new match and stream if it ended."""
        old = self.table.match_id
        self.table.renew_if_over()
        if self.table.match_id != old:
            self.follow()

    def play(self, moves, rng, think):
        from django.db import connection

        table = self.table
        try:
            self.play_moves(table, moves, rng, think)
        except BaseException as e:  # a thread's failure (a stream that would not open): the round reports it
            self.errors.append(f"table {table.match_id} stopped: {e!r}")
        finally:
            connection.close()

    def play_moves(self, table, moves, rng, think):
        for _ in range(moves):
            time.sleep(rng.uniform(0.05, 0.05 + think))  # a person thinking (and the table's other people)
            seat = table.state.to_act
            action = rng.choice(table.state.legal_actions())
            body = {"action": action, "expected_version": table.version}
            headers = {"Authorization": f"Token {table.tokens[seat]}"}
            started = time.perf_counter()
            try:
                response = self.http[seat].post(
                    f"/api/v1/matches/{table.match_id}/actions/", json=body, headers=headers
                )
            except Exception as e:
                self.errors.append(repr(e))
                self.renew()
                continue
            if response.status_code != 201:
                self.errors.append(f"HTTP {response.status_code}: {response.text[:300]}")
                self.renew()
                continue
            table.version = response.json()["version"]
            table.state.apply(action)
            self.sent.append((self.follower, table.version, started))
            if table.state.is_over:
                self.renew()

    def close(self):
        for follower in self.followers:
            follower.close()
        for http in self.http:
            http.close()


def make_players(cluster, tables):
    from django.contrib.auth import get_user_model

    from games.accounts.tokens import issue_token

    User = get_user_model()
    seats = RULESETS[DEFAULT_RULESET].num_seats()
    players = []
    for m in range(tables):
        users = [User.objects.create_user(f"cluster{m}x{s}") for s in range(seats)]
        table = Table(users, [issue_token(u) for u in users], m)
        # Web process i with stream process i is one "machine"; the stream client is on the other.
        players.append(Player(table, cluster.web[m % 2], cluster.streams[(m + 1) % 2]))
    return players


def stream_round(players, moves, rng, think):
    """Every table plays its share of ``moves``; returns (from the POST, from recorded_at, missing,
    errors, moves by the URL of the web process that took them and of the stream process that sent them)."""
    per_table = max(1, moves // len(players))
    for p in players:
        p.sent, p.errors = [], []
    threads = [
        threading.Thread(target=p.play, args=(per_table, random.Random(rng.random()), think), daemon=True)
        for p in players
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    deadline = time.monotonic() + ARRIVAL_GRACE
    wanted = [(f, v, s) for p in players for f, v, s in p.sent]
    while time.monotonic() < deadline and any(v not in f.arrivals for f, v, _ in wanted):
        time.sleep(0.05)
    from_post, from_recorded, missing, by_version = [], [], 0, []
    for follower, version, started in wanted:
        if version not in follower.arrivals:
            missing += 1
            continue
        at, wall, recorded = follower.arrivals[version]
        from_post.append(at - started)
        from_recorded.append(wall - recorded)
        by_version.append((version, at - started))
    errors = [e for p in players for e in p.errors]
    served = Counter()
    for p in players:
        served[p.web_url] += len(p.sent)
        served[p.stream_url] += len(p.sent)
    errors += [f"stream of match {f.match_id}: {f.error}" for p in players for f in p.followers if f.error]
    return from_post, from_recorded, missing, errors, served, by_version


# ------------------------------------------------------------------ 2. a worker killed mid-table
def failover(cluster, tables, strategies, timeout):
    """Bot tables on the two default workers; the busier worker SIGKILLed once each table has
    stored moves; returns a dict of what followed."""
    from bots.house import house_bot
    from games.models import Event, Match
    from games.record import eventlog
    from games.service import creating

    bots = [house_bot(s) for s in strategies]
    matches = [creating.do_create_match(DEFAULT_RULESET, {}, bots) for _ in range(tables)]  # announced: queued
    created = {m.pk: m.version for m in matches}
    ids = list(created)
    deadline = time.monotonic() + 60
    while True:  # every table under way on the default workers
        versions = dict(Match.objects.filter(pk__in=ids).values_list("pk", "version"))
        if all(versions[pk] > created[pk] for pk in ids):
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"the bot tables did not start: {versions}")
        time.sleep(0.05)
    before = {role: tree_cpu(proc) for role, proc in cluster.default_workers}
    time.sleep(1.0)
    burnt = {role: tree_cpu(proc) - before[role] for role, proc in cluster.default_workers}
    role, victim = max(cluster.default_workers, key=lambda rp: burnt[rp[0]])
    if Match.objects.filter(pk__in=ids, status=Match.Status.OVER).exists():
        raise SystemExit("a bot table finished before the kill: give it slower bots (--strategies)")
    at_kill = dict(Match.objects.filter(pk__in=ids).values_list("pk", "version"))
    killed_at = time.time()
    kill_tree(victim)
    victim.wait(timeout=STOP_TIMEOUT)
    deadline = time.monotonic() + timeout
    while Match.objects.filter(pk__in=ids, status=Match.Status.LIVE).exists() and time.monotonic() < deadline:
        cluster.check_alive(killed=(victim,))
        time.sleep(0.2)
    rows = []
    for match in Match.objects.filter(pk__in=ids).order_by("pk"):
        after = Event.objects.filter(stream=match.stream, recorded_at__gt=datetime.fromtimestamp(killed_at, UTC))
        times = sorted(after.values_list("recorded_at", flat=True))
        log = eventlog.stream_events(match.stream)
        whole = [r.version for r in log] == list(range(1, len(log) + 1)) and eventlog.check_chain(log) is None
        rows.append(
            {
                "match": match.pk,
                "at_kill": at_kill[match.pk],
                "events": match.version,
                "over": match.status == Match.Status.OVER,
                "next": times[0].timestamp() - killed_at if times else None,
                "finish": times[-1].timestamp() - killed_at if times and match.status == Match.Status.OVER else None,
                "whole": whole,
            }
        )
    return {"killed": role, "burnt": burnt, "tables": rows}


# ------------------------------------------------------------------ the run
def ms(seconds):
    return f"{1000 * seconds:.1f} ms"


def figures(values):
    return f"p50 {ms(statistics.median(values)):>8}, p99 {ms(percentile(values, 0.99)):>8}, max {ms(max(values)):>8}"


def setup_environment(workdir):
    """The bench's own queues, channel prefix and schedule, and production-like settings, for
    this process and every process it starts (they inherit os.environ)."""
    tag = f"bench-cluster-{uuid.uuid4().hex[:8]}"
    os.environ.pop("DEBUG", None)  # production-like: DEBUG off
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.update(
        {
            "CELERY_QUEUE": tag,
            "BOT_PEOPLE_QUEUE": f"{tag}-people",
            "BOT_WEBHOOK_QUEUE": f"{tag}-webhooks",
            "STREAM_CHANNEL_PREFIX": f"{tag}:",  # Redis pub/sub ignores the database number
            "BOT_STALL_SECONDS": STALL_SECONDS,
            "BOT_SWEEP_SECONDS": SWEEP_SECONDS,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "VAR_DIR": str(workdir / "var"),
            "PYTHONPATH": str(BASE_DIR),
        }
    )
    return tag


def redis_client():
    import redis

    return redis.Redis.from_url(os.environ["REDIS_URL"], socket_timeout=HTTP_TIMEOUT)


EVENT_BINDINGS = "_kombu.binding.celeryev"  # each worker's event queue, by a name of no node: not ours by name


def drop_bench_keys(tag, bindings_before):
    """What the bench left in Redis: its queues, the bindings of its workers (a killed worker
    cannot take its own away) and the unacknowledged messages the killed worker held."""
    r = redis_client()
    for key in r.scan_iter(match=f"*{tag}*"):
        r.delete(key)
    for key in r.scan_iter(match="_kombu.binding.*"):
        if r.type(key) != b"set":
            continue
        for member in r.smembers(key):
            if tag.encode() in member or (key == EVENT_BINDINGS.encode() and member not in bindings_before):
                r.srem(key, member)
    for tag_id, raw in r.hgetall("unacked").items():
        if tag.encode() in raw:
            r.hdel("unacked", tag_id)
            r.zrem("unacked_index", tag_id)


def report(shape, urls, rounds, cpu, load, fail, args, commit):
    print(
        f"the compose file's shape on one machine ({os.cpu_count()} cores), commit {commit}, PostgreSQL + Redis, "
        "settings outside DEBUG:"
    )
    for role, detail, pid in shape:
        print(f"  {role:<17} {detail} (pid {pid})")
    label = RULESETS[DEFAULT_RULESET].label
    print(
        f"1. a move POSTed to one web process, to a client of the other stream process holding its event (SSE): "
        f"{args.tables} {label} tables of 4 people, web i's moves followed on stream process j != i, "
        f"{args.rounds} rounds of {args.moves} moves, each person thinking 0.05-{0.05 + args.think:g} s; "
        f"timed from sending the POST (and, beside it, from the event's recorded_at)"
    )
    pooled_post, pooled_recorded, failed = [], [], False
    for r, (post, recorded, missing, errors, *_) in enumerate(rounds, 1):
        pooled_post += post
        pooled_recorded += recorded
        failed |= bool(missing or errors)
        print(
            f"  round {r}: {len(post):>4} moves, from the POST {figures(post)}; "
            f"from recorded_at {figures(recorded)}; missing {missing}, errors {len(errors)}"
        )
        for error in errors[:3]:
            print(f"    error: {error}")
    p99 = percentile(pooled_post, 0.99)
    print(
        f"  pooled:  {len(pooled_post):>4} moves, from the POST {figures(pooled_post)}; "
        f"from recorded_at {figures(pooled_recorded)}"
    )
    served = sum((r[4] for r in rounds), Counter())
    lengths = []
    for low, high in LENGTHS:
        part = [t for r in rounds for v, t in r[5] if low <= v < high]
        if part:
            span = f"{low}-{high - 1}" if high < 10**9 else f"{low}+"
            lengths.append(f"versions {span}: {len(part)} moves, {figures(part)}")
    print(f"  by the match's version at the move, from the POST: {'; '.join(lengths)}")
    moves = len(pooled_post) or 1
    per_own = ", ".join(f"{role} {1000 * cpu[role] / max(1, served[urls[role]]):.1f}" for role in cpu if role in urls)
    per_move = ", ".join(f"{role} {1000 * seconds / moves:.1f}" for role, seconds in cpu.items() if role not in urls)
    print(
        f"  CPU over the rounds (each process with its children), ms: per move it took or sent {per_own}; "
        f"per move of all: {per_move}; the machine's load average {load[0]:.1f} at the first round, "
        f"{load[1]:.1f} after the last"
    )
    p99s = ", ".join(ms(percentile(post, 0.99)) for post, *_ in rounds)
    stream_ok = p99 < TARGET_P99 and not failed
    every = "every round" if all(percentile(post, 0.99) < TARGET_P99 for post, *_ in rounds) else "not every round"
    print(
        f"  {'PASS' if stream_ok else 'MISS'} p99 < {ms(TARGET_P99)} from the POST to the other stream process: "
        f"pooled {ms(p99)} (rounds {p99s}; {every}){'; with missing events or errors' if failed else ''}"
    )
    print(
        f"2. a default worker SIGKILLed mid-table (its pool's children too): {args.failover_tables} {label} tables of "
        f"house bots ({', '.join(args.strategies)}); the beat's sweep every {SWEEP_SECONDS} s re-queues a table "
        f"untouched {STALL_SECONDS} s"
    )
    burnt = ", ".join(f"{role} {1000 * cpu:.0f} ms" for role, cpu in fail["burnt"].items())
    print(f"  killed: worker {fail['killed']} (CPU in the second before the kill: {burnt})")
    stalled = []
    for row in fail["tables"]:
        nxt = f"{row['next']:.2f} s" if row["next"] is not None else "none"
        fin = f"{row['finish']:.2f} s" if row["finish"] is not None else "not finished"
        print(
            f"  match {row['match']}: version {row['at_kill']} at the kill, {row['events']} events; kill to the next "
            f"stored move {nxt}, to the finish {fin}; log {'whole' if row['whole'] else 'BROKEN'}"
        )
        if row["next"] is not None and row["next"] > float(STALL_SECONDS) / 2:
            stalled.append(row)
    done = all(row["over"] and row["whole"] for row in fail["tables"])
    worst_next = max((row["next"] for row in fail["tables"] if row["next"] is not None), default=None)
    worst_finish = max((row["finish"] for row in fail["tables"] if row["finish"] is not None), default=None)
    print(
        f"  {len(stalled)} table(s) waited for the sweep (next move > {float(STALL_SECONDS) / 2:g} s after the kill); "
        f"the longest wait for a next move {worst_next if worst_next is None else f'{worst_next:.2f} s'}, "
        f"every table finished {worst_finish if worst_finish is None else f'{worst_finish:.2f} s'} after the kill"
    )
    print(
        f"  {'PASS' if done else 'MISS'} every table finished on the surviving worker"
        f"{', its log whole' if done else ''}"
    )
    return 0 if stream_ok and done else 1


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.cluster", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=400, help="moves POSTed per round, over every table")
    parser.add_argument("--tables", type=int, default=4, help="tables of four people (even: both directions alike)")
    parser.add_argument("--think", type=float, default=0.2, help="a person thinks 0.05 s to 0.05 + THINK s a move")
    parser.add_argument("--failover-tables", type=int, default=4)
    parser.add_argument(
        "--strategies",
        nargs=4,
        default=["montecarlo", "heuristic", "montecarlo", "heuristic"],
        metavar="STRATEGY",
        help="the house bots at each failover table, a seat each (searching ones keep the tables going for seconds)",
    )
    parser.add_argument("--failover-timeout", type=float, default=180.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")) or not os.environ.get(
        "REDIS_URL"
    ):
        sys.exit(
            "bench.cluster rehearses the deployed stack: set DATABASE_URL=postgres://... and REDIS_URL=redis://..."
        )
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-cluster-"))
    tag = setup_environment(workdir)
    import django

    django.setup()
    import logging

    from django.conf import settings
    from django.db import connection

    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request
    bindings_before = redis_client().smembers(EVENT_BINDINGS)
    old = connection.creation.create_test_db(verbosity=0)
    os.environ["DATABASE_URL"] = database_url(connection.settings_dict)  # every process: the test database
    cluster = Cluster(workdir)
    players, ok = [], False
    try:
        cluster.start(settings.BOT_WEBHOOK_CONCURRENCY)
        shape = [(role, detail, proc.pid) for role, detail, proc, _log in cluster.processes]
        rng = random.Random(args.seed)
        players = make_players(cluster, args.tables)
        stream_round(players, 8 * args.tables, rng, args.think)  # warm-up: every process's first requests
        rounds, load = [], [os.getloadavg()[0]]
        cpu = cluster.cpu()
        for _ in range(args.rounds):
            cluster.check_alive()
            rounds.append(stream_round(players, args.moves, rng, args.think))
        cpu = {role: seconds - cpu[role] for role, seconds in cluster.cpu().items()}
        load.append(os.getloadavg()[0])
        cluster.check_alive()
        for player in players:
            player.close()
        players = []
        fail = failover(cluster, args.failover_tables, args.strategies, args.failover_timeout)
        urls = {f"web {i}": url for i, url in enumerate(cluster.web, 1)}
        urls.update({f"streams {i}": url for i, url in enumerate(cluster.streams, 1)})
        status = report(shape, urls, rounds, cpu, load, fail, args, commit_of(BASE_DIR))
        ok = True
        return status
    finally:
        for player in players:
            player.close()
        cluster.stop()
        connection.close()
        connection.creation.destroy_test_db(old, verbosity=0)
        drop_bench_keys(tag, bindings_before)
        if ok:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"the processes' logs: {workdir}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
