"""JSON text as the tool writes it: indented by two (:func:`json_pieces`) or on one line
(:func:`json_line`, for JSON Lines), non-ASCII as it is, every control character escaped. Standard
library only; the library never prints, so the text is returned, and ``adjudicate.cli`` writes it.

>>> "".join(json_pieces({"nick": "Ñ\\x9b"}))
'{\\n  "nick": "Ñ\\\\u009b"\\n}'
>>> json_line({"nick": "Ñ\\x9b", "ok": True})
'{"nick": "Ñ\\\\u009b", "ok": true}'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

__all__ = ["json_line", "json_pieces"]

_JSON = json.JSONEncoder(ensure_ascii=False, indent=2)
_JSON_LINE = json.JSONEncoder(ensure_ascii=False)  # (no indent: the C encoder, in one piece)
# json escapes the C0 controls; DEL and the C1 controls it writes as they are (0x9B is a terminal's
# CSI): escaped here, as \u009b (outside strings JSON is ASCII, so only strings hold them).
_JSON_CONTROLS = re.compile("[\x7f-\x9f]")
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in range(0x7F, 0xA0)}


def json_pieces(value: Any, *, margin: str = "") -> Iterator[str]:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` in pieces of about 64 KB, every line but
    the first indented by ``margin`` (exact: JSON escapes the newlines inside strings), and no
    control character left unescaped. A report of 100,000 events is 46 MB of JSON: made whole,
    its pieces took 260 MB."""
    pieces: list[str] = []
    size = 0
    for piece in _JSON.iterencode(value):
        pieces.append(piece)
        size += len(piece)
        if size >= 1 << 16:
            yield _json_text(pieces, margin)
            pieces, size = [], 0
    yield _json_text(pieces, margin)


def _json_text(pieces: list[str], margin: str) -> str:
    text = _escaped("".join(pieces))
    return text.replace("\n", "\n" + margin) if margin else text


def json_line(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, no control character left unescaped: one line
    (JSON escapes every newline in a string), without the newline that ends it."""
    return _escaped(_JSON_LINE.encode(value))


def _escaped(text: str) -> str:
    return text.translate(_JSON_ESCAPES) if _JSON_CONTROLS.search(text) is not None else text
