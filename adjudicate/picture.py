"""A shown event as a picture: :func:`render_svg` (both boards side by side, a legend, the score
worked out as a table; to print or put on a screen) and :func:`render_html` (the picture with the
heading, the players' scores and the score's arithmetic around it). What is drawn is a
:class:`~adjudicate.show.Shown`; the words and numbers come from :mod:`adjudicate.show`'s text
renderers, so the picture and the text never say different things. Every text from the record is
escaped. Nothing here prints.
"""

from __future__ import annotations

import html

from adjudicate.board import Board, Layout
from adjudicate.errors import AdjudicateError
from adjudicate.notation import COLUMNS, square_name
from adjudicate.rules import ruleset_text
from adjudicate.show import (
    BREAKDOWN_HEAD,
    Shown,
    breakdown_rows,
    cell_label,
    heading,
    score_cell,
    score_lines,
    score_title,
)
from adjudicate.tiles import BLANK_BIT, BRACKETED, parse_rack

__all__ = ["render_html", "render_svg"]


def escape(text: str) -> str:
    """Text for an element's content: ``&``, ``<`` and ``>`` as entities (the standard library's
    ``html.escape``; ``xml.sax.saxutils.escape``, which writes the same, imports urllib.request,
    http.client, ssl and email: 20 ms of a picture's start-up)."""
    return html.escape(text, quote=False)


# -- SVG -------------------------------------------------------------------------------------------

SQ = 40  # pixels per square
_MARGIN = 26  # room for the coordinates
_GAP = 34  # between the boards before and after
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
_MONO_WIDTH = 7.6  # pixels per character of the 12.5-pixel monospaced text
_SVG_PREMIUM = {"TW": ("#d9443b", "#ffffff"), "DW": ("#f4aaa4", "#7a1f1a"),
                "TL": ("#2f74c0", "#ffffff"), "DL": ("#b3d6f0", "#1d4f7a"),
                "4W": ("#8c1c13", "#ffffff"), "4L": ("#1b3f8b", "#ffffff")}  # (Super Scrabble's)
_SVG_PLAIN = "#efe9d8"
_TILE_FILL, _TILE_EDGE = "#f0d49b", "#9c7a3c"
_NEW_FILL, _NEW_EDGE = "#ffd23f", "#c1121f"
_BLANK_FILL, _BLANK_INK = "#ffffff", "#1d5fbf"
_THROUGH_EDGE = "#1b7a5a"  # a tile the play goes through: counted again, without its premium
_WITHDRAWN_EDGE = "#7a1f1a"  # a tile taken back: hatched, struck through, a dashed edge
_UNPLACED_INK = "#6b6b6b"  # a tile of a play that could not be placed: grey hatch, dotted edge
_DEFS = ('<defs><pattern id="withdrawn-hatch" width="7" height="7" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="7" height="7" fill="#fbe3e1"/>'
         '<rect width="2.5" height="7" fill="#e8908a"/></pattern></defs>')
# (only in a picture that has such tiles: every other picture stays as it was)
_UNPLACED_DEFS = ('<defs><pattern id="unplaced-hatch" width="7" height="7" '
                  'patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="7" '
                  'height="7" fill="#f2f2f2"/><rect width="2" height="7" fill="#cfcfcf"/></pattern></defs>')

# What the legend shows: the premium squares, then each kind of tile (the class it has on a board).
_LEGEND_SQUARES = (("4W", "quadruple word"), ("TW", "triple word"), ("DW", "double word (the centre: a star)"),
                   ("4L", "quadruple letter"), ("TL", "triple letter"), ("DL", "double letter"))
_LEGEND_TILES = (("", "a tile, its value in the corner"), ("blank", "a blank (scores 0)"),
                 ("through", "played through (counted, no premium)"),
                 ("new", "placed by this line"), ("withdrawn", "taken back (phony withdrawn)"))


def _tile_svg(x: float, y: float, size: float, label: str, value: int | None, *, blank: bool,
              kind: str = "", cls: str, square: str = "") -> str:
    """One tile: a rounded square, its label (smaller for digraphs), its value in the corner (none
    on a blank, which is white with a coloured letter). ``kind``: ``new`` (placed by the line:
    yellow, a red edge), ``withdrawn`` (taken back: hatched, struck, a dashed edge), ``through``
    (played through: a green edge), ``unplaced`` (of a play that could not be placed: a grey
    hatch, a dotted edge, grey ink) or plain."""
    pad = size * 0.06
    new = kind == "new"
    fill = {"withdrawn": "url(#withdrawn-hatch)", "unplaced": "url(#unplaced-hatch)"}.get(
        kind, _BLANK_FILL if blank else (_NEW_FILL if new else _TILE_FILL))
    edge = {"new": _NEW_EDGE, "through": _THROUGH_EDGE, "withdrawn": _WITHDRAWN_EDGE,
            "unplaced": _UNPLACED_INK}.get(kind, "#6b6b6b" if blank else _TILE_EDGE)
    width = size * (0.035 if not kind else 0.08)
    dashes = {"withdrawn": "4 2.5", "unplaced": "1.5 2.5"}.get(kind, "3 2" if blank and not kind else "")
    text = label.strip("[]")
    n = len(text)
    font = size * (0.6 if n == 1 else 0.44 if n == 2 else 0.38)
    ink = _UNPLACED_INK if kind == "unplaced" else (_BLANK_INK if blank else "#1a1a1a")
    valued = value is not None and not blank
    # Leave the bottom right corner to the value (two digits need more room: Ç 10, L·L 10).
    cx = x + size * ((0.42 if value >= 10 else 0.45) if value is not None and not blank else 0.5)
    cy = y + size * (0.46 if valued else 0.5) + font * 0.36
    if text in ("Ç", "Q", "J"):  # a descender: keep it clear of the value
        cy -= size * 0.04
    attrs = f' data-square="{square}"' if square else ""
    parts = [
        f'<g class="{cls}{" " + kind if kind else ""}{" blank" if blank else ""}"{attrs}>',
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{size - 2 * pad:.1f}" '
        f'height="{size - 2 * pad:.1f}" rx="{size * 0.12:.1f}" fill="{fill}" stroke="{edge}" '
        f'stroke-width="{width:.1f}"' + (f' stroke-dasharray="{dashes}"' if dashes else "") + "/>",
        f'<text x="{cx:.1f}" y="{cy:.1f}" text-anchor="middle" font-size="{font:.1f}" '
        f'font-weight="bold" fill="{ink}"' + (' font-style="italic"' if blank else "")
        + f">{escape(text)}</text>",
    ]
    if valued:
        parts.append(f'<text x="{x + size * 0.88:.1f}" y="{y + size * 0.86:.1f}" '
                     f'text-anchor="end" font-size="{size * 0.22:.1f}" fill="#1a1a1a">{value}</text>')
    if kind == "withdrawn":  # struck through, corner to corner
        parts.append(f'<line x1="{x + 2 * pad:.1f}" y1="{y + size - 2 * pad:.1f}" '
                     f'x2="{x + size - 2 * pad:.1f}" y2="{y + 2 * pad:.1f}" stroke="{_WITHDRAWN_EDGE}" '
                     f'stroke-width="{size * 0.05:.1f}" stroke-linecap="round"/>')
    parts.append("</g>")
    return "".join(parts)


def _wrap(text: str, width: int) -> list[str]:
    """Break a line to at most ``width`` characters: at its ``+`` signs when it has them (a word's
    sum), else at spaces; continuation lines are indented."""
    if len(text) <= width:
        return [text]
    indent = " " * (len(text) - len(text.lstrip()) + 4)
    sep = " + " if " + " in text else " "
    lines, current = [], ""
    for piece in text.split(sep):
        candidate = f"{current}{sep}{piece}" if current else piece
        if len(candidate) > width and current.strip():
            lines.append(current + sep.rstrip())
            current = indent + piece
        else:
            current = candidate
    lines.append(current)
    return lines


def _board_svg(board: Board, x0: float, y0: float, title: str, cls: str, *,
               kinds: dict[int, str], vacated: tuple[int, ...] = ()) -> list[str]:
    """One board, its ``title`` on the baseline ``y0``, then the coordinates and the squares; a
    tile's look by ``kinds`` (square -> ``new``, ``withdrawn``, ``through``); the squares
    ``vacated`` (a withdrawal's, on the board after it) outlined."""
    alphabet, layout = board.alphabet, board.layout
    grid_x, grid_y = x0 + _MARGIN, y0 + 8 + _MARGIN
    n = board.size
    size = SQ * n
    out = [f'<g class="board {cls}">',
           (f'<text x="{grid_x}" y="{y0}" font-size="14" font-weight="bold" fill="#1a1a1a">'
           f"{escape(title)}</text>")]
    for c, letter in enumerate(COLUMNS[:n]):
        out.append(f'<text x="{grid_x + c * SQ + SQ / 2:.0f}" y="{grid_y - 8}" font-size="13" '
                   f'text-anchor="middle" fill="#555">{letter}</text>')
    for r in range(n):
        out.append(f'<text x="{grid_x - 5}" y="{grid_y + r * SQ + SQ / 2 + 5:.0f}" font-size="13" '
                   f'text-anchor="end" fill="#555">{r + 1}</text>')
    out.append(f'<rect x="{grid_x - 2}" y="{grid_y - 2}" width="{size + 4}" height="{size + 4}" '
               'fill="#8c8c7a"/>')
    for sq in range(n * n):
        r, c = divmod(sq, n)
        x, y = grid_x + c * SQ, grid_y + r * SQ
        name = layout.premium_name(sq)
        fill, ink = _SVG_PREMIUM.get(name, (_SVG_PLAIN, "#555"))
        out.append(f'<rect class="sq" data-square="{square_name(sq, n)}" x="{x + 1}" y="{y + 1}" '
                   f'width="{SQ - 2}" height="{SQ - 2}" fill="{fill}"/>')
        if sq == layout.centre:
            out.append(_star(x + SQ / 2, y + SQ / 2, SQ * 0.3, ink))
        elif name:
            out.append(f'<text x="{x + SQ / 2:.0f}" y="{y + SQ / 2 + 4:.0f}" font-size="11" '
                       f'text-anchor="middle" fill="{ink}">{name}</text>')
        if sq in vacated:
            out.append(f'<rect class="vacated" data-square="{square_name(sq, n)}" x="{x + 3}" '
                       f'y="{y + 3}" width="{SQ - 6}" height="{SQ - 6}" rx="{SQ * 0.12:.1f}" '
                       f'fill="none" stroke="{_WITHDRAWN_EDGE}" stroke-width="1.5" '
                       'stroke-dasharray="4 2.5"/>')
    for sq in range(n * n):
        t = board.grid[sq]
        if t:
            r, c = divmod(sq, n)
            blank = bool(t & BLANK_BIT)
            out.append(_tile_svg(grid_x + c * SQ, grid_y + r * SQ, SQ, cell_label(t, alphabet),
                                 None if blank else alphabet.score(t), blank=blank,
                                 kind=kinds.get(sq, ""), cls="tile", square=square_name(sq, n)))
    out.append("</g>")
    return out


def _legend_svg(x0: float, y0: float, layout: Layout, unplaced: str | None = None) -> tuple[list[str], float]:
    """The key to the pictures, from ``y0`` down: a row of the premium squares ``layout`` has
    (Super Scrabble's quadruple squares too), a row of tiles, and when the picture has tiles of a
    play that could not be placed, a row saying so (``unplaced``). Returns the elements and the
    height used."""
    size = SQ * 0.7
    out = ['<g class="legend">']
    names = {layout.premium_name(square) for square in range(layout.size * layout.size)}
    squares = tuple(item for item in _LEGEND_SQUARES if item[0] in names)
    rows: tuple[tuple[tuple[str, str], ...], ...] = (squares, _LEGEND_TILES) + (
        ((("unplaced", unplaced),),) if unplaced else ())
    for row, items in enumerate(rows):
        x, y = x0, y0 + row * (size + 8)
        for key, label in items:
            out.append(f'<g class="legend-item" data-kind="{key or "tile"}">')
            if row == 0:
                fill, ink = _SVG_PREMIUM[key]
                out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
                           f'fill="{fill}"/><text x="{x + size / 2:.1f}" y="{y + size / 2 + 4:.1f}" '
                           f'font-size="11" text-anchor="middle" fill="{ink}">{key}</text>')
            else:
                blank = key == "blank"
                out.append(_tile_svg(x, y, size, "a" if blank else "A", None if blank else 1,
                                     blank=blank, kind="" if blank else key, cls="legend-tile"))
            out.append(f'<text x="{x + size + 6:.1f}" y="{y + size / 2 + 4.5:.1f}" font-size="12.5" '
                       f'fill="#1a1a1a">{escape(label)}</text></g>')
            x += size + 6 + 6.9 * len(label) + 22
    out.append("</g>")
    return out, len(rows) * (size + 8) - 8


def _table_svg(x0: float, y0: float, title: str, rows: list[tuple[str, ...]],
               width: float) -> tuple[list[str], float]:
    """The score table in monospaced text, its ``title`` above; the tile-by-tile column wraps at
    its ``+`` signs to fit ``width`` pixels. Returns the elements and the height used."""
    table = [BREAKDOWN_HEAD, *rows]
    chars = int(width / _MONO_WIDTH)
    others = sum(max(len(row[i]) for row in table) + 3 for i in (0, 2, 3, 4))
    fit = max(24, chars - others)
    cells = [[_wrap(cell, fit) if i == 1 else [cell] for i, cell in enumerate(row)] for row in table]
    widths = [max(len(line) for row in cells for line in row[i]) for i in range(len(BREAKDOWN_HEAD))]
    out = ['<g class="breakdown">',
           (f'<text x="{x0}" y="{y0 + 13}" font-size="13" font-weight="bold" fill="#1a1a1a">'
           f"{escape(title)}</text>")]
    y = y0 + 20
    for n, row in enumerate(cells):
        height = max(len(lines) for lines in row)
        out.append(f'<g class="{"head" if n == 0 else "row"}">')
        x = x0
        for i, lines in enumerate(row):
            right = i >= 2 and n > 0 and i != 3  # numbers to the right
            for k, line in enumerate(lines):
                anchor = x + widths[i] * _MONO_WIDTH if right else x
                out.append(f'<text x="{anchor:.1f}" y="{y + 13 + 17 * k}" font-size="12.5" '
                           f'font-family="{_MONO}" fill="#1a1a1a" xml:space="preserve"'
                           + (' text-anchor="end"' if right else "")
                           + (' font-weight="bold"' if n == 0 else "") + f">{escape(line)}</text>")
            x += (widths[i] + 3) * _MONO_WIDTH
        out.append("</g>")
        if n == 0:
            out.append(f'<line x1="{x0}" y1="{y + 18}" x2="{x - 3 * _MONO_WIDTH:.1f}" y2="{y + 18}" '
                       'stroke="#999"/>')
        y += 17 * height + (4 if n == 0 else 0)
    out.append("</g>")
    return out, y - y0 + 4


def render_svg(shown: Shown, *, caption: bool = True) -> str:
    """The boards before and after the event side by side, the event's tiles marked (placed: on
    the board after; taken back: on the board before), the mover's rack and a legend; with
    ``caption`` the heading and the score worked out (a table). Standalone SVG."""
    alphabet = shown.alphabet
    back = shown.marked_on_before
    kinds = {sq: "through" for sq in shown.through}
    kinds.update({sq: "withdrawn" if back else "new" for sq in shown.marked})
    kinds.update({sq: "unplaced" for sq in shown.unplaced_after})  # (not placed: not "new")
    before_kinds = kinds if back else {}
    if shown.unplaced_before:
        before_kinds = {**before_kinds, **{sq: "unplaced" for sq in shown.unplaced_before}}
    board_width = _MARGIN + SQ * shown.after.size + 4
    board_height = 8 + _MARGIN + SQ * shown.after.size + 4  # from a board's title's baseline
    width = 2 * board_width + _GAP + 12
    head_lines = _wrap(heading(shown, short=True), int(width / 9)) if caption else []
    top = 10 + 20 * len(head_lines) + 20
    body: list[str] = []
    body += _board_svg(shown.before, 0, top, f"Before line {shown.line}", "before",
                       kinds=before_kinds)
    after_kinds = {sq: "unplaced" for sq in shown.unplaced_after} if back else kinds
    body += _board_svg(shown.after, board_width + _GAP, top, f"After line {shown.line}", "after",
                       kinds=after_kinds, vacated=shown.marked if back else ())
    y: float = top + board_height + 14
    grid_x = _MARGIN
    if shown.rack:
        label = f"rack of {shown.nick}:"
        body.append(f'<text x="{grid_x}" y="{y + SQ * 0.5:.0f}" font-size="13" '
                    f'fill="#1a1a1a">{escape(label)}</text>')
        x0 = grid_x + 9 + 7.5 * len(label)
        try:  # (the rack shown is in canonical labels: the bracketed spelling)
            rack = parse_rack(shown.rack, alphabet.spelled(BRACKETED))
        except AdjudicateError:
            rack = ()
        for i, t in enumerate(rack):
            blank = t == 0
            body.append(_tile_svg(x0 + i * SQ * 0.8, y, SQ * 0.8,
                                  "?" if blank else cell_label(t, alphabet),
                                  None if blank else alphabet.score(t), blank=blank,
                                  cls="rack-tile"))
        y += SQ * 0.8 + 12
    unplaced = shown.unplaced_text(mark="")
    legend, height = _legend_svg(grid_x, y, shown.before.layout, unplaced)
    body += legend
    y += height + 14
    if caption and shown.explanation is not None:
        table, height = _table_svg(grid_x, y, score_title(shown),
                                   breakdown_rows(shown.explanation, alphabet), width - grid_x - 12)
        body += table
        y += height
    if caption:
        raw = score_lines(shown, lambda s, t: t, words=False) + [
            f"discrepancy: {m}" for m in shown.discrepancies] + [f"info: {m}" for m in shown.info]
        chars = int((width - grid_x - 12) / _MONO_WIDTH)
        for line in (piece for one in raw for piece in _wrap(one, chars)):
            colour = "#b00020" if line.startswith("discrepancy") or "differs by" in line else "#1a1a1a"
            body.append(f'<text x="{grid_x}" y="{y + 13:.0f}" font-size="12.5" font-family="{_MONO}" '
                        f'fill="{colour}" xml:space="preserve">{escape(line)}</text>')
            y += 17
    height = y + 8
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="{_FONT}" role="img" '
        f'aria-label="{html.escape(heading(shown), quote=False).replace(chr(34), "&quot;")}">'),
        f"<title>{escape(heading(shown))}</title>",
        _DEFS + (_UNPLACED_DEFS if unplaced else ""),
        f'<rect width="{width}" height="{height:.0f}" fill="#ffffff"/>',
    ]
    for i, line in enumerate(head_lines):
        out.append(f'<text x="{grid_x}" y="{10 + 15 + 20 * i}" font-size="15" font-weight="bold" '
                   f'fill="#1a1a1a">{escape(line)}</text>')
    out += body
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _star(cx: float, cy: float, radius: float, colour: str) -> str:
    import math

    points = []
    for k in range(10):
        rad = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + rad * math.cos(angle):.1f},{cy - rad * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="{colour}"/>'


# -- HTML ------------------------------------------------------------------------------------------

_CSS = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 16px; color: #1a1a1a; }
h1 { font-size: 18px; margin: 0 0 4px; }
h2 { font-size: 15px; margin: 12px 0 2px; }
p.rules { margin: 0 0 10px; color: #555; font-size: 13px; }
svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 8px 0; font-size: 14px; }
th, td { padding: 2px 10px; text-align: left; border-bottom: 1px solid #ddd; vertical-align: top; }
td.n { text-align: right; }
tr.to-move { font-weight: bold; }
table.breakdown td { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
table.breakdown td.tiles { max-width: 700px; }
ul.score { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px;
           list-style: none; padding-left: 0; max-width: 900px; }
ul.score li.sub { padding-left: 2em; text-indent: -1em; }
.bad { color: #b00020; }
.good { color: #1b7a1b; }
@media print { body { margin: 0; } }
"""


def _breakdown_html(shown: Shown) -> list[str]:
    """The score table (:func:`breakdown_rows`), numbers to the right."""
    if shown.explanation is None:
        return []
    out = [f"<h2>{escape(score_title(shown))}</h2>", '<table class="breakdown">',
           "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in BREAKDOWN_HEAD) + "</tr>"]
    for row in breakdown_rows(shown.explanation, shown.alphabet):
        cells = [f'<td class="{"tiles" if i == 1 else "n" if i in (2, 4) else "w"}">{escape(cell)}</td>'
                 for i, cell in enumerate(row)]
        out.append(f"<tr>{''.join(cells)}</tr>")
    out.append("</table>")
    return out


def render_html(shown: Shown) -> str:
    """A page: the heading, the SVG boards and legend, racks and scores, the score table and the
    total against the record, discrepancies."""
    rows = []
    for p in shown.players:
        attr = ' class="to-move"' if p.to_move else ""
        rows.append(
            f"<tr{attr}><td>{escape(p.nick)}</td>"
            f"<td>{escape(p.name)}</td><td>{escape(p.rack or '')}</td>"
            f'<td class="n">{escape(score_cell(p.recorded_before, p.computed_before))}</td>'
            f'<td class="n">{escape(score_cell(p.recorded_after, p.computed_after))}</td></tr>')
    items = []
    for raw in score_lines(shown, lambda s, t: t, words=False):
        cls = "bad" if "differs by" in raw else "good" if "agrees" in raw else ""
        cls += " sub" if raw.startswith("  ") else ""
        items.append(f'<li class="{cls.strip()}">{escape(raw.strip())}</li>')
    problems = "".join(f'<li class="bad">{escape(m)}</li>' for m in shown.discrepancies)
    problems += "".join(f"<li>info: {escape(m)}</li>" for m in shown.info)
    notes = "".join(f"<li>{escape(n)}</li>" for n in shown.notes)
    title = escape(heading(shown))
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1>",
        (f'<p class="rules">{escape(ruleset_text(shown.ruleset, shown.ruleset_reason))}; '
         f"bag: {shown.bag_before} tiles before, {shown.bag_after} after</p>"),
        render_svg(shown, caption=False),
        "<table><tr><th>player</th><th>name</th><th>rack</th><th>before</th><th>after</th></tr>",
        *rows,
        "</table>",
        *_breakdown_html(shown),
        f'<ul class="score">{"".join(items)}</ul>',
        f'<ul class="discrepancies">{problems}</ul>' if problems else "",
        f"<ul class=\"notes\">{notes}</ul>" if notes else "",
        "</body></html>",
        "",
    ])
