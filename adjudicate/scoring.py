"""Scoring a resolved move: every word, letter by letter, and the bingo bonus.

Rules (RULES.md §5): a tile scores its face value (a blank 0) times the letter premium of its square,
the word's sum is multiplied by the word premiums (2 DW x4, 2 TW x9, DW+TW x6), and premiums count
only on squares covered by this play. Every word of two tiles or more counts: the main word, then
each cross word. Placing ``bingo_tiles`` tiles (the whole rack) adds ``bingo_bonus``.

A one-tile play forms one or two words; :meth:`adjudicate.board.Board.resolve` makes the main word
the one in the written direction when it has two tiles or more, else the other one (Macondo and
Quackle score the same either way: a one-tile "word" never counts).

>>> from adjudicate.tiles import get_alphabet
>>> from adjudicate.notation import parse_play
>>> from adjudicate.board import Board
>>> en = get_alphabet("english")
>>> board = Board(en)
>>> breakdown = score_play(board, board.resolve(parse_play("8D", "WINDY", en)))
>>> breakdown.total
32
>>> print(format_breakdown(breakdown, en))
WINDY: W 4 x DL = 8 + I 1 + N 1 + D 2 + Y 4 = 16, word x2 = 32
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicate.board import Board, Move
from adjudicate.tiles import Alphabet, format_tiles

__all__ = [
    "BINGO_BONUS", "BINGO_TILES", "ScoreBreakdown", "WordScore", "format_breakdown", "score_play",
    "score_total",
]

BINGO_TILES = 7
BINGO_BONUS = 50

_LETTER_PREMIUM_NAMES = {2: "DL", 3: "TL"}


@dataclass(slots=True)
class WordScore:
    """One word's score, tile by tile (treat as immutable).

    ``letter_values[i]`` is tile i's value after its letter premium (0 for a blank),
    ``letter_premiums[i]`` that premium (1 when none, or the square was covered before this play),
    ``word_multiplier`` the product of the word premiums newly covered, ``score`` the word's total.
    """

    tiles: tuple[int, ...]
    squares: tuple[int, ...]
    letter_values: tuple[int, ...]
    letter_premiums: tuple[int, ...]
    word_multiplier: int
    score: int


@dataclass(slots=True)
class ScoreBreakdown:
    """A play's score: main word first, then cross words in board order (treat as immutable)."""

    words: tuple[WordScore, ...]
    bingo_bonus: int
    total: int


def score_play(
    board: Board, move: Move, *, bingo_tiles: int = BINGO_TILES, bingo_bonus: int = BINGO_BONUS
) -> ScoreBreakdown:
    """Score a move resolved on ``board`` (before or after ``board.place(move)``: the move knows
    which squares it covers). ``bingo_tiles``/``bingo_bonus``: the rack size and its bonus."""
    values = board.values
    layout = board.layout
    letter_mult, word_mult = layout.letter_mult, layout.word_mult
    words = []
    total = 0
    for word in (move.main, *move.cross):
        tiles, squares = word.tiles, word.squares
        letter_values = [values[t] for t in tiles]
        premiums = [1] * len(tiles)
        multiplier = 1
        for i in word.new:  # premiums count only on the squares this play covers
            sq = squares[i]
            premium = letter_mult[sq]
            if premium != 1:
                letter_values[i] *= premium
                premiums[i] = premium
            multiplier *= word_mult[sq]
        score = sum(letter_values) * multiplier
        total += score
        words.append(WordScore(tiles, squares, tuple(letter_values), tuple(premiums), multiplier, score))
    bonus = bingo_bonus if len(move.new_tiles) >= bingo_tiles else 0
    return ScoreBreakdown(tuple(words), bonus, total + bonus)


def score_total(
    board: Board, move: Move, *, bingo_tiles: int = BINGO_TILES, bingo_bonus: int = BINGO_BONUS
) -> int:
    """The total of :func:`score_play` without the breakdown: the replay's hot path.

    >>> from adjudicate.tiles import get_alphabet
    >>> from adjudicate.notation import parse_play
    >>> en = get_alphabet("english")
    >>> board = Board(en)
    >>> score_total(board, board.resolve(parse_play("8D", "WINDY", en)))
    32
    """
    if move.scored_on(board):  # worked out by Board.resolve, on this board's values and premiums
        total = move.points
        return total + bingo_bonus if len(move.new_tiles) >= bingo_tiles else total
    return score_play(board, move, bingo_tiles=bingo_tiles, bingo_bonus=bingo_bonus).total


def format_word_score(word: WordScore, alphabet: Alphabet) -> str:
    """``QUIRKY: Q 10 x DL = 20 + U 1 + ... = 44, word x2 = 88``; blanks lowercase, scoring 0."""
    parts = []
    for t, value, premium in zip(word.tiles, word.letter_values, word.letter_premiums):
        label = format_tiles((t,), alphabet)
        if premium > 1:
            face = value // premium
            name = _LETTER_PREMIUM_NAMES.get(premium, f"{premium}L")
            parts.append(f"{label} {face} x {name} = {value}")
        else:
            parts.append(f"{label} {value}")
    letters = sum(word.letter_values)
    text = f"{format_tiles(word.tiles, alphabet)}: {' + '.join(parts)} = {letters}"
    if word.word_multiplier > 1:
        text += f", word x{word.word_multiplier} = {word.score}"
    return text


def format_breakdown(breakdown: ScoreBreakdown, alphabet: Alphabet) -> str:
    """One line per word (see :func:`format_word_score`), then the bingo bonus and the total when
    there is more than one line."""
    lines = [format_word_score(w, alphabet) for w in breakdown.words]
    if breakdown.bingo_bonus:
        lines.append(f"bingo: {breakdown.bingo_bonus}")
    if len(lines) > 1:
        lines.append(f"total: {breakdown.total}")
    return "\n".join(lines)
