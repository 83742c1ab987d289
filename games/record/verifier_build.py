"""The single-file verifier anyone can download and run: ``verify_export.pyz``.

One zip application (Python's ``zipapp`` format: a ``#!`` line, then a zip whose
``__main__.py`` runs) holding ``tools/verify_export.py`` and the rules engine's Python sources
(``games/engine/*.py``, never a compiled module), so that ``python3 verify_export.pyz
EXPORT.jsonl`` checks an export with the platform's own rules and nothing but the standard
library (docs/events.md, "Verifying an export").

``build()`` is the one place the file is made: ``make verifier`` writes it to
``var/build/verify_export.pyz`` (``python -m games.record.verifier_build PATH``) and the site serves it
(``GET /api/v1/verifier/``, ``games.record.api_verifier``), so both are the same bytes for the same
sources: every member is stored uncompressed (no zlib version can change a byte), in a fixed
order, with a fixed date and mode. Anyone can build it from a clone and compare the SHA-256
with the one the audit page shows.

Standard library only (importing it imports nothing of Django): the make target needs no
virtualenv.
"""

import hashlib
import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout: games/record/ is two below it
NAME = "verify_export.pyz"
VERIFIER = ROOT / "tools" / "verify_export.py"
ENGINE = ROOT / "games" / "engine"
SHEBANG = b"#!/usr/bin/env python3\n"
DATE = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say: no build time in the bytes
MAIN = b'''"""verify_export.pyz: python3 verify_export.pyz EXPORT.jsonl [--json] [--head STREAM:VERSION:HASH ...]
                       [--receipts FILE ...] [--receipt-key HEX]

The platform's export verifier (verify_export.py) with its rules engine (games/engine), in one
file that needs nothing but Python's standard library. Unzip it to read every line it runs.
"""

import sys

from verify_export import main

sys.exit(main())
'''
GAMES_INIT = b'"""The platform\'s rules engine is games.engine; nothing else of the site is here."""\n'


def members():
    """(name in the archive, bytes) of every member, in the archive's order."""
    engine = sorted(path for path in ENGINE.glob("*.py") if path.is_file())
    return [
        ("__main__.py", MAIN),
        ("verify_export.py", VERIFIER.read_bytes()),
        ("games/__init__.py", GAMES_INIT),
        *((f"games/engine/{path.name}", path.read_bytes()) for path in engine),
    ]


def build():
    """The bytes of ``verify_export.pyz``."""
    out = io.BytesIO()
    out.write(SHEBANG)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in members():
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.external_attr = 0o644 << 16  # -rw-r--r--
            info.create_system = 3  # Unix, whatever system builds it
            archive.writestr(info, data)
    return out.getvalue()


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write(f"usage: python -m games.record.verifier_build PATH  (writes {NAME} there)\n")
        return 2
    data = build()
    path = Path(args[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    path.chmod(0o755)  # ./verify_export.pyz runs it too (the #! line)
    print(f"{path}: {len(data)} bytes, sha256 {sha256(data)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
