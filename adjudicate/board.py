"""The board: premium layout, placement checks, words formed.

A board is square, as wide as its layout: the standard 15x15 or Super Scrabble's 21x21 (the shipped
layouts are data files, ``adjudicate/boards/*.txt``: :func:`get_layout`). Squares are flat indices
``row * size + col`` (0-based; on the standard board ``112`` is H8, the centre), the grid is a list
of ``size * size`` tile codes (``EMPTY`` = 0 for an empty square, else a letter code, ``| BLANK_BIT`` for a
blank). :meth:`Board.resolve` checks a written :class:`~adjudicate.notation.Place` against the
board and returns a :class:`Move` (the new tiles, the main word, the cross words); :meth:`Board.place`
puts it down; :mod:`adjudicate.scoring` scores it.

Board pictures (:class:`Layout`) use one character per square, one row per line:

* ``.`` (or a space) plain square
* ``'`` double letter (DL)
* ``"`` triple letter (TL)
* ``^`` quadruple letter (4L, Super Scrabble)
* ``-`` double word (DW)
* ``=`` triple word (TW)
* ``~`` quadruple word (4W, Super Scrabble)
* ``*`` the centre: the start square, a double word

>>> from adjudicate.tiles import get_alphabet
>>> from adjudicate.notation import parse_play
>>> en = get_alphabet("english")
>>> board = Board(en)
>>> move = board.resolve(parse_play("8D", "WINDY", en))
>>> [square_name(s) for s in move.new_squares]
['D8', 'E8', 'F8', 'G8', 'H8']
>>> board.place(move)
>>> move = board.resolve(parse_play("7C", "GALE", en))   # parallel play: three cross words
>>> [format_tiles(w.tiles, en) for w in (move.main, *move.cross)]
['GALE', 'AW', 'LI', 'EN']
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from operator import itemgetter

from adjudicate.errors import IllegalPlayError
from adjudicate.notation import BOARD_SIZE, COLUMNS, MAX_SIZE, Coord, Place, format_play, square_name
from adjudicate.tiles import (
    BLANK_BIT,
    LETTER_MASK,
    PLAYED_THROUGH,
    THROUGH_BIT,
    Alphabet,
    format_tiles,
)

__all__ = [
    "CENTRE",
    "EMPTY",
    "LAYOUT_NAMES",
    "NUM_SQUARES",
    "STANDARD_LAYOUT",
    "STANDARD_PICTURE",
    "Board",
    "FormedWord",
    "IllegalPlacementError",
    "Layout",
    "Move",
    "NOT_A_TILE",
    "NOT_CENTRE",
    "NOT_CONNECTED",
    "NOT_WHOLE",
    "NO_NEW_TILE",
    "NO_THROUGH_TILE",
    "OFF_BOARD",
    "OVERLAP",
    "SPLIT_DIGRAPH",
    "coord_name",
    "find_layout",
    "get_layout",
    "square_name",
]

EMPTY = 0
# The standard board's (a board's own are its layout's: ``size``, ``centre``).
NUM_SQUARES = BOARD_SIZE * BOARD_SIZE
CENTRE = 7 * BOARD_SIZE + 7

# (letter multiplier, word multiplier) of each picture character.
_PREMIUMS = {
    ".": (1, 1),
    " ": (1, 1),
    "'": (2, 1),
    '"': (3, 1),
    "-": (1, 2),
    "=": (1, 3),
    "*": (1, 2),
    "^": (4, 1),
    "~": (1, 4),
}

# Reason codes of IllegalPlacementError.
OFF_BOARD = "off_board"
NO_THROUGH_TILE = "no_through_tile"
OVERLAP = "overlap"
NOT_WHOLE = "not_whole"
NO_NEW_TILE = "no_new_tile"
NOT_CENTRE = "not_centre"
NOT_CONNECTED = "not_connected"
SPLIT_DIGRAPH = "split_digraph"
NOT_A_TILE = "not_a_tile"


class IllegalPlacementError(IllegalPlayError):
    """A play that cannot stand on this board. ``reason`` is a stable code:

    ``off_board``, ``no_through_tile`` (a ``.`` or ``(X)`` on an empty square), ``overlap`` (a new
    tile on a square holding another letter), ``not_whole`` (a tile touches the word's first or last
    square from outside), ``no_new_tile``, ``not_centre`` (first play not covering H8 with at least two
    tiles), ``not_connected``, ``split_digraph`` (Spanish C+H, L+L, R+R), ``not_a_tile`` (an
    undesignated blank). ``square`` is the flat index the problem is at, or None.
    """

    def __init__(self, message: str, *, reason: str, square: int | None = None) -> None:
        self.reason = reason
        self.square = square
        super().__init__(message)


class Layout:
    """Premium squares, read from a picture (see the module docstring for the legend).

    ``size`` is its width and height (as many squares in a row as rows: 15, 21, at most
    :data:`~adjudicate.notation.MAX_SIZE`); ``letter_mult[sq]`` and ``word_mult[sq]`` are the
    multipliers of each square; ``centre`` is the start square (the ``*``; the middle square when
    the picture has none); ``name`` the shipped layout's (:func:`get_layout`), else ``""``.
    """

    __slots__ = ("picture", "size", "letter_mult", "word_mult", "centre", "name")

    def __init__(self, picture: str, name: str = "") -> None:
        rows = picture.split("\n")
        while rows and not rows[0]:
            rows.pop(0)
        while rows and not rows[-1]:
            rows.pop()
        size = len(rows)
        if not 2 <= size <= MAX_SIZE or any(len(row) != size for row in rows):
            raise ValueError(f"a board picture is square: {BOARD_SIZE} rows of {BOARD_SIZE} squares, "
                             f"or up to {MAX_SIZE} of {MAX_SIZE}")
        letter: list[int] = []
        word: list[int] = []
        centre = (size // 2) * size + size // 2
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in _PREMIUMS:
                    raise ValueError(f"unknown square {ch!r} at {COLUMNS[c]}{r + 1} in board picture")
                lm, wm = _PREMIUMS[ch]
                letter.append(lm)
                word.append(wm)
                if ch == "*":
                    centre = r * size + c
        self.picture = "\n".join(rows) + "\n"
        self.size = size
        self.letter_mult: tuple[int, ...] = tuple(letter)
        self.word_mult: tuple[int, ...] = tuple(word)
        self.centre = centre
        self.name = name

    def __repr__(self) -> str:
        return f"Layout({self.picture!r})"

    def premium_name(self, square: int) -> str:
        """``DL``, ``TL``, ``DW``, ``TW``, ``4L``, ``4W`` (Super Scrabble's quadruple squares);
        ``''`` for plain."""
        lm, wm = self.letter_mult[square], self.word_mult[square]
        if lm > 1:
            return {2: "DL", 3: "TL"}.get(lm, f"{lm}L")
        if wm > 1:
            return {2: "DW", 3: "TW"}.get(wm, f"{wm}W")
        return ""


_BOARDS_DIR = os.path.join(os.path.dirname(__file__), "boards")
#: The shipped layouts, a data file each (``adjudicate/boards/NAME.txt``): ``standard`` first.
LAYOUT_NAMES = tuple(sorted((name[:-4] for name in os.listdir(_BOARDS_DIR) if name.endswith(".txt")),
                            key=lambda name: (name != "standard", name)))
_LAYOUTS: dict[str, Layout] = {}
_ALIASES: dict[str, str] = {}  # any case: a layout's name and the @aliases of its data file


def _read_layout(name: str) -> tuple[dict[str, str], str]:
    """The facts (``@key value``) and the picture of a shipped layout's data file."""
    facts: dict[str, str] = {}
    rows = []
    with open(os.path.join(_BOARDS_DIR, f"{name}.txt"), encoding="utf-8") as handle:
        for line in handle.read().splitlines():
            if line.startswith("@"):
                key, _, value = line[1:].partition("\t")
                facts[key] = value
            elif line and not line.startswith("#"):
                rows.append(line)
    return facts, "\n".join(rows)


def get_layout(name: str) -> Layout:
    """The shipped layout called ``name`` (one of :data:`LAYOUT_NAMES`), read once.

    >>> get_layout("super").size, square_name(get_layout("super").centre, 21)
    (21, 'K11')
    """
    layout = _LAYOUTS.get(name)
    if layout is None:
        if name not in LAYOUT_NAMES:
            raise ValueError(f"no board called {name!r} (known: {', '.join(LAYOUT_NAMES)})")
        layout = _LAYOUTS[name] = Layout(_read_layout(name)[1], name)
    return layout


def find_layout(name: str) -> str | None:
    """The shipped layout a record or ``--board`` names (its name or an alias, any case: Woogles'
    ``CrosswordGame``, ``SuperCrosswordGame``), or None."""
    if not _ALIASES:
        for layout in LAYOUT_NAMES:
            for alias in (layout, *_read_layout(layout)[0].get("aliases", "").split()):
                _ALIASES[alias.lower()] = layout
    return _ALIASES.get(name.strip().lower())


STANDARD_LAYOUT = get_layout("standard")
STANDARD_PICTURE = STANDARD_LAYOUT.picture  # (adjudicate/boards/standard.txt: Macondo's CrosswordGame)


@dataclass(slots=True)
class FormedWord:
    """A word on the board after the play: its tiles (blanks marked) and their squares, in order,
    and ``new``, the indices (into ``tiles``) of the tiles this play placed."""

    tiles: tuple[int, ...]
    squares: tuple[int, ...]
    new: tuple[int, ...]


class Move:
    """A play checked against a board (treat as immutable).

    ``coord`` is the start and direction of the main word: as written, except for a one-tile play
    written in the direction where it forms no word, which is turned (see :meth:`Board.resolve`).
    ``main`` is the whole main word, with the board's tiles on played-through squares; ``cross`` the
    words formed across it (two tiles or more), in board order. ``new_squares``/``new_tiles`` are the
    tiles placed, in board order. ``points`` is the score of the words formed (no bingo bonus), on
    the board the move was resolved on; ``word_points`` each word's share of it, in the order of
    ``word_tiles`` (rescore's JSON lists them; :func:`adjudicate.scoring.score_play` gives the
    same, and using it there cost a game rescored and written as JSON 54% more instructions,
    4.38M against 2.85M, where keeping them here costs the replay 1.0%: scripts/icount json, plain).

    The replay needs only the tiles of each word (``word_tiles``) and the points: the
    :class:`FormedWord` objects (``main``, ``cross``) are made when first asked for.
    """

    __slots__ = ("place", "coord", "new_squares", "new_tiles", "points", "word_points", "word_tiles",
                 "size", "_crossing", "_main", "_cross")

    place: Place
    coord: Coord
    # Main word first, then the cross words: the tiles of each; and the first square of each cross
    # word (the main word's squares follow from coord, and a cross word's new tile is on its line).
    word_tiles: tuple[tuple[int, ...], ...]
    _crossing: list[int] | tuple[()]
    new_squares: tuple[int, ...]
    new_tiles: tuple[int, ...]
    points: int
    # Each word's points, as word_tiles orders them (what rescore's JSON lists for a play).
    word_points: list[int]
    size: int  # the board's (squares are row * size + col)
    # Made when first asked for (main, cross): unset until then.
    _main: FormedWord
    _cross: tuple[FormedWord, ...]

    def __init__(self, place: Place, coord: Coord, word_tiles: tuple[tuple[int, ...], ...],
                 crossing: list[int] | tuple[()], new_squares: tuple[int, ...],
                 new_tiles: tuple[int, ...], points: int, word_points: list[int], size: int) -> None:
        self.place = place
        self.coord = coord
        self.word_tiles = word_tiles
        self._crossing = crossing
        self.new_squares = new_squares
        self.new_tiles = new_tiles
        self.points = points
        self.word_points = word_points
        self.size = size

    def _word(self, i: int) -> FormedWord:
        tiles = self.word_tiles[i]
        down, size = self.coord.down, self.size
        if i == 0:  # the main word: the new tiles are wherever the play put one
            first, step = self.coord.row * size + self.coord.col, size if down else 1
            squares = tuple(range(first, first + len(tiles) * step, step))
            new = tuple([(sq - first) // step for sq in self.new_squares])  # (in board order)
        else:  # a cross word: runs across the main word, through one new tile, on the main word's line
            first = self._crossing[i - 1]
            if down:  # the main word is in column coord.col, the cross word in a row
                step, new = 1, (self.coord.col - first % size,)
            else:
                step, new = size, (self.coord.row - first // size,)
            squares = tuple(range(first, first + len(tiles) * step, step))
        return FormedWord(tiles, squares, new)

    def written(self) -> list[int]:
        """The main word as a play writes it: its new tiles, PLAYED_THROUGH on the squares it
        plays through."""
        coord, size = self.coord, self.size
        first, step = coord.row * size + coord.col, size if coord.down else 1
        out = [PLAYED_THROUGH] * len(self.word_tiles[0])
        for sq, t in zip(self.new_squares, self.new_tiles):
            out[(sq - first) // step] = t
        return out

    @property
    def main(self) -> FormedWord:
        try:
            return self._main
        except AttributeError:
            main = self._main = self._word(0)
            return main

    @property
    def cross(self) -> tuple[FormedWord, ...]:
        try:
            return self._cross
        except AttributeError:
            cross = self._cross = tuple(self._word(i) for i in range(1, len(self.word_tiles)))
            return cross

    @property
    def words(self) -> int:
        """How many words the play forms (the main word and the cross words)."""
        return len(self.word_tiles)

    def __repr__(self) -> str:
        return (f"Move({self.place!r}, {self.coord!r}, main={self.main!r}, cross={self.cross!r}, "
                f"points={self.points})")




# Whether a written code is a tile that may go on an empty square: a letter or a designated blank,
# not played through. Indexed by the code; -1 (PLAYED_THROUGH) reads the last entry, a THROUGH_BIT
# code, so False.
_PLACEABLE = [bool(code & LETTER_MASK) and not code & THROUGH_BIT for code in range(2 * THROUGH_BIT)]


_Beside = tuple[list[int], list[int]]


def _beside(step: int, size: int) -> _Beside:
    """The squares ``step`` before and after each square of a board ``size`` wide, in the line
    across a play whose squares follow each other by ``step``; the square itself where that
    neighbour would be off the board (the square is still empty when the play looks beside it)."""
    squares = size * size
    before, after = list(range(squares)), list(range(squares))
    cross = size if step == 1 else 1
    for sq in range(squares):
        lane = sq // size if cross == size else sq % size
        if lane > 0:
            before[sq] = sq - cross
        if lane < size - 1:
            after[sq] = sq + cross
    return before, after


_BESIDE: dict[int, tuple[_Beside, _Beside]] = {}  # size -> (across, down), made once a size

_Tables = tuple[list[int], dict[int, str], tuple[list[int], ...]]
_TABLES: dict[tuple[str, tuple[int, ...], Layout], _Tables] = {}


def _tables(alphabet: Alphabet, layout: Layout) -> _Tables:
    """Per alphabet and layout (cached): face value by tile code (blanks, ``code | BLANK_BIT``,
    worth 0); ``first code << 8 | second code`` -> label of the digraph tile that pair of tiles
    would spell; and by square, the value by tile code of a tile placed there, its letter premium
    included (one list per letter multiplier, shared)."""
    key = (alphabet.name, alphabet.scores, layout)
    tables = _TABLES.get(key)
    if tables is None:
        values = [0] * (2 * BLANK_BIT)
        for code, score in enumerate(alphabet.scores):
            if code:
                values[code] = score
        # Pairs of tiles that may never stand next to each other, because together they spell a
        # tile of the set (FISE: CH, LL, RR are single tiles; two tiles C+H, L+L, R+R never form
        # them): the set's digraphs (Catalan "LL" is two L tiles, and has none).
        labels = alphabet.labels
        split = {
            labels.index(form[0]) << 8 | labels.index(form[1]): labels[code]
            for form, code in alphabet.digraphs.items()
        }
        scaled = {m: [v * m for v in values] for m in set(layout.letter_mult)}
        scaled[1] = values
        tables = _TABLES[key] = (values, split, tuple(scaled[m] for m in layout.letter_mult))
    return tables


class Board:
    """A board: ``grid`` is a flat list of ``size * size`` tile codes (225 on the standard
    board), ``EMPTY`` (0) for no tile.

    Its tile values (the alphabet's) and its ``layout`` (and with it its ``size``) are fixed when
    it is made: a board of other premiums is a new board."""

    __slots__ = ("alphabet", "_layout", "size", "grid", "count", "_values", "_split", "_letter_values",
                 "_across", "_down")
    _values: list[int]
    _split: dict[int, str]
    _letter_values: tuple[list[int], ...]  # see _tables()

    def __init__(self, alphabet: Alphabet, *, layout: Layout = STANDARD_LAYOUT) -> None:
        self.alphabet = alphabet
        self._layout = layout
        size = self.size = layout.size
        self.grid: list[int] = [EMPTY] * (size * size)
        self.count = 0  # tiles on the board
        self._values, self._split, self._letter_values = _tables(alphabet, layout)
        beside = _BESIDE.get(size)
        if beside is None:
            beside = _BESIDE[size] = (_beside(1, size), _beside(size, size))
        self._across, self._down = beside

    @property
    def layout(self) -> Layout:
        """The premium squares."""
        return self._layout

    @property
    def values(self) -> list[int]:
        """Face value by tile code (shared: do not modify)."""
        return self._values

    def __repr__(self) -> str:
        return f"<Board {self.alphabet.name}, {self.count} tiles>"

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.alphabet = self.alphabet
        other._layout = self._layout
        other.size = self.size
        other._across, other._down = self._across, self._down
        other.grid = self.grid.copy()
        other.count = self.count
        other._values = self._values
        other._split = self._split
        other._letter_values = self._letter_values
        return other

    def get(self, row: int, col: int) -> int:
        """The tile on a square (0-based), ``EMPTY`` if none."""
        size = self.size
        if not (0 <= row < size and 0 <= col < size):
            raise IndexError(f"square ({row}, {col}) is off the board")
        return self.grid[row * size + col]

    def put(self, row: int, col: int, tile: int) -> None:
        """Put (or with ``EMPTY`` remove) one tile, unchecked: for setting up positions."""
        size = self.size
        square = row * size + col
        if not (0 <= row < size and 0 <= col < size):
            raise IndexError(f"square ({row}, {col}) is off the board")
        if tile < 0:
            raise ValueError("put() needs a tile code, not PLAYED_THROUGH")
        tile &= ~THROUGH_BIT
        self.count += (tile != EMPTY) - (self.grid[square] != EMPTY)
        self.grid[square] = tile

    def rows(self) -> list[str]:
        """The board as ``size`` strings of canonical labels, ``.`` for empty (digraphs make them
        wider)."""
        labels, blanks, size = self.alphabet.labels, self.alphabet.blank_labels, self.size
        out = []
        for r in range(size):
            row = self.grid[r * size : (r + 1) * size]
            out.append(
                "".join(
                    "." if t == EMPTY else blanks[t & LETTER_MASK] if t & BLANK_BIT else labels[t]
                    for t in row
                )
            )
        return out

    # -- placing -----------------------------------------------------------------------------
    def _fail(self, place: Place, reason: str, why: str, square: int | None = None) -> IllegalPlacementError:
        return IllegalPlacementError(
            f"{format_play(place, self.alphabet)}: {why}", reason=reason, square=square
        )

    def _label(self, tile: int) -> str:
        return format_tiles((tile,), self.alphabet)

    def resolve(self, place: Place) -> Move:
        """Check a written play against the board and normalise it.

        Played-through squares may be written ``.``, ``(X)`` or as the letter itself (Quackle
        style): a letter on an occupied square that matches the board's letter (blank or natural
        alike) is played through; one that does not is an overlap. A one-tile play written in a
        direction where it has no neighbour is turned to the direction of the word it forms (the
        main word is the one in the written direction whenever that has two tiles or more).

        Raises :class:`IllegalPlacementError` (an ``IllegalPlayError``) with a ``reason`` code.
        """
        move = self.play(place)
        self.take_back(move)
        return move

    def play(self, place: Place) -> Move:
        """:meth:`resolve` and :meth:`place` in one (the replay's hot path): the play is checked
        with its new tiles put down, and they stay. An illegal play leaves the board as it was.

        The words' points are added up here, as the tiles are checked (``move.points``, the bingo
        bonus aside): the rule itself, word by word, is :func:`adjudicate.scoring.score_play`, and
        scoring every play there instead costs the replay 69% more instructions a game
        (scripts/icount). tests/test_board_differential.py holds the two equal."""
        # Kept whole: the replay's hot path, each step reading the locals the one
        # before set (the squares, the running points, the grid's tables); the cross words and
        # the errors' texts are methods of their own.
        coord, tiles = place
        grid = self.grid
        row, col, down = coord.row, coord.col, coord.down
        n = len(tiles)
        size = self.size
        if down:
            step, pos, (before, after) = size, row, self._down
        else:
            step, pos, (before, after) = 1, col, self._across
        if n == 0:
            raise self._fail(place, NO_NEW_TILE, "no tiles in the play")
        if row < 0 or col < 0 or row >= size or col >= size:  # a Coord made by hand
            raise IllegalPlacementError(f"row {row + 1}, column {col + 1} is not a square of the board",
                                        reason=OFF_BOARD)
        if pos + n > size:
            edge = "bottom" if down else "right-hand"
            raise self._fail(
                place, OFF_BOARD,
                f"{n} squares from {coord_name(coord, size)} run off the {edge} edge of the board",
            )
        start = row * size + col
        values, layout, letter_values = self._values, self._layout, self._letter_values
        word_mult = layout.word_mult
        placeable = _PLACEABLE
        new_squares: list[int] = []
        crossers: list[int] = []  # the new squares with a tile beside them: a cross word each
        base = 0  # the main word's tile values, the letter premiums of the new tiles included
        multiplier = 1
        sq = start
        try:
            # The new tiles go down as they are checked; the cross words are then read off the grid.
            for t in tiles:
                cur = grid[sq]
                if cur:
                    # '.' (t < 0) matches anything; a letter, parenthesised or not, must match.
                    if t >= 0 and (t ^ cur) & LETTER_MASK:
                        raise self._overlap(place, t, cur, sq)
                    base += values[cur]
                elif placeable[t]:
                    # A tile beside it, across the play: a cross word. (Off the board's edge the
                    # tables give sq itself, still empty here.)
                    if grid[before[sq]] or grid[after[sq]]:
                        crossers.append(sq)
                    grid[sq] = t
                    new_squares.append(sq)
                    base += letter_values[sq][t]
                    multiplier *= word_mult[sq]
                else:
                    raise self._unplaceable(place, t, sq)
                sq += step
            stop = sq
            placed = len(new_squares)
            if not placed:
                raise self._fail(place, NO_NEW_TILE, "places no new tile (every square is already covered)")
            if pos > 0 and grid[start - step]:
                raise self._not_whole(place, start - step, "before")
            if pos + n < size and grid[stop]:
                raise self._not_whole(place, stop, "after")
            if placed == n:  # no played-through square: the word and the new tiles are as written
                word = new_tiles = tiles
            else:
                word = tuple(grid[start:stop:step])
                new_tiles = itemgetter(*new_squares)(grid) if placed > 1 else (grid[new_squares[0]],)
            points = base * multiplier
            main_coord = coord
            scores = [points]  # each word's points (Move.word_points), the main word's first
            if not crossers:
                word_tiles: tuple[tuple[int, ...], ...] = (word,)
                crossing: list[int] | tuple[()] = ()
            else:
                crossing = []  # the first square of each cross word
                words = [word]
                self._cross_words(crossers, down, row, col, words, crossing, scores)
                if n > 1:
                    points = sum(scores)
                else:
                    # One tile with no neighbour in the written direction: its word runs the other way.
                    del words[0]
                    first = crossing.pop()
                    main_coord = Coord(first // size, first % size, not down)
                    del scores[0]
                    points = scores[0]
                word_tiles = tuple(words)

            if self.count == 0:
                if layout.centre not in new_squares or len(word_tiles[0]) < 2:
                    raise self._fail(
                        place, NOT_CENTRE, f"the first play must cover the centre square "
                        f"{square_name(layout.centre, size)} with a word of two tiles or more", layout.centre,
                    )
            elif placed == n and not crossers:  # nothing played through, no cross word
                raise self._fail(place, NOT_CONNECTED, "does not touch any tile already on the board")

            move = Move(place, main_coord, word_tiles, crossing, tuple(new_squares), new_tiles,
                        points, scores, size)
            if self._split:
                self._check_digraphs(place, move.main)
                for formed in move.cross:
                    self._check_digraphs(place, formed)
        except BaseException:
            for sq in new_squares:
                grid[sq] = EMPTY
            raise
        self.count += placed
        return move

    def _not_whole(self, place: Place, sq: int, where: str) -> IllegalPlacementError:
        """The error for a play with the tile on ``sq`` directly ``where`` (before, after) it."""
        return self._fail(
            place, NOT_WHOLE,
            f"word is not whole word: the tile {self._label(self.grid[sq])} at "
            f"{square_name(sq, self.size)} is directly {where} it", sq,
        )

    def _cross_words(self, crossers: list[int], down: bool, row: int, col: int,
                     words: list[tuple[int, ...]], crossing: list[int], scores: list[int]) -> None:
        """The cross words of a play whose new tiles are down (:meth:`play`): from each new tile
        with a tile beside it (``crossers``), scan across the main word's direction (``down``;
        ``row``, ``col``: the play's first square). Each word's tiles go to ``words``, its first
        square to ``crossing``, its points, the new tile's premiums included, to ``scores``."""
        grid, size, values = self.grid, self.size, self._values
        letter_values, word_mult = self._letter_values, self._layout.word_mult
        cross_step = 1 if down else size
        for sq in crossers:
            if down:  # the row of the square, first and last
                first_sq = sq - col
                last_sq = first_sq + size - 1
            else:  # its column
                first_sq = sq - row * size
                last_sq = first_sq + size * size - size
            total = letter_values[sq][grid[sq]]  # the new tile, the letter premium included
            lo = sq
            while lo > first_sq:
                x = grid[lo - cross_step]
                if not x:
                    break
                total += values[x]
                lo -= cross_step
            hi = sq
            while hi < last_sq:
                x = grid[hi + cross_step]
                if not x:
                    break
                total += values[x]
                hi += cross_step
            words.append(tuple(grid[lo : hi + 1 : cross_step]))
            crossing.append(lo)
            scores.append(total * word_mult[sq])

    def _unplaceable(self, place: Place, written: int, sq: int) -> IllegalPlacementError:
        """The error for a written tile that cannot go on the empty square ``sq``."""
        if written < 0 or written & THROUGH_BIT:
            shown = "." if written < 0 else f"({self._label(written & ~THROUGH_BIT)})"
            return self._fail(
                place, NO_THROUGH_TILE,
                f"no tile to play through at {square_name(sq, self.size)} ({shown} on an empty square)", sq,
            )
        return self._fail(place, NOT_A_TILE, f"undesignated blank at {square_name(sq, self.size)}", sq)

    def _overlap(self, place: Place, written: int, cur: int, sq: int) -> IllegalPlacementError:
        if written & THROUGH_BIT:
            why = (f"({self._label(written & ~THROUGH_BIT)}) at {square_name(sq, self.size)} is not the tile there "
                   f"({self._label(cur)})")
        else:
            why = f"{self._label(written)} at {square_name(sq, self.size)} overlaps the tile {self._label(cur)} already there"
        return self._fail(place, OVERLAP, why, sq)

    def _check_digraphs(self, place: Place, word: FormedWord) -> None:
        """Reject two adjacent tiles that spell a digraph tile, when at least one of them is new."""
        split = self._split
        tiles = word.tiles
        last = len(tiles) - 1
        for i in word.new:
            for j in (i - 1, i):  # the pairs (i-1, i) and (i, i+1)
                if 0 <= j < last:
                    a, b = tiles[j], tiles[j + 1]
                    digraph = split.get((a & LETTER_MASK) << 8 | (b & LETTER_MASK))
                    if digraph is not None:
                        raise self._fail(
                            place, SPLIT_DIGRAPH,
                            f"{self._label(a)} and {self._label(b)} on two tiles at "
                            f"{square_name(word.squares[j], self.size)}-"
                            f"{square_name(word.squares[j + 1], self.size)} in "
                            f"{format_tiles(tiles, self.alphabet)}: {digraph} is a single tile and may "
                            "not be made of two",
                            word.squares[j],
                        )

    def take_back(self, move: Move) -> None:
        """Take a placed move's new tiles off the board again (a withdrawn phony)."""
        grid = self.grid
        for sq in move.new_squares:
            grid[sq] = EMPTY
        self.count -= len(move.new_squares)

    def place(self, move: Move) -> None:
        """Put a resolved move's new tiles on the board."""
        grid = self.grid
        for sq in move.new_squares:
            if grid[sq]:
                raise IllegalPlacementError(
                    f"{square_name(sq, self.size)} is already covered: the move was resolved on another position",
                    reason=OVERLAP, square=sq,
                )
        for sq, t in zip(move.new_squares, move.new_tiles):
            grid[sq] = t
        self.count += len(move.new_tiles)


def coord_name(coord: Coord, size: int = BOARD_SIZE) -> str:
    """The square of a coordinate, column then row (``H8``), whatever its direction."""
    return square_name(coord.row * size + coord.col, size)
