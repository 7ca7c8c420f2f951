"""Text that came from a file, made safe to show on a terminal. Standard library only.

A game record's names, nicks and lines, a word list's entries, a file name: any of them can hold
control characters (an ESC sequence clears the screen or retitles the window; a C1 control, which
a Latin-1 file gives for the bytes 0x80 to 0x9F, is one on some terminals; a newline fakes a line
of output). :func:`printable` writes each as the escape Python would (``\\x1b``, ``\\n``); other
text is left as it is. Whatever the tool prints from a file goes through it (JSON escapes them
itself).

>>> printable("do\\x1b[2Jug")
'do\\\\x1b[2Jug'
>>> printable("Úrsula Iguarán")
'Úrsula Iguarán'
"""

from __future__ import annotations

__all__ = ["printable", "control_character"]

# C0 controls, DEL and the C1 controls: what a terminal may act on.
_CONTROLS = {code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7F, 0xA0))}


def printable(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1) written as its escape, ``\\x1b``."""
    return text if control_character(text) is None else text.translate(_CONTROLS)


def control_character(text: str) -> str | None:
    """The first control character in ``text`` as ``U+001B``; None when it has none."""
    for char in text:
        if char < " " or "\x7f" <= char <= "\x9f":
            return f"U+{ord(char):04X}"
    return None
