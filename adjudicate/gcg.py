"""GCG game records: what a record holds, and its lenient reader (the strict writer:
:mod:`adjudicate.gcgwriter`). Standard library only.

The reader needs no board, lexicon, rules or tile set. It returns the fields of every line as the
raw strings written in the file (``8d``, ``JAVE..N``, ``?AEINRT``); interpreting them is the
replay's job (``adjudicate.tiles.parse_tiles`` / ``parse_rack``). Lines it cannot read are
collected in ``GameRecord.problems`` with their line numbers, never raised; :class:`GcgError` is
raised only for input that is not a game record at all.

>>> record = read_gcg(b"#player1 doug Doug\\n#player2 emely Emely\\n"
...                   b">doug: DINNVWY 8D WINDY +32 32\\n#note nice\\n"
...                   b">emely: DEIILTZ --  -24 55\\n>emely:  (OPEG) +14 345\\n")
>>> [(e.line, e.nick, str(e.kind), e.score, e.cumulative) for e in record.events]
[(3, 'doug', 'play', 32, 32), (5, 'emely', 'phony_withdrawn', -24, 55), (6, 'emely', 'end_rack_points', 14, 345)]
>>> record.events[0].notes
['nice']

Reading rules (the quirks of real files, docs/format.md §3):

* Encoding: ISO-8859-1 unless line 1 is ``#character-encoding UTF-8`` (any case, ``utf8``;
  ``iso-8859-1``/``latin-1`` also accepted). A UTF-8 BOM is stripped and means UTF-8. Without a
  header, a file that is valid UTF-8 and not pure ASCII is read as UTF-8 (``encoding`` is then
  ``"utf-8 (no header)"``). A declaration that is not on line 1 is reported and honoured when the
  file decodes; an unsupported one is reported and the file is read as Latin-1. In a UTF-8 file, a
  line that is not valid UTF-8 is read as Latin-1 and reported.
* Lines end with CR, LF or CRLF. Line numbers are those an editor shows (blank lines count).
* Tokens are separated by any run of spaces/tabs; text after the cumulative score (old annotation
  tools' cross-word lists) is ignored; a missing score and/or cumulative is ``None``.
* Event forms: ``RACK POS WORD +S CUM`` (play), ``RACK - +0 CUM`` (pass; ``-0`` too),
  ``RACK -TILES +0 CUM`` (exchange), ``RACK -N +0 CUM`` (exchange of N unknown tiles),
  ``RACK -- -S CUM`` (phony withdrawn; old form ``-- +0 CUM``), ``[RACK] (challenge) +B CUM``,
  ``[RACK] (time) -P CUM`` (also ``+-P``), ``(RACK) +P CUM`` (rack points),
  ``RACK (RACK) -P CUM`` (rack penalty). For ``(RACK)`` lines a non-zero score's sign decides
  between points and penalty; without one, a rack field means a penalty. The rack field may be
  empty or ``UNKNOWN``. ``(time)`` and ``(challenge)`` must be lowercase: ``(TIME)`` is a rack.
* ``#note`` attaches to the preceding event; the following lines that are neither pragmata nor
  events continue it (blank lines inside are kept, trailing ones dropped). A note before the first
  event becomes a record-level note (``GameRecord.notes``) and a ``structure`` problem.
* An event whose nick is no player's is still returned (one ``structure`` problem per unknown nick).
* ``#playerN`` for any N >= 1 (Quackle writes ``#player3``/``#player4``); a missing full name is the
  nick. ``#rackN`` gives ``racks[N]`` wherever it is (followed by events: a ``structure`` problem).
  ``-0`` is read as a pass; ``-N`` as an exchange of N unknown tiles (``exchange_count``).
* A line longer than 64 KiB, or with control characters (NUL...), is a ``parse`` problem whose
  ``text`` is its first 200 characters (every line that cannot be read is kept whole in
  ``GameRecord.unreadable``, for the writer). A UTF-16 file, an empty file, one with no ``#player``
  line and no event, one over 16 MiB (:data:`MAX_BYTES`) or over 100,000 lines raises
  :class:`GcgError`.

Problem kinds: ``parse`` (a line that could not be read; it is not in ``events``), ``encoding``,
``structure`` (a line that was read but is out of place or conflicts with another: header pragma
after events, duplicate nick or player number, repeated pragma, unknown nick, note before events,
``#rackN`` followed by events). ``structure`` and ``encoding`` problems are warnings; the replay
decides what they mean.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, NamedTuple

from adjudicate.errors import GcgError
from adjudicate.kinds import EventKind
from adjudicate.readfile import decode_line

__all__ = [
    "GameRecord",
    "GcgEvent",
    "GcgProblem",
    "Player",
    "EVENT_KINDS",
    "read_gcg",
    "read_limited",
]

EVENT_KINDS = tuple(EventKind)

MAX_LINE = 65536  # characters; a longer line is reported, not read
MAX_BYTES = 16 << 20  # a game record is a few KB: a bigger input is refused, not read
MAX_LINES = 100_000  # lines (a long game with notes has a few hundred)
MAX_PROBLEMS = 1000  # then one "too many problems" entry and silence
TEXT_IN_PROBLEM = 200  # characters of the offending line kept in a problem

# Header pragmata: must come before the first event (Macondo, MAGPIE). Values are the attribute
# of GameRecord that holds them, in the order the writer emits them.
HEADER_FIELDS = {
    "title": "title",
    "description": "description",
    "id": "id",
    "lexicon": "lexicon",
    "game-type": "game_type",
    "board-layout": "board_layout",
    "tile-distribution": "tile_distribution",
}
# Pragmata the writer regenerates from typed fields; every other one is written back as read.
_KNOWN = frozenset(("character-encoding", "note", "tile", *HEADER_FIELDS))

_UTF8 = frozenset(("utf8",))
_LATIN1 = frozenset(("iso88591", "latin1", "l1", "iso885915"))  # -15 differs in 8 rarely-used chars

_BOM = b"\xef\xbb\xbf"
_NEWLINE_RE = re.compile(rb"\r\n|\r|\n")
_ENCODING_RE = re.compile(rb"#character-encoding", re.IGNORECASE)
_UTF8_HEADERS = (b"#character-encoding UTF-8\n", b"#character-encoding UTF-8\r")  # as the writer puts it
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_CONTROL_BYTES = bytes(range(0, 9)) + b"\x0b\x0c" + bytes(range(0x0E, 0x20)) + b"\x7f"
# Control bytes made spaces: data.translate(_CONTROL_TO_SPACE) != data says whether data holds one
# (a translation costs half the deletion of the same bytes, and their comparison almost nothing).
_CONTROL_TO_SPACE = bytes.maketrans(_CONTROL_BYTES, b" " * len(_CONTROL_BYTES))
_HEAD_RE = re.compile(r">\s*(\S+?)\s*:(?:\s|$)")
_COORD_RE = re.compile(r"[0-9]+[A-Za-z]|[A-Za-z][0-9]+")
_SCORE_RE = re.compile(r"(?:\+-?|-)[0-9]{1,9}")
_NUMBER_RE = re.compile(r"[+-]?[0-9]{1,9}")
_LONG_NUMBER_RE = re.compile(r"[+-]?[0-9]{10,}")
_COUNT_RE = re.compile(r"-[0-9]{1,2}")
_NUMBER_START = frozenset("+-0123456789")
PLAYER_RE = re.compile(r"player([0-9]{1,3})")
RACK_RE = re.compile(r"rack([0-9]{1,3})")


def _fast_event_re(space: str, token: str) -> re.Pattern[str]:
    """The common event lines in one match, tokens separated by runs of ``space`` (a character class
    body) and made of ``token`` characters: nick, rack, then a play's position and word (groups 3,
    4) or a pass, an exchange of known tiles, a challenge bonus, a phony withdrawn in the new form
    (group 5), then score and cumulative (groups 6, 7). Anything else (empty rack, UNKNOWN, "(RACK)",
    "+-10", missing numbers, "-N") goes through _parse_event. The nick is the first token less its
    ">" and final ":" (as _HEAD_RE reads it)."""
    sep = f"[{space}]++"
    return re.compile(
        rf">({token}+):{sep}([^{space}(\-]{token}*+){sep}"
        rf"(?:([0-9]++[A-Za-z]|[A-Za-z][0-9]++){sep}({token}++)|(-|--|\(challenge\)|-[^{space}\-0-9]{token}*+))"
        rf"{sep}([+-][0-9]{{1,9}}+){sep}([+-]?[0-9]{{1,9}}+)(?!{token})"
    )


_FAST_EVENT_RE = _fast_event_re(r"\s", r"\S")
# The same for a text whose only white space is " " (ASCII, no tab, no control character): sre
# matches a run of "[^ ]" or " " in a tight loop, and spends several times more per character on
# a run of "\S" or "\s" (a lookup of the character's category each).
_FAST_SPACED_EVENT_RE = _fast_event_re(" ", "[^ ]")
_FAST_KINDS = {"-": EventKind.PASS, "--": EventKind.PHONY_WITHDRAWN, "(challenge)": EventKind.CHALLENGE_BONUS}


class _Role(NamedTuple):
    """What a pragma keyword is: note, header (of ``attr``), player or rack (``number``), tile,
    encoding or other."""

    what: str
    attr: str = ""
    number: int = 0


def _pragma_role(keyword: str) -> _Role:
    """The role of a keyword _PRAGMA_ROLES does not list (a player or rack number beyond 9)."""
    match = PLAYER_RE.fullmatch(keyword)
    if match is not None:
        return _Role("player", number=int(match[1]))
    match = RACK_RE.fullmatch(keyword)
    if match is not None:
        return _Role("rack", number=int(match[1]))
    return _Role("other")


_PRAGMA_ROLES: dict[str, _Role] = {
    "note": _Role("note"),
    "character-encoding": _Role("encoding"),  # handled (and reported) while decoding
    "tile": _Role("tile"),
    **{keyword: _Role("header", attr=attr) for keyword, attr in HEADER_FIELDS.items()},
    **{f"player{n}": _Role("player", number=n) for n in range(1, 10)},
    **{f"rack{n}": _Role("rack", number=n) for n in range(1, 10)},
}


@dataclass(frozen=True, slots=True)
class Player:
    """A ``#playerN nick full name`` line. ``name`` is ``nick`` when the line has no name."""

    number: int
    nick: str
    name: str
    line: int = 0


@dataclass(slots=True)
class GcgEvent:
    """One ``>nick: ...`` line, fields as written. See the module docstring for the forms."""

    line: int
    raw: str
    nick: str
    kind: EventKind
    rack: str | None = None
    position: str | None = None
    tiles: str | None = None
    exchange_count: int | None = None
    score: int | None = None
    cumulative: int | None = None
    notes: list[str] = field(default_factory=list)
    note_lines: list[int] = field(default_factory=list)
    old_phony_form: bool = False
    unknown_rack: bool = False


@dataclass(frozen=True, slots=True)
class GcgProblem:
    """A line that could not be read, or that is out of place. ``text`` is at most 200 chars."""

    line: int
    kind: str
    message: str
    text: str = ""

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" + (f": {self.text!r}" if self.text else "")


@dataclass(slots=True)
class GameRecord:
    """A game record as read. ``pragmas`` lists every ``#`` line as (line, keyword, value), keyword
    lowercased, in file order. Typed header fields hold the first occurrence (``description``
    joins repeated lines with a newline, as MAGPIE writes a multi-line description)."""

    players: list[Player] = field(default_factory=list)
    pragmas: list[tuple[int, str, str]] = field(default_factory=list)
    events: list[GcgEvent] = field(default_factory=list)
    problems: list[GcgProblem] = field(default_factory=list)
    encoding: str = "utf-8"
    lexicon: str | None = None
    tile_distribution: str | None = None
    racks: dict[int, str] = field(default_factory=dict)
    title: str | None = None
    description: str | None = None
    id: str | None = None
    game_type: str | None = None
    board_layout: str | None = None
    multichar_tiles: list[str] = field(default_factory=list)  # `#tile UPPER lower` (UPPER kept)
    notes: list[str] = field(default_factory=list)  # notes before the first event
    note_lines: list[int] = field(default_factory=list)
    name: str = "<game>"
    # Every line that could not be read, whole, as (line, text): the writer puts each back as it
    # was (a problem quotes 200 characters of it, and only the first MAX_PROBLEMS are listed).
    unreadable: list[tuple[int, str]] = field(default_factory=list)

    def player_by_number(self, number: int) -> Player | None:
        for player in self.players:
            if player.number == number:
                return player
        return None

    def extra_pragmas(self) -> list[tuple[int, str, str]]:
        """Pragmata with no typed field (``#incomplete``, ``#style``, ``#tile-set``, unknown ones)."""
        return [p for p in self.pragmas if p[1] not in _KNOWN and not _is_numbered(p[1])]


def _is_numbered(keyword: str) -> bool:
    return (keyword.startswith("player") and PLAYER_RE.fullmatch(keyword) is not None) or (
        keyword.startswith("rack") and RACK_RE.fullmatch(keyword) is not None
    )


# --------------------------------------------------------------------------------------------
# Reading


def read_gcg(data: bytes, *, name: str = "<game>") -> GameRecord:
    """Read a GCG file's bytes. Bad lines become ``record.problems``; never raises for them.

    :raises GcgError: the input is not a game record at all (empty, binary, UTF-16, or no
        ``#player`` line and no event).
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"read_gcg() wants bytes, not {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise GcgError(too_large(name, len(data)))
    if len(data) > MAX_LINES:  # (fewer bytes cannot make more lines)
        lines_in = max(data.count(b"\n"), data.count(b"\r"))
        if lines_in > MAX_LINES:
            raise GcgError(f"{name}: not a game record: {lines_in:,} lines (a game record has at most {MAX_LINES:,})")
    problems: list[GcgProblem] = []
    text, encoding = _decode(data, name, problems)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    record = GameRecord(encoding=encoding, name=name)
    _parse_lines(lines, record, problems, has_control=data.translate(_CONTROL_TO_SPACE) != data,
                 long_text=len(text) > MAX_LINE, ascii_no_tab=text.isascii() and "\t" not in text)
    if not record.players and not record.events:
        raise GcgError(_not_a_game(name, data, lines))
    if len(problems) > MAX_PROBLEMS:
        last = problems[MAX_PROBLEMS]
        del problems[MAX_PROBLEMS:]
        problems.append(
            GcgProblem(last.line, "parse", f"too many problems; the ones after line {last.line} are not listed")
        )
    record.problems = problems
    return record


def read_limited(handle: IO[bytes], name: str, limit: int | None = None) -> bytes:
    """The bytes of a game record from ``handle`` (a file, stdin's buffer), in bounded memory: a
    regular file over ``limit`` bytes (default :data:`MAX_BYTES`, 16 MiB) is refused from its size
    before anything is read, and no more than ``limit + 1`` bytes are ever read (a pipe, a file
    that grows): over the limit is a :class:`GcgError`, never a partial read."""
    limit = MAX_BYTES if limit is None else limit
    try:
        size: int | None = os.fstat(handle.fileno()).st_size
        if not size:  # (stdin, a pipe: no size to go by)
            size = None
    except (AttributeError, OSError, ValueError):  # (io.BytesIO has no file number)
        size = None
    if size is not None:
        if size > limit:
            raise GcgError(too_large(name, size))
        # Read what the size says (asking read() for limit + 1 bytes allocates that much, 16 MiB,
        # for every file), then whatever more there is: a file that grew.
        data = handle.read(size + 1)
        if len(data) > size:
            data += handle.read(limit + 1 - len(data))
    else:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise GcgError(too_large(name, None))
    return data


def too_large(name: str, size: int | None) -> str:
    """The message for an input over :data:`MAX_BYTES` (``size`` None: more than that, unknown)."""
    told = f"{size:,} bytes" if size is not None else f"more than {MAX_BYTES:,} bytes"
    return f"{name}: not read: {told}, and a game record is at most {MAX_BYTES >> 20} MiB"


def _q(text: str) -> str:
    """A field quoted for a message, cut at 40 characters (a hostile token can be 64K long)."""
    return repr(text) if len(text) <= 40 else repr(text[:40]) + "..."


def _not_a_game(name: str, data: bytes, lines: list[str]) -> str:
    if b"\x00" in data:
        return f"{name}: not a game record: binary data (NUL bytes), no #player line and no event"
    if not any(line.strip() for line in lines):
        return f"{name}: not a game record: the file is empty"
    longest = max(range(len(lines)), key=lambda n: len(lines[n]))
    if len(lines[longest]) > MAX_LINE:
        return (f"{name}: not a game record: line {longest + 1} has {len(lines[longest]):,} characters "
                f"(at most {MAX_LINE:,} are read), and there is no #player line and no event")
    first = next(line.strip() for line in lines if line.strip())
    return (
        f"{name}: not a game record: no #player line and no '>nick:' event "
        f"(first line: {first[:60]!r})"
    )


def _decode(data: bytes, name: str, problems: list[GcgProblem]) -> tuple[str, str]:
    """Decode per the GCG rules; return (text, encoding name for GameRecord.encoding)."""
    if not data or data.isspace():
        raise GcgError(f"{name}: not a game record: the file is empty")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise GcgError(f"{name}: not a game record: UTF-16 text (save the file as UTF-8)")
    bom = data.startswith(_BOM)
    if bom:
        data = data[len(_BOM) :]
    declared: str | None = None  # "utf-8" | "latin-1" | None
    unsupported = False
    if data.startswith(_UTF8_HEADERS):
        # The canonical first line (most files): UTF-8, unless another declaration follows (the
        # loop below would conclude the same, at more cost).
        declared = "utf-8"
        found = _ENCODING_RE.search(data, 1)
    else:
        found = _ENCODING_RE.search(data)
    while found is not None:
        at = found.start()
        line_start = max(data.rfind(b"\n", 0, at), data.rfind(b"\r", 0, at)) + 1
        end = _NEWLINE_RE.search(data, at)
        line_end = end.start() if end is not None else len(data)
        raw_line = data[line_start:line_end]
        tail = data[at + 19 : line_end]
        if not data[line_start:at].strip(b" \t") and (not tail or tail[:1] in b" \t"):
            value = tail.strip().decode("latin-1")
            line_no = len(_NEWLINE_RE.split(data[:line_start]))
            shown = raw_line.decode("latin-1").strip()[:TEXT_IN_PROBLEM]
            key = value.lower().replace("-", "").replace("_", "").replace(" ", "")
            if key in _UTF8:
                wanted: str | None = "utf-8"
            elif key in _LATIN1:
                wanted = "latin-1"
            else:
                problems.append(GcgProblem(line_no, "encoding",
                                           f"unsupported character encoding {_q(value)}; read as ISO-8859-1", shown))
                wanted = None
                unsupported = True
            if line_start != 0:
                problems.append(GcgProblem(line_no, "encoding", "#character-encoding must be on the first line",
                                           shown))
            if declared is None and wanted is not None:
                declared = wanted
        found = _ENCODING_RE.search(data, at + 1)
    if declared == "latin-1" or (declared is None and unsupported):
        return data.decode("latin-1"), "latin-1"
    if declared is None and not bom:
        if data.isascii():
            return data.decode("ascii"), "latin-1"
        try:
            return data.decode("utf-8"), "utf-8 (no header)"
        except UnicodeDecodeError:
            pass
        # Not UTF-8 as a whole. A Latin-1 file has no line of UTF-8 beyond ASCII; a UTF-8 file
        # with a bad line (a note pasted in Latin-1, a file cut inside a character) has: then only
        # the bad lines are Latin-1, and said so. (The whole file read as Latin-1 made every Ñ of
        # the game two letters, "Ã‘".)
        lines = _NEWLINE_RE.split(data)
        if not any(not raw.isascii() and _is_utf8(raw) for raw in lines):
            return data.decode("latin-1"), "latin-1"
        return _per_line(lines, problems, "not valid UTF-8 (the rest of the file is); read as ISO-8859-1"), \
            "utf-8 (no header)"
    label = "utf-8" if declared else "utf-8 (no header)"
    try:
        return data.decode("utf-8"), label
    except UnicodeDecodeError:
        pass
    # Declared UTF-8 but not valid: decode line by line, Latin-1 for the bad lines.
    return _per_line(_NEWLINE_RE.split(data), problems,
                     "not valid UTF-8 although the file declares UTF-8; read as ISO-8859-1"), label


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _per_line(lines: list[bytes], problems: list[GcgProblem], message: str) -> str:
    """Each line as UTF-8, or as Latin-1 with a problem at its number."""
    out = []
    for number, raw in enumerate(lines, 1):
        decoded, latin1 = decode_line(raw)
        out.append(decoded)
        if latin1:
            problems.append(GcgProblem(number, "encoding", message, decoded[:TEXT_IN_PROBLEM]))
    return "\n".join(out)


def _parse_lines(
    lines: list[str], record: GameRecord, problems: list[GcgProblem], *, has_control: bool, long_text: bool,
    ascii_no_tab: bool,
) -> None:
    # Kept whole: one loop over the lines whose state (the note being read, the blank
    # lines after it, the first event's line) is its locals; an event line, most of a record,
    # is read in the loop itself (the fast path) and a pragma by _read_pragma.
    events = record.events
    add = problems.append
    note: list[str] | None = None  # the notes list whose last item is the note being read
    note_text: list[str] | None = None  # that note's lines so far, when it has more than one
    joined: list[tuple[list[str], int, list[str]]] = []  # (notes list, index, lines): joined at the end
    blanks = 0  # blank lines read since the note's last text line
    first_event_line = 0
    seen_header: dict[str, int] = {}
    rack_lines: list[tuple[int, int]] = []
    players_seen: tuple[set[int], set[str]] = (set(), set())  # the player numbers and nicks read
    control = _CONTROL_RE.search if has_control else None

    check_long = long_text and any(len(line) > MAX_LINE for line in lines)
    # Without control characters, " " is the only white space an ASCII line without tabs can hold.
    fast = (_FAST_SPACED_EVENT_RE if ascii_no_tab and control is None else _FAST_EVENT_RE).match
    plain = not check_long and control is None
    for number, line in enumerate(lines, 1):
        first = line[:1]
        if first == ">" and plain:
            # Fast path: a canonical event line ">nick: RACK 8D WORD +S CUM" etc.
            note = None
            m = fast(line)
            if m is not None:
                nick, rack, pos, word, desc, score, cum = m.groups()
                if rack != "UNKNOWN":
                    if pos is not None:
                        kind, tiles, old_phony = EventKind.PLAY, word, False
                    else:
                        fast_kind = _FAST_KINDS.get(desc)
                        if fast_kind is None:
                            kind, tiles, old_phony = EventKind.EXCHANGE, desc[1:], False
                        else:
                            kind, tiles, old_phony = fast_kind, None, fast_kind == EventKind.PHONY_WITHDRAWN and score[0] == "+"
                    event = GcgEvent(number, line, nick, kind, rack, pos, tiles, None, int(score), int(cum),
                                     [], [], old_phony, False)
                    events.append(event)
                    if not first_event_line:
                        first_event_line = number
                    continue
        if not line or line.isspace():
            blanks += 1
            continue
        if check_long and len(line) > MAX_LINE:
            note = None
            _unreadable(record, add, number, f"line too long ({len(line)} characters)", line)
            continue
        if control is not None and control(line) is not None:
            note = None
            _unreadable(record, add, number, "control characters or binary data", line)
            continue
        if first != ">" and first != "#":
            stripped = line.lstrip()
            # A continuation of a multi-line note (blank lines inside kept); but an indented event
            # line is an event, as it is anywhere else (the writer never indents a note's line
            # that would read as one: see _write_note).
            if note is not None and is_note_text(line):
                if note_text is None:  # (joined once at the end: a note of n lines costs n, not n squared)
                    note_text = [note[-1]]
                    joined.append((note, len(note) - 1, note_text))
                note_text.append("\n" * (blanks + 1) + line.rstrip())
                blanks = 0
                continue
            first = stripped[0]
            if first != ">" and first != "#":
                _unreadable(record, add, number, "not a pragma (#...), an event (>nick: ...) or a note continuation", line)
                continue
            line = stripped
        note = None

        if first == ">":
            parsed = _parse_event(line, number)
            if isinstance(parsed, str):
                _unreadable(record, add, number, parsed, line)
                continue
            if not first_event_line:
                first_event_line = number
            events.append(parsed)
            continue

        # A pragma.
        note = _read_pragma(record, add, number, line, first_event_line, seen_header, players_seen, rack_lines)
        if note is not None:  # a note: its continuation lines follow
            blanks = 0
            note_text = None
    for notes, index, text in joined:
        notes[index] = "".join(text)
    _check_structure(record, problems, rack_lines)


def _unreadable(record: GameRecord, add: Callable[[GcgProblem], None], number: int, message: str,
                line: str) -> None:
    """A line that cannot be read: a problem quoting it, and the whole of it for the writer."""
    add(GcgProblem(number, "parse", message, line[:TEXT_IN_PROBLEM]))
    record.unreadable.append((number, line))


def _read_pragma(record: GameRecord, add: Callable[[GcgProblem], None], number: int, line: str,
                 first_event_line: int, seen_header: dict[str, int],
                 players_seen: tuple[set[int], set[str]], rack_lines: list[tuple[int, int]]) -> list[str] | None:
    """A pragma line (``#keyword value``) read into ``record``: a note, a header, a player, a
    rack, a tile; its problems added. Returns the notes list a note went to (its continuation
    lines follow), else None. ``seen_header``: the line of each header read; ``players_seen``:
    the player numbers and nicks read; ``rack_lines``: each ``#rackN``'s line and N."""
    parts = line[1:].split(None, 1)
    if not parts:
        _unreadable(record, add, number, "empty pragma", line)
        return None
    keyword = parts[0].lower()
    value = parts[1].rstrip() if len(parts) > 1 else ""
    record.pragmas.append((number, keyword, value))
    role = _PRAGMA_ROLES.get(keyword)
    if role is None:
        role = _pragma_role(keyword)
    what = role.what
    if what == "note":
        if record.events:
            last = record.events[-1]
            last.notes.append(value)
            last.note_lines.append(number)
            return last.notes
        record.notes.append(value)
        record.note_lines.append(number)
        add(GcgProblem(number, "structure", "note before the first event (kept as a note on the game)",
                       line[:TEXT_IN_PROBLEM]))
        return record.notes
    if what == "header" or what == "player":
        if first_event_line:
            add(GcgProblem(number, "structure", f"#{keyword} after the first event (line {first_event_line})",
                           line[:TEXT_IN_PROBLEM]))
        if what == "header":
            if keyword not in seen_header:
                seen_header[keyword] = number
                setattr(record, role.attr, value)
            elif keyword == "description":
                record.description = f"{record.description}\n{value}"
            else:
                add(GcgProblem(number, "structure", f"#{keyword} repeated (line {seen_header[keyword]} is used)",
                               line[:TEXT_IN_PROBLEM]))
            return None
        player_no = role.number
        fields = value.split(None, 1)
        if player_no < 1:
            add(GcgProblem(number, "structure", "player numbers start at 1", line[:TEXT_IN_PROBLEM]))
        elif not fields:
            add(GcgProblem(number, "structure", f"#player{player_no} has no nickname", line[:TEXT_IN_PROBLEM]))
        elif player_no in players_seen[0]:
            add(GcgProblem(number, "structure", f"#player{player_no} repeated (the first one is used)",
                           line[:TEXT_IN_PROBLEM]))
        else:
            nick = fields[0]
            if nick in players_seen[1]:
                add(GcgProblem(number, "structure", f"nickname {_q(nick)} is used by two players",
                               line[:TEXT_IN_PROBLEM]))
            players_seen[0].add(player_no)
            players_seen[1].add(nick)
            record.players.append(Player(player_no, nick, fields[1] if len(fields) > 1 else nick, number))
    elif what == "rack":
        record.racks[role.number] = value
        rack_lines.append((number, role.number))
    elif what == "tile":
        if value:
            record.multichar_tiles.append(value.split(None, 1)[0])
    return None


def is_note_text(line: str) -> bool:
    """Whether ``line``, after a note, is read as more of the note: text that is not blank, not
    too long, holds no control character, and starts with neither "#" nor ">" (an indented event
    line is an event). The reader's rule, and the writer's: an unreadable line is never written
    where it would read as note text."""
    if not line or line[0] in "#>" or line.isspace() or len(line) > MAX_LINE or _CONTROL_RE.search(line):
        return False
    stripped = line.lstrip()
    return not (stripped[:1] == ">" and _HEAD_RE.match(stripped) is not None)


def _check_structure(record: GameRecord, problems: list[GcgProblem], rack_lines: list[tuple[int, int]]) -> None:
    players = record.players
    numbers = []
    nicks = set()
    for p in players:
        numbers.append(p.number)
        nicks.add(p.nick)
    if numbers != sorted(numbers):
        players.sort(key=lambda p: p.number)
        numbers.sort()
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        problems.append(GcgProblem(players[0].line, "structure",
                                   f"player numbers are {numbers}, not 1..{len(numbers)}"))
    if record.events and not players:
        problems.append(GcgProblem(record.events[0].line, "structure", "events but no #player line"))
    elif record.events:
        unknown: dict[str, list[GcgEvent]] = {}
        for event in record.events:
            if event.nick not in nicks:
                unknown.setdefault(event.nick, []).append(event)
        for nick, strays in unknown.items():
            more = f" ({len(strays)} events, lines {strays[0].line}-{strays[-1].line})" if len(strays) > 1 else ""
            problems.append(GcgProblem(strays[0].line, "structure", f"{_q(nick)} is not a player's nickname{more}",
                                       strays[0].raw[:TEXT_IN_PROBLEM]))
    last_event_line = record.events[-1].line if record.events else 0
    for number, player_no in rack_lines:
        if number < last_event_line:
            problems.append(GcgProblem(number, "structure", f"#rack{player_no} followed by more events"))
        if record.player_by_number(player_no) is None:
            problems.append(GcgProblem(number, "structure", f"#rack{player_no} but there is no #player{player_no}"))
    if len(problems) > 1:
        problems.sort(key=lambda p: p.line)


def _read_nick(line: str) -> tuple[str, str] | str:
    """An event line's nickname and what follows its colon; else why there is none."""
    match = _HEAD_RE.match(line)
    if match is not None:
        return match[1], line[match.end() :]
    colon = line.find(":")
    nick = line[1:colon].strip() if colon > 0 else ""
    if not nick or any(c.isspace() for c in nick):
        return "event without '>nick:'"
    return nick, line[colon + 1 :]


def _read_numbers(tokens: list[str], i: int) -> tuple[int | None, int | None, bool] | str:
    """An event's score and cumulative from ``tokens[i]`` on (each None when not written), and
    whether the score was written with a plus sign; else why they cannot be read."""
    score = cumulative = None
    signed_plus = False
    if i >= len(tokens):
        return score, cumulative, signed_plus
    tok = tokens[i]
    if _SCORE_RE.fullmatch(tok) is not None:
        if tok[1] == "-":
            score = -int(tok[2:])
        else:
            score = int(tok)
            signed_plus = tok[0] == "+"
        if i + 1 < len(tokens) and _NUMBER_RE.fullmatch(tokens[i + 1]) is not None:
            cumulative = int(tokens[i + 1])
        elif i + 1 < len(tokens) and _LONG_NUMBER_RE.fullmatch(tokens[i + 1]) is not None:
            return f"cumulative {_q(tokens[i + 1])} is too large (at most 9 digits)"
        elif i + 1 < len(tokens) and tokens[i + 1][0] in _NUMBER_START:
            # ("2A", "32,": where the cumulative goes. A word there is a trailing cross-word
            # list, as some programs write; a number spoiled is not.)
            return f"cumulative {_q(tokens[i + 1])} is not a number"
    elif _NUMBER_RE.fullmatch(tok) is not None:
        if i + 1 < len(tokens) and _NUMBER_RE.fullmatch(tokens[i + 1]) is not None:
            score = int(tok)  # "32 48": a score written without its sign, then the cumulative
            cumulative = int(tokens[i + 1])
        else:
            cumulative = int(tok)
    else:
        return f"expected a score such as +24 after {_q(tokens[i - 1])}, found {_q(tok)}"
    return score, cumulative, signed_plus


def _parse_event(line: str, number: int) -> GcgEvent | str:
    """Parse one event line; return the event or a message saying why it cannot be read."""
    head = _read_nick(line)
    if isinstance(head, str):
        return head
    nick, rest = head
    tokens = rest.split()
    if not tokens:
        return "event with nothing after the nickname"
    t0 = tokens[0]
    rack: str | None = None
    unknown = False
    i = 0
    c0 = t0[0]
    if c0 == "(" or c0 == "-":
        pass  # empty rack field
    elif len(tokens) > 1 and (tokens[1][0] in "(-" or _COORD_RE.fullmatch(tokens[1]) is not None):
        if t0 == "UNKNOWN":
            unknown = True
        else:
            rack = t0
        i = 1
    elif _COORD_RE.fullmatch(t0) is None:
        if len(tokens) == 1:
            return "event with a rack and no move"
        return f"no move after the rack: {_q(tokens[1])} is not a coordinate, '-', '--' or '(...)'"
    desc = tokens[i]
    i += 1
    position = tiles = None
    count = None
    c = desc[0]
    if c == "(":
        if desc == "(challenge)":
            kind = EventKind.CHALLENGE_BONUS
        elif desc == "(time)":
            kind = EventKind.TIME_PENALTY
        elif desc[-1] == ")" and len(desc) > 1:
            kind = None  # end-rack points or penalty: the score below says which
            tiles = desc[1:-1]
        else:
            return f"unclosed parenthesis in {_q(desc)}"
    elif c == "-":
        if desc == "-":
            kind = EventKind.PASS
        elif desc == "--":
            kind = EventKind.PHONY_WITHDRAWN
        elif desc[1] == "-":
            return f"{_q(desc)} is neither '--' (phony withdrawn) nor an exchange"
        elif _COUNT_RE.fullmatch(desc) is not None:
            count = int(desc[1:])
            kind = EventKind.EXCHANGE if count else EventKind.PASS
            if not count:
                count = None
        else:
            kind = EventKind.EXCHANGE
            tiles = desc[1:]
    else:
        if i >= len(tokens):
            return f"play at {_q(desc)} without a word"
        kind = EventKind.PLAY
        position = desc
        tiles = tokens[i]
        i += 1

    numbers = _read_numbers(tokens, i)
    if isinstance(numbers, str):
        return numbers
    score, cumulative, signed_plus = numbers

    old_phony = False
    if kind is None:
        if score:
            kind = EventKind.END_RACK_PENALTY if score < 0 else EventKind.END_RACK_POINTS
        else:
            kind = EventKind.END_RACK_PENALTY if rack is not None or unknown else EventKind.END_RACK_POINTS
    elif kind == EventKind.PHONY_WITHDRAWN:
        old_phony = signed_plus
    return GcgEvent(number, line, nick, kind, rack, position, tiles, count, score, cumulative,
                    [], [], old_phony, unknown)
