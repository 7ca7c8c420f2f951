"""Coordinates and plays in game-record notation.

A coordinate names the square of the first tile of the *whole* word (played-through squares
included) and the direction: row number first is across (``8D``: row 8, column D, across), column
letter first is down (``D8``). Rows are 1-15 top to bottom, columns A-O left to right, on the
standard board; 1-21 and A-U on Super Scrabble's (a reader is given the board's ``size``). The
letter's case does not matter, the writer always uses uppercase. In the library rows and columns are
0-based.

>>> parse_coord("8d")
parse_coord('8D')
>>> c = parse_coord("D8"); (c.row, c.col, c.down)
(7, 3, True)
>>> format_coord(parse_coord("o15"))
'O15'
>>> parse_coord("21U", 21), square_name(440, 21)
(parse_coord('21U'), 'U21')

A :class:`Place` is a coordinate plus the tiles written at it, read with
:func:`adjudicate.tiles.parse_tiles` (uppercase natural, lowercase blank, ``.`` played through,
``(LI)`` played-through letters). Checking it against a board is :meth:`adjudicate.board.Board.resolve`.

>>> from adjudicate.tiles import get_alphabet
>>> en = get_alphabet("english")
>>> format_play(parse_play("8d", "QUIrKY", en), en)
'8D QUIrKY'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from adjudicate.errors import AdjudicateError
from adjudicate.tiles import Alphabet, format_tiles, parse_tiles

BOARD_SIZE = 15  # the standard board's size, the default of the functions given a size
MAX_SIZE = 21  # the widest board (Super Scrabble's)
COLUMNS = "ABCDEFGHIJKLMNOPQRSTU"  # of the widest board: a board's are COLUMNS[:size]

__all__ = [
    "BOARD_SIZE",
    "COLUMNS",
    "MAX_SIZE",
    "Coord",
    "NotationError",
    "Place",
    "format_coord",
    "format_play",
    "parse_coord",
    "parse_play",
    "square_name",
]


class NotationError(AdjudicateError, ValueError):
    """A coordinate or play that cannot be read (``16A``, ``P1``, ``8``, an empty word).

    >>> str(NotationError("16A", "row 16 is off the board (rows are 1-15)"))
    "'16A': row 16 is off the board (rows are 1-15)"
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{text!r}: {reason}")


@dataclass(frozen=True, slots=True, repr=False)
class Coord:
    """A square (0-based ``row``, ``col``) and a direction (``down``: True for a vertical play)."""

    row: int
    col: int
    down: bool

    def __repr__(self) -> str:
        return f"parse_coord({format_coord(self)!r})"

    @property
    def square(self) -> int:
        """The flat index ``row * 15 + col`` of the square on the standard board (on a board
        ``size`` wide: ``row * size + col``)."""
        return self.row * BOARD_SIZE + self.col


def _bad(text: str, reason: str) -> NotationError:
    return NotationError(text, reason)


# By board size: text -> Coord, for the valid coordinates seen (at most 4 * size * size).
_COORDS: list[dict[str, Coord]] = [{} for _ in range(MAX_SIZE + 1)]


def parse_coord(text: str, size: int = BOARD_SIZE) -> Coord:
    """Read ``8D`` (across) or ``D8`` (down), any case, on a board ``size`` wide (at most
    :data:`MAX_SIZE`). Raises :class:`NotationError`."""
    cache = _COORDS[size]
    coord = cache.get(text)
    if coord is None:
        coord = _parse_coord(text, size)
        if len(text) <= 3:  # keeps the cache bounded
            cache[text] = coord
    return coord


def _parse_coord(text: str, size: int) -> Coord:
    s = text.strip().upper()
    if not s:
        raise _bad(text, "empty coordinate")
    n = len(s)
    i = 0
    if s[:1].isdigit():
        while i < n and s[i].isdigit():
            i += 1
        digits, letter, down = s[:i], s[i:], False
    else:
        while i < n and s[i].isalpha():
            i += 1
        letter, digits, down = s[:i], s[i:], True
    if not letter:
        raise _bad(text, "no column letter (write 8D for across, D8 for down)")
    if not digits:
        raise _bad(text, "no row number (write 8D for across, D8 for down)")
    if len(letter) != 1 or not digits.isdecimal() or not (letter.isascii() and digits.isascii()):
        raise _bad(text, "not a coordinate (write 8D for across, D8 for down)")
    if len(digits.lstrip("0")) > 2:  # no int() of a 5,000-digit row (Python refuses beyond 4,300)
        raise _bad(text, f"row {digits[:12]}{'...' if len(digits) > 12 else ''} is off the board "
                         f"(rows are 1-{size})")
    row = int(digits.lstrip("0") or "0")  # int() counts leading zeros against its 4,300 digits too
    if not 1 <= row <= size:
        raise _bad(text, f"row {row} is off the board (rows are 1-{size})")
    col = COLUMNS.find(letter, 0, size)
    if col < 0:
        raise _bad(text, f"column {letter} is off the board (columns are A-{COLUMNS[size - 1]})")
    return Coord(row - 1, col, down)


def format_coord(coord: Coord) -> str:
    """``8D`` for across, ``D8`` for down; inverse of :func:`parse_coord`."""
    if coord.down:
        return f"{COLUMNS[coord.col]}{coord.row + 1}"
    return f"{coord.row + 1}{COLUMNS[coord.col]}"


def square_name(square: int, size: int = BOARD_SIZE) -> str:
    """The name of a flat index on a board ``size`` wide, column then row:
    ``square_name(112) == 'H8'``."""
    row, col = divmod(square, size)
    return f"{COLUMNS[col]}{row + 1}"


class Place(NamedTuple):
    """A tile placement as written: where, and the tiles of the whole word.

    ``tiles`` are :mod:`adjudicate.tiles` codes: a letter, ``code | BLANK_BIT`` for a blank,
    ``PLAYED_THROUGH`` for ``.``, ``code | THROUGH_BIT`` for a parenthesised letter. A plain letter
    may also stand on a square already covered by that letter (Quackle writes played-through
    squares that way); :meth:`adjudicate.board.Board.resolve` sorts that out.
    """

    coord: Coord
    tiles: tuple[int, ...]

    def __repr__(self) -> str:
        return f"Place({self.coord!r}, {self.tiles!r})"


def parse_play(position: str, word: str, alphabet: Alphabet, size: int = BOARD_SIZE) -> Place:
    """Read a play on a board ``size`` wide: ``parse_play("8D", "QUIRKY", english)``.

    Raises :class:`NotationError` for a bad coordinate or an empty word, and
    :class:`adjudicate.errors.UnknownTileError` for letters that are not tiles of the alphabet.
    """
    coord = _COORDS[size].get(position)  # parse_coord's cache, looked up here: one call less per play
    if coord is None:
        coord = parse_coord(position, size)
    if not word:
        raise _bad(word, "no tiles in the play")
    return Place(coord, parse_tiles(word, alphabet))


def format_play(place: Place, alphabet: Alphabet) -> str:
    """``8D QUIRKY``: canonical labels, blanks lowercase, ``.`` (or ``(X)``) as written."""
    return f"{format_coord(place.coord)} {format_tiles(place.tiles, alphabet)}"
