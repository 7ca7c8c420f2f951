"""A game record in canonical GCG: read leniently, write strictly (docs/format.md §5).

:func:`canonical_gcg` replays a record (:func:`adjudicate.recount.rescore_game`: only the replayed
board knows which squares a play went through) and writes it with :func:`adjudicate.gcgwriter.write_gcg`
from a copy whose events say the same thing in one spelling:

* a play that went on the board: its coordinate in uppercase, in the direction it was written
  (``8b`` -> ``8B``, ``e8`` -> ``E8``), its tiles in canonical labels (blanks lowercase) and ``.``
  for every square that was already covered (Quackle's ``E8 TAFFIA`` -> ``E8 .AFFIA``, Spanish
  ``1ICO`` -> ``[CH]ICO``);
* racks, exchanged tiles, end-of-game racks and ``#rackN`` in canonical labels (``format_rack``);
* the old withdrawn-phony form ``-- +0 CUM``, which Macondo cannot read, as ``-- -S CUM``, S the
  withdrawn play's recorded score (kept as it is when the line before is not a play with a score);
* ``#tile-distribution NAME`` (and the ``#tile`` lines of a set with digraphs) for a game of any
  tile set but English's that does not say it (``--tiles`` said it, or the letters of its plays),
  and ``#board-layout NAME`` for a board its tile set does not imply (``--board``): the record
  read alone is played with the tiles and on the board it was.

Whatever cannot be read or placed is written as it was read, never dropped nor guessed: a play
that cannot be read, a rack that does
not read, a line the reader could not read (written back whole, where it was, notes around it
kept on their side of it), a ``#player``/header pragma the record does not use (a repeated one). A record the replay refuses (another tile set, a non-classic game) is written as
read. So ``canonical_gcg(read_gcg(canonical_gcg(r)))`` is ``canonical_gcg(r)``, and it rescores
as ``r`` does (``tests/test_fuzz.py``: ``target_canonical``).

>>> from adjudicate.gcg import read_gcg
>>> print(canonical_gcg(read_gcg(b"#player1 a A\\n#player2 b B\\n"
...                              b">a: ABEFFIT 8d BAFFIE +34 34\\n>b: AEILRST d8 BAILERS +18 18\\n"
...                              b">a: AEKRST? h6 SKI +7 41\\n>a: AEKRST? -- +0 34\\n")), end="")
#character-encoding UTF-8
#player1 a A
#player2 b B
>a: ABEFFIT 8D BAFFIE +34 34
>b: AEILRST D8 .AILERS +18 18
>a: AEKRST? H6 SK. +7 41
>a: AEKRST? -- -7 34
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from typing import Any

from adjudicate.errors import AdjudicateError, UnknownTileError
from adjudicate.game import GameSetup, as_game
from adjudicate.gcg import PLAYER_RE, RACK_RE, GameRecord, GcgEvent
from adjudicate.gcgwriter import write_gcg
from adjudicate.kinds import EventKind
from adjudicate.notation import format_coord
from adjudicate.recount import EventResult, RescoreReport, rescore_game
from adjudicate.rules import Ruleset
from adjudicate.tiles import (
    PLAYED_THROUGH,
    Alphabet,
    format_rack,
    format_tiles,
    parse_rack,
    parse_tiles,
)

__all__ = ["Canonical", "canonical_gcg", "canonical_record"]

# The pragmata gcgwriter.write_gcg writes once, from a typed field (the first occurrence; a repeated
# #description is joined, not dropped), and the numbered ones, as the reader recognises them.
_HEADER_KEYWORDS = frozenset(("title", "id", "lexicon", "game-type", "board-layout", "tile-distribution"))


def canonical_gcg(record: GameRecord | GameSetup, ruleset: Ruleset | None = None, *,
                  reason: str | None = None, spelling: str | None = None) -> str:
    """``record`` written in canonical GCG (see the module docstring). ``record`` and the ruleset
    as :func:`~adjudicate.recount.rescore_game` takes them (default:
    :func:`~adjudicate.recount.choose_ruleset`): the ruleset gives the tile set and the replay;
    ``spelling`` how the record writes Spanish digraphs (default:
    :func:`~adjudicate.recount.choose_spelling`). The record written is in the bracketed spelling
    (its ``#tile`` lines say so), whatever the spelling read.

    :raises GcgError: only where :func:`~adjudicate.gcgwriter.write_gcg` refuses (a nickname with white
        space, two players with one number, more lines than the reader reads).
    """
    try:
        game = as_game(record, ruleset, reason=reason, spelling=spelling)
    except AdjudicateError:  # (a record of a tile set we do not ship, of letters of two sets: as read)
        return _as_read(record if isinstance(record, GameRecord) else record.record).write()
    return canonical_record(game).write()


@dataclass(slots=True)
class Canonical:
    """A record rewritten in canonical form, not yet written out: ``record`` (its events in one
    spelling), how to write it (``multichar`` tile labels, ``verbatim`` lines), and the replay's
    ``report`` (None when the replay refused the record: then it is written as read)."""

    record: GameRecord
    multichar: tuple[str, ...] | None
    verbatim: list[tuple[int, str]]
    report: RescoreReport | None

    def write(self) -> str:
        return write_gcg(self.record, multichar_tiles=self.multichar, verbatim=self.verbatim)


def canonical_record(game: GameSetup, report: RescoreReport | None = None) -> Canonical:
    """What :func:`canonical_gcg` writes, as a :class:`Canonical` (for writers that change it
    further: :mod:`adjudicate.correction`): the game's record replayed as it is set up, unless
    ``report`` is the replay's report of it already."""
    record = game.record
    if report is None:
        try:
            report = rescore_game(game)
        except AdjudicateError:  # another tile set, a non-classic game, too many players: as read
            return _as_read(record)
    verbatim = _unwritten_lines(record)
    racks = _kept_racks(record)
    alphabet = game.alphabet  # (to read it)
    results: dict[int, EventResult] = {result.line: result for result in report.events}
    unreadable = [line for line, _ in record.unreadable]
    events = []
    previous: GcgEvent | None = None
    for event in record.events:
        # The play a withdrawal takes back is the line before: when the replay put it on the board
        # and no unreadable line lies between, the one the replay takes back. (A search: a scan of
        # the unreadable lines for each event is the square of a record's length.)
        before = None
        if previous is not None and getattr(results.get(previous.line), "move", None) is not None:
            after = bisect_right(unreadable, previous.line)
            if after == len(unreadable) or unreadable[after] > event.line:
                before = previous
        events.append(_canonical_event(event, results.get(event.line), before, alphabet))
        previous = event
    racks = {n: _rack(text, alphabet) if text else text for n, text in racks.items()}
    distribution, board_layout = _tiles_and_board(game)
    multichar = None
    if alphabet.multichar_labels and distribution is not None and distribution.strip().lower() == alphabet.name:
        multichar = alphabet.multichar_labels  # canonical labels, whatever #tile lines said
    canonical = replace(record, events=events, racks=racks, tile_distribution=distribution,
                        board_layout=board_layout)
    return Canonical(canonical, multichar, verbatim, report)


def _tiles_and_board(game: GameSetup) -> tuple[str | None, str | None]:
    """The ``#tile-distribution`` and ``#board-layout`` a canonical record of ``game`` writes, so
    that read alone it is played with the tiles and on the board it was (``--tiles`` and ``--board``
    said them, or the letters of its plays): the record's own where they say so, else the tile set's
    name whenever it is not English's, and the board's name where it is not the one its tile set
    implies (:func:`~adjudicate.game.pick_board`)."""
    from adjudicate.board import find_layout
    from adjudicate.tiles import tile_set_facts

    record, tile_set = game.record, game.ruleset.alphabet
    distribution = record.tile_distribution
    if (distribution or "english").strip().lower() != tile_set:
        distribution = tile_set
    board_layout = record.board_layout
    implied = find_layout(board_layout) if board_layout else tile_set_facts(tile_set).get("layout", "standard")
    if implied != game.layout.name:
        board_layout = game.layout.name
    return distribution, board_layout


def _as_read(record: GameRecord) -> Canonical:
    """A record the replay refuses, written as read (its ``#rackN`` lines where they were)."""
    return Canonical(replace(record, racks=_kept_racks(record)), None, _unwritten_lines(record), None)


def _kept_racks(record: GameRecord) -> dict[int, str]:
    """The ``#rackN`` lines written at the end: those after the last event. One before it (a
    structure problem) goes back where it was, verbatim: written at the end it would say
    something else."""
    kept, last_event = _rack_lines(record), _last_event_line(record)
    return {n: text for n, text in record.racks.items() if kept.get(n, 0) > last_event}


def _rack(text: str, alphabet: Alphabet) -> str:
    """A rack (or exchanged tiles, an end-of-game rack) in canonical labels; as written if it does
    not read."""
    try:
        return format_rack(parse_rack(text, alphabet), alphabet)
    except AdjudicateError:
        return text


def _tiles(text: str, alphabet: Alphabet) -> str:
    """A play's tiles that did not go on the board in canonical labels (the record is written in
    the bracketed spelling: plain ``VETCH`` is ``VET[CH]``, which plain ``VETCH`` meant); as
    written if they do not read, but a mixed-case digraph in brackets: plain ``SCRAUcH`` is
    ambiguous (a blank CH, or a blank C then an H?), and written as read, the bracketed spelling
    would read it (a blank C then an H) and put it on the board; ``SCRAU[cH]`` is ambiguous there
    too."""
    try:
        # No tile at all (``()``, which the reader takes as written) stays as written: an empty
        # field would read as no field, and the line would say something else.
        return format_tiles(parse_tiles(text, alphabet), alphabet) or text
    except UnknownTileError as err:
        if err.kind != "ambiguous" or "[" in text:
            return text
    forms = sorted({label.strip("[]") for label in alphabet.multichar_labels}, key=len, reverse=True)
    mixed = re.compile("|".join(map(re.escape, forms)), re.IGNORECASE)
    return mixed.sub(lambda m: m[0] if m[0].isupper() or m[0].islower() else f"[{m[0]}]", text)


def _canonical_event(event: GcgEvent, result: EventResult | None, before: GcgEvent | None,
                     alphabet: Alphabet) -> GcgEvent:
    kind = event.kind
    changes: dict[str, Any] = {}
    if kind == EventKind.PLAY:
        move = result.move if result is not None else None
        if move is not None:
            changes["position"] = format_coord(move.place.coord)
            changes["tiles"] = _played(move, alphabet)
        elif event.tiles:  # not on the board (illegal, after the end): its tiles as labels, if they read
            changes["tiles"] = _tiles(event.tiles, alphabet)
    elif kind == EventKind.EXCHANGE or kind == EventKind.END_RACK_POINTS or kind == EventKind.END_RACK_PENALTY:
        if event.tiles:
            changes["tiles"] = _rack(event.tiles, alphabet)
    elif (kind == EventKind.PHONY_WITHDRAWN and event.old_phony_form and event.score == 0 and event.cumulative is not None
          and before is not None and before.kind == EventKind.PLAY and before.score is not None and before.score >= 0):
        # `-- +0 CUM` -> `-- -S CUM`, S the withdrawn play's recorded score: the cumulative, set
        # back by S, stays what it was. (Without CUM the record's total stays: kept as read.)
        changes["score"] = -before.score
        changes["old_phony_form"] = False
    if event.rack:
        changes["rack"] = _rack(event.rack, alphabet)
    return replace(event, **changes) if changes else event


def _played(move: Any, alphabet: Alphabet) -> str:
    """The play's tiles as written (its own direction), ``.`` on every square already covered."""
    coord, tiles = move.place
    size = move.size
    step = size if coord.down else 1
    new = set(move.new_squares)
    square = coord.row * size + coord.col
    out = []
    for tile in tiles:
        out.append(tile if square in new else PLAYED_THROUGH)
        square += step
    return format_tiles(out, alphabet)


def _unwritten_lines(record: GameRecord) -> list[tuple[int, str]]:
    """The lines :func:`write_gcg` would not write from the record's fields, as (line, text): lines
    that could not be read, and pragmata the record does not use (a repeated header pragma or
    ``#playerN``, a ``#rackN`` followed by another for the same player)."""
    out = list(record.unreadable)
    players = {p.line for p in record.players}
    seen: set[str] = set()
    last_rack, last_event = _rack_lines(record), _last_event_line(record)
    for line, keyword, value in record.pragmas:
        unused = False
        if keyword in _HEADER_KEYWORDS:
            unused = keyword in seen
            seen.add(keyword)
        elif PLAYER_RE.fullmatch(keyword) is not None:
            unused = line not in players
        else:
            match = RACK_RE.fullmatch(keyword)
            unused = match is not None and (last_rack[int(match[1])] != line or line < last_event)
        if unused:
            out.append((line, f"#{keyword} {value}" if value else f"#{keyword}"))  # (whole: a problem quotes 200 characters)
    out.sort()
    return out


def _last_event_line(record: GameRecord) -> int:
    return record.events[-1].line if record.events else 0


def _rack_lines(record: GameRecord) -> dict[int, int]:
    """Player number -> line of the ``#rackN`` the record keeps (the last)."""
    lines: dict[int, int] = {}
    for line, keyword, _ in record.pragmas:
        match = RACK_RE.fullmatch(keyword)
        if match is not None:
            lines[int(match[1])] = line
    return lines
