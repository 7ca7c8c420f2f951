"""`adjudicate rescore`: replay recorded games and report every disagreement."""

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, Optional, cast

import typer

from adjudicate.batch import POOL_THRESHOLD, BatchOptions, Done, Progress, run, stoppable, until_signal
from adjudicate.cli.options import (
    BoardOption,
    JsonOption,
    LexiconOption,
    ReportFormat,
    ReportFormatOption,
    RulesOption,
    SetOption,
    Spelling,
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
from adjudicate.printable import printable

if TYPE_CHECKING:
    from adjudicate.report import GameError, GameReport, RescoreReport


def _presenter(output: ReportFormat, indent: Optional[int],
               one_game: bool) -> "Callable[[RescoreReport | GameError], Done]":
    """What a batch hands on for each game (:data:`adjudicate.batch.Done`), for ``output``: the
    text of its JSON, JSON Lines or CSV line, made where the game was rescored (a ``--jobs`` worker sends text);
    indented JSON and one game's table, the report's dict; a batch's table, its summary."""
    from adjudicate.report import summary, verdict
    from adjudicate.reportwriter import csv_row, json_game

    def present(outcome: "RescoreReport | GameError") -> Done:
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


@contextmanager
def _summary_on_broken_pipe(seen: Progress, total: int) -> Iterator[None]:
    """A reader of stdout that went away (``| head -2``) ends the batch where it is, but its
    errors and tally are still written on stderr (:func:`_finish`); the BrokenPipeError goes on, so
    that the process ends by SIGPIPE (``adjudicate.entry``), as ``cat`` does, and not exit 1."""
    try:
        yield
    except BrokenPipeError:
        _finish(seen, total)
        raise


def _finish(seen: Progress, total: int) -> int:
    """Print the errors collected (and, when a signal stopped the batch, how far it got), then a
    batch's tally, last (one game has none: its report says it all); the exit code: 128 + the
    signal's number (130 Ctrl-C, 143 SIGTERM), else 2 if any file could not be rescored, else 1
    if any game has a discrepancy, else 0."""
    for message in seen.errors:
        typer.echo(f"Error: {printable(message)}", err=True)
    if seen.signum is not None:
        typer.echo(f"interrupted after {seen.count} of {total} games", err=True)
    if total > 1 and seen.count:
        typer.echo(str(seen.tally), err=True)
    if seen.signum is not None:
        return 128 + seen.signum
    return EXIT_ERROR if seen.failed else EXIT_NO if seen.disagrees else EXIT_OK


def _with_progress(results: Iterable[Done], total: int, progress: bool) -> Iterator[Done]:
    if not progress:
        yield from results
        return
    with typer.progressbar(results, length=total, label="rescoring", file=sys.stderr) as bar:
        yield from bar


def _output_options(ctx: typer.Context, games: list[str], output: ReportFormat, json_: bool,
                    indent: Optional[int]) -> tuple[ReportFormat, Optional[int]]:
    """The report's format and JSON indent, from --format, --json and --indent (which must agree)
    and the terminal; also refuses a stdin (-) given twice."""
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
    return output, indent


def _stream(outcomes: Iterable[Any], output: ReportFormat, indent: Optional[int]) -> None:
    """Write a batch's JSON, JSON Lines or CSV game by game. Nothing is kept but each game's
    errors: the output of 10,000 games in JSON is some 50 MB of text, and holding every report
    first took 930 MB of memory."""
    from adjudicate.reportwriter import csv_lines, json_array, json_lines

    if output is ReportFormat.json:
        chunks = json_array(outcomes, indent)
    else:
        chunks = (json_lines if output is ReportFormat.jsonl else csv_lines)(outcomes)
    for chunk in chunks:
        typer.echo(chunk, nl=False)


def _show_args(rules: Optional[str], set_: Optional[list[str]], spelling: Optional[Spelling], tiles: Optional[str],
               board: Optional[str]) -> str:
    """The options a game's table repeats in the `adjudicate show` command it suggests."""
    import shlex

    return (f" --rules {shlex.quote(rules)}" if rules else "") + "".join(
        f" --set {shlex.quote(item)}" for item in set_ or []) + (
        f" --spelling {spelling.value}" if spelling else "") + "".join(
        f" {option} {shlex.quote(value)}" for option, value in (("--tiles", tiles), ("--board", board))
        if value)


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
    output, indent = _output_options(ctx, games, output, json_, indent)
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
    seen = Progress()
    options = BatchOptions(rules=rules, overrides=overrides, lexicon=lexicon, check_words=check_words,
                           spelling=spelling.value if spelling else None, tiles=tiles, board=board)
    with stoppable(), _summary_on_broken_pipe(seen, len(games)):
        outcomes = until_signal(_with_progress(run(
            games, options, present, jobs=jobs, name=record_name,
            read=lambda game: read_record(game, stdin if game == "-" else None)), len(games), progress), seen)
        if streamed:
            _stream(outcomes, output, indent)
            raise typer.Exit(_finish(seen, len(games)))
        done = list(outcomes)
        if not done:  # stopped before the first game was done: nothing to show
            raise typer.Exit(_finish(seen, len(games)))
        from adjudicate.report import failed
        from adjudicate.reportwriter import game_table, summary_table

        if len(games) == 1:
            if not failed(done[0]):  # (one game: rescored in full, so its whole report)
                typer.echo(game_table(cast("GameReport", done[0]),
                                      _show_args(rules, set_, spelling, tiles, board)))
        else:
            typer.echo(summary_table(done))
        raise typer.Exit(_finish(seen, len(games)))
