"""JSON text as the tool writes it: indented (:func:`json_pieces`) or on one line (:func:`json_line`,
json's C encoder), non-ASCII as it is, every control character escaped: json escapes the C0
controls, DEL, the C1 controls and the line and paragraph separators U+2028 and U+2029 are
escaped here (:func:`escape_controls`, one search in C when the text has none). Standard library
only; the library never prints, so the text is returned, and
``adjudicate.cli`` writes it.

>>> "".join(json_pieces({"nick": "Ñ\\x9b"}))
'{\\n  "nick": "Ñ\\\\u009b"\\n}'
>>> json_line({"nick": "Ñ\\x9b", "ok": True})
'{"nick": "Ñ\\\\u009b", "ok": true}'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["escape_controls", "json_line", "json_pieces", "json_raw"]

_JSON = json.JSONEncoder(ensure_ascii=False, indent=2)
_JSON_LINE = json.JSONEncoder(ensure_ascii=False)  # (no indent: the C encoder, in one piece)
# json escapes the C0 controls; DEL and the C1 controls it writes as they are (0x9B is a terminal's
# CSI): escaped here, as \u009b (outside strings JSON is ASCII, so only strings hold them). So are
# U+2028 and U+2029, the line and paragraph separators: valid in a JSON string, but
# str.splitlines() and JavaScript before ES2019 end a line there, so a line of JSON Lines that
# held one raw was read as two.
_JSON_CONTROLS = re.compile("[\x7f-\x9f\u2028\u2029]")
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (*range(0x7F, 0xA0), 0x2028, 0x2029)}


def json_pieces(value: Any, *, margin: str = "", indent: int = 2) -> Iterator[str]:
    """``json.dumps(value, ensure_ascii=False, indent=indent)`` in pieces of about 64 KB, every
    line but the first indented by ``margin`` (exact: JSON escapes the newlines inside strings),
    and no control character left unescaped. A report of 100,000 events is 46 MB of JSON: made
    whole, its pieces took 260 MB."""
    pieces: list[str] = []
    size = 0
    encoder = _JSON if indent == 2 else json.JSONEncoder(ensure_ascii=False, indent=indent)
    for piece in encoder.iterencode(value):
        pieces.append(piece)
        size += len(piece)
        if size >= 1 << 16:
            yield _json_text(pieces, margin)
            pieces, size = [], 0
    yield _json_text(pieces, margin)


def _json_text(pieces: list[str], margin: str) -> str:
    text = escape_controls("".join(pieces))
    return text.replace("\n", "\n" + margin) if margin else text


def json_line(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, no control character left unescaped: one line
    (JSON escapes every newline in a string), without the newline that ends it."""
    return escape_controls(json_raw(value))


def _raw_encoder() -> Callable[[Any], str]:
    """json's C encoder made once, as ``JSONEncoder.encode`` makes it for each call (with no
    check for a value that holds itself: a report never does)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - a Python without json's C part
        return _JSON_LINE.encode
    encode = make(None, _JSON_LINE.default, json.encoder.encode_basestring, None, ": ", ", ",
                  False, False, True)
    return lambda value: "".join(encode(value, 0))


#: ``json.dumps(value, ensure_ascii=False)`` (the C encoder), DEL and the C1 controls as they are:
#: for text put together from pieces, which :func:`escape_controls` then escapes whole.
json_raw = _raw_encoder()


def escape_controls(text: str) -> str:
    """JSON text with DEL, the C1 controls, U+2028 and U+2029 escaped (``\\u009b``,
    ``\\u2028``); unchanged, and not copied, when it has none (one search in C)."""
    if text.isascii() and "\x7f" not in text:  # two scans in C, far quicker than the search below:
        return text  # 8% of a game rescored and written as JSON (scripts/icount json: 2.85M -> 2.61M)
    return text.translate(_JSON_ESCAPES) if _JSON_CONTROLS.search(text) is not None else text

