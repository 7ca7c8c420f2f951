"""`adjudicate show -f svg|html`: the shown event as a picture (:mod:`adjudicate.picture`).

Held to well-formed XML with both boards (225 squares each), their tiles and the digraph labels
(Catalan L·L NY QU Ç, Spanish CH LL RR Ñ and a blank [rr]), the score table and the legend, the
tiles a withdrawal takes back drawn apart from the tiles put down, everything from the record
escaped; and to a real browser's rendering (Debian's Chromium: skipped only when it is missing and
ADJUDICATE_REQUIRE_BROWSER is unset, as .ci/run sets it).
"""

from __future__ import annotations

import os
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

from adjudicate.gcg import read_gcg
from adjudicate.picture import render_html, render_svg
from adjudicate.recount import choose_ruleset
from adjudicate.show import find_event, render_text, show_event

GAMES = Path(__file__).parent / "data" / "games"
CATALAN = GAMES / "fx_catalan_outplay.gcg"
SPANISH = GAMES / "fx_fise_outplay.gcg"
TABLE = Path(__file__).parent / "data" / "corpus_expected.tsv"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(adjudicate.cli.app, ["show", *args], env=env)


def shown_at(path: Path, line: int | None = None, turn: int | None = None):
    record = read_gcg(path.read_bytes(), name=path.name)
    return show_event(record, find_event(record, line=line, turn=turn))


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


WITHDRAWAL = (b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n>a: DINNVWY -- -32 0\n"
              b">b: EEIOQRU 8D QUEER +36 36\n")
WINDY = ["D8", "E8", "F8", "G8", "H8"]


def test_withdrawn_tiles_look_different_from_placed_ones():
    """Hatched and struck through on the board before; the squares left empty outlined after (the
    text's marks: tests/test_show.py)."""
    record = read_gcg(WITHDRAWAL)
    withdrawn = show_event(record, find_event(record, line=4))
    placed = show_event(record, find_event(record, line=3))
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


def test_every_linked_corpus_discrepancy_can_be_shown(corpus):
    """What rescore links to, show explains: each discrepancy on a play of the corpus."""
    from adjudicate.recount import rescore_game

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


def test_an_unplaced_plays_tiles_are_drawn_as_not_placed(unplaced_catalan):
    """A play that could not be placed (issue 25, item 5; the record and its arithmetic:
    tests/conftest.py): its tiles hatched grey with a dotted edge, never as placed, on the board
    after it and on the next line's board before; a legend row says what they are."""
    record = read_gcg(unplaced_catalan, name="unplaced.gcg")
    root = ET.fromstring(render_svg(show_event(record, find_event(record, line=6))))
    after = board(root, "after")
    assert squares_of(after, "unplaced") == ["H4", "H5"] and not classes(after, "new")
    assert not classes(board(root, "before"), "unplaced")
    assert "unplaced-hatch" in {p.get("id") for p in root.iter(f"{SVG}pattern")}
    for tile in classes(after, "unplaced"):
        assert tile.find(f"{SVG}rect").get("fill") == "url(#unplaced-hatch)"
    [item] = [g for g in classes(root, "legend-item") if g.get("data-kind") == "unplaced"]
    assert "".join(item.itertext()).endswith(
        "a tile of a play that could not be placed (line 6), drawn where the record writes it: "
        "not placed")
    texts = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert "see the discrepancy below" in texts and "discrepancy: line 6: H4 ANY." in texts
    following = ET.fromstring(render_svg(show_event(record, find_event(record, line=7))))
    assert squares_of(board(following, "before"), "unplaced") == ["H4", "H5"]
    assert squares_of(board(following, "after"), "unplaced") == ["H4", "H5", "G6", "I6"]
    texts = " ".join("".join(t.itertext()) for t in following.iter(f"{SVG}text"))
    assert "discrepancy" not in texts and "which lacks the play at line 6" in texts
    # A picture without such tiles has no such row, nor the pattern.
    clean = ET.fromstring(render_svg(show_event(record, find_event(record, line=5))))
    assert not [g for g in classes(clean, "legend-item") if g.get("data-kind") == "unplaced"]
    assert "unplaced-hatch" not in {p.get("id") for p in clean.iter(f"{SVG}pattern")}
