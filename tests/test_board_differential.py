"""Board.play / Board.resolve against a plain model: the words read off the grid square by square, the
points scored word by word (score_play), and the board as it was after any rejection.

Board.play checks a play with its tiles put down and scores it as it goes (Move.points); these
properties tie that fast path to a slow one on random positions and random plays: edges and
corners, one-tile plays, played-through squares written ``.``, ``(X)`` or as the letter, blanks,
Spanish split digraphs, first plays on an empty board and on custom layouts.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjudicate.board import (
    EMPTY,
    NUM_SQUARES,
    STANDARD_LAYOUT,
    Board,
    IllegalPlacementError,
    Layout,
    Move,
)
from adjudicate.notation import BOARD_SIZE, Coord, Place, parse_play
from adjudicate.rules import find_ruleset
from adjudicate.scoring import score_play
from adjudicate.tiles import BLANK, BLANK_BIT, PLAYED_THROUGH, THROUGH_BIT, get_alphabet

NASPA = find_ruleset("naspa")
ALPHABETS = {name: get_alphabet(name) for name in ("english", "spanish", "catalan")}
SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1")))
BUDGET = settings(max_examples=80 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
SHORT = settings(max_examples=30 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))

# A small picture of its own (a centre off H8, premiums on the edges) besides the standard board.
ODD_LAYOUT = Layout("\n".join(
    "".join("=\"'-."[(r * 7 + c * 3) % 5] if (r, c) != (2, 12) else "*" for c in range(BOARD_SIZE))
    for r in range(BOARD_SIZE)
))


# -- the model ------------------------------------------------------------------------------------

def run(grid: list[int], sq: int, step: int, lane_first: int, lane_last: int) -> tuple[int, ...]:
    """The squares of the run of tiles through ``sq`` along ``step``, within one row or column."""
    lo = sq
    while lo - step >= lane_first and grid[lo - step]:
        lo -= step
    hi = sq
    while hi + step <= lane_last and grid[hi + step]:
        hi += step
    return tuple(range(lo, hi + 1, step))


def model_words(grid: list[int], new: tuple[int, ...], down: bool) -> list[tuple[int, ...]]:
    """Every word (run of two tiles or more) through the new squares, on the grid after the play:
    the one along the play first (when it has two tiles), then those across it, in board order."""
    def along(sq: int, vertical: bool) -> tuple[int, ...]:
        row, col = divmod(sq, BOARD_SIZE)
        if vertical:
            return run(grid, sq, BOARD_SIZE, col, col + NUM_SQUARES - BOARD_SIZE)
        return run(grid, sq, 1, row * BOARD_SIZE, row * BOARD_SIZE + BOARD_SIZE - 1)

    out = []
    main = along(new[0], down)
    if len(main) > 1:
        out.append(main)
    for sq in new:
        cross = along(sq, not down)
        if len(cross) > 1:
            out.append(cross)
    return out


def model_points(board: Board, squares: tuple[int, ...], new: set[int]) -> int:
    values, layout = board.values, board.layout
    total, multiplier = 0, 1
    for sq in squares:
        tile = board.grid[sq]
        total += values[tile] * (layout.letter_mult[sq] if sq in new else 1)
        if sq in new:
            multiplier *= layout.word_mult[sq]
    return total * multiplier


# -- strategies -----------------------------------------------------------------------------------

@st.composite
def letters(draw: st.DrawFn, alphabet_name: str) -> int:
    alphabet = ALPHABETS[alphabet_name]
    if alphabet_name == "spanish" and draw(st.booleans()):  # the tiles of the split digraphs
        code = alphabet.labels.index(draw(st.sampled_from(["C", "H", "L", "R"])))
    else:
        code = draw(st.integers(1, alphabet.size))
    return code | BLANK_BIT if draw(st.integers(0, 6)) == 0 else code


EDGE_LINES = st.sampled_from([0, 0, 1, 7, 13, 14, 14])


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, Coord, tuple[int, ...]]:
    """A board (tiles put down unchecked: scattered, in lines, along the edges) and a play on it,
    often touching the tiles there, with its played-through squares written in every form."""
    name = draw(st.sampled_from(sorted(ALPHABETS)))
    layout = draw(st.sampled_from([STANDARD_LAYOUT, STANDARD_LAYOUT, ODD_LAYOUT]))
    board = Board(ALPHABETS[name], layout=layout)
    lines = st.integers(0, BOARD_SIZE - 1) | EDGE_LINES
    for _ in range(draw(st.integers(0, 8))):  # runs of tiles
        row, col, down = draw(lines), draw(lines), draw(st.booleans())
        for i in range(draw(st.integers(1, 6))):
            r, c = (row + i, col) if down else (row, col + i)
            if r < BOARD_SIZE and c < BOARD_SIZE:
                board.put(r, c, draw(letters(name)))
    occupied = [sq for sq in range(NUM_SQUARES) if board.grid[sq]] or [board.layout.centre]
    down = draw(st.booleans())
    if draw(st.sampled_from([True, True, True, False])):  # about a tile already there (or the centre)
        anchor = draw(st.sampled_from(occupied))
        n = draw(st.integers(1, 7))
        back = draw(st.integers(0, n))
        row, col = divmod(anchor, BOARD_SIZE)
        if n == 1:  # beside it, across the written direction: the word it forms runs that way
            side = draw(st.sampled_from([-1, 1]))
            if down:
                col = min(BOARD_SIZE - 1, max(0, col + side))
            else:
                row = min(BOARD_SIZE - 1, max(0, row + side))
        elif down:
            row = max(0, row - back)
        else:
            col = max(0, col - back)
    else:
        row, col = draw(lines), draw(lines)
        n = draw(st.integers(1, 8) | st.just(BOARD_SIZE - (row if down else col)))
    n = max(1, min(n, BOARD_SIZE - (row if down else col) + draw(st.sampled_from([0, 0, 0, 0, 1]))))
    tiles = []
    step = BOARD_SIZE if down else 1
    for i in range(n):
        pos = (row if down else col) + i
        cur = board.grid[row * BOARD_SIZE + col + i * step] if pos < BOARD_SIZE else EMPTY
        if cur:
            forms = [PLAYED_THROUGH, cur, cur ^ BLANK_BIT, (cur & ~BLANK_BIT) | THROUGH_BIT, cur | THROUGH_BIT]
            kind = draw(st.integers(0, 20))
            tiles.append(draw(letters(name)) if kind == 11 else forms[kind % len(forms)])
        else:
            kind = draw(st.integers(0, 40))  # (hypothesis favours the ends of a range: those are letters)
            if kind == 17:
                tiles.append(PLAYED_THROUGH)
            elif kind == 23:
                tiles.append(draw(letters(name)) | THROUGH_BIT)
            elif kind == 31:
                tiles.append(draw(st.sampled_from([BLANK, BLANK_BIT])))
            else:
                tiles.append(draw(letters(name)))
    return board, Coord(row, col, down), tuple(tiles)


def fields(move: Move) -> tuple[object, ...]:
    return (move.place, move.coord, move.new_squares, move.new_tiles, move.points, move.word_tiles,
            tuple((w.tiles, w.squares, w.new) for w in (move.main, *move.cross)))


# -- properties -----------------------------------------------------------------------------------

@given(positions())
@BUDGET
@example((Board(ALPHABETS["english"]), Coord(7, 6, False), (8,)))  # one tile on the empty board
def test_play_and_resolve_agree_with_the_model(case: tuple[Board, Coord, tuple[int, ...]]) -> None:
    board, coord, tiles = case
    place = Place(coord, tiles)
    grid, count = list(board.grid), board.count
    try:
        move = board.resolve(place)
    except IllegalPlacementError as err:
        assert board.grid == grid and board.count == count  # resolve changes nothing
        with pytest.raises(IllegalPlacementError) as again:
            board.play(place)
        assert (again.value.reason, str(again.value), again.value.square) == (err.reason, str(err), err.square)
        assert board.grid == grid and board.count == count  # nor does a play that fails
        return
    assert board.grid == grid and board.count == count

    # The tiles of the play are its letters on the empty squares, in board order.
    step = BOARD_SIZE if coord.down else 1
    start = coord.row * BOARD_SIZE + coord.col
    written = [(start + i * step, t) for i, t in enumerate(tiles)]
    assert [(sq, t) for sq, t in written if not grid[sq]] == list(zip(move.new_squares, move.new_tiles))
    assert len(move.new_tiles) > 0

    after = board.play(place)
    assert fields(after) == fields(move)
    expect = list(grid)
    for sq, t in zip(move.new_squares, move.new_tiles):
        expect[sq] = t
    assert board.grid == expect and board.count == count + len(move.new_squares)

    # The words: as a slow scan of the grid after the play finds them, tiles and new squares too.
    found = model_words(board.grid, move.new_squares, coord.down)
    formed = (move.main, *move.cross)
    new = set(move.new_squares)
    assert [w.squares for w in formed] == found
    for w in formed:
        assert w.tiles == tuple(board.grid[sq] for sq in w.squares)
        assert w.new == tuple(i for i, sq in enumerate(w.squares) if sq in new)
    assert move.words == len(formed) == len(move.word_tiles)
    assert move.coord.down == (coord.down if len(tiles) > 1 else not coord.down)
    assert move.coord.row * BOARD_SIZE + move.coord.col == formed[0].squares[0]

    # The points: as score_play works them out, and as the model does, word by word.
    breakdown = score_play(board, move, NASPA)
    bonus = 50 if len(move.new_tiles) >= 7 else 0
    assert move.points + bonus == breakdown.total
    assert [w.score for w in breakdown.words] == [model_points(board, w, new) for w in found]
    assert list(move.word_points) == [w.score for w in breakdown.words]  # (rescore's JSON lists them)
    assert score_play(board, move, NASPA.replace(rack_size=1, bingo_bonus=5)).total == move.points + 5


@given(positions(), st.integers(0, 4))
@SHORT
def test_a_replay_of_legal_plays_matches_resolve_then_place(case: tuple[Board, Coord, tuple[int, ...]],
                                                            more: int) -> None:
    """play() on a copy keeps the tiles exactly as resolve() then place() does, play after play."""
    board, coord, tiles = case
    slow = board.copy()
    places = [Place(coord, tiles)]
    for place in places:
        try:
            move = slow.resolve(place)
        except IllegalPlacementError:
            grid = list(board.grid)
            with pytest.raises(IllegalPlacementError):
                board.play(place)
            assert board.grid == grid
            continue
        slow.place(move)
        assert fields(board.play(place)) == fields(move)
        assert board.grid == slow.grid and board.count == slow.count
        if len(places) <= more:  # a play through the tiles just put down, when one fits
            sq = move.new_squares[-1]
            row, col = divmod(sq, BOARD_SIZE)
            down = not move.coord.down
            pos = row if down else col
            if pos + 2 <= BOARD_SIZE:
                places.append(Place(Coord(row, col, down), (PLAYED_THROUGH, 1)))


@pytest.mark.parametrize(("setup", "position", "word", "reason", "points"), [
    # Tiles down column A, a play down column O a row up: the square right of O2 is no square
    # (O2 + 1 is A3), so no cross word and no contact.
    ([("A3", "CAT")], "O2", "AT", "not_connected", None),
    # Tiles down column O, a play down column A a row down (A4 - 1 is O3).
    ([("O3", "CAT")], "A4", "AT", "not_connected", None),
    # Across row 15 with tiles on row 1 (past the last square; row 14 is empty).
    ([("1A", "CAT")], "15A", "AT", "not_connected", None),
    # Across row 15 under tiles on row 14: AT (A15 TW) 6, CA 12, AT 2.
    ([("14A", "CAT")], "15A", "AT", None, 20),
    # One tile in a corner, written down, turned to the word it makes across: CAT, C on A1 (TW).
    ([("1B", "AT")], "A1", "C", None, 15),
    ([("1B", "AT")], "1A", "C", "not_whole", None),  # written across, it is not the whole word
    # And at the right-hand edge: ATE down column O, E on O3 (plain).
    ([("O1", "AT")], "3O", "E", None, 3),
])
def test_edges_do_not_wrap(setup: list[tuple[str, str]], position: str, word: str, reason: str | None,
                           points: int | None) -> None:
    en = ALPHABETS["english"]
    board = Board(en)
    for where, text in setup:
        place = parse_play(where, text, en)
        for i, tile in enumerate(place.tiles):
            c = place.coord
            board.put(c.row + i * c.down, c.col + i * (not c.down), tile)
    grid, count = list(board.grid), board.count
    if reason is not None:
        with pytest.raises(IllegalPlacementError) as info:
            board.play(parse_play(position, word, en))
        assert info.value.reason == reason
        assert board.grid == grid and board.count == count
        return
    move = board.resolve(parse_play(position, word, en))
    assert move.points == score_play(board, move, NASPA).total == points
    assert board.grid == grid and board.count == count


def test_a_tile_beside_any_square_of_a_play_makes_one_cross_word() -> None:
    """Every play of two and of four tiles, in every row and column, with one tile beside its first or
    last square on either side: one cross word, through that tile, scored as score_play scores it. A
    tile one square round the edge (the next row's first square, the row before's last) is no
    neighbour: the play touches nothing."""
    en = ALPHABETS["english"]
    a, b = en.labels.index("A"), en.labels.index("B")
    for down in (False, True):
        step, across = (BOARD_SIZE, 1) if down else (1, BOARD_SIZE)
        for length in (2, 4):
            for lane in range(BOARD_SIZE):
                for pos in range(BOARD_SIZE - length + 1):
                    row, col = (pos, lane) if down else (lane, pos)
                    squares = [row * BOARD_SIZE + col + i * step for i in range(length)]
                    place = Place(Coord(row, col, down), (a,) * length)
                    for k in (0, length - 1):
                        for side in (-1, 1):
                            beside = squares[k] + side * across
                            if not 0 <= beside < NUM_SQUARES:
                                continue
                            board = Board(en)
                            board.put(*divmod(beside, BOARD_SIZE), b)
                            grid = list(board.grid)
                            if 0 <= lane + side < BOARD_SIZE:
                                move = board.resolve(place)
                                assert [w.squares for w in move.cross] == [tuple(sorted((beside, squares[k])))]
                                assert move.points == score_play(board, move, NASPA).total
                            else:  # round the edge, into another row
                                with pytest.raises(IllegalPlacementError, match="does not touch"):
                                    board.play(place)
                            assert board.grid == grid and board.count == 1
