"""`adjudicate show`: the position around one event and the play's score worked out.

The breakdown is held to the scorer on every play of the clean corpus games; the text to "no
colour unless asked" (NO_COLOR, --no-color, not a terminal) and, without colour, to premium squares
that no tile label can be taken for; the SVG to well-formed XML with both boards (225 squares each),
their tiles and the digraph labels (Catalan L·L NY QU Ç, Spanish CH LL RR Ñ and a blank [rr]), the
score table and the legend, everything from the record escaped; and to a real browser's rendering
(Debian's Chromium: skipped only when it is missing and ADJUDICATE_REQUIRE_BROWSER is unset, as
.ci/run sets it).
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

import adjudicate.cli
from adjudicate.cli.show import use_color
from adjudicate.gcg import read_gcg
from adjudicate.notation import square_name
from adjudicate.rescore import choose_ruleset
from adjudicate.show import (
    LEGEND,
    ShowError,
    find_event,
    format_explanation,
    plain_legend,
    render_html,
    render_svg,
    render_text,
    show_event,
)
from adjudicate.tiles import BLANK_BIT, format_word

GAMES = Path(__file__).parent / "data" / "games"
CATALAN = GAMES / "fx_catalan_outplay.gcg"
SPANISH = GAMES / "fx_fise_outplay.gcg"
TABLE = Path(__file__).parent / "data" / "corpus_expected.tsv"
ANSI = re.compile(r"\x1b\[")
SVG = "{http://www.w3.org/2000/svg}"


def shown_at(path: Path, line: int | None = None, turn: int | None = None):
    record = read_gcg(path.read_bytes(), name=path.name)
    return show_event(record, find_event(record, line=line, turn=turn))


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(adjudicate.cli.app, ["show", *args], env=env)


def classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def tile_labels(root: ET.Element, cls: str = "tile") -> list[str]:
    """The label of each tile group (its first text element)."""
    return [next(g.iter(f"{SVG}text")).text or "" for g in classes(root, cls)]


def board(root: ET.Element, which: str) -> ET.Element:
    """The board ``before`` or ``after`` of an SVG."""
    [found] = [g for g in classes(root, "board") if which in g.get("class", "").split()]
    return found


def squares_of(group: ET.Element, cls: str) -> list[str]:
    return [g.get("data-square", "") for g in classes(group, cls)]


# -- the score worked out ------------------------------------------------------------------------


def test_breakdown_total_equals_the_scorer_on_every_play_of_the_clean_corpus(corpus):
    clean = [row.split("\t")[0] for row in TABLE.read_text(encoding="utf-8").splitlines()
             if row and not row.startswith("#") and row.split("\t")[1] == "clean"]
    plays = 0
    for name in clean:
        record = read_gcg((corpus / "gcg" / name).read_bytes(), name=name)
        ruleset, reason = choose_ruleset(record)
        for event in record.events:
            if event.kind != "play":
                continue
            shown = show_event(record, event, ruleset, reason=reason)
            exp = shown.explanation
            assert exp is not None, (name, event.line)
            # the numbers shown add up, and to the scorer's total (score_total, the replay's)
            for word in exp.words:
                faces = [shown.alphabet.score(t) for t in word.tiles]
                assert word.letters == sum(f * p for f, p in zip(faces, word.letter_premiums))
                assert word.score == word.letters * word.word_multiplier
            assert exp.total == sum(w.score for w in exp.words) + exp.bingo
            assert exp.total == shown.computed_score, (
                name, event.line, format_explanation(exp, shown.alphabet))
            assert exp.differs_by in (0, None), (name, event.line)  # clean games agree
            assert len(exp.words[0].new) <= exp.tiles_placed
            plays += 1
    assert plays > 1000


def test_catalan_bingo_worked_out():
    # CAMISES on row 8 (B8-H8), then VEGADES from I8 to O8: the whole row B8-O8 is one word.
    # C2 A1 M2 I1 S1 E1 S1 (on the board) + V4 E1 G3 A1 x DL (L8) D2 E1 S1 (O8 is TW) = 23, x3 = 69
    shown = shown_at(CATALAN, line=14)
    exp, ca = shown.explanation, shown.alphabet
    assert [format_word(w.tiles, ca) for w in exp.words] == ["CAMISESVEGADES"]
    word = exp.words[0]
    assert (word.letters, word.word_multiplier, word.score) == (23, 3, 69)
    assert format_word([word.tiles[i] for i in word.new], ca) == "VEGADES"
    assert [(format_word([t], ca), square_name(sq)) for t, sq, p in
            zip(word.tiles, word.squares, word.letter_premiums) if p > 1] == [("A", "L8")]
    assert (exp.bingo, exp.total, exp.recorded) == (50, 119, 119)
    assert format_explanation(exp, ca).splitlines()[-2:] == [
        "bingo (7 tiles) +50", "total 119; recorded 119: agrees"]
    assert [square_name(sq) for sq in shown.marked] == [f"{c}8" for c in "IJKLMNO"]
    assert shown.turn == 9 and shown.nick == "núria" and shown.rack == "VEGADES"


def test_digraph_on_a_premium_and_a_wrong_record():
    # jordi's CEL·LULARS, with the record's score off by 2: L·L 10 on the TL at B10.
    text = CATALAN.read_text(encoding="utf-8").replace("+126 126", "+124 124")
    record = read_gcg(text.encode(), name="bad.gcg")
    shown = show_event(record, find_event(record, line=7))
    out = format_explanation(shown.explanation, shown.alphabet)
    assert "L·L 10 x TL = 30" in out
    assert out.splitlines()[-1] == "total 126; recorded 124: differs by 2"
    assert shown.discrepancies == ["line 7: B8 .EL·LULARS: recorded +124, computed +126"]
    assert "computed 126" in render_text(shown)


def test_blank_scores_nothing_and_is_lowercase():
    shown = shown_at(SPANISH, line=11)  # CA[rr]ETER down from E1
    blanks = [(format_word([t], shown.alphabet), value) for w in shown.explanation.words
              for t, value in zip(w.tiles, w.letter_values) if t & BLANK_BIT]
    assert blanks == [("[rr]", 0)]
    assert "[rr] 0" in format_explanation(shown.explanation, shown.alphabet)


def test_cross_words_and_played_through_tiles_in_brackets():
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n"
                      b">b: EEIOQRU 7C QUEER +40 40\n")
    shown = show_event(record, find_event(record))
    lines = format_explanation(shown.explanation, shown.alphabet).splitlines()
    assert lines[0] == "QUEER: Q 10 x DL = 20 + U 1 + E 1 + E 1 + R 1 x DL = 2 = 25"
    assert lines[1:5] == ["UW: U 1 + (W) 4 = 5", "EI: E 1 + (I) 1 = 2", "EN: E 1 + (N) 1 = 2",
                          "RD: R 1 x DL = 2 + (D) 2 = 4"]
    assert lines[-1] == "total 38; recorded 40: differs by 2"


def test_several_word_premiums_are_named():
    # 15 tiles across row 8 (not from one rack: reported, and scored all the same): TW A8,
    # DW H8 (the centre), TW O8 -> x18; DL on D8 and L8.
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8A ABCDEFGHIJKLMNO +0 0\n")
    shown = show_event(record, record.events[0])
    word = shown.explanation.words[0]
    assert word.word_multiplier == 18 and word.word_premiums == (3, 2, 3)
    text = format_explanation(shown.explanation, shown.alphabet)
    assert "D 2 x DL = 4" in text and f"word x18 (TW x DW x TW) = {word.letters * 18}" in text
    assert shown.discrepancies  # the rack, and the score


def test_withdrawn_phony_marks_the_tiles_taken_back():
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n"
                      b">a: DINNVWY -- -32 0\n>b: EEIOQRU 8D QUEER +36 36\n")
    shown = show_event(record, find_event(record, line=4))
    assert shown.marked_on_before and shown.board is shown.before
    assert [square_name(sq) for sq in shown.marked] == ["D8", "E8", "F8", "G8", "H8"]
    assert shown.explanation.total == 32
    assert shown.after.count == 0
    assert "the tiles taken back" in render_text(shown)


def test_end_of_game_lines_add_up_the_tiles():
    shown = shown_at(SPANISH, line=19)  # beto: (EX) +9
    assert shown.rack_values == [("E", 1), ("X", 8)]
    assert "tiles: E 1 + X 8 = 9" in render_text(shown)


# -- choosing the event ----------------------------------------------------------------------------


def test_default_turn_and_line():
    record = read_gcg(CATALAN.read_bytes(), name="ca")
    assert find_event(record).line == 18  # the last play, not the end-of-game lines after it
    assert find_event(record, turn=1).line == 6
    assert find_event(record, turn=13).line == 18
    assert find_event(record, line=20).kind == "end_rack_points"
    assert find_event(record, line=21).kind == "end_rack_penalty"
    with pytest.raises(ShowError, match="line 3 is not a move: it is a #player1 line"):
        find_event(record, line=3)
    with pytest.raises(ShowError, match="no turn 14: the record has 13 turns"):
        find_event(record, turn=14)
    with pytest.raises(ShowError, match="not both"):
        find_event(record, turn=1, line=6)


def test_cli_errors_exit_2(tmp_path):
    for args, message in [
        ((str(CATALAN), "--line", "3"), "#player1"),
        ((str(CATALAN), "--line", "99"), "line 99 is not a move"),
        ((str(CATALAN), "--turn", "0"), "no turn 0"),
        ((str(CATALAN), "--turn", "1", "--line", "6"), "not both"),
        ((str(tmp_path / "missing.gcg"),), "missing.gcg"),
        ((str(CATALAN), "--rules", "nope"), "nope"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
    empty = tmp_path / "empty.gcg"
    empty.write_bytes(b"")
    assert run(str(empty)).exit_code == 2


def test_cli_stdin_and_output_file(tmp_path):
    result = CliRunner().invoke(adjudicate.cli.app, ["show", "-", "--turn", "1"],
                                input=CATALAN.read_bytes())
    assert result.exit_code == 0, result.output
    assert "<stdin>, line 6, turn 1: anna (Anna Puig) plays 8B CAMISES, +72" in result.output
    out = tmp_path / "board.svg"
    result = run(str(CATALAN), "-f", "svg", "-o", str(out))
    assert result.exit_code == 0
    ET.fromstring(out.read_text(encoding="utf-8"))


# -- colour ----------------------------------------------------------------------------------------


class _Tty:
    def isatty(self) -> bool:
        return True


def test_text_without_colour_has_no_escapes():
    shown = shown_at(SPANISH)
    plain = render_text(shown)
    assert not ANSI.search(plain)
    coloured = render_text(shown, color=True)
    assert ANSI.search(coloured)
    stripped = re.sub(r"\x1b\[[0-9;]*m", "", coloured)
    # colour only adds, but for the mark of the premiums (their colour tells them from tiles)
    unmarked = re.sub(r"\+(TW|DW|TL|DL)\b", r" \1", plain.replace(plain_legend(shown.alphabet), LEGEND))
    assert [x.rstrip() for x in stripped.splitlines()] == unmarked.splitlines()
    result = run(str(SPANISH))  # CliRunner's stdout is not a terminal
    assert result.exit_code == 0 and not ANSI.search(result.output)
    # readable without colour: premiums named, the new tiles starred, a blank lowercase
    assert "+TW " in plain and "  I*" in plain and "rr" in plain


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    assert use_color(False, None, _Tty())
    assert not use_color(True, None, _Tty())  # --no-color
    assert not use_color(False, "out.txt", _Tty())  # a file
    assert not use_color(False, None, object())  # not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(False, None, _Tty())
    monkeypatch.setenv("NO_COLOR", "")  # an empty NO_COLOR does not count (no-color.org)
    assert use_color(False, None, _Tty())
    result = run(str(SPANISH), "--no-color", env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and not ANSI.search(result.output)


def board_cells(text: str, title: str) -> dict[str, str]:
    """The squares of the text board under ``title`` (``Before line``, ``After line``): each 4
    characters, a space between, after the row's number."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title)) + 2
    cells = {}
    for r, row in enumerate(lines[start:start + 15]):
        assert row.startswith(f"{r + 1:>2} "), row
        row = row.ljust(3 + 5 * 15)
        for c in range(15):
            cells[square_name(r * 15 + c)] = row[3 + 5 * c: 3 + 5 * c + 4].strip()
    return cells


@pytest.mark.parametrize(("path", "known"), [
    # fx_fise_outplay.gcg's last play: LL on C1 beside the DL on D1, CH on J1, RR on N5, a blank rr
    (SPANISH, {"C1": "LL", "D1": "+DL", "J1": "CH", "N5": "RR", "E3": "rr", "H1": "+TW", "F2": "+TL"}),
    # fx_catalan_outplay.gcg's: L·L on B10 (a TL), QU on C4, NY on D13 beside the DW on C13
    (CATALAN, {"B10": "L·L", "C4": "QU", "D13": "NY", "C13": "+DW", "N14": "+DW", "K13": "n*"}),
], ids=["spanish", "catalan"])
def test_without_colour_a_premium_square_is_never_read_as_a_tile(path, known):
    """Without colour the squares said DL and the tiles LL alike: a premium is marked (+DL), a
    tile never is, on every square of both boards."""
    shown = shown_at(path)
    text = render_text(shown)
    after = board_cells(text, "After line")
    assert {sq: after[sq] for sq in known} == known
    for title, grid in (("Before line", shown.before), ("After line", shown.after)):
        for sq, cell in enumerate(board_cells(text, title).values()):
            premium = grid.layout.premium_name(sq)
            if grid.grid[sq]:
                assert cell and not cell.startswith("+"), (title, square_name(sq), cell)
            else:
                assert cell == (f"+{premium}" if premium else "."), (title, square_name(sq), cell)
    assert "+TW +DW +TL +DL: premium squares" in text
    # with colour the squares keep their names unmarked: the colour tells them apart
    coloured = re.sub(r"\x1b\[[0-9;]*m", "", render_text(shown, color=True))
    assert board_cells(coloured, "After line")["D1" if path == SPANISH else "C13"] in ("DL", "DW")


WITHDRAWAL = (b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n>a: DINNVWY -- -32 0\n"
              b">b: EEIOQRU 8D QUEER +36 36\n")
WINDY = ["D8", "E8", "F8", "G8", "H8"]


def test_withdrawn_tiles_look_different_from_placed_ones():
    record = read_gcg(WITHDRAWAL)
    withdrawn = show_event(record, find_event(record, line=4))
    placed = show_event(record, find_event(record, line=3))
    # text: placed W*, taken back W- (and struck through in colour)
    text = render_text(withdrawn)
    assert "Before line 4 (-: the tiles taken back)" in text
    assert [board_cells(text, "Before line")[sq] for sq in WINDY] == ["W-", "I-", "N-", "D-", "Y-"]
    assert [board_cells(render_text(placed), "After line")[sq] for sq in WINDY] == [
        "W*", "I*", "N*", "D*", "Y*"]
    assert render_text(withdrawn, color=True).count("\x1b[9;") == 5  # SGR 9: crossed out
    assert "\x1b[9;" not in render_text(placed, color=True)
    # SVG: hatched and struck through on the board before; the squares left empty outlined after
    root = ET.fromstring(render_svg(withdrawn))
    before, after = board(root, "before"), board(root, "after")
    assert squares_of(before, "withdrawn") == WINDY and not classes(before, "new")
    assert squares_of(after, "vacated") == WINDY and not classes(after, "tile")
    assert "withdrawn-hatch" in {p.get("id") for p in root.iter(f"{SVG}pattern")}
    for tile in classes(before, "withdrawn"):
        assert tile.find(f"{SVG}rect").get("fill") == "url(#withdrawn-hatch)"
        assert tile.find(f"{SVG}line") is not None  # struck
    new = classes(board(ET.fromstring(render_svg(placed)), "after"), "new")
    assert [g.get("data-square") for g in new] == WINDY
    for tile in new:
        assert tile.find(f"{SVG}line") is None
        assert tile.find(f"{SVG}rect").get("fill") != "url(#withdrawn-hatch)"


# -- SVG and HTML ----------------------------------------------------------------------------------


class Page(HTMLParser):
    """An HTML page read with the standard library: every element closed in order (void ones
    apart), the tags used, the text, and the rows of the score table."""

    VOID = frozenset({"meta", "br", "hr", "img", "input", "link"})

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.tags: Counter[str] = Counter()
        self.text: list[str] = []
        self.breakdown: list[list[str]] = []
        self._in_breakdown = self._in_cell = False
        self.feed(page)
        self.close()
        assert not self.open, self.open

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        if tag == "table":
            self._in_breakdown = ("class", "breakdown") in attrs
        if self._in_breakdown and tag == "tr":
            self.breakdown.append([])
        if self._in_breakdown and tag in ("td", "th"):
            self.breakdown[-1].append("")
            self._in_cell = True
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags[tag] += 1

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, (tag, self.open)
        self.open.pop()
        self._in_cell = self._in_cell and tag not in ("td", "th")
        if tag == "table":
            self._in_breakdown = False

    def handle_data(self, data):
        self.text.append(data)
        if self._in_cell and self._in_breakdown:
            self.breakdown[-1][-1] += data


def svg_table(root: ET.Element) -> list[list[str]]:
    """The score table of an SVG: each row's texts, in order, the empty cells left out."""
    [table] = classes(root, "breakdown")
    return [[t.text for t in row.iter(f"{SVG}text") if t.text]
            for row in table if row.get("class") in ("head", "row")]


def test_svg_and_html_show_the_score_table_and_a_legend():
    # CAMISESVEGADES (see test_catalan_bingo_worked_out): the seven tiles of CAMISES played through
    shown = shown_at(CATALAN, line=14)
    tiles = ("(C) 2 + (A) 1 + (M) 2 + (I) 1 + (S) 1 + (E) 1 + (S) 1 + V 4 + E 1 + G 3 + "
             "A 1 x DL = 2 + D 2 + E 1 + S 1")
    expected = [["word", "tile by tile", "letters", "word premium", "score"],
                ["CAMISESVEGADES", tiles, "23", "x3 (TW)", "69"],
                ["bingo", "7 tiles", "+50"],
                ["total", "119"]]
    root = ET.fromstring(render_svg(shown))
    assert svg_table(root) == expected
    assert next(classes(root, "breakdown")[0].iter(f"{SVG}text")).text == "score"
    assert "total 119; recorded 119: agrees" in [t.text for t in root.iter(f"{SVG}text")]
    assert squares_of(board(root, "after"), "through") == [f"{c}8" for c in "BCDEFGH"]
    legend = {g.get("data-kind"): g for g in classes(root, "legend-item")}
    assert set(legend) == {"TW", "DW", "TL", "DL", "tile", "blank", "through", "new", "withdrawn"}
    for kind in ("blank", "through", "new", "withdrawn"):  # drawn as on the boards
        assert classes(legend[kind], kind), kind
    page = Page(render_html(shown))
    assert [[cell for cell in row if cell] for row in page.breakdown] == expected
    assert "total 119; recorded 119: agrees" in page.text
    assert len(classes(ET.fromstring(render_svg(shown, caption=False)), "legend-item")) == 9
    # a line that is no play has no table
    assert not classes(ET.fromstring(render_svg(shown_at(CATALAN, line=20))), "breakdown")


def test_everything_from_the_record_is_escaped(tmp_path):
    evil = '<script>alert("x")</script> & ]]> \'q\''
    game = tmp_path / 'a<b>&"c".gcg'
    game.write_text(f"#player1 a<b> {evil}\n#player2 b&c Bob\n>a<b>: DINNVWY 8D WINDY +32 32\n"
                    f"#note {evil}\n>b&c: EEIOQRU 7C QUEER +40 40\n#note <i>{evil}</i>\n",
                    encoding="utf-8")
    for line, note in (("3", evil), ("5", f"<i>{evil}</i>")):
        result = run(str(game), "--line", line, "-f", "svg")
        assert result.exit_code == 0, result.output
        root = ET.fromstring(result.output)
        assert all(e.tag.startswith(SVG) for e in root.iter())  # no element from the record
        texts = " ".join(t.text or "" for t in root.iter())
        assert f'a<b>&"c".gcg, line {line}' in texts and root.get("aria-label").startswith(str(game))
        result = run(str(game), "--line", line, "-f", "html")
        assert result.exit_code == 0, result.output
        page = Page(result.output)
        assert set(page.tags) <= {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p",
                                  "svg", "defs", "pattern", "rect", "text", "g", "line", "polygon",
                                  "table", "tr", "th", "td", "ul", "li"}, page.tags
        assert f"{game}, line {line}" in "".join(page.text)
        assert evil in page.text and note in page.text  # the name, the line's note
    assert "total 38; recorded 40: differs by 2" in page.text



def test_svg_is_xml_with_225_squares_and_the_boards_tiles():
    shown = shown_at(CATALAN, line=14)
    root = ET.fromstring(render_svg(shown))
    assert root.tag == f"{SVG}svg"
    before, after = board(root, "before"), board(root, "after")
    assert len(classes(before, "sq")) == len(classes(after, "sq")) == 225
    assert len(classes(after, "tile")) == shown.after.count == 63
    assert len(classes(before, "tile")) == shown.before.count == 56
    assert not classes(before, "new")
    assert len(classes(root, "rack-tile")) == 7
    assert set(squares_of(after, "new")) == {f"{c}8" for c in "IJKLMNO"}


def test_svg_catalan_digraphs():
    shown = shown_at(CATALAN)  # the last play: every tile but the end racks on the board
    root = board(ET.fromstring(render_svg(shown)), "after")
    labels = tile_labels(root)
    for label in ("L·L", "NY", "QU", "Ç"):
        assert label in labels, label
    assert len(labels) == shown.after.count
    blanks = [g for g in classes(root, "blank") if g in classes(root, "tile")]
    assert [next(g.iter(f"{SVG}text")).text for g in blanks] == ["n"]
    # a blank has no value in its corner; a natural tile has one (the label, then the value)
    assert len(list(blanks[0].iter(f"{SVG}text"))) == 1
    ella = next(g for g in classes(root, "tile") if next(g.iter(f"{SVG}text")).text == "L·L")
    texts = list(ella.iter(f"{SVG}text"))
    assert texts[1].text == "10"
    assert float(texts[0].get("font-size")) < 24  # three characters in one square: smaller


def test_svg_spanish_digraphs_and_blank_rr():
    shown = shown_at(SPANISH)
    root = ET.fromstring(render_svg(shown))
    labels = tile_labels(root)
    for label in ("CH", "LL", "RR", "Ñ"):
        assert label in labels, label
    assert "rr" in [next(g.iter(f"{SVG}text")).text for g in classes(root, "blank")]
    assert "[" not in "".join(labels)  # one square, no brackets


def test_html_wraps_the_svg():
    shown = shown_at(SPANISH, line=11)
    page = render_html(shown)
    assert page.startswith("<!DOCTYPE html>")
    svg = page[page.index("<svg"): page.index("</svg>") + 6]
    assert len(classes(ET.fromstring(svg), "sq")) == 2 * 225
    assert "CA[rr]ETER" in page and "recorded 68: agrees" in page


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the pixels (RGB, 3 bytes each) of an 8-bit RGB or RGBA PNG, not
    interlaced (what Chromium writes), decoded with zlib and struct."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data[pos + 8:pos + 8 + length])
        elif kind == b"IDAT":
            idat.append(data[pos + 8:pos + 8 + length])
        pos += 12 + length
    assert header is not None
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, header
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), width * bpp
    prev, pixels = bytearray(stride), []
    for y in range(height):
        start = y * (stride + 1)
        method, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if method:  # PNG's filters 1-4: Sub, Up, Average, Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                if method == 1:
                    line[i] = (line[i] + a) & 0xFF
                elif method == 2:
                    line[i] = (line[i] + b) & 0xFF
                elif method == 3:
                    line[i] = (line[i] + (a + b) // 2) & 0xFF
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        pixels += [bytes(line[i:i + 3]) for i in range(0, stride, bpp)]
        prev = line
    return width, height, pixels


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("ADJUDICATE_REQUIRE_BROWSER"),
                    reason="no Chromium (Debian's package chromium; .ci/run installs it and sets "
                    "ADJUDICATE_REQUIRE_BROWSER, so that this test runs there)")
@pytest.mark.parametrize("path", [SPANISH, CATALAN], ids=["spanish", "catalan"])
@pytest.mark.parametrize("fmt", ["html", "svg"])
def test_renders_in_headless_chromium(tmp_path, path, fmt):
    """A screenshot of the page in a real browser is not blank: the two boards' tiles, the new
    ones and the premium squares are there, in their colours."""
    assert CHROMIUM, "ADJUDICATE_REQUIRE_BROWSER is set and no chromium is installed"
    shown = shown_at(path)
    page = tmp_path / f"board.{fmt}"
    page.write_text(render_html(shown) if fmt == "html" else render_svg(shown), encoding="utf-8")
    png = tmp_path / "board.png"
    # the page at half scale: 1320 x 1200 CSS pixels in a 660 x 600 picture
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
               "--force-device-scale-factor=0.5", f"--screenshot={png}", "--window-size=1320,1200",
               page.as_uri()]
    done = subprocess.run(command, check=False, capture_output=True, timeout=120,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert png.exists(), ("no screenshot written", done.stderr[-2000:])
    width, height, pixels = read_png(png.read_bytes())
    assert (width, height) == (660, 600)
    colours = Counter(pixels)

    def near(rgb: str) -> int:
        want = bytes.fromhex(rgb.lstrip("#"))
        return sum(n for got, n in colours.items() if max(abs(x - y) for x, y in zip(got, want)) <= 3)

    assert len(colours) > 300  # letters, edges and shading: not a flat picture
    assert colours[b"\xff\xff\xff"] < 0.7 * width * height  # mostly drawn, not white
    tiles = shown.before.count + shown.after.count
    assert near("#f0d49b") > 40 * tiles  # the tiles' wheat (about 100 pixels each)
    assert near("#ffd23f") > 40 * len(shown.marked)  # the new tiles' yellow
    assert near("#d9443b") > 40 * 8  # the triple word squares left empty
    assert near("#efe9d8") > 1000  # the plain squares


# -- the link from rescore -------------------------------------------------------------------------


def test_rescore_table_links_each_play_discrepancy_to_show(tmp_path):
    bad = tmp_path / "bad.gcg"
    bad.write_text(CATALAN.read_text(encoding="utf-8").replace("+126 126", "+124 124"),
                   encoding="utf-8")
    result = CliRunner().invoke(adjudicate.cli.app, ["rescore", str(bad), "--rules", "catalan"])
    assert result.exit_code == 1
    rows = [row for row in result.output.splitlines() if "recorded +124" in row or "cumulative 206" in row]
    assert [row.split()[0] for row in rows] == ["7", "10"]
    # (below the table, a command a line; one too long for a line on three, as a shell reads them)
    explained = result.stdout.split("\nexplained by:\n", 1)[1].replace(" \\\n    ", " ")
    assert explained.splitlines()[:2] == [
        f"  adjudicate show {bad} --line 7 --rules catalan", f"  adjudicate show {bad} --line 10 --rules catalan"]
    shown = run(str(bad), "--line", "7", "--rules", "catalan")
    assert shown.exit_code == 0
    assert "total 126; recorded 124: differs by 2" in shown.output
    clean = CliRunner().invoke(adjudicate.cli.app, ["rescore", str(CATALAN)])
    assert "adjudicate show" not in clean.output  # nothing to explain


def test_every_linked_corpus_discrepancy_can_be_shown(corpus):
    """What rescore links to, show explains: each discrepancy on a play of the corpus."""
    from adjudicate.rescore import rescore_game

    shown_count = 0
    for row in TABLE.read_text(encoding="utf-8").splitlines():
        if not row or row.startswith("#") or row.split("\t")[1] != "discrepancy":
            continue
        name = row.split("\t")[0]
        record = read_gcg((corpus / "gcg" / name).read_bytes(), name=name)
        ruleset, reason = choose_ruleset(record)
        report = rescore_game(record, ruleset, reason=reason)
        plays = {e.line for e in report.events if e.kind == "play"}
        for line in sorted({d.line for d in report.discrepancies if d.line in plays})[:5]:
            shown = show_event(record, find_event(record, line=line), ruleset, reason=reason)
            text = render_text(shown)
            ET.fromstring(render_svg(shown))
            Page(render_html(shown))
            assert shown.discrepancies and all(m in text for m in shown.discrepancies), (name, line)
            shown_count += 1
    assert shown_count > 20


def test_a_move_after_the_end_is_shown_as_such_and_its_score_as_nothing(corpus: Path, tmp_path: Path) -> None:
    """HastyBot's I on line 45 comes after RightBehindYou went out on line 44: not replayed, +0.
    With line 43 written one square off (it cannot be placed), the end is a guess and the recorded
    +5 is kept; the text says which."""
    path = corpus / "gcg" / "magpie-data" / "move_event_after_game_end.gcg"
    text = render_text(shown_at(path, line=45))
    assert "the play comes after the end of the game: not replayed, it counts nothing" in text
    assert "score +0; recorded +5: differs by 5" in text
    assert "could not be put on the board" not in text
    guessed = tmp_path / "guessed.gcg"
    guessed.write_bytes(path.read_bytes().replace(b">HastyBot: EIU 13M .EU +10 516", b">HastyBot: EIU 13L JEU +10 516"))
    text = render_text(shown_at(guessed, line=45))
    assert "after the end of the game: not replayed, its recorded score kept" in text
    assert "score +5; recorded +5: agrees" in text


def test_the_going_out_play_s_totals_are_before_the_out_play_line():
    """fx_fise_outplay.gcg: beto goes out at line 18 (.IGLECGH +88, 600); his +9 comes at line 19.
    `show --line 18` said 609: the replay cut short at line 18 counted the out-play lines it lacks
    as missing, as if the game's record ended there."""
    from adjudicate.rescore import replay_until

    record = read_gcg((GAMES / "fx_fise_outplay.gcg").read_bytes())
    ruleset, _ = choose_ruleset(record)
    point = replay_until(record, ruleset, 18)
    assert point.computed_after == [596, 600]
    assert not [d for d in point.report.discrepancies]
    out_play = replay_until(record, ruleset, 19)
    assert out_play.computed_before == [596, 600] and out_play.computed_after == [596, 609]


def test_a_play_that_could_not_be_placed_is_not_said_to_agree(tmp_path):
    """Its score is the record's own, counted unchecked: "recorded +5: agrees" said otherwise."""
    game = tmp_path / "off.gcg"
    game.write_text("#player1 a Alice\n#player2 b Bob\n>a: EHMOIII 8E HOME +18 18\n"
                    ">b: ABIIIII 7O AB +5 5\n", encoding="utf-8")
    text = render_text(shown_at(game, line=4))
    assert "the play could not be put on the board" in text
    assert "counted as recorded, +5: not checked" in text
    assert "agrees" not in text


def test_the_ruleset_line_reads_as_rescores_header_does() -> None:
    """One reason, written by the library (rules.ruleset_text) for rescore's header, JSON and show."""
    text = render_text(shown_at(SPANISH)).splitlines()
    assert text[1] == ("ruleset fise, from the record's #lexicon FILE2017; "
                       "spelling: bracketed digraphs ([LL]AMARAD at line 10)")
    result = run(str(SPANISH), "--rules", "fise", "--set", "exchange_min_bag=1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].startswith(
        "ruleset fise, from --rules fise (the record's #lexicon: FILE2017), with exchange_min_bag=1; ")
