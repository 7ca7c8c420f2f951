"""One event of a game, shown: the board before and after, racks, scores, and the score worked out.

:func:`show_event` replays a record up to one event (:func:`adjudicate.rescore.replay_until`) and
returns a :class:`Shown`: both boards, the squares the event changed, every player's totals
before and after (the record's and ours), the racks that are known, the line's discrepancies, and
for a play an :class:`Explanation` of its score, word by word and tile by tile. Three renderings:
:func:`render_text` (with ANSI colours on request; without them still readable: premiums as
``TW DW TL DL``, new tiles marked ``*``, blanks lowercase), :func:`render_svg` (a picture to print
or put on a screen) and :func:`render_html` (the picture with the text around it). Nothing here
prints.

>>> from adjudicate.gcg import read_gcg
>>> record = read_gcg(b"#player1 doug Doug\\n#player2 emely Emely\\n"
...                   b">doug: DINNVWY 8D WINDY +32 32\\n>emely: EEIOQRU 7C QUEER +40 40\\n")
>>> shown = show_event(record, find_event(record))  # the last play
>>> print(format_explanation(shown.explanation, shown.alphabet))
QUEER: Q 10 x DL = 20 + U 1 + E 1 + E 1 + R 1 x DL = 2 = 25
UW: U 1 + (W) 4 = 5
EI: E 1 + (I) 1 = 2
EN: E 1 + (N) 1 = 2
RD: R 1 x DL = 2 + (D) 2 = 4
total 38; recorded 40: differs by 2
>>> [square_name(sq) for sq in shown.marked]
['C7', 'D7', 'E7', 'F7', 'G7']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from adjudicate.board import Board, Move
from adjudicate.errors import AdjudicateError
from adjudicate.gcg import GameRecord, GcgEvent
from adjudicate.notation import BOARD_SIZE, COLUMNS, square_name
from adjudicate.printable import printable
from adjudicate.replay import TURN_KINDS
from adjudicate.rescore import choose_ruleset, replay_until
from adjudicate.rules import OUTPLAY_DOUBLE, Ruleset
from adjudicate.scoring import (
    ScoreBreakdown,
    WordScore,
    format_breakdown,
    format_word_score,
    score_play,
)
from adjudicate.tiles import (
    BLANK_BIT,
    BRACKETED,
    LETTER_MASK,
    Alphabet,
    format_rack,
    format_word,
    parse_rack,
)

__all__ = [
    "Explanation", "ShowError", "Shown", "explain_move", "find_event", "format_explanation",
    "render_html", "render_svg", "render_text", "show_event",
]


class ShowError(AdjudicateError):
    """The event asked for is not in the record (no such line or turn, a line that is no event)."""


# -- the score, explained --------------------------------------------------------------------------


@dataclass(slots=True)
class Explanation:
    """A play's score worked out (:class:`~adjudicate.scoring.ScoreBreakdown`: the main word, then
    the cross words; the bingo bonus; the total) beside the record's, when it gives one."""

    breakdown: ScoreBreakdown
    recorded: int | None = None

    @property
    def words(self) -> tuple[WordScore, ...]:
        return self.breakdown.words

    @property
    def total(self) -> int:
        return self.breakdown.total

    @property
    def bingo(self) -> int:
        return self.breakdown.bingo_bonus

    @property
    def tiles_placed(self) -> int:
        return self.breakdown.tiles_placed

    @property
    def differs_by(self) -> int | None:
        return None if self.recorded is None else self.recorded - self.total


def explain_move(board: Board, move: Move, *, bingo: tuple[int, int] = (7, 50),
                 recorded: int | None = None) -> Explanation:
    """Work out ``move``'s score on ``board`` (before or after it is placed) tile by tile."""
    return Explanation(score_play(board, move, bingo_tiles=bingo[0], bingo_bonus=bingo[1]), recorded)


def verdict(explanation: Explanation) -> str:
    """``total 98; recorded 96: differs by 2`` (or ``: agrees``, or no record)."""
    text = f"total {explanation.total}"
    if explanation.recorded is not None:
        diff = explanation.recorded - explanation.total
        text += f"; recorded {explanation.recorded}: " + (
            "agrees" if diff == 0 else f"differs by {abs(diff)}")
    return text


def format_explanation(explanation: Explanation, alphabet: Alphabet) -> str:
    """One line per word (main word first), then the bingo bonus and the total against the record."""
    lines = format_breakdown(explanation.breakdown, alphabet).splitlines()[:-1]
    lines.append(verdict(explanation))
    return "\n".join(lines)


# -- the event -------------------------------------------------------------------------------------


@dataclass(slots=True)
class PlayerLine:
    nick: str
    name: str
    rack: str | None  # canonical, ``?`` a blank; None when unknown
    recorded_before: int | None
    computed_before: int
    recorded_after: int | None
    computed_after: int
    to_move: bool


@dataclass(slots=True)
class Shown:
    """Everything shown for one event (see the module docstring)."""

    file: str
    ruleset: str
    ruleset_reason: str
    alphabet: Alphabet
    line: int
    turn: int | None  # the turn number (plays, passes, exchanges, 1-based); the last one before
    kind: str
    nick: str
    name: str
    summary: str  # "plays 8D WINDY", "passes", "withdraws the phony 8D WINDY (line 3)", ...
    rack: str | None
    before: Board
    after: Board
    marked: tuple[int, ...]  # the squares the event placed (or, for a withdrawal, took back)
    marked_on_before: bool  # True for a withdrawal: the marked tiles are on the board before
    players: list[PlayerLine]
    bag_before: int
    bag_after: int
    recorded_score: int | None
    computed_score: int | None
    explanation: Explanation | None
    rack_values: list[tuple[str, int]] | None = None  # end-of-game lines: each tile's value
    rack_factor: int = 1  # 2 for a NASPA out-play
    discrepancies: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def board(self) -> Board:
        """The board pictured alone (SVG): after the event, or before a withdrawal."""
        return self.before if self.marked_on_before else self.after


def find_event(record: GameRecord, *, turn: int | None = None, line: int | None = None) -> GcgEvent:
    """The event on GCG line ``line``, or the ``turn``-th turn (plays, passes and exchanges,
    1-based), or by default the last play. Raises :class:`ShowError` saying what is there instead."""
    events = record.events
    if turn is not None and line is not None:
        raise ShowError("give --turn or --line, not both")
    span = f"lines {events[0].line}-{events[-1].line}" if events else "no line"
    if line is not None:
        found = next((e for e in events if e.line == line), None)
        if found is not None:
            return found
        what = _what_is_on(record, line)
        raise ShowError(f"{record.name}: line {line} is not a move{what} (the events are on {span})")
    if turn is not None:
        turns = [e for e in events if e.kind in TURN_KINDS]
        if not 1 <= turn <= len(turns):
            raise ShowError(f"{record.name}: no turn {turn}: the record has {len(turns)} turns "
                            "(plays, passes and exchanges)")
        return turns[turn - 1]
    plays = [e for e in events if e.kind == "play"]
    if not plays:
        raise ShowError(f"{record.name}: no play in this record (give --line or --turn)")
    return plays[-1]


def _what_is_on(record: GameRecord, line: int) -> str:
    for problem in record.problems:
        if problem.line == line and problem.kind == "parse":
            return f": it could not be read ({problem.message})"
    for number, keyword, _ in record.pragmas:
        if number == line:
            return f": it is a #{keyword} line"
    for event in record.events:
        if line in event.note_lines:
            return f": it is a note to line {event.line}"
    if line in record.note_lines:
        return ": it is a note"
    if line < 1:
        return ": lines are numbered from 1"
    return ""


def show_event(record: GameRecord, event: GcgEvent, ruleset: Ruleset | None = None, *,
               reason: str | None = None, spelling: str | None = None) -> Shown:
    """Replay ``record`` to ``event`` and gather what is shown (see :class:`Shown`). ``spelling``
    as :func:`~adjudicate.rescore.rescore_game` takes it."""
    if ruleset is None:
        ruleset, reason = choose_ruleset(record)
    point = replay_until(record, ruleset, event.line, reason=reason, spelling=spelling)
    alphabet = point.after.alphabet
    result = point.result
    kind = event.kind
    before, after = point.before, point.after
    changed = tuple(sq for sq in range(BOARD_SIZE * BOARD_SIZE) if before.grid[sq] != after.grid[sq])
    marked_on_before = kind == "phony_withdrawn"
    explanation = None
    move = result.move if result is not None else None
    if kind == "play" and move is not None:
        explanation = explain_move(after, move, bingo=point.bingo, recorded=event.score)
    elif kind == "phony_withdrawn" and point.last_move is not None:
        explanation = explain_move(before, point.last_move, bingo=point.bingo)
    turn = sum(1 for e in record.events if e.kind in TURN_KINDS and e.line <= event.line) or None
    names = {p.nick: printable(p.name) for p in record.players}  # (what a file says, shown: escaped)
    seat = point.nicks.index(result.player) if result is not None and result.player in point.nicks \
        else (point.nicks.index(event.nick) if event.nick in point.nicks else -1)
    rack = _rack(event.rack if not event.unknown_rack else None, alphabet)
    rack = printable(rack) if rack else rack
    players = []
    for i, nick in enumerate(point.nicks):
        known = point.racks_before[i]
        players.append(PlayerLine(
            printable(nick), names.get(nick, printable(nick)),
            rack if i == seat else (format_rack(known, alphabet) if known else None),
            point.recorded_before[i], point.computed_before[i],
            point.recorded_after[i], point.computed_after[i], i == seat))
    rack_values = None
    factor = 1
    if kind in ("end_rack_points", "end_rack_penalty") and event.tiles:
        try:
            tiles = parse_rack(event.tiles, alphabet)
            rack_values = [(format_rack((t,), alphabet), alphabet.score(t)) for t in tiles]
        except AdjudicateError:
            rack_values = None
        if kind == "end_rack_points" and ruleset.outplay == OUTPLAY_DOUBLE:
            factor = 2
    return Shown(
        file=record.name, ruleset=ruleset.name,
        ruleset_reason=(reason or ruleset.name) + (f"; spelling: {point.report.spelling_reason}"
                                                   if point.report.spelling_reason else ""),
        alphabet=alphabet, line=event.line, turn=turn, kind=kind,
        nick=printable(result.player if result is not None else event.nick),
        name=names.get(event.nick, printable(event.nick)),
        summary=printable(_summary(event, point, alphabet, record)), rack=rack,
        before=before, after=after, marked=changed, marked_on_before=marked_on_before,
        players=players, bag_before=point.bag_before, bag_after=point.bag_after,
        recorded_score=event.score,
        computed_score=result.computed_score if result is not None else None,
        explanation=explanation, rack_values=rack_values, rack_factor=factor,
        discrepancies=[d.message for d in point.discrepancies],
        notes=list(event.notes),
    )


def _rack(text: str | None, alphabet: Alphabet) -> str | None:
    if not text:
        return None
    try:
        return format_rack(parse_rack(text, alphabet), alphabet)
    except AdjudicateError:
        return text


def _summary(event: GcgEvent, point: Any, alphabet: Alphabet, record: GameRecord) -> str:
    kind = event.kind
    before = [e for e in record.events if e.line < event.line]
    play = before[-1] if before and before[-1].kind == "play" else None
    of_play = f" {play.position} {play.tiles} (line {play.line})" if play else ""
    if kind == "play":
        tiles = event.tiles or ""
        result = point.result
        if result is not None and result.move is not None:
            main = result.move.main
            tiles = format_word([t if i in main.new else -1 for i, t in enumerate(main.tiles)],
                                alphabet)
        return f"plays {event.position} {tiles}"
    if kind == "pass":
        return "passes"
    if kind == "exchange":
        if event.tiles:
            return f"exchanges {_rack(event.tiles, alphabet)}"
        return f"exchanges {event.exchange_count} tiles"
    if kind == "phony_withdrawn":
        return f"withdraws the phony{of_play or ' play'}"
    if kind == "challenge_bonus":
        return f"gets a challenge bonus{' for' + of_play if play else ''}"
    if kind == "end_rack_points":
        return f"adds the tiles left on the other racks ({_rack(event.tiles, alphabet)})"
    if kind == "end_rack_penalty":
        return f"subtracts the tiles left on the rack ({_rack(event.tiles, alphabet)})"
    if kind == "time_penalty":
        return "gets a time penalty"
    return kind


# -- text ------------------------------------------------------------------------------------------

_RESET = "\x1b[0m"
# 256-colour backgrounds: premium squares as on the board, tiles wheat, new tiles yellow.
_PREMIUM_STYLE = {"TW": "\x1b[97;48;5;160m", "DW": "\x1b[30;48;5;217m",
                  "TL": "\x1b[97;48;5;26m", "DL": "\x1b[30;48;5;117m"}
_PLAIN_STYLE = "\x1b[2m"
_TILE_STYLE = "\x1b[30;48;5;223m"
_NEW_STYLE = "\x1b[1;30;48;5;220m"
_BLANK_STYLE = "\x1b[38;5;124;48;5;231m"
_NEW_BLANK_STYLE = "\x1b[1;38;5;124;48;5;220m"
_GOOD, _BAD, _BOLD = "\x1b[32m", "\x1b[1;31m", "\x1b[1m"

LEGEND = ("TW DW TL DL: premium squares (triple, double word; triple, double letter; the centre\n"
          "H8 is a DW); lowercase: a blank (scores 0)")


def _cell_label(tile: int, alphabet: Alphabet) -> str:
    """A tile's label on the board: canonical without brackets (CH, L·L), a blank lowercase."""
    return format_word((tile & (LETTER_MASK | BLANK_BIT),), alphabet).strip("[]")


def render_board_text(board: Board, marked: tuple[int, ...] = (), *, color: bool = False) -> list[str]:
    """15 rows under a row of column letters; each square 4 characters: a tile's label (``*`` after
    the ones ``marked``), a premium's name, ``.`` for a plain square."""
    alphabet, layout = board.alphabet, board.layout
    marked_set = set(marked)
    head = "   " + " ".join(f"  {c} " for c in COLUMNS)
    lines = [head.rstrip()]
    for r in range(BOARD_SIZE):
        cells = []
        for c in range(BOARD_SIZE):
            sq = r * BOARD_SIZE + c
            t = board.grid[sq]
            if t:
                new = sq in marked_set
                text = _cell_label(t, alphabet).rjust(3) + ("*" if new else " ")
                style = ((_NEW_BLANK_STYLE if new else _BLANK_STYLE) if t & BLANK_BIT
                         else (_NEW_STYLE if new else _TILE_STYLE))
            else:
                name = layout.premium_name(sq)
                text = (name or ".").rjust(3) + " "
                style = _PREMIUM_STYLE.get(name, _PLAIN_STYLE)
            cells.append(f"{style}{text}{_RESET}" if color else text)
        lines.append((f"{r + 1:>2} " + " ".join(cells)).rstrip())
    return lines


def _score_cell(recorded: int | None, computed: int) -> str:
    if recorded is None or recorded == computed:
        return str(computed if recorded is None else recorded)
    return f"{recorded} (computed {computed})"


def render_text(shown: Shown, *, color: bool = False) -> str:
    """The event as text: heading, the board before and after, racks and scores, the score worked
    out, the line's discrepancies. ``color``: ANSI colours (premiums, new tiles, blanks)."""
    def paint(style: str, text: str) -> str:
        return f"{style}{text}{_RESET}" if color else text

    out = [paint(_BOLD, _heading(shown)), f"ruleset {shown.ruleset} ({shown.ruleset_reason})", ""]
    back = shown.marked_on_before
    mark = f" (*: the tiles {'taken back' if back else 'placed'})" if shown.marked else ""
    out.append(f"Before line {shown.line}" + (mark if back else ""))
    out += render_board_text(shown.before, shown.marked if back else (), color=color)
    out.append("")
    out.append(f"After line {shown.line}" + ("" if back else mark))
    out += render_board_text(shown.after, () if back else shown.marked, color=color)
    out.append(LEGEND)
    out.append("")
    rows = [["  player", "name", "rack", "before", "after"]]
    for p in shown.players:
        rows.append([("> " if p.to_move else "  ") + p.nick, p.name, p.rack or "",
                     _score_cell(p.recorded_before, p.computed_before),
                     _score_cell(p.recorded_after, p.computed_after)])
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        cells = [cell.rjust(w) if i >= 3 else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
    out.append(f"bag: {shown.bag_before} tiles before, {shown.bag_after} after")
    out.append("")
    out += _score_lines(shown, paint)
    if shown.discrepancies:
        out.append("")
        out += [paint(_BAD, f"discrepancy: {message}") for message in shown.discrepancies]
    for note in shown.notes:
        out.append(f"note: {note}")
    return "\n".join(out)


def _heading(shown: Shown, *, short: bool = False) -> str:
    """``FILE, line 14, turn 9: núria (Núria Soler) plays 8B .......VEGADES, +119``; ``short``: the
    file's base name."""
    import os

    where = f"line {shown.line}"
    if shown.turn is not None:
        where += f", turn {shown.turn}" if shown.kind in TURN_KINDS else f", after turn {shown.turn}"
    who = shown.nick if shown.name == shown.nick else f"{shown.nick} ({shown.name})"
    name = os.path.basename(shown.file) if short else shown.file
    text = f"{name}, {where}: {who} {shown.summary}"
    if shown.recorded_score is not None:
        text += f", {shown.recorded_score:+d}"
    return text


def _score_lines(shown: Shown, paint: Any) -> list[str]:
    """The score worked out (a play), or the recorded and computed score of the line."""
    exp = shown.explanation
    out = []
    if exp is not None:
        title = "the withdrawn play scored" if shown.kind == "phony_withdrawn" else "score"
        out.append(f"{title}:")
        for n, w in enumerate(exp.words):
            out.append(f"  {_paint_word(w, shown.alphabet, paint)}" + ("" if n == 0 else "   (cross word)"))
        if exp.bingo:
            out.append(f"  bingo ({exp.tiles_placed} tiles) +{exp.bingo}")
        line = verdict(exp)
        if exp.differs_by:
            line = paint(_BAD, line)
        elif exp.recorded is not None:
            line = paint(_GOOD, line)
        out.append(f"  {line}")
        if shown.kind == "phony_withdrawn" and shown.computed_score is not None:
            text = f"withdrawn: {shown.computed_score:+d}"
            if shown.recorded_score is not None:
                text += f"; recorded {shown.recorded_score:+d}"
                if shown.recorded_score == 0 and shown.computed_score:
                    text += " (the old form: the cumulative is set back)"
            out.append(text)
        return out
    if shown.rack_values is not None:
        values = " + ".join(f"{label} {value}" for label, value in shown.rack_values)
        total = sum(v for _, v in shown.rack_values)
        text = f"tiles: {values or 'none'} = {total}"
        if shown.rack_factor > 1:
            text += f", x{shown.rack_factor} = {total * shown.rack_factor}"
        out.append(text)
    unplaced = False
    if shown.kind == "play" and shown.explanation is None:
        if any("after the end of the game" in m for m in shown.discrepancies):
            out.append("the play comes after the end of the game: not replayed, " + (
                "it counts nothing" if not shown.computed_score else
                "its recorded score kept (a play before could not be placed: the end is a guess)"))
        else:
            out.append("the play could not be put on the board (see the discrepancy below)")
            unplaced = True
    computed, recorded = shown.computed_score, shown.recorded_score
    if unplaced and computed is not None:
        # Not replayed: the total goes on with the record's own score, which nothing checked.
        out.append(f"counted as recorded, {computed:+d}: not checked")
    elif computed is not None:
        text = f"score {computed:+d}"
        if recorded is not None:
            text += f"; recorded {recorded:+d}: " + (
                "agrees" if recorded == computed else f"differs by {abs(recorded - computed)}")
            text = paint(_GOOD if recorded == computed else _BAD, text)
        out.append(text)
    return out


def _paint_word(word: WordScore, alphabet: Alphabet, paint: Callable[[str, str], str]) -> str:
    def mark(kind: str, text: str) -> str:
        return paint(_BOLD if kind == "new" else _PREMIUM_STYLE.get(kind, ""), text)

    return format_word_score(word, alphabet, mark)


# -- SVG -------------------------------------------------------------------------------------------

SQ = 40  # pixels per square
_MARGIN = 26  # room for the coordinates
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_SVG_PREMIUM = {"TW": ("#d9443b", "#ffffff"), "DW": ("#f4aaa4", "#7a1f1a"),
                "TL": ("#2f74c0", "#ffffff"), "DL": ("#b3d6f0", "#1d4f7a")}
_SVG_PLAIN = "#efe9d8"
_TILE_FILL, _TILE_EDGE = "#f0d49b", "#9c7a3c"
_NEW_FILL, _NEW_EDGE = "#ffd23f", "#c1121f"
_BLANK_FILL, _BLANK_INK = "#ffffff", "#1d5fbf"


def _tile_svg(x: float, y: float, size: float, label: str, value: int | None, *, blank: bool,
              new: bool, cls: str, square: str = "") -> str:
    """One tile: a rounded square, its label (smaller for digraphs), its value in the corner (none
    on a blank, which is white with a coloured letter)."""
    pad = size * 0.06
    fill = _BLANK_FILL if blank else (_NEW_FILL if new else _TILE_FILL)
    edge = _NEW_EDGE if new else ("#6b6b6b" if blank else _TILE_EDGE)
    width = size * (0.09 if new else 0.035)
    text = label.strip("[]")
    n = len(text)
    font = size * (0.6 if n == 1 else 0.44 if n == 2 else 0.38)
    ink = _BLANK_INK if blank else "#1a1a1a"
    valued = value is not None and not blank
    # Leave the bottom right corner to the value (two digits need more room: Ç 10, L·L 10).
    cx = x + size * ((0.42 if value >= 10 else 0.45) if value is not None and not blank else 0.5)
    cy = y + size * (0.46 if valued else 0.5) + font * 0.36
    if text in ("Ç", "Q", "J"):  # a descender: keep it clear of the value
        cy -= size * 0.04
    attrs = f' data-square="{square}"' if square else ""
    parts = [
        f'<g class="{cls}{" new" if new else ""}{" blank" if blank else ""}"{attrs}>',
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{size - 2 * pad:.1f}" '
        f'height="{size - 2 * pad:.1f}" rx="{size * 0.12:.1f}" fill="{fill}" stroke="{edge}" '
        f'stroke-width="{width:.1f}"' + (' stroke-dasharray="3 2"' if blank and not new else "")
        + "/>",
        f'<text x="{cx:.1f}" y="{cy:.1f}" text-anchor="middle" font-size="{font:.1f}" '
        f'font-weight="bold" fill="{ink}"' + (' font-style="italic"' if blank else "")
        + f">{escape(text)}</text>",
    ]
    if value is not None and not blank:
        parts.append(f'<text x="{x + size * 0.88:.1f}" y="{y + size * 0.86:.1f}" '
                     f'text-anchor="end" font-size="{size * 0.22:.1f}" fill="#1a1a1a">{value}</text>')
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


def render_svg(shown: Shown, *, caption: bool = True) -> str:
    """The board (after the event; before it for a withdrawal) with the event's tiles marked, the
    mover's rack, and with ``caption`` the heading and the score worked out. Standalone SVG."""
    board = shown.board
    alphabet, layout = board.alphabet, board.layout
    marked = set(shown.marked)
    head_lines = _wrap(_heading(shown, short=True), 64) if caption else []
    text_lines: list[str] = []
    if caption:
        raw = _score_lines(shown, lambda s, t: t) + [f"discrepancy: {m}" for m in shown.discrepancies]
        text_lines = [line for one in raw for line in _wrap(one, 80)]
    top = 10 + 20 * len(head_lines)
    grid_x, grid_y = _MARGIN, top + _MARGIN
    size = SQ * BOARD_SIZE
    rack_y = grid_y + size + 14
    rack_h = SQ * 0.8 + 10 if shown.rack else 0
    text_y = rack_y + rack_h + 10
    width = grid_x + size + 12
    height = text_y + 17 * len(text_lines) + 8
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="{_FONT}" role="img" '
        f'aria-label="{escape(_heading(shown), {chr(34): "&quot;"})}">',
        f"<title>{escape(_heading(shown))}</title>",
        f'<rect width="{width}" height="{height:.0f}" fill="#ffffff"/>',
    ]
    for i, line in enumerate(head_lines):
        out.append(f'<text x="{grid_x}" y="{10 + 15 + 20 * i}" font-size="15" font-weight="bold" '
                   f'fill="#1a1a1a">{escape(line)}</text>')
    for c, letter in enumerate(COLUMNS):
        out.append(f'<text x="{grid_x + c * SQ + SQ / 2:.0f}" y="{grid_y - 8}" font-size="13" '
                   f'text-anchor="middle" fill="#555">{letter}</text>')
    for r in range(BOARD_SIZE):
        out.append(f'<text x="{grid_x - 5}" y="{grid_y + r * SQ + SQ / 2 + 5:.0f}" font-size="13" '
                   f'text-anchor="end" fill="#555">{r + 1}</text>')
    out.append(f'<g class="board"><rect x="{grid_x - 2}" y="{grid_y - 2}" width="{size + 4}" '
               f'height="{size + 4}" fill="#8c8c7a"/>')
    for sq in range(BOARD_SIZE * BOARD_SIZE):
        r, c = divmod(sq, BOARD_SIZE)
        x, y = grid_x + c * SQ, grid_y + r * SQ
        name = layout.premium_name(sq)
        fill, ink = _SVG_PREMIUM.get(name, (_SVG_PLAIN, "#555"))
        out.append(f'<rect class="sq" data-square="{square_name(sq)}" x="{x + 1}" y="{y + 1}" '
                   f'width="{SQ - 2}" height="{SQ - 2}" fill="{fill}"/>')
        if sq == layout.centre:
            out.append(_star(x + SQ / 2, y + SQ / 2, SQ * 0.3, ink))
        elif name:
            out.append(f'<text x="{x + SQ / 2:.0f}" y="{y + SQ / 2 + 4:.0f}" font-size="11" '
                       f'text-anchor="middle" fill="{ink}">{name}</text>')
    out.append("</g>")
    for sq in range(BOARD_SIZE * BOARD_SIZE):
        t = board.grid[sq]
        if t:
            r, c = divmod(sq, BOARD_SIZE)
            blank = bool(t & BLANK_BIT)
            out.append(_tile_svg(grid_x + c * SQ, grid_y + r * SQ, SQ, _cell_label(t, alphabet),
                                 None if blank else alphabet.score(t), blank=blank,
                                 new=sq in marked, cls="tile", square=square_name(sq)))
    if shown.rack:
        label = f"rack of {shown.nick}:"
        out.append(f'<text x="{grid_x}" y="{rack_y + SQ * 0.5:.0f}" font-size="13" '
                   f'fill="#1a1a1a">{escape(label)}</text>')
        x0 = grid_x + 9 + 7.5 * len(label)
        try:  # (the rack shown is in canonical labels: the bracketed spelling)
            rack = parse_rack(shown.rack, alphabet.spelled(BRACKETED))
        except AdjudicateError:
            rack = ()
        for i, t in enumerate(rack):
            blank = t == 0
            out.append(_tile_svg(x0 + i * SQ * 0.8, rack_y, SQ * 0.8,
                                 "?" if blank else _cell_label(t, alphabet),
                                 None if blank else alphabet.score(t), blank=blank, new=False,
                                 cls="rack-tile"))
    for i, line in enumerate(text_lines):
        colour = "#b00020" if line.startswith("discrepancy") or "differs by" in line else "#1a1a1a"
        out.append(f'<text x="{grid_x}" y="{text_y + 13 + 17 * i}" font-size="12.5" '
                   f'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" fill="{colour}" '
                   f'xml:space="preserve">{escape(line)}</text>')
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
p.rules { margin: 0 0 10px; color: #555; font-size: 13px; }
svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 8px 0; font-size: 14px; }
th, td { padding: 2px 10px; text-align: left; border-bottom: 1px solid #ddd; }
td.n { text-align: right; }
tr.to-move { font-weight: bold; }
ul.score { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px;
           list-style: none; padding-left: 0; max-width: 900px; }
ul.score li.sub { padding-left: 2em; text-indent: -1em; }
.bad { color: #b00020; }
.good { color: #1b7a1b; }
@media print { body { margin: 0; } }
"""


def render_html(shown: Shown) -> str:
    """A page: the heading, the SVG board, racks and scores, the score worked out, discrepancies."""
    rows = []
    for p in shown.players:
        attr = ' class="to-move"' if p.to_move else ""
        rows.append(
            f"<tr{attr}><td>{escape(p.nick)}</td>"
            f"<td>{escape(p.name)}</td><td>{escape(p.rack or '')}</td>"
            f'<td class="n">{escape(_score_cell(p.recorded_before, p.computed_before))}</td>'
            f'<td class="n">{escape(_score_cell(p.recorded_after, p.computed_after))}</td></tr>')
    items = []
    for raw in _score_lines(shown, lambda s, t: t):
        cls = "bad" if "differs by" in raw else "good" if "agrees" in raw else ""
        cls += " sub" if raw.startswith("  ") else ""
        items.append(f'<li class="{cls.strip()}">{escape(raw.strip())}</li>')
    problems = "".join(f'<li class="bad">{escape(m)}</li>' for m in shown.discrepancies)
    notes = "".join(f"<li>{escape(n)}</li>" for n in shown.notes)
    title = escape(_heading(shown))
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1>",
        f'<p class="rules">ruleset {escape(shown.ruleset)} ({escape(shown.ruleset_reason)}); '
        f"bag: {shown.bag_before} tiles before, {shown.bag_after} after; "
        + ("yellow tiles with a red edge: taken back by this line" if shown.marked_on_before
           else "yellow tiles with a red edge: placed by this line")
        + "; white tiles: blanks</p>",
        render_svg(shown, caption=False),
        "<table><tr><th>player</th><th>name</th><th>rack</th><th>before</th><th>after</th></tr>",
        *rows,
        "</table>",
        f'<ul class="score">{"".join(items)}</ul>',
        f'<ul class="discrepancies">{problems}</ul>' if problems else "",
        f"<ul class=\"notes\">{notes}</ul>" if notes else "",
        "</body></html>",
        "",
    ])
