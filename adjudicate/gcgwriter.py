"""GCG game records written strictly (docs/format.md §5): a UTF-8 header, LF line ends, a final
newline, one spelling of every field; what :func:`adjudicate.gcg.read_gcg` reads back as the same
record.

>>> from adjudicate.gcg import read_gcg
>>> record = read_gcg(b"#player1 doug Doug\\n#player2 emely Emely\\n"
...                   b">doug: DINNVWY 8D WINDY +32 32\\n#note nice\\n"
...                   b">emely: DEIILTZ --  -24 55\\n>emely:  (OPEG) +14 345\\n")
>>> print(write_gcg(record), end="")
#character-encoding UTF-8
#player1 doug Doug
#player2 emely Emely
>doug: DINNVWY 8D WINDY +32 32
#note nice
>emely: DEIILTZ -- -24 55
>emely:  (OPEG) +14 345
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from adjudicate.errors import GcgError
from adjudicate.gcg import EVENT_KINDS, HEADER_FIELDS, MAX_LINES, GameRecord, GcgEvent, is_note_text
from adjudicate.kinds import EventKind

__all__ = ["write_gcg"]


def write_gcg(
    record: GameRecord,
    *,
    canonical_tiles: Callable[[str], str] | None = None,
    multichar_tiles: Iterable[str] | None = None,
    verbatim: Iterable[tuple[int, str]] = (),
) -> str:
    """Write a record as a strict, Macondo-compatible GCG text (UTF-8 header, LF, final newline).

    ``canonical_tiles`` (e.g. a wrapper of ``tiles.format_tiles(parse_tiles(...))``) is applied to
    racks, played tiles, exchanged tiles and end racks. ``multichar_tiles`` are the labels to
    declare in ``#tile`` lines; by default those read from the file (the tile set's own labels
    are ``tiles.Alphabet.multichar_labels``: :mod:`adjudicate.canonical` passes them). Played-through squares are written as stored.
    ``verbatim`` lines, ``(line, text)``, are written as they are, placed by their line number
    among the events as the pragmata with no typed field are (lines the record cannot otherwise
    hold: one the reader could not read, a repeated pragma).

    :raises GcgError: a nickname the format cannot hold (empty, or with white space), two players
        with the same number, or more lines than :func:`read_gcg` reads (:data:`MAX_LINES`: the
        writer adds the UTF-8 header, and ``#tile`` lines, to a record that may be at the limit).
    """
    out: list[str] = ["#character-encoding UTF-8"]
    conv = canonical_tiles or (lambda text: text)
    for keyword, attr in HEADER_FIELDS.items():
        value = getattr(record, attr)
        if value is None:
            continue
        for part in value.split("\n") if keyword == "description" else (value.replace("\n", " "),):
            out.append(_pragma(keyword, part))
        if keyword == "tile-distribution":
            labels = list(multichar_tiles) if multichar_tiles is not None else list(record.multichar_tiles)
            out.extend(f"#tile {label} {label.lower()}" for label in labels)
    if record.tile_distribution is None and (multichar_tiles or record.multichar_tiles):
        labels = list(multichar_tiles) if multichar_tiles is not None else record.multichar_tiles
        out.extend(f"#tile {label} {label.lower()}" for label in labels)

    seen_numbers: set[int] = set()
    for player in sorted(record.players, key=lambda p: p.number):
        if not player.nick or any(ch.isspace() for ch in player.nick):
            raise GcgError(f"nickname {player.nick!r} cannot be written in GCG (one token)")
        if player.number in seen_numbers:
            raise GcgError(f"two players numbered {player.number}")
        seen_numbers.add(player.number)
        name = " ".join(player.name.split()) or player.nick
        out.append(f"#player{player.number} {player.nick} {name}")

    # Pragmata with no typed field, placed after the event they followed (or in the header).
    extras = [(line, _pragma(keyword, value)) for line, keyword, value in record.extra_pragmas()]
    if verbatim:
        extras = sorted([*extras, *verbatim], key=lambda extra: extra[0])
    events = record.events
    k = _write_section(out, record.notes, record.note_lines, extras, 0, events[0].line if events else None)
    for n, event in enumerate(events):
        out.append(_format_event(event, conv))
        next_line = events[n + 1].line if n + 1 < len(events) else None
        k = _write_section(out, event.notes, event.note_lines, extras, k, next_line)
    for player_no in sorted(record.racks):
        out.append(_pragma(f"rack{player_no}", conv(record.racks[player_no]) if record.racks[player_no] else ""))
    if len(out) > MAX_LINES:  # what the reader would refuse is not written
        raise GcgError(f"not written: the record would have {len(out):,} lines, and a game record has at "
                       f"most {MAX_LINES:,}")
    return "\n".join(out) + "\n"


def _write_section(out: list[str], notes: list[str], note_lines: list[int], extras: list[tuple[int, str]],
                   k: int, until: int | None) -> int:
    """Write ``notes`` (each at its line; one without a line first) and ``extras[k:]`` up to line
    ``until`` (None: all), in the order of their lines, as the file had them: a note moved past an
    unreadable line written back made that line note text. Returns the index of the next extra."""
    end = k
    while end < len(extras) and (until is None or extras[end][0] < until):
        end += 1
    if not notes:
        out.extend(text for _, text in extras[k:end])
        return end
    items = sorted([*((note_lines[i] if i < len(note_lines) else -1, 0, i) for i in range(len(notes))),
                    *((extras[j][0], 1, j) for j in range(k, end))])
    waiting: list[int] = []  # notes not yet written
    for _, is_extra, i in items:
        if not is_extra:
            waiting.append(i)
            continue
        text = extras[i][1]
        if not is_note_text(text):  # (what separated it from a note may be written elsewhere: a
            for n in waiting:     # header pragma after the events goes to the header)
                _write_note(out, notes[n])
            waiting.clear()
        out.append(text)  # (one that would read as note text goes before the notes it followed)
    for n in waiting:
        _write_note(out, notes[n])
    return end


def _pragma(keyword: str, value: str) -> str:
    value = " ".join(value.split("\n")).strip()
    return f"#{keyword} {value}" if value else f"#{keyword}"


def _write_note(out: list[str], text: str) -> None:
    lines = text.split("\n")
    out.append(_pragma("note", lines[0]))
    for line in lines[1:]:
        head = line.lstrip()[:1]
        if head == "#" or head == ">":  # would be read as a pragma or an event: own #note
            out.append(_pragma("note", line))
        else:
            out.append(line.rstrip())


def _format_event(event: GcgEvent, conv: Callable[[str], str]) -> str:
    kind = event.kind
    if kind not in EVENT_KINDS:
        raise GcgError(f"line {event.line}: unknown event kind {kind!r}")
    if not event.nick or any(ch.isspace() for ch in event.nick):
        raise GcgError(f"line {event.line}: nickname {event.nick!r} cannot be written in GCG")
    rack = "UNKNOWN" if event.unknown_rack else (conv(event.rack) if event.rack else "")
    score = event.score
    if kind == EventKind.PLAY:
        desc = f"{event.position} {conv(event.tiles or '')}"
    elif kind == EventKind.PASS:
        desc = "-"
    elif kind == EventKind.EXCHANGE:
        if event.tiles is None and event.exchange_count is None:
            raise GcgError(f"line {event.line}: an exchange needs tiles or a count")
        desc = f"-{event.exchange_count}" if event.tiles is None else "-" + conv(event.tiles)
    elif kind == EventKind.PHONY_WITHDRAWN:
        desc = "--"
    elif kind == EventKind.CHALLENGE_BONUS:
        desc = "(challenge)"
    elif kind == EventKind.TIME_PENALTY:
        desc = "(time)"
    else:  # end_rack_points / end_rack_penalty
        desc = f"({conv(event.tiles or '')})"
    parts = [f">{event.nick}:", rack, desc]
    if score is not None:
        if kind == EventKind.PHONY_WITHDRAWN and not event.old_phony_form:
            # The new form, -S. (A positive score that is not the old form was written unsigned,
            # before the cumulative, "-- 20 0": written so again, or its sign would change.)
            parts.append(f"-{abs(score)}" if score <= 0 or event.cumulative is None else str(score))
        else:
            parts.append(f"{score:+d}")
    if event.cumulative is not None:
        parts.append(str(event.cumulative))
    return " ".join(parts)
