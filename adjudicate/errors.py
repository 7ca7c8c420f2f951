"""The library's exceptions. Every error the library raises for bad input is an AdjudicateError.

The CLI turns any AdjudicateError into "Error: <message>" on stderr and exit code 2; anything else
that escapes is a bug (exit 3).
"""

from __future__ import annotations


class AdjudicateError(Exception):
    """Base class: the input could not be adjudicated (bad file, bad word, bad lexicon...)."""


class UnknownTileError(AdjudicateError, ValueError):
    """A word or tile string that cannot be read as tiles of the alphabet.

    >>> str(UnknownTileError("KIWI", 0, "K is not a tile of the Spanish set"))
    "'KIWI', position 1: K is not a tile of the Spanish set"

    ``reason`` is in English. The reasons a typed word is refused also carry ``kind`` and
    ``params`` (``"not_in_set"``, ``{"letter": "K", "set": "spanish"}``), so that the judge's
    session can say them in its language (:func:`adjudicate.tiles.tile_reason`); ``kind`` is ``""``
    for the others.
    """

    def __init__(self, text: str, index: int, reason: str, *, kind: str = "",
                 params: dict[str, object] | None = None) -> None:
        self.text = text
        self.index = index
        self.reason = reason
        self.kind = kind
        self.params = params or {}
        super().__init__(f"{text!r}, position {index + 1}: {reason}")


class WordCountError(AdjudicateError, ValueError):
    """A play of no word or of more words than a play forms; ``count`` is how many were typed (the
    judge says it in its session's language)."""

    def __init__(self, message: str, count: int) -> None:
        super().__init__(message)
        self.count = count


class JudgeLogError(AdjudicateError):
    """A judge's log that cannot be opened or appended to (a symlink, not a file, a damaged last
    line). The message is in English; ``kind`` and ``params`` (``"incomplete"``, ``{"path": ...}``)
    let the judge's session say it in its language (:func:`adjudicate.judge.refusal`)."""

    def __init__(self, message: str, *, kind: str = "", params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params or {}


class LexiconError(AdjudicateError):
    """A lexicon that cannot be found, read or built."""


class LexiconCorruptError(LexiconError):
    """A lexicon whose files do not match their manifest (flipped byte, truncated file...)."""


class GcgError(AdjudicateError, ValueError):
    """A game record that cannot be read at all (not one bad line: those are collected)."""


class IllegalPlayError(AdjudicateError, ValueError):
    """A play that cannot stand on the board (off the board, not connected, overlapping...)."""


class RulesError(AdjudicateError, ValueError):
    """An unknown ruleset, or a rule parameter that makes no sense."""


class OutputError(AdjudicateError):
    """An output path the tool will not write: a directory, a device, a FIFO, a socket, or a file
    whose owner the replacement could not keep."""


class InputError(AdjudicateError):
    """A path given to read that is not a regular file: a FIFO, a device, a directory, a socket."""


#: The name the library's API gives :class:`UnknownTileError`: what is not tiles of the set
#: (``"KARATE" in open_lexicon("ca-disc")``: K is no Catalan tile).
NotTilesError = UnknownTileError


class CannotCorrect(AdjudicateError):
    """A record ``correct`` will not rewrite: its faults are not numbers, or a number the rules do
    not fix is shown by nothing in the record, or by a number they do not allow either; ``line``, the
    first line it names (None: the record as a whole)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line
class TableError(AdjudicateError, ValueError):
    """A position at the table that cannot be (``endgame``, ``clock``): a number of players the
    rules do not allow, a score that is not a whole number, a rack or a clock that does not read."""
