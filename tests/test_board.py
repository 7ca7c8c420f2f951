"""The board: layout, placement checks (every rejection), normalisation, words formed."""

from __future__ import annotations

import pytest

from adjudicate.board import (
    EMPTY,
    STANDARD_LAYOUT,
    Board,
    IllegalPlacementError,
    Layout,
    Move,
)
from adjudicate.errors import IllegalPlayError
from adjudicate.notation import Coord, Place, parse_coord, parse_play, square_name
from adjudicate.tiles import BLANK_BIT, Alphabet, format_tiles, get_alphabet, parse_tiles

EN = get_alphabet("english")
ES = get_alphabet("spanish")
CA = get_alphabet("catalan")


def play(board: Board, position: str, word: str) -> Move:
    """Resolve and place a play (the test's way of setting up a position legally)."""
    move = board.resolve(parse_play(position, word, board.alphabet))
    board.place(move)
    return move


def put(board: Board, position: str, word: str) -> None:
    """Put tiles on the board unchecked (for positions no legal sequence reaches quickly)."""
    coord = parse_coord(position)
    for i, tile in enumerate(parse_tiles(word, board.alphabet)):
        row, col = (coord.row + i, coord.col) if coord.down else (coord.row, coord.col + i)
        board.put(row, col, tile)


def words(move: Move, alphabet: Alphabet) -> list[str]:
    return [format_tiles(w.tiles, alphabet) for w in (move.main, *move.cross)]


def names(squares: tuple[int, ...]) -> list[str]:
    return [square_name(s) for s in squares]


def windy() -> Board:
    board = Board(EN)
    play(board, "8D", "WINDY")
    return board


# -- layout -----------------------------------------------------------------------------------


def test_standard_layout() -> None:
    lm, wm = STANDARD_LAYOUT.letter_mult, STANDARD_LAYOUT.word_mult
    assert sum(1 for m in wm if m == 3) == 8
    assert sum(1 for m in wm if m == 2) == 17  # 16 + the centre
    assert sum(1 for m in lm if m == 3) == 12
    assert sum(1 for m in lm if m == 2) == 24
    assert STANDARD_LAYOUT.centre == parse_coord("H8").square
    # Symmetric under both reflections and the diagonal.
    for r in range(15):
        for c in range(15):
            sq = r * 15 + c
            for other in ((14 - r) * 15 + c, r * 15 + 14 - c, c * 15 + r):
                assert (lm[sq], wm[sq]) == (lm[other], wm[other])
    named = {name: STANDARD_LAYOUT.premium_name(parse_coord(name).square)
             for name in ("A1", "H1", "D1", "B2", "F2", "H8", "G7", "E5", "B6", "A2")}
    assert named == {"A1": "TW", "H1": "TW", "D1": "DL", "B2": "DW", "F2": "TL", "H8": "DW",
                     "G7": "DL", "E5": "DW", "B6": "TL", "A2": ""}


def test_layout_with_spaces_as_in_macondo() -> None:
    spaced = Layout("\n" + STANDARD_LAYOUT.picture.replace(".", " "))
    assert spaced.letter_mult == STANDARD_LAYOUT.letter_mult
    assert spaced.word_mult == STANDARD_LAYOUT.word_mult
    assert spaced.centre == STANDARD_LAYOUT.centre


def test_layout_picture_errors() -> None:
    with pytest.raises(ValueError, match="15 rows"):
        Layout("=..\n")
    with pytest.raises(ValueError, match="unknown square 'x' at A1"):
        Layout("x" + STANDARD_LAYOUT.picture[1:])


# -- the board itself --------------------------------------------------------------------------


def test_get_put_copy_count() -> None:
    board = Board(EN)
    assert board.count == 0
    play(board, "8D", "WINDY")
    assert board.count == 5
    assert board.get(7, 3) == parse_tiles("W", EN)[0]
    assert board.get(0, 0) == EMPTY
    with pytest.raises(IndexError):
        board.get(15, 0)
    clone = board.copy()
    play(clone, "7C", "GALE")
    assert clone.count == 9 and board.count == 5
    assert board.get(6, 2) == EMPTY and clone.get(6, 2) != EMPTY
    board.put(0, 0, parse_tiles("q", EN)[0])
    assert board.get(0, 0) & BLANK_BIT and board.count == 6
    board.put(0, 0, EMPTY)
    assert board.count == 5
    assert board.rows()[7] == "...WINDY......."


# -- resolving: normalisation ------------------------------------------------------------------


def test_resolve_opening() -> None:
    move = Board(EN).resolve(parse_play("8D", "WINDY", EN))
    assert move.coord == parse_coord("8D")
    assert names(move.new_squares) == ["D8", "E8", "F8", "G8", "H8"]
    assert move.new_tiles == parse_tiles("WINDY", EN)
    assert move.main.tiles == parse_tiles("WINDY", EN)
    assert move.main.new == (0, 1, 2, 3, 4)
    assert move.cross == ()
    assert len(move.new_tiles) == 5


def test_played_through_written_as_dots() -> None:
    board = windy()
    play(board, "7C", "GALE")
    move = board.resolve(parse_play("E3", "JAVE..N", EN))
    assert words(move, EN) == ["JAVELIN"]
    assert names(move.main.squares) == ["E3", "E4", "E5", "E6", "E7", "E8", "E9"]
    assert move.main.new == (0, 1, 2, 3, 6)
    assert names(move.new_squares) == ["E3", "E4", "E5", "E6", "E9"]


@pytest.mark.parametrize("written", ["JAVE..N", "JAVELIN", "JAVE(LI)N", "JAVEL.N", "JAVE.iN"])
def test_played_through_any_form(written: str) -> None:
    """Macondo dots, Quackle letters, annotators' parentheses; blank/natural ignored on the board."""
    board = windy()
    play(board, "7C", "GALE")
    move = board.resolve(parse_play("E3", written, EN))
    assert words(move, EN) == ["JAVELIN"]  # the board's tiles, whatever was written
    assert len(move.new_tiles) == 5


def test_quackle_style_capp() -> None:
    """WSC 2001 (Quackle's capp.gcg): `8b NoCTUrN` then `e8 TAFFIA` with the T on the board."""
    board = Board(EN)
    play(board, "8b", "NoCTUrN")
    move = board.resolve(parse_play("e8", "TAFFIA", EN))
    assert names(move.new_squares) == ["E9", "E10", "E11", "E12", "E13"]
    assert move.main.new == (1, 2, 3, 4, 5)
    assert words(move, EN) == ["TAFFIA"]


def test_played_through_blank_keeps_the_board_tile() -> None:
    board = Board(EN)
    play(board, "8D", "WINDy")
    move = board.resolve(parse_play("H8", "YE", EN))  # written natural Y over the blank y
    assert words(move, EN) == ["yE"]


def test_parallel_play_cross_words_in_board_order() -> None:
    board = windy()
    move = board.resolve(parse_play("7C", "GALE", EN))
    assert words(move, EN) == ["GALE", "AW", "LI", "EN"]
    assert [names(w.squares) for w in move.cross] == [["D7", "D8"], ["E7", "E8"], ["F7", "F8"]]
    assert [w.new for w in move.cross] == [(0,), (0,), (0,)]
    play(board, "7C", "GALE")
    play(board, "E3", "JAVE..N")
    down = board.resolve(parse_play("F2", "VOX", EN))
    assert words(down, EN) == ["VOX", "JO", "AX"]  # top to bottom


def test_one_tile_play_is_turned_to_its_word() -> None:
    board = windy()
    # Written across, but the A has no neighbour across: its word is YA, down from H8.
    move = board.resolve(parse_play("9H", "A", EN))
    assert move.coord == parse_coord("H8")
    assert words(move, EN) == ["YA"]
    assert move.main.new == (1,)
    assert move.cross == ()
    # Written the right way round it is the same move.
    again = board.resolve(parse_play("H8", ".A", EN))
    assert again.coord == move.coord and again.main == move.main


def test_one_tile_play_forming_two_words() -> None:
    board = windy()
    put(board, "9I", "T")
    # Written across: AT (two tiles) is the main word, YA the cross word.
    move = board.resolve(parse_play("9H", "A.", EN))
    assert words(move, EN) == ["AT", "YA"]
    assert move.coord == parse_coord("9H")
    # Written down: YA is the main word, AT the cross word.
    down = board.resolve(parse_play("H8", "YA", EN))
    assert words(down, EN) == ["YA", "AT"]
    assert down.coord == parse_coord("H8")


def test_catalan_two_l_tiles_are_allowed() -> None:
    """Catalan LL (palatal) is two L tiles; only Spanish forbids a split digraph."""
    board = Board(CA)
    move = board.resolve(parse_play("8E", "COLL", CA))
    assert len(move.new_tiles) == 4
    assert words(move, CA) == ["COLL"]


# -- resolving: every rejection ------------------------------------------------------------------


def rejected(board: Board, position: str, word: str, reason: str, match: str) -> IllegalPlacementError:
    with pytest.raises(IllegalPlayError, match=match) as info:
        board.resolve(parse_play(position, word, board.alphabet))
    assert isinstance(info.value, IllegalPlacementError)
    assert info.value.reason == reason
    return info.value


def test_off_board() -> None:
    err = rejected(Board(EN), "8K", "QUIRKY", "off_board",
                   r"^8K QUIRKY: 6 squares from K8 run off the right-hand edge of the board$")
    assert err.square is None
    rejected(Board(EN), "K12", "QUIRKY", "off_board", "run off the bottom edge")
    rejected(Board(EN), "A1", "ABCDEFGHIJKLMNOP", "off_board", "16 squares from A1")


@pytest.mark.parametrize("coord", [Coord(-1, 13, True), Coord(7, 15, False), Coord(15, 0, True), Coord(3, -2, False)])
def test_a_coord_off_the_board_is_rejected(coord: Coord) -> None:
    """parse_coord never makes one; a Coord built by hand must not reach the grid (index -2 is I15)."""
    board = windy()
    with pytest.raises(IllegalPlacementError, match="is not a square of the board") as info:
        board.resolve(Place(coord, parse_tiles("EP", EN)))
    assert info.value.reason == "off_board" and board.count == 5


def test_no_tile_to_play_through() -> None:
    err = rejected(Board(EN), "8D", "WI.DY", "no_through_tile",
                   r"^8D WI\.DY: no tile to play through at F8 \(\. on an empty square\)$")
    assert square_name(err.square) == "F8"
    rejected(Board(EN), "8D", "WI(N)DY", "no_through_tile", r"no tile to play through at F8 \(\(N\)")


def test_overlap() -> None:
    err = rejected(windy(), "F7", "AX", "overlap", "^F7 AX: X at F8 overlaps the tile N already there$")
    assert square_name(err.square) == "F8"
    rejected(windy(), "F7", "A(X)", "overlap", r"\(X\) at F8 is not the tile there \(N\)")


def test_not_whole_word() -> None:
    rejected(windy(), "8E", "INDYS", "not_whole",
             "^8E INDYS: word is not whole word: the tile W at D8 is directly before it$")
    rejected(windy(), "8C", "AWIND", "not_whole", "the tile Y at H8 is directly after it")
    rejected(windy(), "H9", "A", "not_whole", "the tile Y at H8 is directly before it")


def test_no_new_tile() -> None:
    rejected(windy(), "8D", "WINDY", "no_new_tile", "^8D WINDY: places no new tile")
    rejected(windy(), "8D", ".....", "no_new_tile", "places no new tile")


def test_first_play_must_cover_the_centre() -> None:
    rejected(Board(EN), "8A", "WINDY", "not_centre",
             "^8A WINDY: the first play must cover the centre square H8")
    rejected(Board(EN), "7D", "WINDY", "not_centre", "centre square H8")
    rejected(Board(EN), "8H", "A", "not_centre", "two tiles or more")


def test_not_connected() -> None:
    rejected(windy(), "1A", "WEB", "not_connected", "^1A WEB: does not touch any tile already on the board$")
    rejected(windy(), "9A", "WEB", "not_connected", "does not touch")  # diagonal contact is none


def test_undesignated_blank_is_not_a_tile() -> None:
    with pytest.raises(IllegalPlayError, match="undesignated blank at D8") as info:
        Board(EN).resolve(Place(Coord(7, 3, False), (0,) + parse_tiles("INDY", EN)))
    assert info.value.reason == "not_a_tile"


# -- Spanish: two tiles never stand for CH, LL, RR (FISE) ----------------------------------------


@pytest.mark.parametrize(
    ("setup", "position", "word", "match"),
    [
        # A C played before an H on the board: CHOLA as C + H.
        ("8H HOLA", "8G", "C.OLA", r"C and H on two tiles at G8-H8 in CHOLA: \[CH\] is a single tile"),
        ("8H HOLA", "8G", "C(H)OLA", r"C and H on two tiles at G8-H8"),
        # A blank c counts as a C.
        ("8H HOLA", "8G", "c.OLA", r"c and H on two tiles at G8-H8 in cHOLA"),
        # L + L and R + R, the new tile second.
        ("8G CAL", "8G", "...LE", r"L and L on two tiles at I8-J8 in CALLE: \[LL\] is a single tile"),
        ("8G PER", "8G", "...RO", r"R and R on two tiles at I8-J8 in PERRO: \[RR\] is a single tile"),
        # In a cross word: an H placed under a C.
        ("8G [CH]ICO", "9I", "HA", r"C and H on two tiles at I8-I9 in CH:"),
        # A one-tile play under the C (turned to its word, down).
        ("8G [CH]ICO", "9I", "H", r"C and H on two tiles at I8-I9 in CH:"),
        ("8F MAR", "9F", "TORO", r"R and R on two tiles at H8-H9 in RR"),
    ],
)
def test_spanish_split_digraph(setup: str, position: str, word: str, match: str) -> None:
    board = Board(ES)
    play(board, *setup.split(" "))
    rejected(board, position, word, "split_digraph", match)


def test_spanish_split_digraph_from_two_new_tiles() -> None:
    """Not writable in game-record notation (CH reads as the digraph), but checked all the same."""
    c, h = parse_tiles("C", ES)[0], parse_tiles("H", ES)[0]
    place = Place(parse_coord("8G"), (c, h) + parse_tiles("E", ES))
    with pytest.raises(IllegalPlayError, match="C and H on two tiles at G8-H8") as info:
        Board(ES).resolve(place)
    assert info.value.reason == "split_digraph"


def test_spanish_digraph_tiles_are_fine() -> None:
    board = Board(ES)
    play(board, "8G", "[CH]ICO")
    play(board, "J5", "CA[LL].")
    play(board, "I8", ".A[RR]O")
    move = board.resolve(parse_play("11G", "AÑO", ES))
    assert words(move, ES) == ["AÑO"]
    # A split pair already on the board (an earlier unchallenged play) does not taint new plays.
    board = Board(ES)
    put(board, "8G", "C(H)")  # two tiles: C and H
    move = board.resolve(parse_play("G8", ".A", ES))
    assert words(move, ES) == ["CA"]


@pytest.mark.parametrize(("position", "word", "reason"), [
    ("F7", "AX", "overlap"),            # A is put down before X meets the N
    ("1A", "WEB", "not_connected"),     # all three tiles down before the check
    ("8C", "AWIND", "not_whole"),
    ("6G", "OHO.", "no_through_tile"),  # three tiles down, then '.' on an empty square
])
def test_play_leaves_the_board_as_it_was_when_illegal(position: str, word: str, reason: str) -> None:
    """Board.play puts the new tiles down as it checks them: a rejection takes them back up."""
    board = windy()
    grid, count = list(board.grid), board.count
    with pytest.raises(IllegalPlacementError) as info:
        board.play(parse_play(position, word, EN))
    assert info.value.reason == reason
    assert list(board.grid) == grid and board.count == count


def test_play_keeps_the_tiles_resolve_takes_them_back() -> None:
    board = windy()
    grid = list(board.grid)
    move = board.resolve(parse_play("7C", "GALE", EN))
    assert list(board.grid) == grid and board.count == 5
    # GALE: G 2 x DL (C7) + A + L + E = 7; AW 1 + 4 = 5, LI 2, EN 2: 16.
    assert board.play(parse_play("7C", "GALE", EN)).points == move.points == 16
    assert board.count == 9 and names(move.new_squares) == ["C7", "D7", "E7", "F7"]
    assert [board.grid[sq] for sq in move.new_squares] == list(parse_tiles("GALE", EN))


def test_a_board_scores_with_the_layout_it_is_made_with() -> None:
    """A board's layout and tile values are fixed when it is made (issue 27): a board of other
    premiums is a new board, and neither can be set afterwards."""
    english = get_alphabet("english")
    plain = Layout("\n".join(["." * 15] * 7 + ["." * 7 + "*" + "." * 7] + ["." * 15] * 7))
    board = Board(english, layout=plain)
    with pytest.raises(AttributeError):
        board.layout = STANDARD_LAYOUT  # type: ignore[misc]
    with pytest.raises(AttributeError):
        board.values = []  # type: ignore[misc]
    assert board.copy().layout is plain
    move = board.play(parse_play("8D", "WINDY", english))
    assert move.points == 24  # W4 I1 N1 D2 Y4 = 12, doubled on the star; no DL on 8D/8L here
    standard = Board(english).play(parse_play("8D", "WINDY", english))
    assert standard.points == 32  # W on 8D, a double letter: 16 x 2
