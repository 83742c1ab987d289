"""The API's one request parser: JSON, at most MAX_DEPTH arrays and objects deep.

Python's json module recurses once per level and, past the interpreter's recursion limit,
raises RecursionError, which DRF does not expect (a 500); a body nested a few hundred levels
deep would also strain everything that walks it later (validation, canonical JSON, storage).
No request of this API nests deeper than a handful of levels. The body's size is Django's
DATA_UPLOAD_MAX_MEMORY_SIZE: DRF reads the body through ``request.body``, which enforces it
(config.api_errors answers 413).
"""

import codecs
import json
import re
from itertools import accumulate

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.settings import api_settings
from rest_framework.utils import json as drf_json

MAX_DEPTH = 32

# A JSON string (escapes included), to be blanked out before brackets are counted. One left
# open runs to the end of the text (which is then invalid JSON anyway): matching it so, rather
# than failing, keeps the search linear (each quote is read once).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.S)
# Opening brackets count +1, closing ones -1 (as signed bytes); every other byte is dropped.
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def bracket_depth(raw: bytes) -> int:
    """The deepest running count of brackets, strings or not (an upper bound of the depth)."""
    return max(accumulate(memoryview(raw.translate(_STEPS, _NOT_BRACKETS)).cast("b")), default=0)


def nesting_depth(raw: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest, counted without recursion and in
    C loops (a body of a few MB takes well under a second at worst). Cheap bounds first: a
    body with few brackets, or whose brackets never nest deep, needs no look at its strings."""
    openings = raw.count(b"[") + raw.count(b"{")
    if openings <= MAX_DEPTH:
        return openings
    depth = bracket_depth(raw)
    if depth <= MAX_DEPTH:
        return depth
    return bracket_depth(_STRING.sub(b"", raw))  # brackets inside strings do not nest


class DepthLimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding") or "utf-8"
        raw = stream.read()
        try:
            text = codecs.decode(raw, encoding)
        except (UnicodeDecodeError, LookupError) as e:
            raise ParseError(f"JSON parse error - the body is not {encoding} text ({e})") from e
        depth = nesting_depth(raw if codecs.lookup(encoding).name == "utf-8" else text.encode("utf-8"))
        if depth > MAX_DEPTH:
            raise ParseError(f"JSON parse error - the body nests {depth} levels deep; at most {MAX_DEPTH} are allowed")
        try:
            parse_constant = drf_json.strict_constant if api_settings.STRICT_JSON else None
            return json.loads(text, parse_constant=parse_constant)
        except ValueError as e:
            raise ParseError(f"JSON parse error - {e}") from e
        except RecursionError:  # not reachable below MAX_DEPTH; kept so that it can never be a 500
            raise ParseError("JSON parse error - the body nests too deep") from None
