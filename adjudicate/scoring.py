"""Scoring a resolved move: every word, letter by letter, and the bingo bonus.

Rules (docs/decisions.md §13): a tile scores its face value (a blank 0) times the letter premium of its square,
the word's sum is multiplied by the word premiums (2 DW x4, 2 TW x9, DW+TW x6), and premiums count
only on squares covered by this play. Every word of two tiles or more counts: the main word, then
each cross word. Placing a whole rack adds the ruleset's bingo bonus (:meth:`Ruleset.bingo`).

A one-tile play forms one or two words; :meth:`adjudicate.board.Board.resolve` makes the main word
the one in the written direction when it has two tiles or more, else the other one (Macondo and
Quackle score the same either way: a one-tile "word" never counts).

>>> from adjudicate.tiles import get_alphabet
>>> from adjudicate.notation import parse_play
>>> from adjudicate.board import Board
>>> from adjudicate.rules import find_ruleset
>>> en, naspa = get_alphabet("english"), find_ruleset("naspa")
>>> board = Board(en)
>>> breakdown = score_play(board, board.resolve(parse_play("8D", "WINDY", en)), naspa)
>>> breakdown.total
32
>>> print(format_breakdown(breakdown, en))
WINDY: W 4 x DL = 8 + I 1 + N 1 + D 2 + Y 4 = 16, word x2 (DW) = 32
total 32
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicate.board import Board, Move
from adjudicate.tiles import BLANK_BIT, LETTER_MASK, Alphabet, format_tiles

if TYPE_CHECKING:
    from adjudicate.rules import Ruleset

__all__ = [
    "ScoreBreakdown", "WordScore", "format_breakdown",
    "format_tile_scores", "format_word_premiums", "format_word_score", "premium_name", "score_play",
]


_LETTER_PREMIUM_NAMES = {2: "DL", 3: "TL"}
_WORD_PREMIUM_NAMES = {2: "DW", 3: "TW"}


@dataclass(frozen=True, slots=True)
class WordScore:
    """One word's score, tile by tile.

    ``letter_values[i]`` is tile i's value after its letter premium (0 for a blank),
    ``letter_premiums[i]`` that premium (1 when none, or the square was covered before this play),
    ``new`` the indices of the tiles this play placed, ``word_premiums`` the word premiums it
    newly covered (their product is ``word_multiplier``), ``score`` the word's total.
    """

    tiles: tuple[int, ...]
    squares: tuple[int, ...]
    new: tuple[int, ...]
    letter_values: tuple[int, ...]
    letter_premiums: tuple[int, ...]
    word_premiums: tuple[int, ...]
    word_multiplier: int
    score: int

    @property
    def letters(self) -> int:
        """The sum of the tiles, letter premiums included (the score before word premiums)."""
        return sum(self.letter_values)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """A play's score: main word first, then cross words in board order."""

    words: tuple[WordScore, ...]
    tiles_placed: int
    bingo_bonus: int
    total: int


def score_play(board: Board, move: Move, ruleset: Ruleset) -> ScoreBreakdown:
    """Score a move resolved on ``board`` (before or after ``board.place(move)``: the move knows
    which squares it covers), its bingo bonus as ``ruleset`` gives it.

    This is the rule, worked out word by word. :meth:`Board.play` adds up the same numbers while
    it checks a play (``move.points``): computing every play's score here instead costs the
    replay 69% more instructions a game (scripts/icount); tests/test_board_differential.py holds
    the two equal on generated positions, and tests/test_scoring.py on real games.
    """
    values = board.values
    layout = board.layout
    letter_mult, word_mult = layout.letter_mult, layout.word_mult
    words = []
    total = 0
    for word in (move.main, *move.cross):
        tiles, squares = word.tiles, word.squares
        letter_values = [values[t] for t in tiles]
        premiums = [1] * len(tiles)
        word_premiums = []
        multiplier = 1
        for i in word.new:  # premiums count only on the squares this play covers
            sq = squares[i]
            premium = letter_mult[sq]
            if premium != 1:
                letter_values[i] *= premium
                premiums[i] = premium
            if word_mult[sq] != 1:
                word_premiums.append(word_mult[sq])
                multiplier *= word_mult[sq]
        score = sum(letter_values) * multiplier
        total += score
        words.append(WordScore(tiles, squares, tuple(word.new), tuple(letter_values),
                               tuple(premiums), tuple(word_premiums), multiplier, score))
    placed = len(move.new_tiles)
    bonus = ruleset.bingo(placed)
    return ScoreBreakdown(tuple(words), placed, bonus, total + bonus)


def _no_mark(kind: str, text: str) -> str:
    return text


def premium_name(multiplier: int, *, word: bool) -> str:
    """``DL``/``TL`` for a letter premium, ``DW``/``TW`` for a word premium (``4W`` for others)."""
    return (_WORD_PREMIUM_NAMES if word else _LETTER_PREMIUM_NAMES).get(
        multiplier, f"{multiplier}{'W' if word else 'L'}")


def format_tile_scores(word: WordScore, alphabet: Alphabet,
                       mark: Callable[[str, str], str] = _no_mark) -> list[str]:
    """Each tile of ``word`` as :func:`format_word_score` writes it: ``Q 10 x DL = 20``, a tile
    already on the board in brackets, ``(W) 4``; a blank lowercase, ``n 0``."""
    parts = []
    new = set(word.new)
    for i, (t, value, premium) in enumerate(zip(word.tiles, word.letter_values, word.letter_premiums)):
        label = format_tiles((t & (LETTER_MASK | BLANK_BIT),), alphabet)
        label = mark("new", label) if i in new else f"({label})"
        if premium > 1:
            name = premium_name(premium, word=False)
            parts.append(f"{label} {value // premium} x {mark(name, name)} = {value}")
        else:
            parts.append(f"{label} {value}")
    return parts


def format_word_premiums(word: WordScore, mark: Callable[[str, str], str] = _no_mark) -> str:
    """``x6 (DW x TW)``: the word's multiplier and the premiums it is made of; empty without one."""
    if word.word_multiplier == 1:
        return ""
    names = [premium_name(m, word=True) for m in word.word_premiums]
    return f"x{word.word_multiplier} (" + " x ".join(mark(name, name) for name in names) + ")"


def format_word_score(word: WordScore, alphabet: Alphabet,
                      mark: Callable[[str, str], str] = _no_mark) -> str:
    """``QUEER: Q 10 x DL = 20 + U 1 + ... = 25``, then ``, word x2 (DW) = 50`` with word
    premiums; a tile already on the board in brackets, ``(W) 4``; blanks lowercase, scoring 0.
    ``mark(kind, text)`` may dress parts up (colours): ``kind`` is ``new`` for a tile placed by the
    play, or the premium's name (``DL``, ``TW``...)."""
    parts = format_tile_scores(word, alphabet, mark)
    text = f"{format_tiles(word.tiles, alphabet)}: {' + '.join(parts)} = {word.letters}"
    if word.word_multiplier > 1:
        text += f", word {format_word_premiums(word, mark)} = {word.score}"
    return text


def format_breakdown(breakdown: ScoreBreakdown, alphabet: Alphabet) -> str:
    """One line per word (:func:`format_word_score`), then the bingo bonus and the total.

    >>> from adjudicate.tiles import get_alphabet
    >>> from adjudicate.notation import parse_play
    >>> en = get_alphabet("english")
    >>> board = Board(en)
    >>> board.place(board.resolve(parse_play("8D", "WINDY", en)))
    >>> from adjudicate.rules import find_ruleset
    >>> naspa = find_ruleset("naspa")
    >>> print(format_breakdown(score_play(board, board.resolve(parse_play("7C", "QUEER", en)), naspa), en))
    QUEER: Q 10 x DL = 20 + U 1 + E 1 + E 1 + R 1 x DL = 2 = 25
    UW: U 1 + (W) 4 = 5
    EI: E 1 + (I) 1 = 2
    EN: E 1 + (N) 1 = 2
    RD: R 1 x DL = 2 + (D) 2 = 4
    total 38
    """
    lines = [format_word_score(w, alphabet) for w in breakdown.words]
    if breakdown.bingo_bonus:
        lines.append(f"bingo ({breakdown.tiles_placed} tiles) +{breakdown.bingo_bonus}")
    lines.append(f"total {breakdown.total}")
    return "\n".join(lines)
