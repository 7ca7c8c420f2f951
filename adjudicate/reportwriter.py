"""A rescoring report written out (docs/format.md §2): one game's table, a batch's table, CSV lines,
JSON and JSON Lines.

What is written is the report's dict, the shape that crosses process boundaries (``rescore
--jobs`` workers send dicts): a :class:`~adjudicate.report.GameReport`, a
:class:`~adjudicate.report.GameSummary` (what a batch's table and CSV show) or a
:class:`~adjudicate.report.GameError` (a file that could not be rescored); a
:class:`~adjudicate.report.RescoreReport` itself is written as JSON without its dicts
(:func:`json_game`). :func:`game_table` is one game's table, :func:`summary_table` a batch's,
:func:`csv_lines` the CSV summary, :func:`json_array` the JSON array and :func:`json_lines` JSON
Lines, game by game. Nothing here prints: text is returned, or yielded in pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from adjudicate.kinds import Ending
from adjudicate.printable import printable
from adjudicate.report import (
    DiscrepancyDict,
    EventResult,
    GameOutcome,
    GameReport,
    RescoreReport,
    failed,
    winner_change_text,
)

__all__ = [
    "CELL_WIDTH", "CSV_COLUMNS", "WIDTH", "cell", "csv_lines", "csv_row", "ending_word", "event_json",
    "game_table", "json_array", "json_game", "json_lines", "report_json", "summary_table", "words_checked",
]


#: Characters of a table cell at most (a record's field can be megabytes): see :func:`cell`.
CELL_WIDTH = 160

_ENDINGS = {"went_out": "a player went out", "scoreless": "scoreless turns",
            "passes": "passes", "time": "the time limit", None: "not finished"}


def game_table(report: GameReport, show_args: str = "") -> str:
    """One game as tables, :data:`WIDTH` columns at most: the ruleset and why (the reason names
    the record's lexicon), the players' totals, how the game ended, every discrepancy (or that
    every score agrees; a run of one finding is one row, :func:`_runs`) and the information
    lines. Below the discrepancies, the `adjudicate show` command that explains each play they
    are on, one a line (``show_args``: the --rules/--set the game was rescored with, as
    command-line text). Long cells wrap; a path longer than a line has a line of its own."""
    from adjudicate.rules import ruleset_text

    spelling, checked = report["spelling_reason"], words_checked(report)
    file = f"{printable(report['file'])}:"
    header = (printable(ruleset_text(report["ruleset"], report["ruleset_reason"]))
              + (f"; spelling: {printable(spelling)}" if spelling else "")
              + (f"; {printable(checked)}" if checked else ""))
    # (too long for a line: the file on its own, then why the ruleset)
    lines = [f"{file} {header}"] if len(file) + 1 + len(header) <= WIDTH else [file, *_wrap(header, "  ")]
    if report.get("board_fit"):
        fit = report["board_fit"]
        lines += _wrap(f"every difference disappears on the board {fit}: was the game played on it? "
                       f"(--board {fit})")
    players = [
        [cell(p["nick"]), cell(p["name"]), p["recorded_final"], p["computed_final"],
         "" if p["recorded_final"] in (None, p["computed_final"]) else "differs"]
        for p in report["players"]
    ]
    lines.append(_table(players, ["player", "name", "recorded", "computed", ""], flexible=(0, 1)))
    result = _ENDINGS.get(report["ending"], report["ending"])
    if report["winners"]:
        winner = printable(", ".join(report["winners"]))
    else:  # an unfinished game has no winner yet; a finished one none when every player forfeited
        winner = "none (every player is over the maximum overtime)" if report["ending"] else "-"
    lines += _wrap(f"ended by: {result}; winner (computed): {winner}")
    if report["winner_changed"]:
        lines += _wrap(f"winner changes: {winner_change_text(report)}")
    if report["discrepancies"]:
        plays = {e["line"] for e in report["events"] if e["kind"] == "play"}
        rows, commands = [], {}  # (show commands by line, in order)
        for run in _runs(report["discrepancies"], [e["line"] for e in report["events"]]):
            d = run[0]
            rows.append([d["line"] if len(run) == 1 else f"{d['line']}\u2013{run[-1]['line']}",
                         d["kind"], cell(d["recorded"]), cell(d["computed"]), cell(_what(run))])
            # (`show` explains a play: not a missing end-of-game line reported at the last play;
            # a run: its first line.)
            if d["kind"] not in ("end_rack", "time_penalty"):
                commands[d["line"]] = _show_command(report["file"], d["line"], plays, show_args)
        lines.append("")
        lines.append(_table(rows, ["line", "kind", "recorded", "computed", "what"], flexible=(2, 3, 4),
                            colalign=("right",)))  # (a run: 27–242)
        if any(commands.values()):
            lines.append("explained by:")
            lines += [line for command in commands.values() for line in command]
    else:
        lines.append("no discrepancies: every score agrees")
    for item in report["info"]:
        if item["kind"] == "phony" and item.get("challenged"):
            text = (f"info: line {item['line']}: challenged and upheld, yet not in the lexicon: "
                    f"{', '.join(item['words'])} (was another word list used?)")
        elif item["kind"] == "phony":
            text = (f"info: line {item['line']}: unchallenged, not in the lexicon: "
                    f"{', '.join(item['words'])} (it stands under the rules)")
        else:
            text = f"info: {printable(item['message'])}"
        lines += _wrap(text)
    return "\n".join(lines)


def words_checked(report: GameReport) -> str | None:
    """What a game's header says of its word checks (None: none): the lexicon, and whether to
    trust what it found. A stand-in, or a lexicon that is not the record's ``#lexicon``, may call a
    good word a phony (and miss a phony): ``words checked with en-kjxqz: kjxqz English list 1.2.0
    (stand-in, not NWL/CSW), not the record's CSW21, so its findings may be false``."""
    words = report.get("words_lexicon")
    if not words:
        checked = report.get("checked_words_with")
        return f"words checked with {checked}" if checked else None
    text = f"words checked with {words['id']}: {words['label']}"
    if words.get("matches_record"):
        text += ", the record's lexicon"
    elif words.get("matches_record") is False:
        text += f", not the record's {report['lexicon']}"
    if words.get("standin") or words.get("matches_record") is False:
        text += ", so its findings may be false"
    return text


#: The columns a table is laid out in (a terminal of 100 columns): longer cells wrap, and a path
#: longer than a line has a line of its own.
WIDTH = 100


def _wrap(text: str, indent: str = "", more: str = "  ") -> list[str]:
    """``text`` in lines of :data:`WIDTH` columns at most, the first indented by ``indent``, the
    others by ``more``; a word is never broken (a path longer than a line has a line of its own)."""
    import textwrap

    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=more,
                         break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]


def _table(rows: list[list[Any]], headers: list[str], *, flexible: tuple[int, ...],
           colalign: tuple[str, ...] | None = None) -> str:
    """``tabulate(rows, headers)``, :data:`WIDTH` columns at most when it can be: when the table
    is wider, the ``flexible`` columns wrap (each but the last to a quarter of the room they share
    at most, the last to the rest), long words broken."""
    import textwrap

    from tabulate import tabulate

    text = [[str(value) for value in row] for row in rows]
    # (a column is as wide as its widest cell, or its header and two spaces; two between columns)
    widths = [max([len(header) + 2, *(len(row[i]) for row in text)]) for i, header in enumerate(headers)]
    room = WIDTH - (sum(widths) + 2 * (len(widths) - 1)) + sum(widths[i] for i in flexible)
    if room < sum(widths[i] for i in flexible):
        for i in flexible:
            cap = max(len(headers[i]) + 2, room if i == flexible[-1] else min(widths[i], room // 4), 8)
            room -= cap
            if widths[i] > cap:
                for row, values in zip(rows, text):
                    row[i] = "\n".join(textwrap.wrap(values[i], cap, break_on_hyphens=False)) or values[i]
    return tabulate(rows, headers=headers, colalign=colalign)


def _runs(discrepancies: list[DiscrepancyDict], events: list[int]) -> Iterator[list[DiscrepancyDict]]:
    """The findings in runs: one finding on each of consecutive events (``events``: their lines,
    in order; a note between them does not break a run), of one kind, with the same values and
    text but for the player it names first (``Tim moves after the end of the game``, ``Josh moves
    after ...``). A table shows a run as one row; JSON and CSV keep every finding."""
    from bisect import bisect_right

    run: list[DiscrepancyDict] = []
    for d in discrepancies:
        last = run[-1]["line"] if run else 0
        if (run and last < d["line"] and _run_key(d) == _run_key(run[-1])
                and bisect_right(events, last) == bisect_right(events, d["line"] - 1)):
            run.append(d)
            continue
        if run:
            yield run
        run = [d]
    if run:
        yield run


def _text(d: DiscrepancyDict) -> str:
    """What a finding says, without the ``line N: `` its message starts with."""
    return d["message"].split(": ", 1)[-1]


def _subject_removed(d: DiscrepancyDict) -> str | None:
    """What a finding says of its player, the player's name taken off the front (``moves after
    the end of the game``); None when it does not start with the name."""
    text, player = _text(d), d["player"]
    return text[len(player) + 1:] if player and text.startswith(player + " ") else None


def _run_key(d: DiscrepancyDict) -> tuple[Any, ...]:
    rest = _subject_removed(d)
    return (d["kind"], repr(d["recorded"]), repr(d["computed"]), rest is None,
            _text(d) if rest is None else rest)


def _what(run: list[DiscrepancyDict]) -> str:
    """A run's text: ``218 moves after the end of the game (...), by Tim and Josh``, or ``3 times:
    TEXT`` for a finding that does not start with its player (one finding: its own text)."""
    if len(run) == 1:
        return _text(run[0])
    rest = _subject_removed(run[0])
    if rest is None:
        return f"{len(run)} times: {_text(run[0])}"
    players = list(dict.fromkeys(d["player"] for d in run if d["player"]))
    names = f"{', '.join(players[:-1])} and {players[-1]}" if len(players) > 1 else players[0]
    return f"{len(run)} {rest}, by {names}"


def cell(value: Any) -> str:
    """A table cell's text, control characters escaped (``\\x1b``), cut to :data:`CELL_WIDTH`
    characters with an ellipsis: a row stays that wide however long a record's field is (the full
    text is in the JSON).

    >>> cell(None), cell(7), len(cell("x" * 1000)), cell("x" * 1000)[-1]
    ('', '7', 160, '…')
    """
    text = "" if value is None else printable(str(value))
    return text if len(text) <= CELL_WIDTH else text[:CELL_WIDTH - 1] + "\u2026"


def _show_command(file: str, line: int, plays: set[int], show_args: str) -> list[str]:
    """``adjudicate show FILE --line N`` for a discrepancy on a play (none for stdin), indented,
    as lines: one if it fits, else three (the shell reads the backslashes): the command, the
    file, the options."""
    if line not in plays or file == "<stdin>":
        return []
    import shlex

    command, path, options = "adjudicate show", shlex.quote(file), f"--line {line}{show_args}"
    whole = f"  {command} {path} {options}"
    return [whole] if len(whole) <= WIDTH else [f"  {command} \\", f"    {path} \\", f"    {options}"]


def summary_table(outcomes: Iterable[GameOutcome]) -> str:
    """A batch as one table, :data:`WIDTH` columns at most: a row per game (an error's row says
    ERROR), and under a row the game's first discrepancy or why it could not be rescored. A file
    name too long for its column is on a line of its own, above its row."""
    rows: list[list[Any]] = []
    under: list[str] = []
    for r in outcomes:
        if failed(r):
            rows.append([cell(r["file"]), "", "", "ERROR", ""])
            under.append(f"error: {cell(r['error'])}")
            continue
        rows.append([cell(r["file"]), r["ruleset"], ending_word(r["ending"]),
                     len(r["discrepancies"]) or "ok", _bool(r["winner_changed"])])
        under.append(f"first: {cell(r['discrepancies'][0]['message'])}" if r["discrepancies"] else "")
    headers = ["file", "ruleset", "ending", "discrepancies", "winner_changed"]
    # (the other columns as wide as their cells or header and two spaces; two between columns)
    room = WIDTH - sum(max([len(h) + 2, *(len(str(row[i])) for row in rows)]) + 2
                       for i, h in enumerate(headers) if i)
    above = [row[0] if len(row[0]) > room else "" for row in rows]
    for row, name in zip(rows, above):
        if name:
            row[0] = ""
    from tabulate import tabulate

    head, rule, *lines = tabulate(rows, headers=headers, disable_numparse=True).split("\n")
    out = [head, rule]
    for line, name, text in zip(lines, above, under):
        out += [name] if name else []
        out.append(line)
        out += _wrap(text, "  ", "    ") if text else []
    return "\n".join(out)


def ending_word(ending: Ending | None) -> str:
    """A game's ending as a batch's table and CSV write it: the JSON's word, ``unfinished`` for
    none (JSON null)."""
    return "unfinished" if ending is None else str(ending)


#: The CSV's first line (:func:`csv_lines`).
CSV_COLUMNS = ["file", "ruleset", "ending", "ok", "winner_changed", "discrepancies", "first_line", "first_kind",
               "first_message", "error"]


def csv_row(outcome: GameOutcome | None) -> str:
    """A game's line of the CSV summary (:func:`csv_lines`; None: the header): booleans as a
    spreadsheet writes them (``true``, ``false``), the ending as the table writes it, an empty
    field for what a row has not (a game without discrepancies has no first one; an error row
    only its file and error)."""
    import csv
    import io

    row: list[Any]
    if outcome is None:
        row = CSV_COLUMNS
    elif failed(outcome):
        row = [outcome["file"], "", "", "", "", "", "", "", "", outcome["error"]]
    else:
        d = outcome["discrepancies"][0] if outcome["discrepancies"] else None
        row = [outcome["file"], outcome["ruleset"], ending_word(outcome["ending"]), outcome["ok"],
               outcome["winner_changed"], len(outcome["discrepancies"]), d["line"] if d else "", d["kind"] if d else "",
               d["message"] if d else "", ""]
    out = io.StringIO()
    # The file's name as it is (csv quotes a comma, a quote, a newline in it): a program reads the
    # column to open the file. The other cells are text to read, control characters escaped.
    csv.writer(out, lineterminator="\n").writerow(
        [row[0], *(printable(_bool(value) if isinstance(value, bool) else str(value)) for value in row[1:])])
    return out.getvalue()


def _bool(value: bool) -> str:
    """A boolean as a table and CSV write it: ``true`` or ``false``, as JSON does."""
    return "true" if value else "false"


def csv_lines(outcomes: Iterable[GameOutcome | str]) -> Iterator[str]:
    """The CSV summary, the header first, then one line per game as it comes (:func:`csv_row`;
    a ``str`` is a game's line already written, by a ``--jobs`` worker)."""
    yield csv_row(None)
    for r in outcomes:
        yield r if isinstance(r, str) else csv_row(r)


def json_game(outcome: RescoreReport | GameOutcome) -> str:
    """A game's JSON object on one line: ``json.dumps(outcome, ensure_ascii=False)`` (a report:
    of its :meth:`~RescoreReport.to_dict`), every control character escaped
    (:mod:`adjudicate.jsontext`)."""
    if isinstance(outcome, RescoreReport):
        return report_json(outcome)
    from adjudicate.jsontext import json_line

    return json_line(outcome)


def report_json(report: RescoreReport) -> str:
    """``json.dumps(report.to_dict(), ensure_ascii=False)``, every control character escaped
    (:mod:`adjudicate.jsontext`), made without the events' dicts: each event's text is written by
    :func:`event_json`, the rest is json's C encoder: 14% of the instructions of a game rescored
    and written as JSON (3.22M with the dicts and the encoder, 2.77M; scripts/icount json)."""
    from json.encoder import encode_basestring  # (json's C function)

    from adjudicate.jsontext import escape_controls, json_raw

    events = ", ".join([event_json(e, encode_basestring) for e in report.events])
    return escape_controls(f"{json_raw(report.before_events())[:-1]}, \"events\": [{events}], "
                           f"{json_raw(report.after_events())[1:]}")


def event_json(event: EventResult, quote: Callable[[str], str]) -> str:
    """:meth:`~adjudicate.report.EventResult.to_dict` as ``json.dumps(..., ensure_ascii=False)``
    writes it, the control characters json leaves as they are aside (:func:`report_json` escapes
    them); ``quote``: json's own string encoder. A play's text is written here: its position,
    tiles and words are canonical tile labels, which JSON writes as they are
    (tests/test_report.py holds both equal on every record)."""
    event.finish()
    words, position, tiles = event.words, event.position, event.tiles
    if not words or position is None or tiles is None:
        from adjudicate.jsontext import json_raw

        return json_raw(event.to_dict())
    rs, cs, rc, cc = (event.recorded_score, event.computed_score, event.recorded_cumulative,
                      event.computed_cumulative)
    listed = ", ".join([f'{{"word": "{word}", "score": {score}}}' for word, score in words])
    return (f'{{"line": {event.line}, "player": {quote(event.player)}, "kind": "{event.kind}", '
            f'"position": "{position}", "tiles": "{tiles}", "words": [{listed}], '
            f'"recorded_score": {"null" if rs is None else rs}, '
            f'"computed_score": {"null" if cs is None else cs}, '
            f'"recorded_cumulative": {"null" if rc is None else rc}, '
            f'"computed_cumulative": {"null" if cc is None else cc}}}')


def json_array(outcomes: Iterable[RescoreReport | GameOutcome | str],
               indent: int | None = None) -> Iterator[str]:
    """The games as one JSON array, one game at a time (control characters escaped:
    :mod:`adjudicate.jsontext`). Without ``indent``, one game a line (:func:`json_game`; a
    ``str`` is a game's line already written, by a ``--jobs`` worker) between ``[`` and ``]`` on
    lines of their own; with it, ``json.dumps(list(outcomes), ensure_ascii=False,
    indent=indent)`` and a newline, byte for byte.

    Indenting each game's own dump is exact: JSON escapes every newline in a string.
    """
    if indent is None:
        before = "[\n"
        for r in outcomes:
            yield before + (r if isinstance(r, str) else json_game(r))
            before = ",\n"
        yield "[]\n" if before == "[\n" else "\n]\n"
        return
    from adjudicate.jsontext import json_pieces

    margin = " " * indent
    start = before = "[\n" + margin
    for r in outcomes:
        if isinstance(r, str):
            raise TypeError("an indented JSON array is written from the games' dicts")
        if isinstance(r, RescoreReport):
            r = r.to_dict()
        pieces = json_pieces(r, margin=margin, indent=indent)
        yield before + next(pieces)
        yield from pieces
        before = ",\n" + margin
    yield "[]\n" if before == start else "\n]\n"


def json_lines(outcomes: Iterable[RescoreReport | GameOutcome | str]) -> Iterator[str]:
    """JSON Lines: each game's object on one line (:func:`json_game`; a ``str`` is a game's line
    already written, by a ``--jobs`` worker) and a newline, one game at a time."""
    for r in outcomes:
        yield (r if isinstance(r, str) else json_game(r)) + "\n"
