"""Text that came from a file, made safe to show on a terminal. Standard library only.

A game record's names, nicks and lines, a word list's entries, a file name: any of them can hold
control characters (an ESC sequence clears the screen or retitles the window; a C1 control, which
a Latin-1 file gives for the bytes 0x80 to 0x9F, is one on some terminals; a newline fakes a line
of output), bidirectional controls (U+202E, a right-to-left override, shows ``\\u202e32LWN`` as
"NWL23"; the isolates U+2066 to U+2069, the embeddings U+202A to U+202D, the marks U+200E, U+200F
and U+061C) and the line and paragraph separators U+2028 and U+2029 (a new line to some programs).
:func:`printable` writes each as the escape Python would (``\\x1b``, ``\\n``, ``\\u202e``); other
text is left as it is. Whatever the tool prints from a file goes through it (JSON escapes them
itself).

>>> printable("do\\x1b[2Jug")
'do\\\\x1b[2Jug'
>>> printable("\\u202e32LWN")
'\\\\u202e32LWN'
>>> printable("Úrsula Iguarán")
'Úrsula Iguarán'
"""

from __future__ import annotations

__all__ = ["printable", "control_character"]

# C0 controls, DEL and the C1 controls: what a terminal may act on.
_C0_C1 = (*range(0x20), *range(0x7F, 0xA0))
# The bidirectional controls and the line and paragraph separators: what reorders or breaks a line.
_BIDI_LINES = (0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_CONTROLS = {code: f"\\x{code:02x}" for code in _C0_C1} | {code: f"\\u{code:04x}" for code in _BIDI_LINES}
_BIDI_SET = frozenset(map(chr, _BIDI_LINES))


def printable(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1, bidirectional, U+2028 and U+2029)
    written as its escape, ``\\x1b``, ``\\u202e``."""
    return text if control_character(text) is None else text.translate(_CONTROLS)


def control_character(text: str) -> str | None:
    """The first control character in ``text`` as ``U+001B`` (C0, DEL, C1, a bidirectional
    control, U+2028, U+2029); None when it has none."""
    for char in text:
        if char < " " or "\x7f" <= char <= "\x9f" or char in _BIDI_SET:
            return f"U+{ord(char):04X}"
    return None
