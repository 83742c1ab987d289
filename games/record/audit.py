"""Checking a match's log from its first event: what an arbiter relies on in a dispute.

Each check reports the event version where it fails, so "the scores are wrong" or "the deal
was rigged" is answered with a place in the log, not a yes or no:

- ``chain``: versions 1..n in order, each ``prev_hash`` the hash before it, each hash
  recomputed from the event's contents (a changed, removed or reordered event);
- ``head``: the stream ends where the match row says (a removed last event), and no event is
  stored past that head (rows planted after it) other than a sealed append the row was read
  before;
- ``seal``: the stream's head is sealed (``games.record.eventlog.head_seal``: an HMAC with a key that
  is not in the database) and the seal holds for the events read: a log rewritten from a copy of
  the database, every later hash and the match's head recomputed, fails here at its head;
- ``end``: nothing follows ``game_ended`` (the platform appends nothing after a game's end);
- ``seed``: the secret seed hashes to the commitment published in ``game_started``;
- ``rules``: the engine replays every decision through the rules and re-derives every deal,
  trick, score and the game's end from the seed, comparing each with the log; so recorded
  scores are recomputed scores;
- ``receipts`` (when a player's receipts are given, games.record.receipts): each receipted event is in
  the log with the receipted hash. A seal binds a version and a hash, not freshness: a match
  rolled back to an earlier sealed head passes every check above, but not a receipt the
  player was given before the rollback.

The report never holds hidden cards or a seed that is still secret. Its messages are made in
the language active when it is made: the reader's, on the audit page and through the API.
"""

import hashlib
from dataclasses import asdict, dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import engine, refusals
from games.errors import translated
from games.models import PLATFORM_EVENT_TYPES, StreamHead
from games.record import eventlog


@dataclass(frozen=True)
class Finding:
    check: str
    stream: str
    ok: bool
    message: str
    version: int | None = None  # the first event version where the check fails

    def as_json(self):
        return asdict(self)


@dataclass
class StreamRead:
    """One stream as verification reads it: the row that names its head (a Match or a
    Tournament), the events up to that head, the events stored past it, and the sealed head."""

    row: object
    rows: list
    beyond: list
    sealed: StreamHead | None

    @property
    def head(self):
        return self.row.version, self.row.head_hash


def read_stream(model, pk):
    """The row (with its recorded head) read first, then every event of its stream, then the
    sealed head: a live stream that moves on meanwhile is checked as it stood when the row was
    read, its later events covered by the seal read after them (each append writes its events,
    the seal and the row in one transaction). A removed last event still shows (the rows end
    before the head); a planted one too (an event past every sealed head)."""
    row = model.objects.get(pk=pk)
    stored = eventlog.stream_events(row.stream)
    sealed = eventlog.sealed_head(row.stream)
    last = stored[-1].version if stored else 0
    if sealed is not None and sealed.version > last:  # an append committed between the two reads
        stored += eventlog.stream_events(row.stream, after=last, upto=sealed.version)
    return StreamRead(
        row, [r for r in stored if r.version <= row.version], [r for r in stored if r.version > row.version], sealed
    )


def appended_since_read(read):
    """The events stored past the row's head that a sealed append wrote (committed while the
    stream was being read)."""
    return [r for r in read.beyond if read.sealed is not None and r.version <= read.sealed.version]


def check_stream(stream, read):
    """Findings of the chain, head and seal checks for one stream as ``read_stream`` read it."""
    sealed_after = appended_since_read(read)
    chained = read.rows + sealed_after
    broken = eventlog.check_chain(chained)
    findings = [
        Finding("chain", stream, True, _("%(count)s events chained from the first") % {"count": len(chained)})
        if broken is None
        else Finding("chain", stream, False, broken[1], broken[0])
    ]
    findings.append(check_head(stream, read, sealed_after))
    findings.append(check_seal(stream, read, chained))
    return findings


def check_head(stream, read, sealed_after):
    """The stream ends at the head its row names, nothing stored past it but a sealed append.
    A failure names a version that is stored: the last one when events are missing."""
    head = read.head
    last = (read.rows[-1].version, read.rows[-1].hash) if read.rows else (0, eventlog.GENESIS_HASH)
    planted = read.beyond[len(sealed_after) :]
    if last[0] < head[0]:
        return Finding(
            "head",
            stream,
            False,
            _(
                "the stream ends at version %(last)s, but its head is recorded at "
                "version %(head)s: events %(first_missing)s to %(head)s are missing"
            )
            % {"last": last[0], "head": head[0], "first_missing": last[0] + 1},
            last[0] or None,
        )
    if last != tuple(head):
        return Finding(
            "head",
            stream,
            False,
            _("the hash of version %(version)s is not the head hash recorded for it") % {"version": last[0]},
            last[0] or None,
        )
    if planted:
        return Finding(
            "head",
            stream,
            False,
            ngettext(
                "%(count)s event stored past the head recorded at version %(head)s, "
                "from version %(first)s, and no sealed append wrote it",
                "%(count)s events stored past the head recorded at version %(head)s, "
                "from version %(first)s, and no sealed append wrote them",
                len(planted),
            )
            % {"count": len(planted), "head": head[0], "first": planted[0].version},
            planted[0].version,
        )
    message = _("the stream ends at version %(version)s, as recorded") % {"version": last[0]}
    return Finding("head", stream, True, message)


def check_seal(stream, read, chained):
    """The sealed head: its seal made with the key, its version and hash those of a stored
    event, not behind the row's head."""
    sealed, head_version = read.sealed, read.head[0]
    last = chained[-1].version if chained else 0
    if sealed is None:
        return Finding(
            "seal",
            stream,
            head_version == 0,
            _("the stream has no sealed head") if head_version else _("an empty stream: nothing to seal"),
            last or None,
        )
    if not eventlog.seal_holds(sealed):
        return Finding(
            "seal",
            stream,
            False,
            _(
                "the seal of the head at version %(version)s does not match its "
                "version and hash: the head was rewritten without the seal key (or the key changed)"
            )
            % {"version": sealed.version},
            min(sealed.version, last) or None,
        )
    if sealed.version < head_version:
        return Finding(
            "seal",
            stream,
            False,
            _(
                "the head is recorded at version %(head)s, but the sealed head "
                "is at version %(sealed)s: the events after it were not sealed by an append"
            )
            % {"head": head_version, "sealed": sealed.version},
            min(sealed.version + 1, last) or None,
        )
    at = next((r for r in chained if r.version == sealed.version), None)
    if at is None:
        return Finding(
            "seal",
            stream,
            False,
            _("the sealed head is at version %(sealed)s, but the stream ends at version %(last)s")
            % {"sealed": sealed.version, "last": last},
            last or None,
        )
    if at.hash != sealed.hash:
        return Finding(
            "seal",
            stream,
            False,
            _(
                "the event at version %(version)s is not the one sealed: the log "
                "was rewritten (its hashes recomputed) after the head was sealed"
            )
            % {"version": sealed.version},
            sealed.version,
        )
    if sealed.version > head_version:
        message = _(
            "the head at version %(version)s is sealed with the site's key "
            "(appended since the row was read at version %(head)s)"
        ) % {"version": sealed.version, "head": head_version}
    else:
        message = _("the head at version %(version)s is sealed with the site's key") % {"version": sealed.version}
    return Finding("seal", stream, True, message)


def check_end(stream, rows, end="game_ended"):
    """Nothing is stored after ``end``: the platform appends nothing after a game's end."""
    ended = next((r for r in rows if r.type == end), None)
    after = [r for r in rows if ended is not None and r.version > ended.version]
    if after:
        return Finding(
            "end",
            stream,
            False,
            _("version %(version)s (%(type)s) follows the end at version %(end)s: nothing is appended after the end")
            % {"version": after[0].version, "type": after[0].type, "end": ended.version},
            after[0].version,
        )
    if ended is None:
        return Finding("end", stream, True, _("no end yet: in play"))
    message = _("nothing follows the end at version %(version)s") % {"version": ended.version}
    return Finding("end", stream, True, message)


def verify_match(match, receipts=None):
    """All findings for one match, in check order; with ``receipts`` ([(number, receipt)] as
    games.record.receipts.checked gives them: signed by the site, for this match), the receipts check last."""
    return verify_match_and_replay(match, receipts)[0]


def verify_match_and_replay(match, receipts=None):
    """(findings, the verified final state or None when the rules check fails)."""
    read = read_stream(type(match), match.pk)
    match, rows = read.row, read.rows
    findings = check_stream(match.stream, read)
    findings.append(check_end(match.stream, rows + read.beyond))
    played = [r for r in rows if r.type not in PLATFORM_EVENT_TYPES]
    events = [eventlog.as_engine_event(r) for r in played]
    seed = bytes.fromhex(match.seed) if match.seed else None
    if seed is None:
        findings.append(Finding("seed", match.stream, True, _("a fixed board: its cards are given, not derived")))
    else:
        committed = events[0].get("seed_sha256") if events else None
        digest = hashlib.sha256(seed).hexdigest()
        ok = digest == committed == match.seed_sha256
        findings.append(
            Finding(
                "seed",
                match.stream,
                ok,
                _("the seed matches the commitment published when the game started")
                if ok
                else _("the seed does not hash to the commitment published when the game started"),
                None if ok else 1,
            )
        )
    finding, state = check_rules(match.stream, played, events, seed)
    findings.append(finding)
    if receipts is not None:
        findings.extend(check_receipts(match.stream, read.rows + appended_since_read(read), receipts))
    return findings, state


def check_receipts(stream, rows, receipts):
    """Each receipt's event is in the log (``rows``: the stream as verification reads it, up to
    its head) with the receipted hash. One finding per receipt that fails, naming it; else one
    that says how many hold. A failure names a version that is stored: the receipted one when
    the log holds another event there, the last one when the log stops before it."""
    from games.record.receipts import label

    by_version = {row.version: row for row in rows}
    last = rows[-1].version if rows else 0
    failed = []
    for number, receipt in receipts:
        version, row = receipt["version"], by_version.get(receipt["version"])
        names = {"number": number, "receipt": label(receipt), "issued_at": receipt["issued_at"], "version": version}
        if row is None:
            message = _(
                "receipt %(number)s (%(receipt)s, issued %(issued_at)s): the log ends at version "
                "%(last)s, without the event the site receipted at version %(version)s: the match "
                "was rolled back (or cut short) after the receipt was issued"
            ) % {**names, "last": last}
            failed.append(Finding("receipts", stream, False, message, last or None))
        elif row.hash != receipt["hash"]:
            message = _(
                "receipt %(number)s (%(receipt)s, issued %(issued_at)s): the log's event at version "
                "%(version)s has the hash %(found)s…, not the receipted one: the log was rewritten "
                "after the receipt was issued"
            ) % {**names, "found": row.hash[:16]}
            failed.append(Finding("receipts", stream, False, message, version))
    if failed:
        return failed
    if not receipts:
        return [Finding("receipts", stream, True, _("no receipt given"))]
    latest = max(receipt["version"] for _number, receipt in receipts)
    message = ngettext(
        "%(count)s receipt holds: its event is in the log with the receipted hash (version %(latest)s)",
        "%(count)s receipts hold: each receipted event is in the log with its hash (the latest at version %(latest)s)",
        len(receipts),
    ) % {"count": len(receipts), "latest": latest}
    return [Finding("receipts", stream, True, message)]


def check_rules(stream, played, events, seed):
    try:
        state = engine.replay(events, seed=seed, verify=True)
    except engine.EngineError as e:
        index = getattr(e, "index", None)
        version = (
            played[index].version if index is not None and index < len(played) else (played[0].version if played else 1)
        )
        msgid, params = refusals.reason(e)
        return Finding("rules", stream, False, translated(msgid, params), version), None
    if state.is_over:
        message = _("every decision, deal, trick and score re-derived (final scores %(scores)s)") % {
            "scores": ", ".join(str(score) for score in state.scores)
        }
    else:
        message = _("every decision, deal, trick and score re-derived (in play)")
    return Finding("rules", stream, True, message), state


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
