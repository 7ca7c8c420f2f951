"""One event of a game, shown: the board before and after, racks, scores, and the score worked out.

:func:`show_event` replays a record up to one event (:func:`adjudicate.rescore.replay_until`) and
returns a :class:`Shown`: both boards, the squares the event changed, every player's totals
before and after (the record's and ours), the racks that are known, the line's discrepancies, and
for a play an :class:`Explanation` of its score, word by word and tile by tile. Three renderings:
:func:`render_text` (with ANSI colours on request; without them still readable: premiums as
``+TW +DW +TL +DL``, never to be read as a digraph tile, new tiles marked ``*``, tiles a withdrawal
takes back ``-``, blanks lowercase), :func:`render_svg` (a picture to print or put on a screen:
both boards, a legend, the score as a table) and :func:`render_html` (the picture with the text
around it). Nothing here prints.

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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from adjudicate.board import Board, Move
from adjudicate.errors import AdjudicateError
from adjudicate.gcg import GameRecord, GcgEvent
from adjudicate.notation import BOARD_SIZE, COLUMNS, square_name
from adjudicate.printable import printable
from adjudicate.replay import TURN_KINDS
from adjudicate.rescore import choose_ruleset, replay_until
from adjudicate.rules import OUTPLAY_DOUBLE, Ruleset, ruleset_text
from adjudicate.scoring import (
    ScoreBreakdown,
    WordScore,
    format_breakdown,
    format_tile_scores,
    format_word_premiums,
    format_word_score,
    score_play,
)
from adjudicate.tiles import (
    BLANK_BIT,
    BRACKETED,
    LETTER_MASK,
    Alphabet,
    format_rack,
    format_tiles,
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
    def through(self) -> tuple[int, ...]:
        """The squares whose tiles the scored play goes through (in brackets in its breakdown)."""
        if self.explanation is None:
            return ()
        return tuple(sorted({sq for w in self.explanation.words for i, sq in enumerate(w.squares)
                             if i not in w.new}))

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
        ruleset_reason=point.report.ruleset_reason + (f"; spelling: {point.report.spelling_reason}"
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
# Tiles a withdrawal takes back: struck through, on light red.
_WITHDRAWN_STYLE = "\x1b[9;30;48;5;210m"
_WITHDRAWN_BLANK_STYLE = "\x1b[9;38;5;124;48;5;210m"
_GOOD, _BAD, _BOLD = "\x1b[32m", "\x1b[1;31m", "\x1b[1m"

NEW_MARK, WITHDRAWN_MARK = "*", "-"  # after a tile's label: placed by the line; taken back by it
PREMIUM_MARK = "+"  # before a premium's name without colour: +DL is a square, DL or LL would be a tile

LEGEND = ("TW DW TL DL: premium squares (triple, double word; triple, double letter; the centre\n"
          "H8 is a DW); lowercase: a blank (scores 0)")


def plain_legend(alphabet: Alphabet) -> str:
    """:data:`LEGEND` without colour: the premiums' mark, and the digraph tiles a square may hold."""
    digraphs = [label.strip("[]") for label in alphabet.labels if len(label.strip("[]")) > 1]
    tiles = f" ({', '.join(digraphs)}: one tile each)" if digraphs else ""
    return ("+TW +DW +TL +DL: premium squares (triple, double word; triple, double letter; the\n"
            f"centre H8 is a +DW); tiles in capitals{tiles}; lowercase: a blank (scores 0)")


def _cell_label(tile: int, alphabet: Alphabet) -> str:
    """A tile's label on the board: canonical without brackets (CH, L·L), a blank lowercase."""
    return format_word((tile & (LETTER_MASK | BLANK_BIT),), alphabet).strip("[]")


def render_board_text(board: Board, marked: tuple[int, ...] = (), *, color: bool = False,
                      withdrawn: bool = False) -> list[str]:
    """15 rows under a row of column letters; each square 4 characters: a tile's label (``*`` after
    the ones ``marked``, ``-`` when ``withdrawn``: taken back), a premium's name (without ``color``
    after ``+``, so that a square never reads as a digraph tile), ``.`` for a plain square."""
    alphabet, layout = board.alphabet, board.layout
    flag = WITHDRAWN_MARK if withdrawn else NEW_MARK
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
                text = _cell_label(t, alphabet).rjust(3) + (flag if new else " ")
                if new and withdrawn:
                    style = _WITHDRAWN_BLANK_STYLE if t & BLANK_BIT else _WITHDRAWN_STYLE
                else:
                    style = ((_NEW_BLANK_STYLE if new else _BLANK_STYLE) if t & BLANK_BIT
                             else (_NEW_STYLE if new else _TILE_STYLE))
            else:
                name = layout.premium_name(sq)
                label = name if color or not name else PREMIUM_MARK + name
                text = (label or ".").rjust(3) + " "
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

    out = [paint(_BOLD, _heading(shown)), ruleset_text(shown.ruleset, shown.ruleset_reason), ""]
    back = shown.marked_on_before
    mark = (f" ({WITHDRAWN_MARK}: the tiles taken back)" if back
            else f" ({NEW_MARK}: the tiles placed)") if shown.marked else ""
    out.append(f"Before line {shown.line}" + (mark if back else ""))
    out += render_board_text(shown.before, shown.marked if back else (), color=color, withdrawn=back)
    out.append("")
    out.append(f"After line {shown.line}" + ("" if back else mark))
    out += render_board_text(shown.after, () if back else shown.marked, color=color)
    out.append(LEGEND if color else plain_legend(shown.alphabet))
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


def _score_title(shown: Shown) -> str:
    return "the withdrawn play scored" if shown.kind == "phony_withdrawn" else "score"


def _score_lines(shown: Shown, paint: Any, *, words: bool = True) -> list[str]:
    """The score worked out (a play), or the recorded and computed score of the line. Without
    ``words`` the lines that :func:`_breakdown_rows` puts in a table are left out."""
    exp = shown.explanation
    out = []
    if exp is not None:
        if words:
            out.append(f"{_score_title(shown)}:")
            for n, w in enumerate(exp.words):
                out.append(f"  {_paint_word(w, shown.alphabet, paint)}"
                           + ("" if n == 0 else "   (cross word)"))
            if exp.bingo:
                out.append(f"  bingo ({exp.tiles_placed} tiles) +{exp.bingo}")
        line = verdict(exp)
        if exp.differs_by:
            line = paint(_BAD, line)
        elif exp.recorded is not None:
            line = paint(_GOOD, line)
        out.append(f"  {line}" if words else line)
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


# -- the score table (SVG and HTML) ----------------------------------------------------------------

BREAKDOWN_HEAD = ("word", "tile by tile", "letters", "word premium", "score")


def _breakdown_rows(explanation: Explanation, alphabet: Alphabet) -> list[tuple[str, ...]]:
    """The score as a table, from the scorer's :class:`~adjudicate.scoring.WordScore` (what the
    text writes on one line a word): a row a word (main word first, then the cross words), the
    bingo bonus, the total."""
    rows: list[tuple[str, ...]] = []
    for n, w in enumerate(explanation.words):
        rows.append((format_tiles(w.tiles, alphabet) + ("" if n == 0 else " (cross word)"),
                     " + ".join(format_tile_scores(w, alphabet)), str(w.letters),
                     format_word_premiums(w), str(w.score)))
    if explanation.bingo:
        rows.append(("bingo", f"{explanation.tiles_placed} tiles", "", "", f"+{explanation.bingo}"))
    rows.append(("total", "", "", "", str(explanation.total)))
    return rows


# -- SVG -------------------------------------------------------------------------------------------

SQ = 40  # pixels per square
_MARGIN = 26  # room for the coordinates
_GAP = 34  # between the boards before and after
_BOARD_WIDTH = _MARGIN + SQ * BOARD_SIZE + 4
_BOARD_HEIGHT = 8 + _MARGIN + SQ * BOARD_SIZE + 4  # from a board's title's baseline
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
_MONO_WIDTH = 7.6  # pixels per character of the 12.5-pixel monospaced text
_SVG_PREMIUM = {"TW": ("#d9443b", "#ffffff"), "DW": ("#f4aaa4", "#7a1f1a"),
                "TL": ("#2f74c0", "#ffffff"), "DL": ("#b3d6f0", "#1d4f7a")}
_SVG_PLAIN = "#efe9d8"
_TILE_FILL, _TILE_EDGE = "#f0d49b", "#9c7a3c"
_NEW_FILL, _NEW_EDGE = "#ffd23f", "#c1121f"
_BLANK_FILL, _BLANK_INK = "#ffffff", "#1d5fbf"
_THROUGH_EDGE = "#1b7a5a"  # a tile the play goes through: counted again, without its premium
_WITHDRAWN_EDGE = "#7a1f1a"  # a tile taken back: hatched, struck through, a dashed edge
_DEFS = ('<defs><pattern id="withdrawn-hatch" width="7" height="7" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="7" height="7" fill="#fbe3e1"/>'
         '<rect width="2.5" height="7" fill="#e8908a"/></pattern></defs>')

# What the legend shows: the premium squares, then each kind of tile (the class it has on a board).
_LEGEND_SQUARES = (("TW", "triple word"), ("DW", "double word (the centre: a star)"),
                   ("TL", "triple letter"), ("DL", "double letter"))
_LEGEND_TILES = (("", "a tile, its value in the corner"), ("blank", "a blank (scores 0)"),
                 ("through", "played through (counted, no premium)"),
                 ("new", "placed by this line"), ("withdrawn", "taken back (phony withdrawn)"))


def _tile_svg(x: float, y: float, size: float, label: str, value: int | None, *, blank: bool,
              kind: str = "", cls: str, square: str = "") -> str:
    """One tile: a rounded square, its label (smaller for digraphs), its value in the corner (none
    on a blank, which is white with a coloured letter). ``kind``: ``new`` (placed by the line:
    yellow, a red edge), ``withdrawn`` (taken back: hatched, struck, a dashed edge), ``through``
    (played through: a green edge) or plain."""
    pad = size * 0.06
    new = kind == "new"
    fill = "url(#withdrawn-hatch)" if kind == "withdrawn" else (
        _BLANK_FILL if blank else (_NEW_FILL if new else _TILE_FILL))
    edge = {"new": _NEW_EDGE, "through": _THROUGH_EDGE, "withdrawn": _WITHDRAWN_EDGE}.get(
        kind, "#6b6b6b" if blank else _TILE_EDGE)
    width = size * (0.035 if not kind else 0.08)
    dashes = "4 2.5" if kind == "withdrawn" else ("3 2" if blank and not kind else "")
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
    size = SQ * BOARD_SIZE
    out = [f'<g class="board {cls}">',
           (f'<text x="{grid_x}" y="{y0}" font-size="14" font-weight="bold" fill="#1a1a1a">'
           f"{escape(title)}</text>")]
    for c, letter in enumerate(COLUMNS):
        out.append(f'<text x="{grid_x + c * SQ + SQ / 2:.0f}" y="{grid_y - 8}" font-size="13" '
                   f'text-anchor="middle" fill="#555">{letter}</text>')
    for r in range(BOARD_SIZE):
        out.append(f'<text x="{grid_x - 5}" y="{grid_y + r * SQ + SQ / 2 + 5:.0f}" font-size="13" '
                   f'text-anchor="end" fill="#555">{r + 1}</text>')
    out.append(f'<rect x="{grid_x - 2}" y="{grid_y - 2}" width="{size + 4}" height="{size + 4}" '
               'fill="#8c8c7a"/>')
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
        if sq in vacated:
            out.append(f'<rect class="vacated" data-square="{square_name(sq)}" x="{x + 3}" '
                       f'y="{y + 3}" width="{SQ - 6}" height="{SQ - 6}" rx="{SQ * 0.12:.1f}" '
                       f'fill="none" stroke="{_WITHDRAWN_EDGE}" stroke-width="1.5" '
                       'stroke-dasharray="4 2.5"/>')
    for sq in range(BOARD_SIZE * BOARD_SIZE):
        t = board.grid[sq]
        if t:
            r, c = divmod(sq, BOARD_SIZE)
            blank = bool(t & BLANK_BIT)
            out.append(_tile_svg(grid_x + c * SQ, grid_y + r * SQ, SQ, _cell_label(t, alphabet),
                                 None if blank else alphabet.score(t), blank=blank,
                                 kind=kinds.get(sq, ""), cls="tile", square=square_name(sq)))
    out.append("</g>")
    return out


def _legend_svg(x0: float, y0: float) -> tuple[list[str], float]:
    """The key to the pictures, from ``y0`` down: a row of premium squares, a row of tiles. Returns
    the elements and the height used."""
    size = SQ * 0.7
    out = ['<g class="legend">']
    rows: tuple[tuple[tuple[str, str], ...], ...] = (_LEGEND_SQUARES, _LEGEND_TILES)
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
    return out, 2 * size + 8


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
    width = 2 * _BOARD_WIDTH + _GAP + 12
    head_lines = _wrap(_heading(shown, short=True), int(width / 9)) if caption else []
    top = 10 + 20 * len(head_lines) + 20
    body: list[str] = []
    body += _board_svg(shown.before, 0, top, f"Before line {shown.line}", "before",
                       kinds=kinds if back else {})
    body += _board_svg(shown.after, _BOARD_WIDTH + _GAP, top, f"After line {shown.line}", "after",
                       kinds={} if back else kinds, vacated=shown.marked if back else ())
    y: float = top + _BOARD_HEIGHT + 14
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
                                  "?" if blank else _cell_label(t, alphabet),
                                  None if blank else alphabet.score(t), blank=blank,
                                  cls="rack-tile"))
        y += SQ * 0.8 + 12
    legend, height = _legend_svg(grid_x, y)
    body += legend
    y += height + 14
    if caption and shown.explanation is not None:
        table, height = _table_svg(grid_x, y, _score_title(shown),
                                   _breakdown_rows(shown.explanation, alphabet), width - grid_x - 12)
        body += table
        y += height
    if caption:
        raw = _score_lines(shown, lambda s, t: t, words=False) + [
            f"discrepancy: {m}" for m in shown.discrepancies]
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
        f'aria-label="{escape(_heading(shown), {chr(34): "&quot;"})}">'),
        f"<title>{escape(_heading(shown))}</title>",
        _DEFS,
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
    """The score table (:func:`_breakdown_rows`), numbers to the right."""
    if shown.explanation is None:
        return []
    out = [f"<h2>{escape(_score_title(shown))}</h2>", '<table class="breakdown">',
           "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in BREAKDOWN_HEAD) + "</tr>"]
    for row in _breakdown_rows(shown.explanation, shown.alphabet):
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
            f'<td class="n">{escape(_score_cell(p.recorded_before, p.computed_before))}</td>'
            f'<td class="n">{escape(_score_cell(p.recorded_after, p.computed_after))}</td></tr>')
    items = []
    for raw in _score_lines(shown, lambda s, t: t, words=False):
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
