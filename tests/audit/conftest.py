"""Shared pieces of the audit tests: matches played out by built-in bots, their exports as files,
and the standalone verifier run the way an outsider runs it (the single file the site serves,
``verify_export.pyz``, alone in an empty directory, with ``python -I -S``: no site-packages,
nothing of the project importable but what the file holds)."""

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import eventlog
from games.export import match_export_lines
from games.service import do_create_match
from tests.bots.conftest import make_bot, run_until_over  # noqa: F401  (shared fixture)
from tests.tournaments.conftest import organiser  # noqa: F401  (shared fixture)

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "tools" / "verify_export.py"
QUICK_KING = {"quick_game_combined_negatives": True}
SHORT_RIFKI = {"short_mode": True}
DOCUMENT_FIELDS = ("stream", "version", "type", "payload", "metadata", "recorded_at")


@pytest.fixture
def bots(make_bot):  # noqa: F811  (the imported fixture)
    return [make_bot(name=f"audit{i}") for i in range(4)]


@pytest.fixture
def play(bots):
    """play(ruleset, options, board=None): a match of 4 built-in bots, played to its end."""

    def make(ruleset="king", options=None, board=None, seed=None):
        match = do_create_match(ruleset, QUICK_KING if options is None else options, bots, board=board, seed=seed)
        return run_until_over(match)

    return make


def write_lines(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def read_records(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_records(path, records):
    return write_lines(path, [eventlog.canonical_json(r) for r in records])


@pytest.fixture
def finished_match_export(play, tmp_path):
    """(match, path) of the export of a finished, public King match."""
    match = play()
    return match, write_lines(tmp_path / "match.jsonl", match_export_lines(match))


def engine_export_records(state, match_id=1):
    """An export of an engine game's events, hashed as the event log hashes them, with the match
    record the platform writes (the seed revealed): a game of any ruleset, no database needed."""
    from datetime import datetime, timezone

    from games.engine import RULESETS
    from games.export import FORMAT

    stream, prev_hash, when = f"match/{match_id}", eventlog.GENESIS_HASH, datetime(2025, 1, 1, tzinfo=timezone.utc)
    events = []
    for version, event in enumerate(state.events, 1):
        payload = {k: v for k, v in event.items() if k != "type"}
        doc = eventlog.event_document(stream, version, event["type"], payload, {"actor": "test"}, when)
        digest = eventlog.chain_hash(prev_hash, doc)
        events.append({"record": "event", **doc, "prev_hash": prev_hash, "hash": digest})
        prev_hash = digest
    start = state.events[0]
    return [
        {"record": "header", "format": FORMAT, "kind": "match", "exported_at": when.isoformat()},
        {
            "record": "match",
            "id": match_id,
            "stream": stream,
            "ruleset": state.ruleset,
            "num_seats": state.num_seats,
            "options": start["options"],
            "deal_rules": RULESETS[state.ruleset].deal_rules,
            "board": start.get("board"),
            "seed_sha256": start.get("seed_sha256"),
            "seed": state.seed.hex() if state.seed else None,
            "live": not state.is_over,
            "version": len(events),
            "head_hash": prev_hash,
        },
    ] + events


def events_of(records, stream):
    return [r for r in records if r["record"] == "event" and r["stream"] == stream]


def forge_root(records, tournament):
    """Recompute a tournament export's root hash over its records' declared heads, as a forger
    would after relinking a stream."""
    record = records[1]
    heads = [(tournament.stream, record["version"], record["head_hash"])] + [
        (r["stream"], r["version"], r["head_hash"]) for r in records if r["record"] == "match"
    ]
    record["root_hash"] = eventlog.root_hash(heads)


def relink(records, stream, from_version):
    """Recompute the hashes of ``stream`` from ``from_version`` on, as a forger would, and set
    its record's declared head to the new last hash: the chain then holds again."""
    prev_hash = eventlog.GENESIS_HASH
    for event in events_of(records, stream):
        if event["version"] >= from_version:
            event["prev_hash"] = prev_hash
            document = {name: event[name] for name in DOCUMENT_FIELDS}
            event["hash"] = eventlog.chain_hash(prev_hash, document)
        prev_hash = event["hash"]
    record = next(r for r in records if r["record"] in ("match", "tournament") and r["stream"] == stream)
    record["head_hash"] = prev_hash


@functools.cache
def verifier_bytes():
    """The single-file verifier (games.verifier_build: what make verifier writes and the site
    serves), built once per test process."""
    from games.verifier_build import build

    return build()


def write_verifier(folder):
    from games.verifier_build import NAME

    path = folder / NAME
    path.write_bytes(verifier_bytes())
    return path


@pytest.fixture(scope="session")
def verifier_file(tmp_path_factory):
    """The single-file verifier, alone in a directory of its own."""
    return write_verifier(tmp_path_factory.mktemp("outsider"))


def run_alone(program, *args, cwd):
    """``python -I -S program *args`` in ``cwd``: no site-packages, no environment variable,
    no current directory on the path, as an outsider with a bare Python runs it."""
    return subprocess.run(
        [sys.executable, "-I", "-S", str(program), *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def verifier(tmp_path):
    """verify(path, *args) -> (exit code, stdout): the single-file verifier, alone in a
    directory, run isolated (``run_alone``) from there. (Other apps' tests import this fixture:
    it asks for no fixture of this module.)"""
    alone = tmp_path / "outsider"
    alone.mkdir()
    program = write_verifier(alone)

    def verify(path, *args):
        result = run_alone(program, path, *args, cwd=alone)
        assert not result.stderr, result.stderr
        return result.returncode, result.stdout

    return verify


@pytest.fixture
def verify_json(verifier):
    """verify_json(path) -> (exit code, report as JSON)."""

    def verify(path):
        code, out = verifier(path, "--json")
        return code, json.loads(out)

    return verify


def failures(report):
    """The report's failures as (check, stream, version), in order."""
    return [(f["check"], f["stream"], f["version"]) for f in report["failures"]]


@pytest.fixture
def tournament_of_bots(organiser, make_bot):  # noqa: F811  (the imported fixtures)
    """tournament_of_bots(format, entrants, boards, options): a one-round tournament of built-in
    bots, its round played and closed; returns (tournament, its matches by table)."""
    from tournaments import service
    from tournaments.models import TournamentTable

    def make(format="swiss", entrants=4, boards=None, options=QUICK_KING):
        tournament = service.do_create_tournament(
            organiser, f"Audit {format}", "king", options, format, 1, boards=boards
        )
        for i in range(entrants):
            service.do_register(tournament.pk, organiser, bot=make_bot(name=f"entrant{i}"))
        service.do_start_round(tournament.pk, organiser)
        tables = list(
            TournamentTable.objects.filter(tournament=tournament).select_related("match").order_by("round", "table")
        )
        for table in tables:
            run_until_over(table.match)
            service.do_record_result(table.match_id)  # once only: a no-op when the announcement recorded it
        service.do_close_round(tournament.pk, organiser)
        tournament.refresh_from_db()
        matches = [t.match for t in tables]
        for match in matches:
            match.refresh_from_db()
        return tournament, matches

    return make


@pytest.fixture
def finished_tournament(tournament_of_bots):
    """(tournament, its matches by table): a one-round Swiss of 4 built-in bots, played and closed."""
    return tournament_of_bots()


@pytest.fixture(autouse=True)
def no_state_cached_from_another_test():
    """games.service caches replayed states by match id and version; the test database hands
    the same ids out again after each rollback, so a state cached by an earlier test could pass
    for this test's match. Start every audit test with the cache empty."""
    from games import service

    service._STATES.clear()
    yield
    service._STATES.clear()
