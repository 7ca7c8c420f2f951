"""JSON text as the tool writes it: indented by two, non-ASCII as it is, every control character
escaped, in pieces of about 64 KB. Standard library only; the library never prints, so the pieces
are returned, and ``adjudicate.cli`` writes them.

>>> "".join(json_pieces({"nick": "Ñ\\x9b"}))
'{\\n  "nick": "Ñ\\\\u009b"\\n}'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

__all__ = ["json_pieces"]

_JSON = json.JSONEncoder(ensure_ascii=False, indent=2)
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
    text = "".join(pieces)
    if _JSON_CONTROLS.search(text) is not None:
        text = text.translate(_JSON_ESCAPES)
    return text.replace("\n", "\n" + margin) if margin else text
