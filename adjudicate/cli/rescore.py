"""`adjudicate rescore`: replay recorded games and report every disagreement."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, Optional, cast

import typer

from adjudicate.cli.options import (
    JsonOption,
    LexiconOption,
    ReportFormat,
    ReportFormatOption,
    RulesOption,
    SetOption,
    SpellingOption,
)
from adjudicate.cli.root import app
from adjudicate.cli.common import (
    EXIT_ERROR,
    EXIT_NO,
    EXIT_OK,
    errors_exit_2,
    read_input,
    read_record,
    record_name,
    rule_options,
)
from adjudicate.errors import AdjudicateError
from adjudicate.printable import printable

if TYPE_CHECKING:
    from adjudicate.report import GameError, GameOutcome, GameReport

# Below this many games a pool costs more than it saves: run in this process.
POOL_THRESHOLD = 64


def rescore_one(
    path: str, rules: Optional[str], overrides: dict[str, object], lexicon_name: Optional[str],
    check_words: bool, spelling: Optional[str] = None, data: Optional[bytes] = None,
    full: bool = True,
) -> GameOutcome:
    """Rescore one file: its report as a dict (:class:`~adjudicate.report.GameReport`), or a
    :class:`~adjudicate.report.GameError`. Runs in worker processes.

    With ``full=False`` only the :class:`~adjudicate.report.GameSummary` (no events): what a
    batch's table or CSV shows, without formatting every play of every game and sending it
    between processes.
    """
    from adjudicate.game import setup_game, words_lexicon_name
    from adjudicate.report import summary
    from adjudicate.rescore import rescore_game

    name = record_name(path)
    try:
        game = setup_game(read_record(path, data), rules=rules, overrides=overrides, spelling=spelling)
        ruleset, reason = game.ruleset, game.reason
        lexicon = None
        if check_words:
            # (--lexicon, else --set default_lexicon, else the record's #lexicon if installed)
            given = lexicon_name if lexicon_name is not None else overrides.get("default_lexicon")
            lexicon = _lexicon(words_lexicon_name(game, None if given is None else str(given)))
            alphabet = lexicon.alphabet.name
            if alphabet != ruleset.alphabet:
                from adjudicate.rules import ruleset_text

                return {"file": name, "error": f"lexicon {lexicon.id} is {alphabet}, but "
                        f"the game is played with {ruleset.alphabet} tiles "
                        f"({ruleset_text(ruleset.name, reason)}): give a "
                        f"{ruleset.alphabet} --lexicon or --rules"}
        report = rescore_game(game.record, ruleset, reason=reason, lexicon=lexicon,
                              spelling=game.spelling)
        return report.to_dict() if full else summary(report)
    except AdjudicateError as err:
        return {"file": name, "error": str(err)}
    except OSError as err:
        return {"file": name, "error": f"{err.filename or name}: {err.strerror or err}"}


_LEXICONS: dict[tuple[str, tuple[tuple[str, str], ...]], Any] = {}


def _lexicon(name: str) -> Any:
    """Each lexicon opened once per process (a forked worker: once in it), by its name and the
    search path, with a memo in front of its lookups (batch work repeats words). A batch whose
    games name different lexicons opens each of them once."""
    from adjudicate.lexicon import TileMemo, open_lexicon, search_path

    key = (name, tuple(search_path()))
    if key not in _LEXICONS:
        _LEXICONS[key] = TileMemo(open_lexicon(name))
    return _LEXICONS[key]


#: What :func:`rescore_one` is given for every game of a batch: rules, overrides, lexicon name,
#: check_words, spelling.
_Args = tuple[Optional[str], dict[str, object], Optional[str], bool, Optional[str]]


def _run_all(games: list[str], jobs: int, args: _Args, progress: bool,
             stdin: Optional[bytes], full: bool) -> Iterator[GameOutcome]:
    """Each game's report, in the order given, as it is ready (nothing is kept here: a batch's
    JSON is written game by game, in bounded memory). With ``jobs`` > 1 and enough games, forked
    workers compute them (:func:`adjudicate.forked.imap`): leaving early kills them all, and a
    worker that dies is an error for the game it was rescoring."""
    from adjudicate.forked import WorkerDied, imap

    jobs = workers(jobs, len(games))
    if jobs > 1 and len(games) >= POOL_THRESHOLD:
        # Imported before the workers fork, so that each one does not import (or compile) them again.
        import adjudicate.game
        import adjudicate.rescore  # noqa: F401
    else:
        jobs = 1

    def one(index: int) -> GameOutcome:
        game = games[index]
        return rescore_one(game, *args, data=stdin if game == "-" else None, full=full)

    def reports() -> Iterator[GameOutcome]:
        chunk = max(1, min(256, len(games) // (jobs * 8)))
        for index, r in enumerate(imap(one, len(games), jobs=jobs, chunk=chunk)):
            if isinstance(r, WorkerDied):
                name = record_name(games[index])
                died: GameError = {"file": name, "error": f"{name}: not rescored: {r.reason}"}
                yield died
            else:
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
    """What :func:`_until_signal` saw: games given out, the errors among them, the signal, and
    the batch's :class:`~adjudicate.report.Tally`."""

    def __init__(self) -> None:
        from adjudicate.report import Tally

        self.count = 0
        self.errors: list[str] = []
        self.code = EXIT_OK
        self.signum: Optional[int] = None
        self.tally = Tally()


def _until_signal(outcomes: Iterable[GameOutcome], seen: _Progress) -> Iterator[GameOutcome]:
    """The reports as they come, until a signal (:class:`Interrupted`) stops the batch. Each one
    is handed out with the signals blocked, so what is written of it is written whole; a signal
    then arrives when the next game is asked for, and ends the iteration there: the caller
    closes its output as if the batch had ended (the JSON array closed, whole CSV rows).

    ``seen`` keeps the exit code: 2 if any file could not be rescored, else 1 if any game has a
    discrepancy, else 0."""
    from adjudicate.report import failed

    try:
        for r in outcomes:
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # (one come before: raised here)
            yield r
            seen.count += 1  # written whole
            seen.tally.add(r)
            if failed(r):
                seen.code = EXIT_ERROR
                seen.errors.append(r["error"])
            elif r["discrepancies"]:
                seen.code = max(seen.code, EXIT_NO)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    except Interrupted as stop:
        seen.signum = stop.signum
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # a second one: after the output is closed


def _finish(seen: _Progress, total: int) -> int:
    """Print the errors collected (and, when a signal stopped the batch, how far it got), then a
    batch's tally, last (one game has none: its report says it all); the exit code: 128 + the
    signal's number (130 Ctrl-C, 143 SIGTERM), else the verdict's."""
    for message in seen.errors:
        typer.echo(f"Error: {printable(message)}", err=True)
    if seen.signum is not None:
        typer.echo(f"interrupted after {seen.count} of {total} games", err=True)
    if total > 1 and seen.count:
        typer.echo(str(seen.tally), err=True)
    return seen.code if seen.signum is None else 128 + seen.signum


def _with_progress(results: Iterable[GameOutcome], total: int,
                   progress: bool) -> Iterator[GameOutcome]:
    if not progress:
        yield from results
        return
    with typer.progressbar(results, length=total, label="rescoring", file=sys.stderr) as bar:
        yield from bar


@app.command()
def rescore(
    games: Annotated[list[str], typer.Argument(help="GCG files, or - for stdin.")],
    rules: RulesOption = None,
    lexicon: LexiconOption = None,
    check_words: Annotated[bool, typer.Option(
        "--check-words", help="Look every word up; list unchallenged phonies (information).")] = False,
    output: ReportFormatOption = ReportFormat.table,
    json_: JsonOption = False,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=1, help="Processes to use (at most one per CPU and per game).")] = 1,
    set_: SetOption = None,
    spelling: SpellingOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Replay recorded games (GCG) and report every score that disagrees with the record.

    Every move score, cumulative, challenge bonus, end-of-game rack adjustment and time penalty
    is recomputed under the ruleset. Exit 0 when everything agrees, 1 when something does not,
    2 when a file cannot be read or adjudicated.

    Example: adjudicate rescore round7_board3.gcg

    Example: adjudicate rescore --rules fise --format json games/*.gcg --jobs 2

    Example: adjudicate rescore --format jsonl games/*.gcg | jq -r 'select(.ok | not) | .file'
    """
    if json_:
        output = ReportFormat.json

    with errors_exit_2():
        overrides = rule_options(rules, set_, lexicon=lexicon)
    with errors_exit_2():
        stdin = read_input("-") if "-" in games else None
    # JSON, JSON Lines and CSV are written game by game, whatever the number of games (JSON is
    # always an array); a table is written at the end.
    streamed = output is not ReportFormat.table
    # A streamed batch writes its JSON or CSV game by game: a bar on the same terminal would tear it.
    progress = (len(games) > 1 and not quiet and sys.stderr.isatty()
                and not (streamed and sys.stdout.isatty()))
    # (A batch's table and CSV show summaries: no play formatted, nor sent between processes.)
    full = output in (ReportFormat.json, ReportFormat.jsonl) or (
        output is ReportFormat.table and len(games) == 1)
    seen = _Progress()
    with _stoppable():
        outcomes = _until_signal(
            _run_all(games, jobs, (rules, overrides, lexicon, check_words, spelling.value if spelling else None),
                     progress, stdin, full), seen)
        if streamed:
            # Nothing is kept but each game's errors: the output of 10,000 games in JSON is some 90 MB
            # of text, and holding every report first took 930 MB of memory (31 MB now).
            from adjudicate.report import csv_lines, json_array, json_lines

            writer = {ReportFormat.json: json_array, ReportFormat.jsonl: json_lines}.get(output, csv_lines)
            for chunk in writer(outcomes):
                typer.echo(chunk, nl=False)
            raise typer.Exit(_finish(seen, len(games)))
        done = list(outcomes)
        if not done:  # stopped before the first game was done: nothing to show
            raise typer.Exit(_finish(seen, len(games)))
        from adjudicate.report import failed, game_table, summary_table

        if len(games) == 1:
            if not failed(done[0]):
                import shlex

                show_args = (f" --rules {shlex.quote(rules)}" if rules else "") + "".join(
                    f" --set {shlex.quote(item)}" for item in set_ or []) + (
                    f" --spelling {spelling.value}" if spelling else "")
                # (one game: rescored in full, so its whole report)
                typer.echo(game_table(cast("GameReport", done[0]), show_args))
        else:
            typer.echo(summary_table(done))
        raise typer.Exit(_finish(seen, len(games)))
