"""Boards as data (issue 29): the standard 15x15 and Super Scrabble's 21x21 (adjudicate/boards/),
the board a record names or implies (#board-layout, its tile set) or --board gives, coordinates
beyond O15, a Wordfeud game refused by name, and the diagnosis of a game played on another board.

The hand-made records are in tests/data/boards/, with the arithmetic in their notes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from adjudicate import board as board_module
from adjudicate import recount as rescore_module
from adjudicate.board import LAYOUT_NAMES, Board, Layout, find_layout, get_layout
from adjudicate.errors import AdjudicateError, RulesError
from adjudicate.game import pick_board, setup_game
from adjudicate.gcg import read_gcg
from adjudicate.notation import NotationError, format_coord, parse_coord, parse_play, square_name
from adjudicate.recount import rescore_game
from adjudicate.rules import find_ruleset
from adjudicate.tiles import get_alphabet

BOARDS = Path(__file__).parent / "data" / "boards"
SUPER = BOARDS / "super.gcg"


def _record(text: str, name: str = "game.gcg") -> Any:
    return read_gcg(text.encode("utf-8"), name=name)


# -- the layouts ------------------------------------------------------------------------------------


def test_the_shipped_boards_are_the_data_files() -> None:
    folder = Path(board_module.__file__).parent / "boards"
    assert set(LAYOUT_NAMES) == {p.stem for p in folder.glob("*.txt")} == {"standard", "super"}
    assert LAYOUT_NAMES[0] == "standard"


def test_super_scrabble_board_squares_as_published() -> None:
    """Super Scrabble's board (Mattel; Quackle's SuperScrabbleBoard, Macondo's
    SuperCrosswordGame): four quadruple words in the corners, eight quadruple letters, the centre
    K11 a double word."""
    layout = get_layout("super")
    assert layout.size == 21 and square_name(layout.centre, 21) == "K11"

    def premium(name: str) -> str:
        coord = parse_coord(name, 21)
        return layout.premium_name(coord.row * 21 + coord.col)

    assert [premium(n) for n in ("A1", "U1", "A21", "U21")] == ["4W"] * 4
    assert [premium(n) for n in ("F3", "P3", "C6", "S6", "C16", "S16", "F19", "P19")] == ["4L"] * 8
    assert [premium(n) for n in ("H1", "N1", "D4", "A8", "U14")] == ["TW"] * 5
    assert [premium(n) for n in ("K11", "B2", "I2")] == ["DW"] * 3
    assert [premium(n) for n in ("E2", "I5", "B17")] == ["TL"] * 3
    # U11 is a DL as A11 is (the board is symmetric; Macondo's picture leaves it plain).
    assert [premium(n) for n in ("A11", "U11", "K1", "K21", "D1")] == ["DL"] * 5
    # Counted on Quackle's SuperScrabbleBoard arrays (test/trademarkedboards.cpp); DW with the centre.
    counts = {name: sum(1 for sq in range(441) if layout.premium_name(sq) == name)
              for name in ("4W", "TW", "DW", "4L", "TL", "DL")}
    assert counts == {"4W": 4, "TW": 16, "DW": 41, "4L": 8, "TL": 20, "DL": 36}


def test_the_standard_board_is_the_old_picture() -> None:
    layout = get_layout("standard")
    assert layout.size == 15 and square_name(layout.centre) == "H8"
    assert layout is board_module.STANDARD_LAYOUT


def test_layout_names_and_woogles_aliases_any_case() -> None:
    assert find_layout("SuperCrosswordGame") == find_layout("SUPER") == "super"
    assert find_layout("CrosswordGame") == find_layout("standard") == "standard"
    assert find_layout("CrossplayGame") is None


def test_a_layout_picture_may_be_21_squares_wide_with_quadruple_squares() -> None:
    picture = "\n".join(["." * 21] * 10 + ["." * 10 + "*" + "." * 10] + ["~" + "^" + "." * 19] + ["." * 21] * 9)
    layout = Layout(picture)
    assert layout.size == 21 and layout.centre == 10 * 21 + 10
    assert layout.word_mult[11 * 21] == 4 and layout.letter_mult[11 * 21 + 1] == 4


# -- coordinates beyond O15 ---------------------------------------------------------------------------


def test_coordinates_beyond_o15_read_and_written_on_a_21_board() -> None:
    assert format_coord(parse_coord("21U", 21)) == "21U"
    assert format_coord(parse_coord("p16", 21)) == "P16"
    coord = parse_coord("U21", 21)
    assert (coord.row, coord.col, coord.down) == (20, 20, True)
    assert square_name(20 * 21 + 20, 21) == "U21"


def test_coordinates_beyond_o15_are_off_the_standard_board() -> None:
    with pytest.raises(NotationError, match=r"row 16 is off the board \(rows are 1-15\)"):
        parse_coord("16A")
    with pytest.raises(NotationError, match=r"column P is off the board \(columns are A-O\)"):
        parse_coord("P1")
    with pytest.raises(NotationError, match=r"row 22 is off the board \(rows are 1-21\)"):
        parse_coord("22A", 21)
    with pytest.raises(NotationError, match=r"column V is off the board \(columns are A-U\)"):
        parse_coord("V1", 21)


def test_a_word_as_wide_as_the_super_board() -> None:
    """A word may be 21 tiles long on the 21x21 board (16 tiles already run off the standard one)."""
    en = get_alphabet("english_super")
    board = Board(en, layout=get_layout("super"))
    move = board.play(parse_play("11A", "ABCDEFGHIJKLMNOPQRSTU", en, 21))
    assert len(move.new_tiles) == 21 and square_name(move.new_squares[-1], 21) == "U11"
    with pytest.raises(board_module.IllegalPlacementError, match="run off the right-hand edge"):
        Board(en).play(parse_play("8A", "ABCDEFGHIJKLMNOP", en))


# -- a Super Scrabble game ---------------------------------------------------------------------------


def test_a_super_scrabble_record_rescores_clean_on_the_21_board() -> None:
    """tests/data/boards/super.gcg: a bingo (K5 RETAINS, 66), a quadruple letter (F1 STEEP, 10), a
    quadruple word (1A BLOCKS, 68), plays in column P (11K STRIPE, P11 EGO); each score worked
    out in the record's notes. The board comes from its #tile-distribution english_super."""
    game = setup_game(read_gcg(SUPER.read_bytes(), name="super.gcg"))
    assert game.layout.name == "super" and game.ruleset.alphabet == "english_super"
    assert "board super, from the english_super tiles" in game.reason
    report = rescore_game(game.record, game.ruleset, reason=game.reason, layout=game.layout)
    assert report.discrepancies == []
    assert [e.computed_score for e in report.events if e.kind == "play"] == [66, 16, 10, 68, 11, 6]
    assert {p.nick: p.computed_final for p in report.players} == {"ann": 87, "bob": 90}
    assert report.board_fit is None


def test_board_layout_pragma_and_tiles_option_choose_the_super_board(cli: Callable[..., Any]) -> None:
    text = SUPER.read_text("utf-8").replace("#tile-distribution english_super", "#board-layout SuperCrosswordGame")
    record = _record(text)
    assert pick_board(record, "english") == ("super", "from the record's #board-layout SuperCrosswordGame")
    result = cli(["rescore", "--format", "json", "--tiles", "english_super", "-"], stdin=text.encode())
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)[0]
    assert report["ok"] and "board super, from the record's #board-layout SuperCrosswordGame" in report["ruleset_reason"]
    assert "english_super tiles, from --tiles english_super" in report["ruleset_reason"]


def test_board_option(cli: Callable[..., Any], error_line: Callable[[Any], str]) -> None:
    text = SUPER.read_text("utf-8").replace("#tile-distribution english_super\n", "")
    result = cli(["rescore", "--board", "super", "--tiles", "english_super", "-"], stdin=text.encode())
    assert result.exit_code == 0, result.output
    assert "board super, from --board super" in " ".join(result.stdout.split())
    bad = cli(["rescore", "--board", "wordfeud", "-"], stdin=text.encode())
    assert bad.exit_code == 2
    assert "--board wordfeud: unknown board (known: standard, super)" in error_line(bad)


def test_a_board_we_do_not_ship_is_refused_by_name() -> None:
    record = _record("#board-layout CrossplayGame\n#player1 a A\n#player2 b B\n")
    with pytest.raises(RulesError, match="#board-layout CrossplayGame is a board we do not ship"):
        setup_game(record)


def test_show_and_correct_take_the_board_from_the_record(cli: Callable[..., Any], tmp_path: Path) -> None:
    shown = cli(["show", str(SUPER), "--no-color"])
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert any(line.startswith("     A   B") and line.endswith("U") for line in lines)  # (21 columns in 100)
    assert any(line.startswith("21 +4W") for line in lines)
    wrong = tmp_path / "wrong.gcg"
    wrong.write_text(SUPER.read_text("utf-8").replace("1A BLOCKS +68 84", "1A BLOCKS +17 33")
                     .replace("P11 EGO +6 90", "P11 EGO +6 39"), "utf-8")
    corrected = cli(["correct", str(wrong)])
    assert corrected.exit_code == 1, corrected.output
    assert ">bob: ABCIKLO 1A BLOCK. +68 84" in corrected.stdout
    assert ">bob: AAEGIIO P11 .GO +6 90" in corrected.stdout  # (a coordinate beyond O15, written)


# -- Wordfeud ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["rescore"], ["show"], ["correct"]])
def test_a_wordfeud_game_is_refused_by_name(command: list[str], cli: Callable[..., Any],
                                            error_line: Callable[[Any], str]) -> None:
    result = cli([*command, str(BOARDS / "wordfeud.gcg")])
    assert result.exit_code == 2
    assert "line 2: a Wordfeud game: its board and tiles are Wordfeud's" in error_line(result)


def test_a_wordfeud_game_is_refused_by_the_library_too() -> None:
    with pytest.raises(AdjudicateError, match="a Wordfeud game"):
        rescore_game(read_gcg((BOARDS / "wordfeud.gcg").read_bytes(), name="wordfeud.gcg"))


# -- the diagnosis: a game played on another board -----------------------------------------------------


def test_a_super_game_read_on_the_standard_board_is_diagnosed(cli: Callable[..., Any]) -> None:
    """The Super record without its #tile-distribution: read on the standard board its first play
    misses H8 and three scores differ (the premiums are elsewhere); every one disappears on the
    Super board, which the report says once, at the top, and as a JSON field."""
    text = SUPER.read_text("utf-8").replace("#tile-distribution english_super\n", "").encode()
    table = cli(["rescore", "-"], stdin=text)
    assert table.exit_code == 1
    assert table.stdout.splitlines()[1] == ("every difference disappears on the board super: was the "
                                            "game played on it? (--board super)")
    report = json.loads(cli(["rescore", "--format", "json", "-"], stdin=text).stdout)[0]
    assert report["board_fit"] == "super" and not report["ok"]


_SWAPPED = "\n".join(row.replace("'", "T").replace('"', "'").replace("T", '"')
                     for row in get_layout("standard").picture.splitlines())


def test_scores_that_fit_another_board_name_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record scored on a board whose DL and TL squares are swapped (a board made for the test,
    shipped beside the others for it). There: 8D WINDY is W4x3 (D8, a TL there) I1 N1 D2 Y4 = 20,
    x2 (H8) = 40 (standard: W4x2, 32); 9C AX is A1x3 (C9) + X8 = 11, and WX 12 = 23 (standard 22);
    H4 JOLT(Y) is J8x3 (H4) + O L T 3 + Y4 = 31 (standard 23). Three score differences, every one
    of which disappears on the swapped board: the report names it (from three score findings: one
    or two are a scorer's slips, and replaying each such game on every board doubled a batch)."""
    swapped = Layout(_SWAPPED, "swapped")
    monkeypatch.setitem(board_module._LAYOUTS, "swapped", swapped)
    monkeypatch.setattr(rescore_module, "LAYOUT_NAMES", (*LAYOUT_NAMES, "swapped"))
    en = get_alphabet("english")
    expected = Board(en, layout=swapped).play(parse_play("8D", "WINDY", en)).points
    assert expected == 40
    record = _record("#player1 a A\n#player2 b B\n>a: DINWYAA 8D WINDY +40 40\n>b: AXEEIOU 9C AX +23 23\n"
                     ">a: AAJLOTT H4 JOLT. +31 71\n")
    report = rescore_game(record, find_ruleset("naspa"))
    assert [(d.line, d.computed) for d in report.discrepancies if d.kind == "score"] == [(3, 32), (4, 22), (5, 23)]
    assert report.board_fit == "swapped"
    assert rescore_game(record, find_ruleset("naspa"), layout=swapped).board_fit is None
    one = _record(f"#player1 a A\n#player2 b B\n>a: DINWYAA 8D WINDY +{expected} {expected}\n")
    assert rescore_game(one, find_ruleset("naspa")).board_fit is None  # (one difference: a slip)
    clean = _record("#player1 a A\n#player2 b B\n>a: DINWYAA 8D WINDY +32 32\n")
    assert rescore_game(clean, find_ruleset("naspa")).board_fit is None


def test_show_explains_the_squares_and_centre_of_the_board_in_play(cli: Callable[..., Any]) -> None:
    # boards/super.txt: quadruple word (A1) and letter (F3) squares beside the others; the centre
    # K11 (on the standard board: H8), a DW on both.
    shown = cli(["show", str(SUPER), "--line", "5", "--no-color"])
    assert shown.exit_code == 0, shown.output
    assert ("+4W +TW +DW +4L +TL +DL: premium squares (quadruple, triple, double word; quadruple,\n"
            "triple, double letter; the centre K11 is a +DW); tiles in capitals; lowercase: a blank "
            "(scores 0)\n") in shown.stdout
    assert "H8" not in shown.stdout
    # English Super Scrabble: NASPA is an English federation, not an English Super Scrabble one.
    assert "no English Super Scrabble federation ruleset is known" in " ".join(shown.stdout.split())
    svg = cli(["show", str(SUPER), "--line", "5", "--format", "svg"]).stdout
    assert 'data-kind="4W"' in svg and 'data-kind="4L"' in svg
    standard = cli(["show", str(SUPER), "--line", "5", "--format", "svg", "--board", "standard"]).stdout
    assert 'data-kind="DW"' in standard and 'data-kind="4W"' not in standard
