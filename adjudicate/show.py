"""One event of a game, shown: the board before and after, racks, scores, and the score worked out.

:func:`show_event` replays a record up to one event (:func:`adjudicate.recount.replay_until`) and
returns a :class:`Shown`: both boards, the squares the event changed, every player's totals
before and after (the record's and ours), the racks that are known, the line's discrepancies, and
for a play an :class:`Explanation` of its score, word by word and tile by tile. Three renderings:
:func:`render_text` renders it (with ANSI colours on request; without them still readable:
premiums as ``+TW +DW +TL +DL``, never to be read as a digraph tile, new tiles marked ``*``, tiles
a withdrawal takes back ``-``, blanks lowercase); :mod:`adjudicate.picture` draws it (SVG, HTML)
from the same pieces. Nothing here prints.

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
>>> from adjudicate.notation import square_name
>>> [square_name(sq) for sq in shown.marked]
['C7', 'D7', 'E7', 'F7', 'G7']
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from adjudicate.board import Board, Layout, Move
from adjudicate.errors import AdjudicateError
from adjudicate.game import GameSetup, as_game
from adjudicate.gcg import GameRecord, GcgEvent
from adjudicate.kinds import EventKind
from adjudicate.notation import COLUMNS, square_name
from adjudicate.printable import printable
from adjudicate.replay import TURN_KINDS
from adjudicate.recount import replay_until
from adjudicate.rules import Outplay, Ruleset, ruleset_text
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
    LETTER_MASK,
    Alphabet,
    format_rack,
    format_tiles,
    format_word,
    parse_rack,
)

__all__ = [
    "Explanation", "ShowError", "Shown", "explain_move", "find_event", "format_explanation",
    "render_text", "show_event",
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


def explain_move(board: Board, move: Move, ruleset: Ruleset, *,
                 recorded: int | None = None) -> Explanation:
    """Work out ``move``'s score on ``board`` (before or after it is placed) tile by tile, its
    bingo bonus as ``ruleset`` gives it."""
    return Explanation(score_play(board, move, ruleset), recorded)


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
    kind: EventKind
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
    # What rescore says of the line besides its findings (Info: a score not checked...).
    info: list[str] = field(default_factory=list)
    # square -> line: tiles of plays that could not be placed, on each board (the replay keeps
    # them where the record writes them, so that later plays through them read; drawn as not
    # placed). ``uncertain``: the line of the first play the board before lacks (0: none).
    unplaced_before: dict[int, int] = field(default_factory=dict)
    unplaced_after: dict[int, int] = field(default_factory=dict)
    uncertain: int = 0

    @property
    def placed(self) -> tuple[int, ...]:
        """The squares ``marked`` whose tiles the event placed (not a play that could not be)."""
        return tuple(sq for sq in self.marked if sq not in self.unplaced_after)

    def unplaced_text(self, mark: str | None = None) -> str | None:
        """What the legend says of the tiles drawn as not placed, after ``mark`` (by default the
        text's ``~: ``; None: there are none)."""
        lines = sorted(set(self.unplaced_before.values()) | set(self.unplaced_after.values()))
        if not lines:
            return None
        which = ", ".join(map(str, lines))
        mark = f"{UNPLACED_MARK}: " if mark is None else mark
        return (f"{mark}a tile of a play that could not be placed (line{'s' if len(lines) > 1 else ''} "
                f"{which}), drawn where the record writes it: not placed")

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
    plays = [e for e in events if e.kind == EventKind.PLAY]
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


def show_event(record: GameRecord | GameSetup, event: GcgEvent, ruleset: Ruleset | None = None, *,
               reason: str | None = None, spelling: str | None = None,
               layout: Layout | None = None) -> Shown:
    """Replay ``record`` to ``event`` and gather what is shown (see :class:`Shown`). ``record``, the
    ruleset, ``spelling`` and ``layout`` (the board) as :func:`~adjudicate.recount.rescore_game`
    takes them."""
    game = as_game(record, ruleset, reason=reason, spelling=spelling, layout=layout)
    record, ruleset = game.record, game.ruleset
    point = replay_until(game, None, event.line)
    alphabet = point.after.alphabet
    result = point.result
    kind = event.kind
    before, after = point.before, point.after
    changed = tuple(sq for sq in range(len(after.grid)) if before.grid[sq] != after.grid[sq])
    marked_on_before = kind == EventKind.PHONY_WITHDRAWN
    explanation = None
    move = result.move if result is not None else None
    if kind == EventKind.PLAY and move is not None:
        explanation = explain_move(after, move, ruleset, recorded=event.score)
    elif kind == EventKind.PHONY_WITHDRAWN and point.last_move is not None:
        explanation = explain_move(before, point.last_move, ruleset)
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
    if kind in (EventKind.END_RACK_POINTS, EventKind.END_RACK_PENALTY) and event.tiles:
        try:
            tiles = parse_rack(event.tiles, alphabet)
            rack_values = [(format_rack((t,), alphabet), alphabet.score(t)) for t in tiles]
        except AdjudicateError:
            rack_values = None
        if kind == EventKind.END_RACK_POINTS and ruleset.outplay == Outplay.DOUBLE:
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
        info=[printable(i.message) for i in point.report.info if i.line == event.line and i.message],
        unplaced_before=point.unplaced_before, unplaced_after=point.unplaced_after,
        uncertain=point.uncertain_before,
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
    play = before[-1] if before and before[-1].kind == EventKind.PLAY else None
    of_play = f" {play.position} {play.tiles} (line {play.line})" if play else ""
    if kind == EventKind.PLAY:
        tiles = event.tiles or ""
        result = point.result
        if result is not None and result.move is not None:
            main = result.move.main
            tiles = format_word([t if i in main.new else -1 for i, t in enumerate(main.tiles)],
                                alphabet)
        return f"plays {event.position} {tiles}"
    if kind == EventKind.PASS:
        return "passes"
    if kind == EventKind.EXCHANGE:
        if event.tiles:
            return f"exchanges {_rack(event.tiles, alphabet)}"
        return f"exchanges {event.exchange_count} tiles"
    if kind == EventKind.PHONY_WITHDRAWN:
        return f"withdraws the phony{of_play or ' play'}"
    if kind == EventKind.CHALLENGE_BONUS:
        return f"gets a challenge bonus{' for' + of_play if play else ''}"
    if kind == EventKind.END_RACK_POINTS:
        return f"adds the tiles left on the other racks ({_rack(event.tiles, alphabet)})"
    if kind == EventKind.END_RACK_PENALTY:
        return f"subtracts the tiles left on the rack ({_rack(event.tiles, alphabet)})"
    if kind == EventKind.TIME_PENALTY:
        return "gets a time penalty"
    return kind


# -- text ------------------------------------------------------------------------------------------

_RESET = "\x1b[0m"
# 256-colour backgrounds: premium squares as on the board, tiles wheat, new tiles yellow.
_PREMIUM_STYLE = {"TW": "\x1b[97;48;5;160m", "DW": "\x1b[30;48;5;217m",
                  "TL": "\x1b[97;48;5;26m", "DL": "\x1b[30;48;5;117m",
                  "4W": "\x1b[97;48;5;88m", "4L": "\x1b[97;48;5;18m"}  # (Super Scrabble's)
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
UNPLACED_MARK = "~"  # after a tile's label: of a play that could not be placed (drawn, not placed)
# Tiles of a play that could not be placed: dim, italic, on grey.
_UNPLACED_STYLE = "\x1b[2;3;30;48;5;252m"
PREMIUM_MARK = "+"  # before a premium's name without colour: +DL is a square, DL or LL would be a tile

_MULTIPLES = {"4": "quadruple", "T": "triple", "D": "double"}  # (a premium's name: 4W, TW, DL...)


def legend(layout: Layout, alphabet: Alphabet, *, color: bool = False) -> str:
    """The key to a board drawn as text: the premium squares ``layout`` has (Super Scrabble's
    quadruple squares too) and its centre, from the board's data file; without colour, the
    premiums' mark and the digraph tiles a square may hold.

    >>> from adjudicate.board import get_layout
    >>> from adjudicate.tiles import get_alphabet
    >>> print(legend(get_layout("super"), get_alphabet("english"), color=True))
    4W TW DW 4L TL DL: premium squares (quadruple, triple, double word; quadruple, triple,
    double letter; the centre K11 is a DW); lowercase: a blank (scores 0)
    """
    import textwrap

    mark = "" if color else PREMIUM_MARK
    names = {layout.premium_name(square) for square in range(layout.size * layout.size)}
    kinds = [[name for name in (f"{m}{unit}" for m in _MULTIPLES) if name in names] for unit in "WL"]
    words = "; ".join(", ".join(_MULTIPLES[name[0]] for name in kind) + (" word", " letter")[i]
                      for i, kind in enumerate(kinds) if kind)
    centre = f"the centre {square_name(layout.centre, layout.size)} is a {mark}{layout.premium_name(layout.centre)}"
    premiums = f"{' '.join(mark + name for kind in kinds for name in kind)}: premium squares ({words}; {centre})"
    lines = textwrap.wrap(premiums, 87, break_long_words=False, break_on_hyphens=False)
    if color:
        return "\n".join(lines) + "; lowercase: a blank (scores 0)"
    digraphs = [label.strip("[]") for label in alphabet.labels if len(label.strip("[]")) > 1]
    tiles = f" ({', '.join(digraphs)}: one tile each)" if digraphs else ""
    return "\n".join(lines) + f"; tiles in capitals{tiles}; lowercase: a blank (scores 0)"


def cell_label(tile: int, alphabet: Alphabet) -> str:
    """A tile's label on the board: canonical without brackets (CH, L·L), a blank lowercase."""
    return format_word((tile & (LETTER_MASK | BLANK_BIT),), alphabet).strip("[]")


def render_board_text(board: Board, marked: tuple[int, ...] = (), *, color: bool = False,
                      withdrawn: bool = False, unplaced: Collection[int] = ()) -> list[str]:
    """The board's rows (15 on the standard board) under a row of column letters; each square 4
    characters: a tile's label (``*`` after the ones ``marked``, ``-`` when ``withdrawn``: taken
    back; ``~`` after the ``unplaced``: of a play that could not be placed), a premium's name
    (without ``color`` after ``+``, so that a square never reads as a digraph tile), ``.`` for a
    plain square."""
    alphabet, layout = board.alphabet, board.layout
    flag = WITHDRAWN_MARK if withdrawn else NEW_MARK
    marked_set = set(marked)
    size = board.size
    gap = " " if size <= 15 else ""  # (a 21x21 board within 100 columns: cells side by side)
    head = "   " + gap.join(f"  {c} " for c in COLUMNS[:size])
    lines = [head.rstrip()]
    for r in range(size):
        cells = []
        for c in range(size):
            sq = r * size + c
            t = board.grid[sq]
            if t and sq in unplaced:
                text = cell_label(t, alphabet).rjust(3) + UNPLACED_MARK
                style = _UNPLACED_STYLE
            elif t:
                new = sq in marked_set
                text = cell_label(t, alphabet).rjust(3) + (flag if new else " ")
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
        lines.append((f"{r + 1:>2} " + gap.join(cells)).rstrip())
    return lines


def score_cell(recorded: int | None, computed: int) -> str:
    if recorded is None or recorded == computed:
        return str(computed if recorded is None else recorded)
    return f"{recorded} (computed {computed})"


def render_text(shown: Shown, *, color: bool = False) -> str:
    """The event as text: heading, the board before and after, racks and scores, the score worked
    out, the line's discrepancies. ``color``: ANSI colours (premiums, new tiles, blanks)."""
    def paint(style: str, text: str) -> str:
        return f"{style}{text}{_RESET}" if color else text

    import textwrap

    def fill(text: str) -> str:  # (100 columns, a path never cut: issue 26)
        return textwrap.fill(text, 100, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)

    out = [paint(_BOLD, heading(shown)), fill(ruleset_text(shown.ruleset, shown.ruleset_reason)), ""]
    back = shown.marked_on_before
    placed = shown.marked if back else shown.placed
    mark = (f" ({WITHDRAWN_MARK}: the tiles taken back)" if back
            else f" ({NEW_MARK}: the tiles placed)") if placed else ""
    out.append(f"Before line {shown.line}" + (mark if back else ""))
    out += render_board_text(shown.before, shown.marked if back else (), color=color, withdrawn=back,
                             unplaced=shown.unplaced_before)
    out.append("")
    out.append(f"After line {shown.line}" + ("" if back else mark))
    out += render_board_text(shown.after, () if back else placed, color=color,
                             unplaced=shown.unplaced_after)
    out.append(legend(shown.before.layout, shown.alphabet, color=color))
    unplaced = shown.unplaced_text()
    if unplaced:
        out.append(unplaced)
    out.append("")
    rows = [["  player", "name", "rack", "before", "after"]]
    for p in shown.players:
        rows.append([("> " if p.to_move else "  ") + p.nick, p.name, p.rack or "",
                     score_cell(p.recorded_before, p.computed_before),
                     score_cell(p.recorded_after, p.computed_after)])
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        cells = [cell.rjust(w) if i >= 3 else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
    out.append(f"bag: {shown.bag_before} tiles before, {shown.bag_after} after")
    out.append("")
    out += score_lines(shown, paint)
    if shown.discrepancies or shown.info:
        out.append("")
    out += [paint(_BAD, f"discrepancy: {message}") for message in shown.discrepancies]
    out += [f"info: {message}" for message in shown.info]
    for note in shown.notes:
        out.append(f"note: {note}")
    return "\n".join(out)


def heading(shown: Shown, *, short: bool = False) -> str:
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


def score_title(shown: Shown) -> str:
    return "the withdrawn play scored" if shown.kind == EventKind.PHONY_WITHDRAWN else "score"


def score_lines(shown: Shown, paint: Any, *, words: bool = True) -> list[str]:
    """The score worked out (a play), or the recorded and computed score of the line. Without
    ``words`` the lines that :func:`breakdown_rows` puts in a table are left out."""
    exp = shown.explanation
    out = []
    if exp is not None:
        if words:
            out.append(f"{score_title(shown)}:")
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
        if shown.kind == EventKind.PHONY_WITHDRAWN and shown.computed_score is not None:
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
    if shown.kind == EventKind.PLAY and shown.explanation is None:
        if any("after the end of the game" in m for m in shown.discrepancies):
            out.append("the play comes after the end of the game: not replayed, " + (
                "it counts nothing" if not shown.computed_score else
                "its recorded score kept (a play before could not be placed: the end is a guess)"))
        else:
            out.append(unplaced_play_text(shown))
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


def unplaced_play_text(shown: Shown) -> str:
    """What a play that could not be put on the board says, as rescore says it: its finding (on
    the line, below), or the earlier play it follows from (rescore reports that line, not this
    one); its tiles drawn where the record writes them, when the replay keeps any."""
    drawn = (f"; its tiles are drawn where the record writes them ({UNPLACED_MARK}), not placed"
             if any(line == shown.line for line in shown.unplaced_after.values()) else "")
    if shown.discrepancies:
        return f"the play could not be put on the board (see the discrepancy below){drawn}"
    if shown.uncertain:
        return (f"the play could not be put on the board, which lacks the play at line "
                f"{shown.uncertain}: it follows from that line, where rescore reports it{drawn}")
    return f"the play could not be put on the board{drawn}"


def _paint_word(word: WordScore, alphabet: Alphabet, paint: Callable[[str, str], str]) -> str:
    def mark(kind: str, text: str) -> str:
        return paint(_BOLD if kind == "new" else _PREMIUM_STYLE.get(kind, ""), text)

    return format_word_score(word, alphabet, mark)


# -- the score table (SVG and HTML) ----------------------------------------------------------------

BREAKDOWN_HEAD = ("word", "tile by tile", "letters", "word premium", "score")


def breakdown_rows(explanation: Explanation, alphabet: Alphabet) -> list[tuple[str, ...]]:
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
