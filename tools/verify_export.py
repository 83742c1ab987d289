#!/usr/bin/env python3
"""Check an export of the platform's event log (format ``kingrifki-log/2``) on your own.

    python3 verify_export.pyz EXPORT.jsonl [--json] [--head STREAM:VERSION:HASH ...] [--receipts FILE ...]
                              [--receipt-key HEX]
    python tools/verify_export.py EXPORT.jsonl ...       (the same, from a clone of the project)

Standard library only, and nothing of the site: the single file ``verify_export.pyz`` (a zip
application holding this tool and the platform's own rules engine, ``games/engine``, as Python
sources) runs on any Python 3.11 or later; download it from the site (``GET /api/v1/verifier/``,
the audit page) or build it from a clone with ``make verifier`` (the same bytes). It prints
one line per check and exits 0 when every check passes, 1 otherwise. Every failure names the
stream and the event version where it fails.

The checks (docs/events.md describes the format, the hash chain and the deal algorithm):

- format: the header comes first and names the format; every line is one known record; every
  event belongs to a stream some record declares.
- chain, per stream: versions run 1..n with no gap, repeat or reordering; each ``prev_hash`` is
  the hash before it (64 zeros for version 1); each ``hash`` is recomputed from the event; the
  last version and hash equal the head the match or tournament record declares; in a match,
  no event follows ``game_ended``.
- published head (``--head``, as often as you like): a head the site published (the audit
  page, the tournament page, the verify report: ``match/12:40:<hash>``) must be in the export:
  its stream reaches that version, with that hash. The export's own records can be rewritten
  together with the events; a head you noted down earlier cannot.
- seed: a revealed seed hashes (SHA-256) to the commitment published in the stream's first event.
- deals: every ``deal_started`` is re-derived from the match's seed with the documented shuffle
  its ``game_started`` names (``hmac-sha256-fy-v1``, or ``hmac-sha256-fy-layout-v1`` for a
  layout game), dealt from the seat after its dealer; the seeded first dealer or declarer and
  the rotation of dealers from it are checked too. Which seat deals, in which direction, is the
  ruleset's: the match record carries it as data (``num_seats``, ``deal_rules``), so this tool
  names no game. A fixed board deals the board's cards.
- rules: the rules engine replays the match (``replay(events, seed, verify=True)``): every
  decision (card, contract, bid, misdeal answer, pile move, draw) must be legal for the seat
  that made it where it stands, and every automatic event (tricks, deals, draws, each deal's
  scores, the game's end, totals and winners) exactly what the rules produce. What the tool
  knows of a game is the engine's ruleset descriptor and the export's records.
- end: a match that stops before ``game_ended`` must be one its record says was still live
  (``"live": true``), and a match that ended must not be said to be live.
- match seeds (tournaments): each match's seed is re-derived from the revealed tournament seed
  for the round, table or board its ``round_started`` event names (or, for a replay an arbiter
  ordered, the round and table of the match it replaces and the replay's number, from the
  ``replay_match`` ruling), and must be the seed the match committed to.
- results (tournaments): each ``match_result`` names its match as drawn (round, table, board,
  seats) and carries the final scores the rules replay gives that match.
- root hash (tournaments): the hash over the tournament's and every match's head, recomputed
  from the events, equals the root hash the tournament record declares.
- receipts (``--receipts FILE``, as often as you like): the receipts a player kept, each the
  site's Ed25519 signature over a stream, version and hash it accepted (docs/events.md,
  "Receipts"): every receipted event must be in the export with the receipted hash. A head
  seal binds a version and a hash, not freshness: a match rolled back to an earlier sealed head
  (its later events deleted) exports a log that passes every other check, but not a receipt
  its player was given before the rollback. Each signature is checked here, by the pure-Python
  Ed25519 verification below (RFC 8032), with nothing but the standard library: a receipt is
  worth something only if its signature is, so no signature is ever left unchecked.
  ``--receipt-key`` names the key the site publishes (``GET /api/v1/receipts/key/``, the audit
  page); without it the key each receipt names is used, and the report says which. A receipts
  file that cannot be used (not receipts, a receipt changed or signed by another key, one for a
  stream the export does not hold) is refused: the tool says why and exits 2.
"""

import argparse
import hashlib
import hmac
import json
import os
import re
import sys

# The rules engine: in the single file, beside this module; in a clone, two directories up
# (this file is tools/verify_export.py, the engine games/engine/). Inside the zip application
# this file's directory is the archive, not a directory, and nothing is added to the path.
_HERE = os.path.dirname(os.path.abspath(__file__))
_CLONE = os.path.dirname(_HERE)
if os.path.isdir(_HERE) and os.path.isfile(os.path.join(_CLONE, "games", "engine", "__init__.py")):
    if _CLONE not in sys.path:
        sys.path.insert(0, _CLONE)
try:
    from games import engine
except ImportError as e:  # this file copied alone: the rules check says what to run instead
    engine, ENGINE_MISSING = None, f"{type(e).__name__}: {e}"

FORMAT = "kingrifki-log/2"
# Version 1 match records did not carry the deal rules (num_seats, deal_rules) this tool needs.
OLDER_FORMATS = ("kingrifki-log/1",)
GENESIS_HASH = "0" * 64
SHUFFLE = "hmac-sha256-fy-v1"
LAYOUT_SHUFFLE = "hmac-sha256-fy-layout-v1"
DEAL_PREFIX = b"kingrifki/v1/"
DOCUMENT_FIELDS = ("stream", "version", "type", "payload", "metadata", "recorded_at")
EVENT_FIELDS = frozenset(("record", *DOCUMENT_FIELDS, "prev_hash", "hash"))
RANKS, SUITS = "23456789TJQKA", "SHDC"
DECK = [rank + suit for suit in SUITS for rank in RANKS]  # the canonical order of the pack
JOKERS = ("X1", "X2")
LAYOUT_SPACES = ("N", "E", "S", "W")


# ---------------------------------------------------------------------------- hashing
def canonical_json(value):
    """The platform's canonical JSON: sorted keys, no spaces, UTF-8 text (not ASCII escapes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def sha256_hex(data):
    return hashlib.sha256(data).hexdigest()


def event_hash(prev_hash, event):
    """sha256(prev_hash + canonical JSON of the event's document), the link of a stream's chain."""
    document = {name: event.get(name) for name in DOCUMENT_FIELDS}
    return sha256_hex((prev_hash + canonical_json(document)).encode())


def root_hash(heads):
    """SHA-256 of the canonical JSON of [[stream, version, hash], ...] sorted by stream."""
    rows = sorted([str(stream), int(version), str(digest)] for stream, version, digest in heads)
    return sha256_hex(canonical_json(rows).encode())


# ---------------------------------------------------------------------------- Ed25519 (receipts)
# Verification only, after RFC 8032 section 6 (its reference code): nothing secret is handled,
# so plain Python integers do. A few milliseconds a signature.
ED_P = 2**255 - 19
ED_L = 2**252 + 27742317777372353535851937790883648493  # the group's order
ED_D = -121665 * pow(121666, ED_P - 2, ED_P) % ED_P
ED_SQRT_M1 = pow(2, (ED_P - 1) // 4, ED_P)


def ed_add(P, Q):
    """Point addition in extended coordinates (X, Y, Z, T), x = X/Z, y = Y/Z, x*y = T/Z."""
    a = (P[1] - P[0]) * (Q[1] - Q[0]) % ED_P
    b = (P[1] + P[0]) * (Q[1] + Q[0]) % ED_P
    c = 2 * P[3] * Q[3] * ED_D % ED_P
    d = 2 * P[2] * Q[2] % ED_P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % ED_P, g * h % ED_P, f * g % ED_P, e * h % ED_P)


def ed_mul(s, P):
    Q = (0, 1, 1, 0)  # the neutral element
    while s > 0:
        if s & 1:
            Q = ed_add(Q, P)
        P = ed_add(P, P)
        s >>= 1
    return Q


def ed_equal(P, Q):
    return (P[0] * Q[2] - Q[0] * P[2]) % ED_P == 0 and (P[1] * Q[2] - Q[1] * P[2]) % ED_P == 0


def ed_recover_x(y, sign):
    if y >= ED_P:
        return None
    x2 = (y * y - 1) * pow(ED_D * y * y + 1, ED_P - 2, ED_P)
    if x2 % ED_P == 0:
        return None if sign else 0
    x = pow(x2, (ED_P + 3) // 8, ED_P)
    if (x * x - x2) % ED_P != 0:
        x = x * ED_SQRT_M1 % ED_P
    if (x * x - x2) % ED_P != 0:
        return None
    if (x & 1) != sign:
        x = ED_P - x
    return x


def ed_decompress(data):
    """The point a 32-byte encoding names, or None when it names none."""
    y = int.from_bytes(data, "little")
    sign, y = y >> 255, y & ((1 << 255) - 1)
    x = ed_recover_x(y, sign)
    return None if x is None else (x, y, 1, x * y % ED_P)


ED_GY = 4 * pow(5, ED_P - 2, ED_P) % ED_P
ED_GX = ed_recover_x(ED_GY, 0)
ED_BASE = (ED_GX, ED_GY, 1, ED_GX * ED_GY % ED_P)


def ed25519_verify(public, message, signature):
    """Whether ``signature`` (64 bytes) is ``public``'s (32 bytes) Ed25519 signature of ``message``."""
    if len(public) != 32 or len(signature) != 64:
        return False
    A, R = ed_decompress(public), ed_decompress(signature[:32])
    if A is None or R is None:
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= ED_L:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public + message).digest(), "little") % ED_L
    return ed_equal(ed_mul(s, ED_BASE), ed_add(R, ed_mul(h, A)))


# ---------------------------------------------------------------------------- the shuffle
def byte_stream(seed, deal_key):
    """The shuffle's bytes: HMAC-SHA256(k, i as 8 bytes big-endian) for i = 0, 1, 2, ...,
    where k = HMAC-SHA256(seed, "kingrifki/v1/" + deal key)."""
    key = hmac.digest(seed, DEAL_PREFIX + deal_key.encode(), "sha256")
    block = 0
    while True:
        yield from hmac.digest(key, block.to_bytes(8, "big"), "sha256")
        block += 1


def draw(stream, n):
    """One unbiased draw from 0..n-1: a byte b is rejected when b >= 256 - 256 % n."""
    limit = 256 - 256 % n
    for b in stream:
        if b < limit:
            return b % n
    raise AssertionError("the byte stream is endless")


def seeded_draw(seed, deal_key, n):
    """A seeded choice that is not a shuffle (the first dealer or declarer)."""
    return draw(byte_stream(seed, deal_key), n)


def shuffled(seed, deal_key, pack):
    """Fisher-Yates from ``pack`` in its given order: for i = len - 1 down to 1, swap position i
    with a draw from 0..i."""
    stream = byte_stream(seed, deal_key)
    cards = list(pack)
    for i in range(len(cards) - 1, 0, -1):
        j = draw(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal_round(seed, deal_key, seats, first, step, options, rules):
    """Shuffle hmac-sha256-fy-v1: the whole pack, one card at a time, the card at position p
    to seat (first + p * step) mod seats."""
    hands = [[] for _ in range(seats)]
    for position, card in enumerate(shuffled(seed, deal_key, DECK)):
        hands[(first + position * step) % seats].append(card)
    return {"hands": hands}


def deal_layout(seed, deal_key, seats, first, step, options, rules):
    """Shuffle hmac-sha256-fy-layout-v1 (a layout game): the pack (plus the jokers X1, X2 where
    the rules' jokers option is on) shuffled; hand-size cards to each seat one at a time as
    above; the next cards up for the spaces N, E, S, W (a joker met there set aside and the
    next card turned); the rest, then the jokers set aside, is the stock, listed top card last."""
    jokers = bool(options.get(rules.get("jokers", ""), False))
    cards = shuffled(seed, deal_key, DECK + (list(JOKERS) if jokers else []))
    dealt = seats * options[rules["hand_size"]]
    hands = [[] for _ in range(seats)]
    for position in range(dealt):
        hands[(first + position * step) % seats].append(cards[position])
    layout, aside, position = {}, [], dealt
    for space in LAYOUT_SPACES:
        while cards[position] in JOKERS:
            aside.append(cards[position])
            position += 1
        layout[space] = cards[position]
        position += 1
    return {"hands": hands, "layout": layout, "stock": (cards[position:] + aside)[::-1]}


# The documented shuffles (docs/events.md), by the label game_started names.
SHUFFLES = {SHUFFLE: deal_round, LAYOUT_SHUFFLE: deal_layout}


def derived_match_seed(tournament_seed, tournament_id, round_no, table, board, replay=0):
    """A tournament match's seed: HMAC-SHA256(tournament seed, label), where the label is
    "tournament/<id>/board/<board>" for a duplicate board, else "tournament/<id>/round/<r>/table/<t>",
    followed by "/replay/<n>" for the n-th replay of a table ordered by a ruling."""
    label = (
        f"tournament/{tournament_id}/board/{board}"
        if board is not None
        else f"tournament/{tournament_id}/round/{round_no}/table/{table}"
    )
    if replay:
        label += f"/replay/{replay}"
    return hmac.new(tournament_seed, label.encode(), hashlib.sha256).digest()


def dealt_cards(payload):
    """Every card a deal_started places: the hands, the layout's spaces and the stock."""
    hands = payload.get("hands") if isinstance(payload.get("hands"), list) else []
    layout = payload.get("layout") if isinstance(payload.get("layout"), dict) else {}
    stock = payload.get("stock") if isinstance(payload.get("stock"), list) else []
    return [c for h in hands if isinstance(h, list) for c in h] + list(layout.values()) + stock


def is_whole_pack(payload, seats, rules, options):
    """A hand per seat, and the cards dealt are one pack (with the jokers where the rules' jokers
    option is on), each card once."""
    hands = payload.get("hands")
    jokers = bool(options.get(rules.get("jokers", ""), False))
    pack = DECK + (list(JOKERS) if jokers else [])
    return (
        isinstance(hands, list)
        and len(hands) == seats
        and all(isinstance(h, list) for h in hands)
        and sorted(map(str, dealt_cards(payload))) == sorted(pack)
    )


# ---------------------------------------------------------------------------- the report
class Report:
    """The checks' results, in order: each a check name, a status (pass, fail, skip), the
    stream and event version it concerns (None for the file as a whole) and a message."""

    def __init__(self):
        self.results = []

    def add(self, status, check, stream, version, message):
        self.results.append(
            {"check": check, "status": status, "stream": stream, "version": version, "message": message}
        )

    def passed(self, check, stream, message):
        self.add("pass", check, stream, None, message)

    def failed(self, check, stream, version, message):
        self.add("fail", check, stream, version, message)

    def skipped(self, check, stream, message):
        self.add("skip", check, stream, None, message)

    @property
    def failures(self):
        return [r for r in self.results if r["status"] == "fail"]

    @property
    def ok(self):
        return not self.failures


# ---------------------------------------------------------------------------- reading
class Export:
    """An export file, read: the header, the records and each stream's events in file order."""

    def __init__(self):
        self.header = None
        self.tournament = None
        self.matches = {}  # stream -> match record
        self.streams = {}  # stream -> [event records, in the order of the file]


def read_export(lines, report):
    """Parse the lines; what cannot be read is a format failure (and is left out)."""
    export = Export()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as e:
            report.failed("format", None, None, f"line {number} is not JSON: {e}")
            continue
        kind = record.get("record") if isinstance(record, dict) else None
        if kind == "header":
            if number != 1 or export.header is not None:
                report.failed("format", None, None, f"line {number}: a header is only the first line")
            export.header = record
        elif kind == "tournament":
            if export.tournament is not None:
                report.failed("format", record.get("stream"), None, f"line {number}: a second tournament record")
            export.tournament = record
        elif kind == "match":
            stream = record.get("stream")
            if not isinstance(stream, str):
                report.failed("format", None, None, f"line {number}: a match record names no stream")
                continue
            if stream in export.matches:
                report.failed("format", stream, None, f"line {number}: a second record for {stream}")
            export.matches[stream] = record
        elif kind == "event":
            read_event(export, record, number, report)
        else:
            report.failed("format", None, None, f"line {number} is not a header, tournament, match or event record")
    return export


def read_event(export, record, number, report):
    stream, version = record.get("stream"), record.get("version")
    if not isinstance(stream, str) or type(version) is not int:
        report.failed("format", None, None, f"line {number}: an event needs a stream (text) and a version (integer)")
        return
    if set(record) != EVENT_FIELDS:
        extra, missing = sorted(set(record) - EVENT_FIELDS), sorted(EVENT_FIELDS - set(record))
        report.failed(
            "format",
            stream,
            version,
            f"line {number}: fields not in the format {extra}, "
            f"missing {missing} (only the documented fields are covered by the hash)",
        )
    export.streams.setdefault(stream, []).append(record)


def declared_streams(export):
    """stream -> (record kind, declared head version, declared head hash)."""
    declared = {}
    if export.tournament is not None:
        t = export.tournament
        declared[t.get("stream")] = ("tournament", t.get("version"), t.get("head_hash"))
    declared.update((s, ("match", m.get("version"), m.get("head_hash"))) for s, m in export.matches.items())
    return declared


# ---------------------------------------------------------------------------- format
def check_format(export, report):
    """Catches a file that is not this format: no header or another format, a header whose kind
    disagrees with the records, a record whose stream is not its id's, events of a stream that no
    record declares (left unchecked otherwise)."""
    problems = len(report.failures)
    header = export.header
    if header is None or header.get("format") != FORMAT:
        older = (header or {}).get("format") in OLDER_FORMATS
        report.failed(
            "format",
            None,
            None,
            f"the first line must be a header of format {FORMAT!r}"
            + (f", not {header['format']!r}: export it again from the site" if older else ""),
        )
    kind = (header or {}).get("kind")
    if kind == "match" and (len(export.matches) != 1 or export.tournament is not None):
        report.failed("format", None, None, "a match export holds exactly one match record and no tournament")
    elif kind == "tournament" and export.tournament is None:
        report.failed("format", None, None, "a tournament export holds a tournament record")
    elif kind not in ("match", "tournament"):
        report.failed("format", None, None, f"the header's kind is 'match' or 'tournament', not {kind!r}")
    for stream, match in export.matches.items():
        if stream != f"match/{match.get('id')}":
            report.failed("format", stream, None, f"match record {match.get('id')!r} names stream {stream!r}")
    t = export.tournament
    if t is not None and t.get("stream") != f"tournament/{t.get('id')}":
        report.failed("format", t.get("stream"), None, f"tournament record {t.get('id')!r} names another stream")
    declared = declared_streams(export)
    for stream in export.streams:
        if stream not in declared:
            report.failed("format", stream, 1, f"events of {stream}, which no record declares")
    if len(report.failures) == problems:
        report.passed(
            "format",
            None,
            f"{FORMAT}, a {kind} export: {len(export.matches)} match record(s), "
            f"{sum(map(len, export.streams.values()))} events in {len(export.streams)} stream(s)",
        )


# ---------------------------------------------------------------------------- chain
def check_versions(stream, events, report):
    """Catches a deleted, repeated or reordered event: versions must run 1, 2, 3, ... in the
    file. The failure names the first version that is not where it should be."""
    seen = [e["version"] for e in events]
    for position, version in enumerate(seen):
        expected = position + 1
        if version == expected:
            continue
        if expected in seen[position + 1 :]:
            why = f"version {expected} comes after version {version}: events out of order"
        elif expected in seen[:position]:
            why = f"version {expected} appears twice"
        else:
            why = f"version {expected} is missing (the next event is version {version}): an event was removed"
        report.failed("chain", stream, expected, why)
        return False
    return True


def check_links(stream, events, report):
    """Catches any changed field (type, payload, metadata, time, version...) of any event: its
    hash is recomputed from its contents; and a broken link: each prev_hash must be the hash of
    the event before (64 zeros before version 1)."""
    prev_hash = GENESIS_HASH
    for event in events:
        if event.get("prev_hash") != prev_hash:
            report.failed("chain", stream, event["version"], "prev_hash is not the hash of the event before it")
            return False
        if event_hash(prev_hash, event) != event.get("hash"):
            report.failed(
                "chain", stream, event["version"], "the hash does not match the event's contents (a field was changed)"
            )
            return False
        prev_hash = event["hash"]
    return True


def check_head(stream, events, declared, report):
    """Catches events cut from the end (or added after it): the stream must end at the version
    and hash its record declares (the database's head when the export was written)."""
    _, version, head_hash = declared
    last = max(events, key=lambda e: e["version"], default=None)  # the order is check_versions' business
    last_version, last_hash = (last["version"], last.get("hash")) if last else (0, GENESIS_HASH)
    if last_version != version:
        if type(version) is int and last_version < version:
            report.failed(
                "chain",
                stream,
                last_version + 1,
                f"the stream ends at version {last_version} but its "
                f"record declares head version {version}: events were removed from the end",
            )
        else:
            report.failed(
                "chain",
                stream,
                last_version,
                f"the stream runs to version {last_version} but its record declares head version {version!r}",
            )
        return False
    if last_hash != head_hash:
        report.failed("chain", stream, last_version, "the last event's hash is not the head hash its record declares")
        return False
    return True


def check_end(stream, events, report):
    """Catches an event appended after a match's end: nothing follows ``game_ended``."""
    ended = next((e for e in events if e.get("type") == "game_ended"), None)
    after = [e for e in events if ended is not None and e["version"] > ended["version"]]
    if after:
        report.failed(
            "chain",
            stream,
            after[0]["version"],
            f"version {after[0]['version']} ({after[0].get('type')}) "
            f"follows game_ended at version {ended['version']}: nothing is appended after the end of a game",
        )
        return False
    return True


def check_chains(export, report):
    for stream, declared in declared_streams(export).items():
        events = export.streams.get(stream, [])
        ok = check_versions(stream, events, report)
        ok = ok and check_links(stream, events, report)
        ok = check_head(stream, events, declared, report) and ok
        if declared[0] == "match":
            ok = check_end(stream, events, report) and ok
        if ok:
            head = events[-1]["hash"] if events else GENESIS_HASH
            # The whole head, as --head takes it: to compare with the one the site published.
            report.passed(
                "chain", stream, f"{len(events)} events, versions 1..{len(events)}, head {stream}:{len(events)}:{head}"
            )


def parse_head(text):
    """A published head, "STREAM:VERSION:HASH" (e.g. match/12:40:<64 hex digits>), as a tuple."""
    stream, _, rest = text.rpartition(":")
    stream, _, version = stream.rpartition(":")
    if not stream or not version.isdigit() or len(rest) != 64 or any(c not in "0123456789abcdef" for c in rest):
        raise ValueError(f"{text!r} is not a head written STREAM:VERSION:HASH, such as match/12:40:<64 hex digits>")
    return stream, int(version), rest


def check_published_heads(export, heads, report):
    """Catches an export rewritten whole, its records' heads included: each head published
    earlier must be in it. The event at that version must carry that hash; the chain then
    vouches for every event before it. A later export may run past the head (the stream moved
    on); one that stops before it, or has another event there, is not the published log."""
    for stream, version, digest in heads:
        if stream not in declared_streams(export):
            report.failed("published head", stream, None, f"the export holds no record of {stream}")
            continue
        events = export.streams.get(stream, [])
        at = next((e for e in events if e["version"] == version), None)
        last = max((e["version"] for e in events), default=0)
        if version == 0 and digest == GENESIS_HASH:
            report.passed("published head", stream, "version 0: an empty stream")
        elif at is None:
            report.failed(
                "published head",
                stream,
                last or None,
                f"the export ends at version {last}, before the published head at version {version}",
            )
        elif at.get("hash") != digest:
            report.failed(
                "published head",
                stream,
                version,
                f"the event at version {version} has hash "
                f"{str(at.get('hash'))[:16]}…, not the published head's {digest[:16]}…: "
                "this is not the log that was published",
            )
        else:
            later = f" (the export runs on to version {last})" if last > version else ""
            report.passed("published head", stream, f"version {version} has the published hash {digest[:16]}…{later}")


# ---------------------------------------------------------------------------- receipts
RECEIPT_FORMAT = "kingrifki-receipt/1"
RECEIPT_SIGNED = ("receipt", "stream", "version", "hash", "issued_at", "key")
RECEIPT_FIELDS = frozenset((*RECEIPT_SIGNED, "signature"))
MOST_RECEIPTS = 10_000
PUBLISHED_KEY = "GET /api/v1/receipts/key/"


class Refused(Exception):
    """An input the tool cannot use (a receipts file, a key): the message says why (exit 2)."""


def is_hex(value, length):
    return isinstance(value, str) and len(value) == length and all(c in "0123456789abcdef" for c in value)


def parse_key(text):
    """A receipt key as the site publishes it: 64 lowercase hex digits."""
    key = text.strip().lower()
    if not is_hex(key, 64):
        raise ValueError(f"{text!r} is not a receipt key: 64 hex digits, as {PUBLISHED_KEY} gives it")
    return key


def receipt_items(text):
    """The objects a receipts file holds: the table page's "my receipts" file ({"receipts":
    [...]}), a JSON list, one receipt, or JSON Lines (what the bot kit writes)."""
    try:
        document = json.loads(text)
    except ValueError:
        lines = [line for line in text.split("\n") if line.strip()]
        try:
            document = [json.loads(line) for line in lines]
        except ValueError:
            document = None
        if not lines or document is None:
            raise Refused(
                "it is neither JSON nor JSON Lines: give the receipts file the site or the bot kit saved"
            ) from None
    if isinstance(document, dict):
        document = document["receipts"] if "receipts" in document else [document]
    if not isinstance(document, list) or not all(isinstance(item, dict) for item in document):
        raise Refused('receipts are given as a list of receipt objects, or as {"receipts": [...]}')
    if not document:
        raise Refused("it holds no receipt")
    if len(document) > MOST_RECEIPTS:
        raise Refused(f"at most {MOST_RECEIPTS} receipts at a time")
    return document


def receipt_problem(receipt, key):
    """Why ``receipt`` is not one the site's key signed (None when it is)."""
    if set(receipt) != RECEIPT_FIELDS:
        missing = ", ".join(sorted(RECEIPT_FIELDS - set(receipt))) or "-"
        unknown = sorted(set(receipt) - RECEIPT_FIELDS)
        extra = ", ".join(n if len(n) <= 40 else n[:40] + "…" for n in unknown[:5]) + (
            ", …" if len(unknown) > 5 else ""
        )
        extra = extra or "-"
        fields = ", ".join(sorted(RECEIPT_FIELDS))
        return f"a receipt has exactly the fields {fields} (missing: {missing}; unknown: {extra})"
    if receipt["receipt"] != RECEIPT_FORMAT:
        return f"its format is not {RECEIPT_FORMAT}"
    version = receipt["version"]
    if not isinstance(receipt["stream"], str) or type(version) is not int or version < 1:
        return "its stream must be a name and its version a positive integer"
    for name, length in (("hash", 64), ("key", 64), ("signature", 128)):
        if not is_hex(receipt[name], length):
            return f"its {name} is not lowercase hex of the right length"
    if not isinstance(receipt["issued_at"], str):
        return "its issued_at is not a time"
    if key is not None and receipt["key"] != key:
        return f"it is signed with the key {receipt['key'][:16]}…, not the key given with --receipt-key {key[:16]}…"
    signed = canonical_json({name: receipt[name] for name in RECEIPT_SIGNED}).encode()
    if not ed25519_verify(bytes.fromhex(receipt["key"]), signed, bytes.fromhex(receipt["signature"])):
        return "its signature does not verify: the receipt was changed, or the site never issued it"
    return None


def read_receipts(path, text, key=None):
    """[(name, receipt)] of one receipts file, each receipt's form and signature checked (with
    ``key`` when given, else the key it names); Refused names the file and the receipt."""
    try:
        items = receipt_items(text)
    except Refused as e:
        raise Refused(f"{path}: {e}") from None
    checked = []
    for number, receipt in enumerate(items, 1):
        problem = receipt_problem(receipt, key)
        if problem:
            raise Refused(f"{path}: receipt {number}: {problem}")
        checked.append((f"receipt {number} of {os.path.basename(path)}", receipt))
    return checked


def check_receipts(export, receipts, key_given, report):
    """Catches a log rolled back or rewritten after the site receipted it: each receipt's
    event must be in the export with the receipted hash. A receipt for a stream the export
    does not hold is refused (the wrong file, or the wrong export)."""
    declared = declared_streams(export)
    for name, receipt in receipts:
        if receipt["stream"] not in declared:
            raise Refused(
                f"{name} is for {receipt['stream']}, which this export does not hold "
                f"(it holds {', '.join(sorted(declared)) or 'no stream'})"
            )
    held = {}
    for name, receipt in receipts:
        stream, version = receipt["stream"], receipt["version"]
        events = export.streams.get(stream, [])
        at = next((e for e in events if e["version"] == version), None)
        said = f"{name} ({stream}:{version}:{receipt['hash'][:16]}…, issued {receipt['issued_at']})"
        if at is None:
            last = max((e["version"] for e in events), default=0)
            report.failed(
                "receipts",
                stream,
                last or None,
                f"{said}: the export ends at version {last}, without the event the site receipted at "
                f"version {version}: the match was rolled back (or cut short) after the receipt was issued",
            )
        elif at.get("hash") != receipt["hash"]:
            report.failed(
                "receipts",
                stream,
                version,
                f"{said}: the event at version {version} has the hash {str(at.get('hash'))[:16]}…, not the "
                "receipted one: the log was rewritten after the receipt was issued",
            )
        else:
            held.setdefault(stream, []).append(receipt)
    failed = {r["stream"] for r in report.failures if r["check"] == "receipts"}
    for stream, good in held.items():
        if stream in failed:
            continue
        keys = sorted({r["key"] for r in good})
        whose = (
            "the key given with --receipt-key"
            if key_given
            else f"the key the receipts name: compare it with the key the site publishes ({PUBLISHED_KEY})"
        )
        report.passed(
            "receipts",
            stream,
            f"{len(good)} receipt(s) hold, the latest at version {max(r['version'] for r in good)}; "
            f"signatures checked with key {', '.join(k[:16] + '…' for k in keys)} ({whose})",
        )


# ---------------------------------------------------------------------------- seeds
def first_event(export, stream, kind):
    """The payload of the stream's version 1, when it is an event of ``kind``; else None."""
    first = next((e for e in export.streams.get(stream) or [] if e["version"] == 1), None)
    if first is None or first.get("type") != kind or not isinstance(first.get("payload"), dict):
        return None
    return first["payload"]


def parse_seed(text):
    try:
        return bytes.fromhex(text) if isinstance(text, str) and text else None
    except ValueError:
        return None


def check_commitment(report, stream, seed_text, record_sha256, committed, what):
    """Catches a changed or wrong seed: SHA-256 of the seed bytes must be the commitment
    published (before play) in the stream's first event, which the chain protects; the
    record's seed_sha256 must say the same. Returns the seed bytes when they pass."""
    seed = parse_seed(seed_text)
    if seed is None:
        report.failed("seed", stream, 1, f"the {what} seed {seed_text!r} is not hex")
        return None
    digest = sha256_hex(seed)
    if committed is None:
        report.failed("seed", stream, 1, f"version 1 carries no seed_sha256 to check the {what} seed against")
        return None
    if digest != committed:
        report.failed(
            "seed",
            stream,
            1,
            f"sha256 of the {what} seed is {digest[:16]}…, not the seed_sha256 "
            f"{str(committed)[:16]}… committed at version 1",
        )
        return None
    if record_sha256 != committed:
        report.failed("seed", stream, 1, "the record's seed_sha256 differs from the one committed at version 1")
        return None
    report.passed("seed", stream, f"sha256(seed) is the seed_sha256 committed at version 1 ({digest[:16]}…)")
    return seed


def check_match_seeds(export, report):
    """The seeds of the matches that reveal one, checked against their commitments."""
    seeds = {}
    for stream, match in export.matches.items():
        start = first_event(export, stream, "game_started")
        if match.get("seed") is None:
            why = "a fixed board: no seed" if match.get("board") is not None else "the seed is not public (yet)"
            report.skipped("seed", stream, why)
            continue
        seed = check_commitment(
            report, stream, match["seed"], match.get("seed_sha256"), (start or {}).get("seed_sha256"), "match"
        )
        if seed is not None:
            seeds[stream] = seed
    return seeds


def tournament_seed(export, report):
    """The tournament's revealed seed (from its record, else from tournament_ended), checked
    against the commitment in tournament_created; None while it is secret."""
    t = export.tournament
    stream = t.get("stream")
    ended = [e for e in export.streams.get(stream, []) if e.get("type") == "tournament_ended"]
    revealed = ended[-1]["payload"].get("seed") if ended and isinstance(ended[-1].get("payload"), dict) else None
    seed_text = t.get("seed") if t.get("seed") is not None else revealed
    if seed_text is None:
        report.skipped("seed", stream, "the tournament's seed is not revealed (yet)")
        return None
    if revealed is not None and revealed != seed_text:
        report.failed(
            "seed", stream, ended[-1]["version"], "the record's seed is not the one tournament_ended revealed"
        )
        return None
    created = first_event(export, stream, "tournament_created")
    return check_commitment(
        report, stream, seed_text, t.get("seed_sha256"), (created or {}).get("seed_sha256"), "tournament"
    )


def drawn_tables(export):
    """(version, round, table, match id, board key, replay) for every table drawn by a
    round_started event, and for every replay of a table ordered by a replay_match ruling."""
    stream = export.tournament.get("stream")
    out, where = [], {}
    for event in export.streams.get(stream, []):
        payload = event.get("payload")
        if not isinstance(payload, dict):
            continue
        if event.get("type") == "round_started":
            for table in payload.get("tables") or []:
                drawn = (
                    event["version"],
                    payload.get("round"),
                    table.get("table"),
                    table.get("match"),
                    table.get("board"),
                    0,
                )
                where[table.get("match")] = drawn
                out.append(drawn)
        elif event.get("type") == "ruling" and payload.get("kind") == "replay_match":
            replaced = where.get(payload.get("match"))
            if replaced is not None:
                _, round_no, table, _, board, _ = replaced
                drawn = (event["version"], round_no, table, payload.get("replacement"), board, payload.get("replay"))
                where[payload.get("replacement")] = drawn
                out.append(drawn)
    return out


def check_derived_seeds(export, tournament_seed_bytes, match_seeds, report):
    """Catches a match whose cards were not dealt from the tournament's seed: each drawn
    match's seed is re-derived (same HMAC labels as the platform) and must hash to the seed
    the match committed to, and equal the seed its record reveals. A derived seed that passes
    is used to re-derive the match's deals even when its record does not reveal the seed."""
    t = export.tournament
    tid, stream = t.get("id"), t.get("stream")
    drawn = set()
    for version, round_no, table, match_id, board, replay in drawn_tables(export):
        match_stream = f"match/{match_id}"
        drawn.add(match_stream)
        if match_stream not in export.matches:
            report.failed(
                "match seeds",
                stream,
                version,
                f"round {round_no} table {table} drew match {match_id}, which is not in the export",
            )
            continue
        start = first_event(export, match_stream, "game_started")
        if start is None:
            report.skipped("match seeds", match_stream, "no game_started at version 1 to check the seed against")
            continue
        if "board" in start:
            report.skipped("match seeds", match_stream, "a fixed board: its cards are given, not derived")
            continue
        if start.get("entry") == "table":
            report.skipped("match seeds", match_stream, "a table with real cards: its deals were entered, not dealt")
            continue
        derived = derived_match_seed(tournament_seed_bytes, tid, round_no, table, board, replay)
        where = (
            f"round {round_no} table {table}"
            + (f" board {board}" if board is not None else "")
            + (f" replay {replay}" if replay else "")
        )
        if sha256_hex(derived) != start.get("seed_sha256"):
            report.failed(
                "match seeds",
                match_stream,
                1,
                f"the seed derived for {where} (tournament version "
                f"{version}) does not hash to the seed_sha256 committed at version 1",
            )
            continue
        revealed = export.matches[match_stream].get("seed")
        if revealed is not None and revealed != derived.hex():
            report.failed("match seeds", match_stream, 1, f"the record's seed is not the one derived for {where}")
            continue
        match_seeds.setdefault(match_stream, derived)
        report.passed("match seeds", match_stream, f"derived from the tournament seed for {where}")
    listed = {f"match/{m}" for m in t.get("matches") or []}
    for match_stream in sorted((listed | set(export.matches)) - drawn):
        report.failed(
            "match seeds", match_stream, 1, "a match of the export that no round_started or replay_match ruling drew"
        )


# ---------------------------------------------------------------------------- deals
def deal_key(key, payload):
    """The deal key of a deal_started: "<key>/deal/<n>", or ".../redeal/<r>" for a redeal."""
    base = f"{key}/deal/{payload.get('deal')}"
    return f"{base}/redeal/{payload['redeal']}" if payload.get("redeal") else base


def valid_deal_rules(record):
    """(the deal rules, the table size) of a match record, or None when it carries none fit to
    use (docs/events.md, "Deal rules")."""
    rules, seats = record.get("deal_rules"), record.get("num_seats")
    if not isinstance(rules, dict) or type(seats) is not int or seats < 1:
        return None
    if (
        rules.get("direction") not in (1, -1)
        or not isinstance(rules.get("draws", {}), dict)
        or not isinstance(rules.get("first_deal"), list)
        or not all(isinstance(r, dict) for r in rules["first_deal"])
    ):
        return None
    return rules, seats


def check_drawn_facts(report, stream, start, seed, rules, seats):
    """Catches a first dealer or declarer (or the seat that names one) not drawn from the seed:
    each game_started field the rules list under "draws" is one seeded draw over the seats."""
    key = start.get("key", "game")
    for name, draw_key in rules.get("draws", {}).items():
        if name in start:
            value = seeded_draw(seed, f"{key}/{draw_key}", seats)
            if start[name] != value:
                report.failed("deals", stream, 1, f"game_started says {name}={start[name]!r}; the seed draws {value}")
                return False
    return True


def first_deal_rule(rules, start, events):
    """(the rule of "first_deal" that fixes deal 1, the seat it names or None for a holder rule);
    (None, None) when no rule applies."""
    options = start.get("options") or {}
    for rule in rules["first_deal"]:
        field = rule.get("game_started")
        if field is not None:
            if field not in start:
                continue
            if "event" not in rule:
                return rule, start[field]
            named = next(
                (e["payload"] for e in events if e.get("type") == rule["event"] and isinstance(e.get("payload"), dict)),
                {},
            )
            return rule, named.get(rule.get("field"))
        if "option" in rule and options.get(rule["option"]) in (rule.get("holder_of") or {}):
            return rule, None
    return None, None


def rotation_problem(rules, seats, rule, named, first_dealer, payload, hands, options):
    """What is wrong with who deals (or declares) this deal, or None: deal 1's dealer or
    declarer is the one the first-deal rule names (or holds its card); the dealer moves one seat
    in the rules' direction per deal from deal 1's; a redeal keeps its deal's dealer; where the
    rules say so, the declarer sits after the dealer."""
    n, dealer, direction = payload.get("deal"), payload.get("dealer"), rules["direction"]
    if n == 1 and not payload.get("redeal"):
        role = rule.get("names", "dealer")
        if rule.get("holder_of"):
            card = rule["holder_of"][options.get(rule["option"])]
            named = next((seat for seat, hand in enumerate(hands) if card in hand), None)
            why = f"the holder of the {card} is seat {named}"
        else:
            why = f"the rotation gives seat {named!r} from the {rule.get('game_started')} the game names"
        if payload.get(role) != named:
            return f"seat {payload.get(role)!r} is the {role} of deal 1; {why}"
    elif type(first_dealer) is int and type(n) is int:
        expected = (first_dealer + direction * (n - 1)) % seats
        if dealer != expected:
            return f"deal {n} is dealt by seat {dealer!r}; the rotation gives seat {expected}"
    if (
        rules.get("declarer") == "after_dealer"
        and type(dealer) is int
        and payload.get("declarer") != (dealer + direction) % seats
    ):
        return (
            f"deal {n} has declarer {payload.get('declarer')!r} and dealer {dealer!r}; the declarer "
            f"sits after the dealer, in seat {(dealer + direction) % seats}"
        )
    return None


def order_problem(previous, payload):
    """What is wrong with this deal's place in the game, or None: deals run 1, 2, 3, ... from the
    first, and a redeal repeats its deal with the next redeal number. (A game cut to start at a
    later deal would otherwise escape the first dealer's check.)"""
    n, redeal = payload.get("deal"), payload.get("redeal") or 0
    last_n, last_redeal = previous
    allowed = [(last_n + 1, 0)] + ([(last_n, last_redeal + 1)] if last_n else [])
    if (n, redeal) in allowed:
        return None
    return f"deal {n!r} (redeal {redeal!r}) follows deal {last_n} (redeal {last_redeal}): deals run 1, 2, 3, ..."


def same_cards(payload, derived):
    """Whether a deal_started places the derived cards: each seat's hand (in any order), and the
    layout and the stock exactly."""
    hands = payload.get("hands")
    if (
        not isinstance(hands, list)
        or len(hands) != len(derived["hands"])
        or any(not isinstance(h, list) or sorted(map(str, h)) != sorted(d) for h, d in zip(hands, derived["hands"]))
    ):
        return False
    return all(payload.get(name) == derived[name] for name in ("layout", "stock") if name in derived)


def check_deals_from_seed(report, stream, events, start, seed, record):
    """Catches dealt cards that are not the seed's: every deal_started's cards are re-derived
    with the documented shuffle the game names, its deal key and the seat its dealer deals from,
    and compared card by card; and a dealer or declarer out of the rotation (which would deal
    the same cards elsewhere). Who deals is the match record's deal rules (the ruleset's)."""
    found = valid_deal_rules(record)
    if found is None:
        report.failed(
            "deals",
            stream,
            1,
            "the match record carries no deal rules and table size to re-derive the "
            "deals with (num_seats, deal_rules; docs/events.md)",
        )
        return
    rules, seats = found
    deal = SHUFFLES.get(start.get("shuffle"))
    if deal is None:
        report.failed(
            "deals", stream, 1, f"unknown shuffle {start.get('shuffle')!r}; this tool knows {', '.join(SHUFFLES)}"
        )
        return
    ok = check_drawn_facts(report, stream, start, seed, rules, seats)
    rule, named = first_deal_rule(rules, start, events)
    if rule is None:
        report.failed("deals", stream, 1, "none of the deal rules' first_deal rules fixes this game's first deal")
        return
    options = start.get("options") or {}
    key, count, first_dealer, previous = start.get("key", "game"), 0, None, (0, 0)
    for event in events:
        payload = event.get("payload")
        if event.get("type") != "deal_started" or not isinstance(payload, dict):
            continue
        count += 1
        expected_key = deal_key(key, payload)
        if "deal_key" in payload and payload["deal_key"] != expected_key:
            report.failed("deals", stream, event["version"], f"deal key {payload['deal_key']!r}, not {expected_key!r}")
            ok = False
            continue
        dealer = payload.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < seats:
            report.failed(
                "deals",
                stream,
                event["version"],
                f"deal {payload.get('deal')} names no dealer seat (dealer {dealer!r} at a table of {seats})",
            )
            ok = False
            continue
        problem = order_problem(previous, payload)
        if type(payload.get("deal")) is int and type(payload.get("redeal") or 0) is int:
            previous = (payload["deal"], payload.get("redeal") or 0)  # the next is judged against this one
        if problem:
            report.failed("deals", stream, event["version"], problem)
            ok = False
            continue
        if payload.get("deal") == 1 and not payload.get("redeal"):
            first_dealer = dealer
        first = (
            rule["dealt_from"]
            if "dealt_from" in rule and payload.get("deal") == 1 and not payload.get("redeal")
            else (dealer + rules["direction"]) % seats
        )
        derived = deal(seed, expected_key, seats, first, rules["direction"], options, rules)
        problem = rotation_problem(rules, seats, rule, named, first_dealer, payload, derived["hands"], options)
        if not same_cards(payload, derived):
            problem = f"the cards of deal {payload.get('deal')} are not the ones the seed deals ({expected_key})"
        if problem:
            report.failed("deals", stream, event["version"], problem)
            ok = False
    if ok:
        report.passed("deals", stream, f"{count} deal(s) re-derived from the seed ({start.get('shuffle')})")


def check_board_deals(report, stream, events, start, record):
    """Catches a fixed-board match that dealt other cards: every deal_started's cards (hands,
    and a layout game's layout and stock) must be the board's (the board in game_started, which
    the chain protects, and in the record)."""
    board = start["board"]
    ok = True
    if record.get("board") != board:
        report.failed("deals", stream, 1, "the record's board is not the board game_started names")
        ok = False
    cards = [name for name in ("hands", "layout", "stock") if isinstance(board, dict) and name in board]
    count = 0
    for event in events:
        if event.get("type") == "deal_started":
            count += 1
            payload = event.get("payload") or {}
            if not cards or any(payload.get(name) != board[name] for name in cards):
                report.failed("deals", stream, event["version"], "the cards dealt are not the board's")
                ok = False
    if ok:
        report.passed("deals", stream, f"{count} deal(s) of the fixed board, cards as given")


def check_whole_packs(report, stream, events, start, record):
    """Without the seed the deals cannot be re-derived: check only that each is a whole pack."""
    found = valid_deal_rules(record)
    if found is None:
        report.failed(
            "deals",
            stream,
            1,
            "the match record carries no deal rules and table size (num_seats, deal_rules; docs/events.md)",
        )
        return
    rules, seats = found
    options = start.get("options") or {}
    for event in events:
        payload = event.get("payload") if isinstance(event.get("payload"), dict) else {}
        if event.get("type") == "deal_started" and not is_whole_pack(payload, seats, rules, options):
            report.failed(
                "deals",
                stream,
                event["version"],
                f"the cards dealt are not one pack, a hand for each of the {seats} seats",
            )
            return
    report.skipped("deals", stream, "the seed is not public: deals not re-derived (each is a whole pack)")


def check_deals(export, match_seeds, report):
    for stream, record in export.matches.items():
        events = export.streams.get(stream, [])
        start = first_event(export, stream, "game_started")
        if start is None:
            report.failed("deals", stream, 1, "version 1 is not a game_started event")
        elif start.get("board") is not None:
            check_board_deals(report, stream, events, start, record)
        elif stream in match_seeds:
            check_deals_from_seed(report, stream, events, start, match_seeds[stream], record)
        elif record.get("seed") is not None:
            report.skipped("deals", stream, "the seed failed its commitment: deals not re-derived")
        else:
            check_whole_packs(report, stream, events, start, record)


# ---------------------------------------------------------------------------- the rules
# The platform's own events in a match stream (docs/events.md, "Platform events in a match
# stream"): a fault, a seat handed over or given back. The engine never sees them.
PLATFORM_EVENTS = frozenset(
    ("action_fallback", "seat_taken_over", "seat_returned", "entry_confirmed", "entry_disputed", "entry_settled")
)
# Errors a malformed log may raise inside the engine's replay instead of an engine error.
REPLAY_ERRORS = (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError)
# The engine counts the game's events from 0 in its messages; the report names versions instead.
ENGINE_INDEX = re.compile(r"^event \d+(?: \([^)]*\))?:? ?")


def failed_streams(report, checks):
    """The streams a failure of one of ``checks`` names (the report so far)."""
    return {r["stream"] for r in report.failures if r["check"] in checks}


def game_events(events):
    """(the engine's events, the export events they come from, the first export event whose
    payload is no JSON object or None): a match stream's events but the platform's, each as the
    engine reads it, ``{"type": ..., **payload}`` (as the site reads its own)."""
    played = [e for e in events if e.get("type") not in PLATFORM_EVENTS]
    bad = next((e for e in played if not isinstance(e.get("payload"), dict)), None)
    if bad is not None:
        return [], played, bad
    return [{"type": e.get("type"), **e["payload"]} for e in played], played, None


def replayed(game, seed):
    """(the state the rules replay ``game`` to, None) or (None, the error they raise)."""
    try:
        return engine.replay(game, seed=seed, verify=True), None
    except engine.EngineError as e:
        return None, e
    except REPLAY_ERRORS as e:
        return None, e


def failing_index(game, seed):
    """Where an error that names no event arises: the first event whose replay raises other
    than a log cut short (every prefix of a log is cut short), found by halving; the last
    event when only the whole log fails (it ends where the rules go on)."""

    def fails(n):
        _, error = replayed(game[:n], seed)
        return error is not None and getattr(error, "code", None) != "truncated_log"

    low, high = 1, len(game)
    if not fails(high):
        return len(game) - 1
    while low < high:
        middle = (low + high) // 2
        if fails(middle):
            high = middle
        else:
            low = middle + 1
    return low - 1


def short(value, limit=160):
    text = canonical_json(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def said(event, fields=True):
    """An engine event as the report names it: its type, its seat, and its other fields."""
    if not isinstance(event, dict):
        return repr(event)
    rest = {k: v for k, v in event.items() if k not in ("type", "seat")} if fields else {}
    who = f" by seat {event['seat']}" if "seat" in event else ""
    return f"{event.get('type')}{who}" + (f" {short(rest)}" if rest else "")


def differences(logged, expected):
    """What differs between the event the log holds and the one the rules produce."""
    if not isinstance(logged, dict) or logged.get("type") != expected.get("type"):
        kind = logged.get("type") if isinstance(logged, dict) else type(logged).__name__
        return f"the log has {kind} where the rules produce {said(expected)}"
    fields = sorted(set(logged) | set(expected), key=str)
    return "; ".join(
        f"{name} is {short(logged.get(name))} in the log, {short(expected.get(name))} by the rules"
        for name in fields
        if logged.get(name) != expected.get(name)
    )


def rule_broken(error, game, index):
    """The failure's message: the rule broken (the engine's code, and the code of the refusal
    behind it), the event, and the engine's own words or what the rules produce instead."""
    if not isinstance(error, engine.EngineError):
        return f"the rules cannot replay this log: {type(error).__name__}: {error}"
    cause = error.__cause__ if isinstance(error.__cause__, engine.EngineError) else None
    codes = error.code + (f"/{cause.code}" if cause is not None and cause.code != error.code else "")
    expected = getattr(error, "expected", None)
    if error.code == "truncated_log" and isinstance(expected, dict):
        return f"{codes}: the log ends here, before the {said(expected)} the rules produce next"
    event = game[index] if 0 <= index < len(game) else None
    if error.code == "mismatch" and isinstance(expected, dict):
        return f"{codes}: {said(event, fields=False)}: not what the rules produce: {differences(event, expected)}"
    detail = cause.message if cause is not None else ENGINE_INDEX.sub("", error.message)
    return f"{codes}: {said(event) if event is not None else 'the log'}: {detail}"


def check_rules(export, match_seeds, report):
    """Catches a decision the rules forbid (a card the seat never held or may not play there,
    a contract, bid, misdeal answer, pile move or draw out of turn or against the rules) and
    any automatic event that is not what the rules produce (a trick won by another seat, a deal,
    a drawn card, a deal's scores, the game's totals, end and winners): the engine replays the
    match with every decision applied again through the rules (``replay(verify=True)``),
    dealing from the seed where it passed its commitment, else from the logged deals once each
    is a whole pack. A stream whose chain or deals fail is not replayed: those checks already
    name where. Returns {stream: the replayed final state}."""
    verified = {}
    untrusted = failed_streams(report, ("chain", "deals"))
    for stream in export.matches:
        if engine is None:
            report.failed(
                "rules",
                stream,
                None,
                f"the rules engine is not here ({ENGINE_MISSING}): run the single-file verifier "
                "(verify_export.pyz, from the site or `make verifier`) or tools/verify_export.py in a clone",
            )
            continue
        if stream in untrusted:
            report.skipped("rules", stream, "not replayed: the chain or the deals fail (named above)")
            continue
        game, played, bad = game_events(export.streams.get(stream, []))
        if bad is not None:
            report.failed("rules", stream, bad["version"], f"the payload of {bad.get('type')} is not a JSON object")
            continue
        seed = match_seeds.get(stream)
        state, error = replayed(game, seed)
        if error is not None:
            index = getattr(error, "index", None)
            if index is None:
                index = failing_index(game, seed)
            version = played[min(index, len(played) - 1)]["version"] if played else 1
            report.failed("rules", stream, version, rule_broken(error, game, index))
            continue
        verified[stream] = state
        ending = (
            f"game over: totals {short(list(state.scores))}, winners {short(game[-1].get('winners'))}"
            if state.is_over
            else "in play"
        )
        dealt = "deals from the seed" if seed is not None else "the logged deals, each a whole pack"
        report.passed(
            "rules",
            stream,
            f"{len(game)} events replayed by the rules of {game[0].get('ruleset')} ({dealt}): every "
            f"decision legal where it stands, every automatic event the one the rules produce; {ending}",
        )
    return verified


# ---------------------------------------------------------------------------- the end
def check_ends(export, report):
    """Catches a match cut short: events dropped from its end, and its declared head moved
    back onto the last one kept, leave a chain that holds and decisions that are all legal; but
    the game stops before ``game_ended``. Only a match the export says was still in play
    (its record's ``"live": true``, docs/events.md) may do that; and a match that ended is
    not live. A record without the field (an export written before it) cannot say."""
    broken = failed_streams(report, ("chain",))
    for stream, record in export.matches.items():
        if stream in broken:
            report.skipped("end", stream, "not checked: the chain fails (named above)")
            continue
        events = export.streams.get(stream, [])
        ended = next((e for e in events if e.get("type") == "game_ended"), None)
        last = events[-1]["version"] if events else None
        live = record.get("live")
        if ended is not None and live is True:
            report.failed(
                "end",
                stream,
                ended["version"],
                f"the game ended at version {ended['version']}, but the match record says the match is live",
            )
        elif ended is not None:
            report.passed("end", stream, f"the game ended at version {ended['version']}")
        elif live is True:
            report.passed("end", stream, f"in play at version {last}: the match record says the match is live")
        elif live is False:
            report.failed(
                "end",
                stream,
                last,
                f"the match stops at version {last}, before game_ended, but its record says it is "
                "not live: events were cut from its end (and its head moved back)",
            )
        else:
            report.failed(
                "end",
                stream,
                last,
                f"the match stops at version {last}, before game_ended, and its record does not say "
                f"whether it was still live (live is {live!r}; an export written before the field: export it again)",
            )


# ---------------------------------------------------------------------------- results
def drawn_seating(events):
    """{match id: (tournament version, {round, table, board, seats})} as round_started drew each
    table, a replay ordered by a replay_match ruling drawn as the match it replaces."""
    drawn = {}
    for event in events:
        payload = event.get("payload") if isinstance(event.get("payload"), dict) else {}
        if event.get("type") == "round_started":
            for table in payload.get("tables") or []:
                if isinstance(table, dict):
                    where = {"round": payload.get("round"), "table": table.get("table")}
                    drawn[table.get("match")] = {**where, "board": table.get("board"), "seats": table.get("seats")}
        elif event.get("type") == "ruling" and payload.get("kind") == "replay_match":
            if payload.get("match") in drawn:
                drawn[payload.get("replacement")] = drawn[payload.get("match")]
    return drawn


def check_results(export, verified, report):
    """Catches a tournament result that is not its match's: each ``match_result`` must name a
    match as its round drew it (round, table, board, seats) and carry the final scores the
    rules' replay of that match gives (a match that did not replay, or has not ended, has no
    result to record); and a match has one result."""
    stream = export.tournament.get("stream")
    if stream in failed_streams(report, ("chain",)):
        report.skipped("results", stream, "not checked: the chain fails (named above)")
        return
    events = export.streams.get(stream, [])
    drawn, seen, ok = drawn_seating(events), set(), True
    for event in events:
        if event.get("type") != "match_result":
            continue
        payload = event.get("payload") if isinstance(event.get("payload"), dict) else {}
        match_id = payload.get("match")
        match_stream, state = f"match/{match_id}", verified.get(f"match/{match_id}")
        where = drawn.get(match_id)
        if where is None:
            problem = f"a result for match {match_id!r}, which no round drew"
        elif any(payload.get(k) != v for k, v in where.items()):
            named = {k: payload.get(k) for k in where}
            problem = f"match {match_id}'s result names {short(named)}; the round drew {short(where)}"
        elif match_id in seen:
            problem = f"a second result for match {match_id}"
        elif match_stream not in export.matches:
            problem = f"match {match_id} is not in the export: its result cannot be checked"
        elif state is None:
            problem = f"match {match_id} does not pass the rules check: its result cannot be checked"
        elif not state.is_over:
            problem = f"match {match_id} has a result, but its game has not ended"
        elif payload.get("scores") != list(state.scores):
            problem = (
                f"match {match_id}'s result records scores {short(payload.get('scores'))}; "
                f"the rules' replay of the match ends with {short(list(state.scores))}"
            )
        elif "taken_over" in payload and payload["taken_over"] != seats_taken_over(export.streams[match_stream]):
            problem = (
                f"match {match_id}'s result says a house bot held seats {short(payload['taken_over'])} "
                f"at its end; the match's log hands over {short(seats_taken_over(export.streams[match_stream]))}"
            )
        else:
            problem = None
        seen.add(match_id)
        if problem:
            report.failed("results", stream, event["version"], problem)
            ok = False
    if ok:
        report.passed("results", stream, f"{len(seen)} match result(s), each its match's final scores and seats")


def seats_taken_over(events):
    """The seats a house bot held at the end of a match's log: each seat whose last hand-over
    is a ``seat_taken_over`` (faults, timeouts, a player who left), not a ruling's
    ``seat_returned``. A result records them (``taken_over``): the ratings rate them as forfeits."""
    holders = {}
    for event in events:
        payload = event.get("payload") if isinstance(event.get("payload"), dict) else {}
        if event.get("type") in ("seat_taken_over", "seat_returned") and isinstance(payload.get("seat"), int):
            holders[payload["seat"]] = event["type"] == "seat_taken_over"
    return sorted(seat for seat, taken in holders.items() if taken)


# ---------------------------------------------------------------------------- root hash
def check_root_hash(export, report):
    """Catches a tournament export whose streams are not the ones its root hash (published on
    the tournament's pages) covers: the hash over the tournament's head and every listed match's
    head, as the events in the file end, must equal the declared root hash."""
    t = export.tournament
    heads = []
    for stream in [t.get("stream")] + [f"match/{m}" for m in t.get("matches") or []]:
        events = export.streams.get(stream) or []
        heads.append((stream, events[-1]["version"], events[-1].get("hash")) if events else (stream, 0, GENESIS_HASH))
    computed = root_hash(heads)
    if computed != t.get("root_hash"):
        report.failed(
            "root hash",
            t.get("stream"),
            heads[0][1],
            f"the root hash over {len(heads)} stream heads is {computed}, not the declared {t.get('root_hash')}",
        )
    else:
        report.passed("root hash", t.get("stream"), f"{computed} over {len(heads)} stream heads")


# ---------------------------------------------------------------------------- running
def guarded(report, check, run, *args):
    """Run one check; a file so malformed that the check cannot finish fails it, not the tool."""
    try:
        return run(*args)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        report.failed(check, None, None, f"the check could not finish on this file: {type(e).__name__}: {e}")
        return None


def verify(lines, heads=(), receipts=(), key_given=False):
    """Every check of the lines of an export, of the published ``heads`` ((stream, version,
    hash) tuples) and of the ``receipts`` ((name, receipt) pairs as ``read_receipts`` gives
    them, signatures checked; ``key_given``: with the key the site published) against it;
    returns the Report. Raises Refused for a receipt of a stream the export does not hold."""
    report = Report()
    export = read_export(lines, report)
    guarded(report, "format", check_format, export, report)
    guarded(report, "chain", check_chains, export, report)
    if heads:
        guarded(report, "published head", check_published_heads, export, heads, report)
    if receipts:
        guarded(report, "receipts", check_receipts, export, receipts, key_given, report)
    match_seeds = guarded(report, "seed", check_match_seeds, export, report) or {}
    if export.tournament is not None:
        seed = guarded(report, "seed", tournament_seed, export, report)
        if seed is not None:
            guarded(report, "match seeds", check_derived_seeds, export, seed, match_seeds, report)
        else:
            report.skipped("match seeds", export.tournament.get("stream"), "the tournament's seed is not revealed")
    guarded(report, "deals", check_deals, export, match_seeds, report)
    verified = guarded(report, "rules", check_rules, export, match_seeds, report) or {}
    guarded(report, "end", check_ends, export, report)
    if export.tournament is not None:
        guarded(report, "results", check_results, export, verified, report)
        guarded(report, "root hash", check_root_hash, export, report)
    return report


def where(result):
    if result["stream"] is None:
        return ""
    return result["stream"] + (f" v{result['version']}" if result["version"] is not None else "")


def print_text(path, report, out):
    for r in report.results:
        out.write(f"{r['status'].upper():4}  {r['check']:<11} {where(r):<22} {r['message']}\n")
    counts = {s: sum(1 for r in report.results if r["status"] == s) for s in ("pass", "fail", "skip")}
    verdict = "OK" if report.ok else "FAILED"
    out.write(f"{verdict}: {path}: {counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped\n")


def published_head(text):
    try:
        return parse_head(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def receipt_key(text):
    try:
        return parse_key(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def load_receipts(paths, key):
    """Every receipt of the files at ``paths``, read and checked (``read_receipts``)."""
    receipts = []
    for path in paths:
        try:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise Refused(f"cannot read the receipts file {path}: {e}") from None
        receipts += read_receipts(path, text, key)
    return receipts


def main(argv=None):
    parser = argparse.ArgumentParser(description=f"Check a {FORMAT} export of the platform's event log.")
    parser.add_argument("export", help="the export file (JSON Lines)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--head",
        action="append",
        default=[],
        type=published_head,
        metavar="STREAM:VERSION:HASH",
        help="a head the site published (e.g. match/12:40:<hash>) that the export must contain; "
        "repeat for several streams",
    )
    parser.add_argument(
        "--receipts",
        action="append",
        default=[],
        metavar="FILE",
        help="receipts the site gave a player (the table page's file, the bot kit's JSON Lines): every "
        "receipted event must be in the export with its hash; repeat for several files",
    )
    parser.add_argument(
        "--receipt-key",
        type=receipt_key,
        metavar="HEX",
        help=f"the site's receipt key, as {PUBLISHED_KEY} and the audit page publish it: every receipt "
        "must be signed with it (without it, the key each receipt names is used and the report says which)",
    )
    args = parser.parse_args(argv)
    try:
        receipts = load_receipts(args.receipts, args.receipt_key)
        try:
            # Split on "\n" only: JSON escapes line breaks in strings, but not U+2028 and its kin.
            with open(args.export, encoding="utf-8", newline="") as f:
                report = verify(f.read().split("\n"), args.head, receipts, args.receipt_key is not None)
        except (OSError, UnicodeDecodeError) as e:
            report = Report()
            report.failed("format", None, None, f"cannot read {args.export}: {e}")
    except Refused as e:
        parser.exit(2, f"{parser.prog}: error: {e}\n")
    if args.json:
        json.dump(
            {
                "file": args.export,
                "format": FORMAT,
                "ok": report.ok,
                "results": report.results,
                "failures": report.failures,
            },
            sys.stdout,
            indent=2,
            ensure_ascii=False,
        )
        sys.stdout.write("\n")
    else:
        print_text(args.export, report, sys.stdout)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
