"""`adjudicate rescore`: replay recorded games and report every disagreement."""

import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, Optional, cast

import typer

from adjudicate.cli.options import (
    BoardOption,
    JsonOption,
    LexiconOption,
    ReportFormat,
    ReportFormatOption,
    RulesOption,
    SetOption,
    SpellingOption,
    TilesOption,
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
    from adjudicate.report import GameError, GameReport, RescoreReport, Verdict

# Below this many games a pool costs more than it saves: run in this process (whatever --jobs says).
# Measured (regular install, csv, 16 to 256 files, 21 pairs each): two workers cost about 12 ms of
# CPU more than one process, and 0.06 ms more a game (the pipes, pickling), where a game costs
# about 0.3 ms; on two free cores they break even near 100 games.
POOL_THRESHOLD = 100


def rescore_one(
    path: str, rules: Optional[str], overrides: dict[str, object], lexicon_name: Optional[str],
    check_words: bool, spelling: Optional[str] = None, tiles: Optional[str] = None,
    board: Optional[str] = None, data: Optional[bytes] = None,
) -> "RescoreReport | GameError":
    """Rescore one file (:func:`adjudicate.api.rescore`): its
    :class:`~adjudicate.report.RescoreReport`, or a :class:`~adjudicate.report.GameError`. Runs
    in worker processes; each lexicon is opened once per process."""
    from adjudicate.api import Game, rescore

    name = record_name(path)
    try:
        return rescore(Game(read_record(path, data)), rules, lexicon_name, check_words,
                       overrides=overrides, spelling=spelling, tiles=tiles, board=board).report
    except AdjudicateError as err:
        return {"file": name, "error": str(err)}
    except OSError as err:
        return {"file": name, "error": f"{err.filename or name}: {err.strerror or err}"}


#: What :func:`rescore_one` is given for every game of a batch: rules, overrides, lexicon name,
#: check_words, spelling, tiles, board.
_Args = tuple[Optional[str], dict[str, object], Optional[str], bool, Optional[str], Optional[str],
              Optional[str]]


#: What a batch hands on for each game: its verdict, and what is written of it (its line of
#: JSON, JSON Lines or CSV; for a table or indented JSON, its report's dict or summary).
_Done = tuple["Verdict", Any]


def _run_all(games: list[str], jobs: Optional[int], args: _Args, progress: bool,
             stdin: Optional[bytes], present: "Callable[[RescoreReport | GameError], _Done]",
             ) -> Iterator[_Done]:
    """Each game's verdict and text (``present``), in the order given, as it is ready (nothing is
    kept here: a batch's JSON is written game by game, in bounded memory). With more than one
    job (:func:`workers`), forked workers rescore and write them (:func:`adjudicate.forked.imap`):
    leaving early kills them all, and a worker that dies is an error for the game it was
    rescoring."""
    jobs = workers(jobs, len(games))

    def one(index: int) -> _Done:
        game = games[index]
        return present(rescore_one(game, *args, data=stdin if game == "-" else None))

    def reports() -> Iterator[_Done]:
        if jobs == 1:  # (no pool: adjudicate.forked and pickle are not imported)
            yield from map(one, range(len(games)))
            return
        # Imported before the workers fork, so that each one does not import (or compile) them again.
        import adjudicate.api
        import adjudicate.game
        import adjudicate.recount  # noqa: F401
        from adjudicate.forked import WorkerDied, imap

        chunk = max(1, min(256, len(games) // (jobs * 8)))
        for index, r in enumerate(imap(one, len(games), jobs=jobs, chunk=chunk)):
            if isinstance(r, WorkerDied):
                name = record_name(games[index])
                died: "GameError" = {"file": name, "error": f"{name}: not rescored: {r.reason}"}
                yield present(died)
            else:
                yield r

    yield from _with_progress(reports(), len(games), progress)


def workers(jobs: Optional[int], games: int) -> int:
    """The processes a batch uses for ``--jobs``: at most one per CPU this process may run on and
    one per game (--jobs 100 started 100 processes on 2 cores); one below
    :data:`POOL_THRESHOLD` games, where a pool costs more than it saves; every CPU when ``jobs``
    is not given (None)."""
    if games < POOL_THRESHOLD:
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cpus if jobs is None else jobs, cpus, games))


def _presenter(output: ReportFormat, indent: Optional[int],
               one_game: bool) -> "Callable[[RescoreReport | GameError], _Done]":
    """What a batch hands on for each game (:data:`_Done`), for ``output``: the text of its JSON,
    JSON Lines or CSV line, made where the game was rescored (a ``--jobs`` worker sends text);
    indented JSON and one game's table, the report's dict; a batch's table, its summary."""
    from adjudicate.report import summary, verdict
    from adjudicate.reportwriter import csv_row, json_game

    def present(outcome: "RescoreReport | GameError") -> _Done:
        if isinstance(outcome, dict):  # a GameError
            shown: Any = outcome
        elif output is ReportFormat.table:
            shown = outcome.to_dict() if one_game else summary(outcome)
        elif output is ReportFormat.csv:
            shown = summary(outcome)
        elif indent is not None:
            shown = outcome.to_dict()
        else:  # (json, jsonl: the one line of JSON is all that is needed)
            return verdict(outcome), json_game(outcome)
        if output is ReportFormat.csv:
            return verdict(shown), csv_row(shown)
        if output is ReportFormat.table or indent is not None:
            return verdict(shown), shown
        return verdict(shown), json_game(shown)

    return present


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


def _until_signal(outcomes: Iterable[_Done], seen: _Progress) -> Iterator[Any]:
    """The reports as they come, until a signal (:class:`Interrupted`) stops the batch. Each one
    is handed out with the signals blocked, so what is written of it is written whole; a signal
    then arrives when the next game is asked for, and ends the iteration there: the caller
    closes its output as if the batch had ended (the JSON array closed, whole CSV rows).

    ``seen`` keeps the exit code: 2 if any file could not be rescored, else 1 if any game has a
    discrepancy, else 0."""
    try:
        for game, shown in outcomes:
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # (one come before: raised here)
            yield shown
            seen.count += 1  # written whole
            seen.tally.count(game)
            if game.error is not None:
                seen.code = EXIT_ERROR
                seen.errors.append(game.error)
            elif game.discrepancies:
                seen.code = max(seen.code, EXIT_NO)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    except Interrupted as stop:
        seen.signum = stop.signum
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # a second one: after the output is closed


@contextmanager
def _summary_on_broken_pipe(seen: _Progress, total: int) -> Iterator[None]:
    """A reader of stdout that went away (``| head -2``) ends the batch where it is, but its
    errors and tally are still written on stderr (:func:`_finish`); the BrokenPipeError goes on, so
    that the process ends by SIGPIPE (``adjudicate.entry``), as ``cat`` does, and not exit 1."""
    try:
        yield
    except BrokenPipeError:
        _finish(seen, total)
        raise


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


def _with_progress(results: Iterable[_Done], total: int, progress: bool) -> Iterator[_Done]:
    if not progress:
        yield from results
        return
    with typer.progressbar(results, length=total, label="rescoring", file=sys.stderr) as bar:
        yield from bar


@app.command()
def rescore(
    ctx: typer.Context,
    games: Annotated[list[str], typer.Argument(metavar="GAMES...", help="GCG files, or - for stdin.")],
    rules: RulesOption = None,
    lexicon: LexiconOption = None,
    check_words: Annotated[bool, typer.Option(
        "--check-words", help="Look every word up; list unchallenged phonies (information).")] = False,
    output: ReportFormatOption = ReportFormat.table,
    json_: JsonOption = False,
    indent: Annotated[Optional[int], typer.Option(
        "--indent", min=0, show_default=False,
        help="Indent --format json by N spaces (default: 2 on a terminal; elsewhere one game a line).")] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", min=1, show_default=False,
        help=f"Processes to use (default: one per CPU from {POOL_THRESHOLD} games, else one; "
             "at most one per CPU and per game).")] = None,
    set_: SetOption = None,
    spelling: SpellingOption = None,
    tiles: TilesOption = None,
    board: BoardOption = None,
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
        given = ctx.get_parameter_source("output")
        if output is not ReportFormat.json and given is not None and given.name == "COMMANDLINE":
            raise typer.BadParameter(f"--json is --format json: it cannot go with --format {output.value}",
                                     param_hint="'--json'")
        output = ReportFormat.json
    if games.count("-") > 1:  # (stdin is read once: a second - would be an empty record, or the same)
        raise typer.BadParameter("- (stdin) is given more than once", param_hint="'GAMES...'")
    if indent is not None and output is not ReportFormat.json:
        raise typer.BadParameter("applies to --format json only", param_hint="'--indent'")
    if output is ReportFormat.json and indent is None and sys.stdout.isatty():
        indent = 2  # (for a person; a program reads one game a line)

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
    present = _presenter(output, indent, len(games) == 1)
    seen = _Progress()
    with _stoppable(), _summary_on_broken_pipe(seen, len(games)):
        outcomes = _until_signal(
            _run_all(games, jobs, (rules, overrides, lexicon, check_words, spelling.value if spelling else None,
                                   tiles, board), progress, stdin, present), seen)
        if streamed:
            # Nothing is kept but each game's errors: the output of 10,000 games in JSON is some 50 MB
            # of text, and holding every report first took 930 MB of memory.
            from adjudicate.reportwriter import csv_lines, json_array, json_lines

            if output is ReportFormat.json:
                chunks = json_array(outcomes, indent)
            else:
                chunks = (json_lines if output is ReportFormat.jsonl else csv_lines)(outcomes)
            for chunk in chunks:
                typer.echo(chunk, nl=False)
            raise typer.Exit(_finish(seen, len(games)))
        done = list(outcomes)
        if not done:  # stopped before the first game was done: nothing to show
            raise typer.Exit(_finish(seen, len(games)))
        from adjudicate.report import failed
        from adjudicate.reportwriter import game_table, summary_table

        if len(games) == 1:
            if not failed(done[0]):
                import shlex

                show_args = (f" --rules {shlex.quote(rules)}" if rules else "") + "".join(
                    f" --set {shlex.quote(item)}" for item in set_ or []) + (
                    f" --spelling {spelling.value}" if spelling else "") + "".join(
                    f" {option} {shlex.quote(value)}" for option, value in (("--tiles", tiles), ("--board", board))
                    if value)
                # (one game: rescored in full, so its whole report)
                typer.echo(game_table(cast("GameReport", done[0]), show_args))
        else:
            typer.echo(summary_table(done))
        raise typer.Exit(_finish(seen, len(games)))
