"""`adjudicate rescore`: replay recorded games and report every disagreement."""

from __future__ import annotations

import enum
import os
import signal
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Optional

import typer

from adjudicate.cli.root import app
from adjudicate.cli.common import (
    EXIT_ERROR,
    EXIT_NO,
    EXIT_OK,
    SpellingOption,
    emit_json,
    json_pieces,
    read_input,
)
from adjudicate.errors import AdjudicateError
from adjudicate.printable import printable

# Below this many games a pool costs more than it saves: run in this process.
POOL_THRESHOLD = 64
# Characters of a table cell at most (a record's field can be megabytes): see _cell.
CELL_WIDTH = 160


class Format(str, enum.Enum):
    table = "table"
    json = "json"
    csv = "csv"


def rescore_one(
    path: str, rules: Optional[str], overrides: dict[str, Any], lexicon_name: Optional[str],
    check_words: bool, spelling: Optional[str] = None, data: Optional[bytes] = None,
    full: bool = True,
) -> dict[str, Any]:
    """Rescore one file; a dict (the report, or ``{"file", "error"}``). Runs in worker processes.

    With ``full=False`` only the summary (no events): what a batch's table or CSV shows, without
    formatting every play of every game and sending it between processes.
    """
    from adjudicate.gcg import read_gcg
    from adjudicate.rescore import choose_ruleset, rescore_game
    from adjudicate.rules import apply_overrides

    name = "<stdin>" if path == "-" else path
    try:
        if data is None:
            data = read_input(path)
        record = read_gcg(data, name=name)
        ruleset, reason = choose_ruleset(record, rules)
        if overrides:
            ruleset = apply_overrides(ruleset, overrides)
            reason += " with " + ", ".join(f"{k}={v}" for k, v in overrides.items())
        lexicon = None
        if check_words:
            lexicon = _lexicon(ruleset.default_lexicon if lexicon_name is None else lexicon_name)
            alphabet = lexicon.alphabet.name
            if alphabet != ruleset.alphabet:
                return {"file": name, "error": f"lexicon {lexicon.id} is {alphabet}, but "
                        f"the game is played with {ruleset.alphabet} tiles ({reason}): give a "
                        f"{ruleset.alphabet} --lexicon or --rules"}
        report = rescore_game(record, ruleset, reason=reason, lexicon=lexicon, spelling=spelling)
        if full:
            return report.to_dict()
        return {
            "file": report.file, "ruleset": report.ruleset, "ending": report.ending,
            "ok": report.ok, "winners": report.winners,
            "discrepancies": [d.to_dict() for d in report.discrepancies],
        }
    except AdjudicateError as err:
        return {"file": name, "error": str(err)}
    except OSError as err:
        return {"file": name, "error": f"{err.filename or name}: {err.strerror or err}"}


_LEXICONS: dict[str, Any] = {}


def _lexicon(name: str) -> Any:
    """One lexicon per process, with a memo in front of its lookups (batch work repeats words)."""
    if name not in _LEXICONS:
        from adjudicate.lexicon import TileMemo, open_lexicon

        _LEXICONS[name] = TileMemo(open_lexicon(name))
    return _LEXICONS[name]


def _run_all(games: list[str], jobs: int, args: tuple[Any, ...], progress: bool,
             stdin: Optional[bytes], full: bool) -> Iterator[dict[str, Any]]:
    """Each game's report, in the order given, as it is ready (nothing is kept here: a batch's
    JSON is written game by game, in bounded memory). With ``jobs`` > 1 and enough games, forked
    workers compute them (:func:`adjudicate.forked.imap`): leaving early kills them all, and a
    worker that dies is an error for the game it was rescoring."""
    from adjudicate.forked import WorkerDied, imap

    jobs = workers(jobs, len(games))
    if jobs > 1 and len(games) >= POOL_THRESHOLD:
        # Imported before the workers fork, so that each one does not import (or compile) them again.
        import adjudicate.gcg
        import adjudicate.rescore
        import adjudicate.rules  # noqa: F401
    else:
        jobs = 1

    def one(index: int) -> dict[str, Any]:
        game = games[index]
        return rescore_one(game, *args, data=stdin if game == "-" else None, full=full)

    def reports() -> Iterator[dict[str, Any]]:
        chunk = max(1, min(256, len(games) // (jobs * 8)))
        for index, r in enumerate(imap(one, len(games), jobs=jobs, chunk=chunk)):
            if isinstance(r, WorkerDied):
                name = "<stdin>" if games[index] == "-" else games[index]
                r = {"file": name, "error": f"{name}: not rescored: {r.reason}"}
            yield r

    yield from _with_progress(reports(), len(games), progress)


def workers(jobs: int, games: int) -> int:
    """The processes a batch uses for ``--jobs``: at most one per CPU this process may run on and
    one per game (--jobs 100 started 100 processes on 2 cores)."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(jobs, cpus, games))


class Interrupted(BaseException):
    """SIGINT or SIGTERM during a batch (``signum``): raised by the handlers :func:`_stoppable`
    installs, caught by :func:`_until_signal`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def _stoppable() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` inside the block; the handlers and the
    signal mask are as they were after it (where handlers cannot be set, outside the main
    thread, nothing changes)."""

    def handler(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        previous = {signum: signal.signal(signum, handler) for signum in _SIGNALS}
    except ValueError:  # not the main thread
        previous = {}
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for signum, old in previous.items():
            signal.signal(signum, old)


class _Progress:
    """What :func:`_until_signal` saw: games given out, the errors among them, the signal."""

    def __init__(self) -> None:
        self.count = 0
        self.errors: list[str] = []
        self.code = EXIT_OK
        self.signum: Optional[int] = None


def _until_signal(reports: Iterable[dict[str, Any]], seen: _Progress) -> Iterator[dict[str, Any]]:
    """The reports as they come, until a signal (:class:`Interrupted`) stops the batch. Each one
    is handed out with the signals blocked, so what is written of it is written whole; a signal
    then arrives when the next game is asked for, and ends the iteration there: the caller
    closes its output as if the batch had ended (the JSON array closed, whole CSV rows)."""
    try:
        for r in reports:
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # (one come before: raised here)
            yield r
            seen.count += 1  # written whole
            seen.code = max(seen.code, _exit_code([r]))
            if "error" in r:
                seen.errors.append(r["error"])
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    except Interrupted as stop:
        seen.signum = stop.signum
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # a second one: after the output is closed


def _finish(seen: _Progress, total: int) -> int:
    """Print the errors collected (and, when a signal stopped the batch, how far it got); the
    exit code: 128 + the signal's number (130 Ctrl-C, 143 SIGTERM), else the verdict's."""
    for message in seen.errors:
        typer.echo(f"Error: {printable(message)}", err=True)
    if seen.signum is None:
        return seen.code
    typer.echo(f"interrupted after {seen.count} of {total} games", err=True)
    return 128 + seen.signum


def _with_progress(results: Iterable[dict[str, Any]], total: int,
                   progress: bool) -> Iterator[dict[str, Any]]:
    if not progress:
        yield from results
        return
    with typer.progressbar(results, length=total, label="rescoring", file=sys.stderr) as bar:
        yield from bar


def _exit_code(reports: list[dict[str, Any]]) -> int:
    if any("error" in r for r in reports):
        return EXIT_ERROR
    if any(r["discrepancies"] for r in reports):
        return EXIT_NO
    return EXIT_OK


def _render_one(report: dict[str, Any], show_args: str = "") -> str:
    """One game as tables. A discrepancy on a play ends with the `adjudicate show` command that
    explains it (``show_args``: the --rules/--set the game was rescored with)."""
    from tabulate import tabulate

    lines = [
        f"{printable(report['file'])}: ruleset {report['ruleset']} ({printable(report['ruleset_reason'])})"
        + (f", #lexicon {printable(report['lexicon'])}" if report.get("lexicon") else "")
        + (f"; spelling: {printable(report['spelling_reason'])}" if report.get("spelling_reason") else "")
        + (f"; words checked with {report['checked_words_with']}"
           if report.get("checked_words_with") else ""),
    ]
    players = [
        [_cell(p["nick"]), _cell(p["name"]), p["recorded_final"], p["computed_final"],
         "" if p["recorded_final"] in (None, p["computed_final"]) else "differs"]
        for p in report["players"]
    ]
    lines.append(tabulate(players, headers=["player", "name", "recorded", "computed", ""]))
    ending = {"went_out": "a player went out", "scoreless": "scoreless turns",
              "passes": "passes", "time": "the time limit", None: "not finished"}
    result = ending.get(report["ending"], report["ending"])
    if report["winners"]:
        winner = printable(", ".join(report["winners"]))
    else:  # an unfinished game has no winner yet; a finished one none when every player forfeited
        winner = "none (every player is over the maximum overtime)" if report["ending"] else "-"
    lines.append(f"ended by: {result}; winner (computed): {winner}")
    if report["discrepancies"]:
        plays = {e["line"] for e in report["events"] if e["kind"] == "play"}
        # (`show` explains a play: not a missing end-of-game line reported at the last play.)
        rows = [[d["line"], d["kind"], _cell(d["recorded"]), _cell(d["computed"]),
                 _cell(d["message"].split(": ", 1)[-1]),
                 "" if d["kind"] in ("end_rack", "time_penalty") else
                 _show_command(report["file"], d["line"], plays, show_args)]
                for d in report["discrepancies"]]
        headers = ["line", "kind", "recorded", "computed", "what", "explained by"]
        if not any(row[-1] for row in rows):
            rows, headers = [row[:-1] for row in rows], headers[:-1]
        lines.append("")
        lines.append(tabulate(rows, headers=headers))
    else:
        lines.append("no discrepancies: every score agrees")
    for item in report["info"]:
        if item["kind"] == "phony" and item.get("challenged"):
            lines.append(f"info: line {item['line']}: challenged and upheld, yet not in the "
                         f"lexicon: {', '.join(item['words'])} (was another word list used?)")
        elif item["kind"] == "phony":
            lines.append(f"info: line {item['line']}: unchallenged, not in the lexicon: "
                         f"{', '.join(item['words'])} (it stands under the rules)")
        else:
            lines.append(f"info: {printable(item['message'])}")
    return "\n".join(lines)


def _cell(value: Any) -> str:
    """A table cell's text, control characters escaped (``\\x1b``), cut to CELL_WIDTH characters
    with an ellipsis: a row stays that wide however long a record's field is (the full text is in
    --format json)."""
    text = "" if value is None else printable(str(value))
    return text if len(text) <= CELL_WIDTH else text[:CELL_WIDTH - 1] + "\u2026"


def _show_command(file: str, line: int, plays: set[int], show_args: str) -> str:
    """``adjudicate show FILE --line N`` for a discrepancy on a play (not for stdin)."""
    if line not in plays or file == "<stdin>":
        return ""
    import shlex

    return f"adjudicate show {shlex.quote(file)} --line {line}{show_args}"


def _render_many(reports: list[dict[str, Any]]) -> str:
    from tabulate import tabulate

    rows = []
    for r in reports:
        if "error" in r:
            rows.append([_cell(r["file"]), "", "", "ERROR", _cell(r["error"])])
            continue
        first = r["discrepancies"][0]["message"] if r["discrepancies"] else ""
        rows.append([_cell(r["file"]), r["ruleset"], r["ending"] or "unfinished",
                     len(r["discrepancies"]) or "ok", _cell(first)])
    return tabulate(rows, headers=["file", "ruleset", "ending", "discrepancies", "first"])


def _csv_lines(reports: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The CSV summary, one line per game as it comes (the header first)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")

    def line(row: list[Any]) -> str:
        out.seek(0)
        out.truncate()
        writer.writerow([printable(str(cell)) for cell in row])
        return out.getvalue()

    yield line(["file", "ruleset", "ending", "ok", "discrepancies", "first_line",
                "first_kind", "first_message", "error"])
    for r in reports:
        if "error" in r:
            yield line([r["file"], "", "", "", "", "", "", "", r["error"]])
            continue
        d = r["discrepancies"][0] if r["discrepancies"] else None
        yield line([r["file"], r["ruleset"], r["ending"] or "", r["ok"], len(r["discrepancies"]),
                    d["line"] if d else "", d["kind"] if d else "", d["message"] if d else "", ""])


def _json_array(reports: Iterable[dict[str, Any]]) -> Iterator[str]:
    """``json.dumps(list(reports), indent=2)`` and a newline, byte for byte, one game at a time.

    Indenting each game's own dump by two spaces is exact: JSON escapes every newline in a string.
    """
    before = "[\n  "
    for r in reports:
        pieces = json_pieces(r, margin="  ")
        yield before + next(pieces)
        yield from pieces
        before = ",\n  "
    yield "[]\n" if before == "[\n  " else "\n]\n"


@app.command()
def rescore(
    games: Annotated[list[str], typer.Argument(help="GCG files, or - for stdin.")],
    rules: Annotated[Optional[str], typer.Option(
        "--rules", "-r", help="naspa, wespa, fise or catalan (default: from the file, else naspa).")] = None,
    lexicon: Annotated[Optional[str], typer.Option(
        "--lexicon", "-l", help="Lexicon for --check-words (default: the ruleset's).")] = None,
    check_words: Annotated[bool, typer.Option(
        "--check-words", help="Look every word up; list unchallenged phonies (information).")] = False,
    output: Annotated[Format, typer.Option("--format", "-f", help="table, json or csv.")] = Format.table,
    json_: Annotated[bool, typer.Option("--json", help="The same as --format json.")] = False,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=1, help="Processes to use (at most one per CPU and per game).")] = 1,
    set_: Annotated[Optional[list[str]], typer.Option(
        "--set", help="Override a ruleset parameter, KEY=VALUE (repeatable).")] = None,
    spelling: SpellingOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Replay recorded games (GCG) and report every score that disagrees with the record.

    Every move score, cumulative, challenge bonus, end-of-game rack adjustment and time penalty
    is recomputed under the ruleset. Exit 0 when everything agrees, 1 when something does not,
    2 when a file cannot be read or adjudicated.

    Example: adjudicate rescore round7_board3.gcg

    Example: adjudicate rescore --rules fise --format json games/*.gcg --jobs 2
    """
    from adjudicate.cli.common import errors_exit_2
    from adjudicate.rules import find_ruleset, parse_overrides

    if json_:
        output = Format.json

    with errors_exit_2():
        if rules is not None:  # an unknown (or empty) ruleset is a usage error, before any file
            find_ruleset(rules)
        if lexicon == "":
            from adjudicate.lexicon import open_lexicon

            open_lexicon(lexicon)  # (the error: an empty name is never the default)
        overrides = parse_overrides(set_ or [])
    with errors_exit_2():
        stdin = read_input("-") if "-" in games else None
    streamed = len(games) > 1 and output is not Format.table
    # A streamed batch writes its JSON or CSV game by game: a bar on the same terminal would tear it.
    progress = (len(games) > 1 and not quiet and sys.stderr.isatty()
                and not (streamed and sys.stdout.isatty()))
    full = output is Format.json or len(games) == 1
    seen = _Progress()
    with _stoppable():
        reports = _until_signal(
            _run_all(games, jobs, (rules, overrides, lexicon, check_words, spelling.value if spelling else None),
                     progress, stdin, full), seen)
        if streamed:
            # Nothing is kept but each game's errors: the output of 10,000 games in JSON is some 90 MB
            # of text, and holding every report first took 930 MB of memory (31 MB now).
            for chunk in (_json_array if output is Format.json else _csv_lines)(reports):
                typer.echo(chunk, nl=False)
            raise typer.Exit(_finish(seen, len(games)))
        reports = list(reports)
        if not reports:  # stopped before the first game was done: nothing to show
            raise typer.Exit(_finish(seen, len(games)))
        if output is Format.json:
            emit_json(reports[0])
        elif output is Format.csv:
            typer.echo("".join(_csv_lines(reports)), nl=False)
        elif len(games) == 1:
            if "error" not in reports[0]:
                import shlex

                show_args = (f" --rules {shlex.quote(rules)}" if rules else "") + "".join(
                    f" --set {shlex.quote(item)}" for item in set_ or []) + (
                    f" --spelling {spelling.value}" if spelling else "")
                typer.echo(_render_one(reports[0], show_args))
        else:
            typer.echo(_render_many(reports))
        raise typer.Exit(_finish(seen, len(games)))
