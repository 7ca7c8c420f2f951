"""Coordinates (8D across, D8 down) and plays in game-record notation; a row number of thousands
of digits is off the board, never a crash."""

from __future__ import annotations

import pytest

from adjudicate.errors import AdjudicateError, UnknownTileError
from adjudicate.gcg import read_gcg
from adjudicate.notation import (
    Coord,
    NotationError,
    Place,
    format_coord,
    format_play,
    parse_coord,
    parse_play,
    square_name,
)
from adjudicate.recount import rescore_game
from adjudicate.tiles import BLANK_BIT, PLAYED_THROUGH, THROUGH_BIT, get_alphabet, parse_tiles

EN = get_alphabet("english")
ES = get_alphabet("spanish")
CA = get_alphabet("catalan")


@pytest.mark.parametrize(
    ("text", "row", "col", "down", "canonical"),
    [
        ("8D", 7, 3, False, "8D"),
        ("D8", 7, 3, True, "D8"),
        ("15O", 14, 14, False, "15O"),
        ("h8", 7, 7, True, "H8"),
        ("o15", 14, 14, True, "O15"),
        ("8h", 7, 7, False, "8H"),
        ("1A", 0, 0, False, "1A"),
        ("A1", 0, 0, True, "A1"),
        ("10B", 9, 1, False, "10B"),
        (" e3 ", 2, 4, True, "E3"),
    ],
)
def test_parse_coord(text: str, row: int, col: int, down: bool, canonical: str) -> None:
    coord = parse_coord(text)
    assert (coord.row, coord.col, coord.down) == (row, col, down)
    assert coord == Coord(row, col, down)
    assert format_coord(coord) == canonical
    assert parse_coord(format_coord(coord)) == coord


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("16A", "row 16 is off the board"),
        ("0A", "row 0 is off the board"),
        ("A16", "row 16 is off the board"),
        ("P1", "column P is off the board"),
        ("1P", "column P is off the board"),
        ("8", "no column letter"),
        ("AA", "no row number"),
        ("", "empty coordinate"),
        ("8D8", "not a coordinate"),
        ("8 D", "not a coordinate"),
        ("AB8", "not a coordinate"),
        ("8-D", "not a coordinate"),
    ],
)
def test_bad_coords(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_coord(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)  # the message names the text
    assert isinstance(info.value, AdjudicateError) and isinstance(info.value, ValueError)


def test_every_square_round_trips() -> None:
    for row in range(15):
        for col in range(15):
            for down in (False, True):
                coord = Coord(row, col, down)
                assert parse_coord(format_coord(coord)) == coord
                assert parse_coord(format_coord(coord).lower()) == coord


def test_coord_repr_and_square() -> None:
    assert repr(parse_coord("8d")) == "parse_coord('8D')"
    assert parse_coord("H8").square == 112
    assert square_name(112) == "H8"
    assert square_name(0) == "A1" and square_name(224) == "O15"


def test_parse_play_english() -> None:
    place = parse_play("8d", "QUIrKY", EN)
    assert place.coord == Coord(7, 3, False)
    assert place.tiles == parse_tiles("QUIrKY", EN)
    assert place.tiles[3] & BLANK_BIT
    assert format_play(place, EN) == "8D QUIrKY"


def test_parse_play_played_through_forms() -> None:
    dots = parse_play("E3", "JAVE..N", EN)
    assert dots.tiles[4] == PLAYED_THROUGH == dots.tiles[5]
    assert format_play(dots, EN) == "E3 JAVE..N"
    paren = parse_play("k5", "MID(LI)ST", EN)
    assert paren.tiles[3] & THROUGH_BIT and paren.tiles[4] & THROUGH_BIT
    assert format_play(paren, EN) == "K5 MID(LI)ST"


@pytest.mark.parametrize(
    ("alphabet", "position", "word", "canonical", "tiles"),
    [
        (ES, "8g", "[CH]ICO", "8G [CH]ICO", 4),
        (ES, "8G", "CHICO", "8G [CH]ICO", 4),  # plain spelling reads as the digraph
        (ES, "H8", "[ch]ICO", "H8 [ch]ICO", 4),  # a blank CH
        (ES, "J5", "CA[LL].", "J5 CA[LL].", 4),
        (ES, "11G", "AÑO", "11G AÑO", 3),
        (CA, "8E", "CEL·LA", "8E CEL·LA", 4),
        # In game-record notation '.' is a played-through square, so CEL.LA is C E L . L A.
        (CA, "8E", "CEL.LA", "8E CEL.LA", 6),
        (CA, "E8", "CALÇA", "E8 CALÇA", 5),
        (CA, "F7", "QUE", "F7 QUE", 2),
        (CA, "h8", "ANY", "H8 ANY", 2),
    ],
)
def test_parse_play_digraphs(alphabet, position: str, word: str, canonical: str, tiles: int) -> None:
    place = parse_play(position, word, alphabet)
    assert len(place.tiles) == tiles
    assert format_play(place, alphabet) == canonical
    assert parse_play(*canonical.split(" "), alphabet) == place


def test_parse_play_errors() -> None:
    with pytest.raises(NotationError, match="no tiles"):
        parse_play("8D", "", EN)
    with pytest.raises(NotationError, match="row 16"):
        parse_play("16D", "WINDY", EN)
    with pytest.raises(UnknownTileError, match="K is not a tile of the Spanish set"):
        parse_play("8D", "KIWI", ES)


def test_place_is_a_value() -> None:
    a = parse_play("8D", "WINDY", EN)
    b = Place(Coord(7, 3, False), parse_tiles("WINDY", EN))
    assert a == b and hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a.coord = Coord(0, 0, False)  # type: ignore[misc]


# -- a row number of thousands of digits (tests/test_fuzz.py found the leading zeros) --------------

HEADER = b"#player1 a A\n#player2 b B\n"
BIG = "9" * 5000  # beyond Python's 4,300-digit int() limit: a ValueError that is no AdjudicateError
HUGE = "1" + "0" * 400  # 10**400


@pytest.mark.parametrize("coordinate", [f"{BIG}A", f"A{BIG}", f"{HUGE}H", "0008H", "0" * 5000 + "8D", "D" + "0" * 5000 + "8"])
def test_a_huge_row_number_is_off_the_board(coordinate: str) -> None:
    """(atheris found the 5,000 leading zeros: int() counts them against its limit.)"""
    from adjudicate.notation import NotationError, parse_coord

    if coordinate.lstrip("D").lstrip("0") in ("8H", "8D", "8"):
        assert parse_coord(coordinate) == parse_coord(coordinate[0] + "8" if coordinate[0] == "D" else "8" + coordinate[-1])
        return
    with pytest.raises(NotationError, match="is off the board"):
        parse_coord(coordinate)
    data = HEADER + f">a: ABCDEFG {coordinate} CAB +14 14\n".encode()
    report = rescore_game(read_gcg(data))  # no ValueError: one illegal_play/parse discrepancy
    assert report.discrepancies
