"""Checking a match's log from its first event: what an arbiter relies on in a dispute.

Each check reports the event version where it fails, so "the scores are wrong" or "the deal
was rigged" is answered with a place in the log, not a yes or no:

- ``chain``: versions 1..n in order, each ``prev_hash`` the hash before it, each hash
  recomputed from the event's contents (a changed, removed or reordered event);
- ``head``: the stream ends where the match row says (a removed last event);
- ``seed``: the secret seed hashes to the commitment published in ``game_started``;
- ``rules``: the engine replays every decision through the rules and re-derives every deal,
  trick, score and the game's end from the seed, comparing each with the log; so recorded
  scores are recomputed scores.

The report never holds hidden cards or a seed that is still secret.
"""
import hashlib
from dataclasses import asdict, dataclass

from . import engine, eventlog
from .service import PLATFORM_EVENTS


@dataclass(frozen=True)
class Finding:
    check: str
    stream: str
    ok: bool
    message: str
    version: int | None = None  # the first event version where the check fails

    def as_json(self):
        return asdict(self)


def head_and_rows(model, pk):
    """The row (with its recorded head) read first, then its stream up to that head: a live
    stream that moves on meanwhile is checked as it stood, not reported as broken. A removed
    last event still shows (the rows end before the head)."""
    row = model.objects.get(pk=pk)
    rows = [r for r in eventlog.stream_events(row.stream) if r.version <= row.version]
    return row, rows


def check_stream(stream, rows, head):
    """Findings of the chain and head checks for one stream's rows and its recorded head."""
    broken = eventlog.check_chain(rows)
    findings = [Finding("chain", stream, True, f"{len(rows)} events chained from the first")
                if broken is None else Finding("chain", stream, False, broken[1], broken[0])]
    last = (rows[-1].version, rows[-1].hash) if rows else (0, eventlog.GENESIS_HASH)
    if last == tuple(head):
        findings.append(Finding("head", stream, True, f"the stream ends at version {last[0]}, as recorded"))
    else:
        findings.append(Finding("head", stream, False, f"the stream ends at version {last[0]}, but its head is "
                                f"recorded at version {head[0]}", min(last[0], head[0]) + 1))
    return findings


def verify_match(match, rows=None):
    """All findings for one match, in check order."""
    return verify_match_and_replay(match, rows)[0]


def verify_match_and_replay(match, rows=None):
    """(findings, the verified final state or None when the rules check fails)."""
    if rows is None:
        match, rows = head_and_rows(type(match), match.pk)
    findings = check_stream(match.stream, rows, (match.version, match.head_hash))
    played = [r for r in rows if r.type not in PLATFORM_EVENTS]
    events = [eventlog.as_engine_event(r) for r in played]
    seed = bytes.fromhex(match.seed) if match.seed else None
    if seed is None:
        findings.append(Finding("seed", match.stream, True, "a fixed board: its cards are given, not derived"))
    else:
        committed = events[0].get("seed_sha256") if events else None
        digest = hashlib.sha256(seed).hexdigest()
        ok = digest == committed == match.seed_sha256
        findings.append(Finding("seed", match.stream, ok, "the seed matches the commitment in game_started" if ok
                                else "the seed does not hash to the commitment in game_started", None if ok else 1))
    finding, state = check_rules(match.stream, played, events, seed)
    findings.append(finding)
    return findings, state


def check_rules(stream, played, events, seed):
    try:
        state = engine.replay(events, seed=seed, verify=True)
    except engine.EngineError as e:
        index = getattr(e, "index", None)
        version = played[index].version if index is not None and index < len(played) else \
            (played[0].version if played else 1)
        return Finding("rules", stream, False, e.message, version), None
    outcome = f"final scores {list(state.scores)}" if state.is_over else "in play"
    return Finding("rules", stream, True, f"every decision, deal, trick and score re-derived ({outcome})"), state


def report(findings, **extra):
    return {"ok": all(f.ok for f in findings), **extra, "checks": [f.as_json() for f in findings]}


def print_report(out, result, as_json=False):
    """Write a report for a terminal (one line per check) or as JSON."""
    import json

    if as_json:
        out.write(json.dumps(result, indent=2))
        return
    for c in result["checks"]:
        where = f" at version {c['version']}" if c["version"] is not None else ""
        out.write(f"{'ok  ' if c['ok'] else 'FAIL'} {c['check']:<10} {c['stream']}{where}: {c['message']}")
    extra = f" root hash {result['root_hash']}" if "root_hash" in result else ""
    out.write(("all checks pass." if result["ok"] else "some checks FAIL.") + extra)
