"""`adjudicate show`: one event of a recorded game, the board before and after and the score worked out."""

import enum
import os
import sys
from typing import Annotated, Optional

import typer

from adjudicate.cli.root import app
from adjudicate.cli.common import EXIT_ERROR, errors_exit_2, fail, read_record, rule_options
from adjudicate.cli.options import BoardOption, RulesOption, SetOption, SpellingOption, TilesOption


class Format(str, enum.Enum):
    text = "text"
    svg = "svg"
    html = "html"


def use_color(no_color: bool, output: Optional[str], stream: object = None) -> bool:
    """Colours only on a terminal, never with --no-color, NO_COLOR (non-empty), TERM=dumb or -o."""
    if no_color or output or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@app.command()
def show(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A GCG file, or - for stdin.")],
    turn: Annotated[Optional[int], typer.Option(
        "--turn", "-t", metavar="N", help="The Nth turn (plays, passes, exchanges; from 1).")] = None,
    line: Annotated[Optional[int], typer.Option(
        "--line", "-L", metavar="L", help="The event on this line of the file (as rescore reports it).")] = None,
    output_format: Annotated[Format, typer.Option(
        "--format", "-f",
        help="text, svg (a picture: both boards, a legend, the score table) or html (the picture and the text).")
    ] = Format.text,
    output: Annotated[Optional[str], typer.Option(
        "--output", "-o", metavar="FILE", help="Write to this file instead of stdout (- for stdout).")] = None,
    no_color: Annotated[bool, typer.Option(
        "--no-color",
        help="No colours (also: the NO_COLOR environment variable); premium squares then read +DL, +TW.")] = False,
    rules: RulesOption = None,
    set_: SetOption = None,
    spelling: SpellingOption = None,
    tiles: TilesOption = None,
    board: BoardOption = None,
) -> None:
    """Show one event of a game: the board before and after it (premium squares, the new tiles
    marked *, the tiles a withdrawal takes back -, blanks lowercase), the racks when known, the
    scores, and the play's score worked out word by word and tile by tile against the record's.

    Without --turn or --line: the last play. --format svg writes a picture to print or put on a
    screen: both boards, a legend and the score table; html wraps it with the text. Exit 0, or 2
    when the file cannot be read or the event is not there.

    Example: adjudicate show round7.gcg --line 14

    Example: adjudicate show round7.gcg --turn 9 --format html -o turn9.html
    """
    from adjudicate.api import Game
    from adjudicate.show import render_text

    if turn is not None and line is not None:
        fail("give --turn or --line, not both")
    if output == "-":
        output = None
    if output:
        from adjudicate.atomicfile import output_target, same_file

        if game != "-" and same_file(game, output):
            fail(f"-o {output} is the game record being read; not writing over it")
        with errors_exit_2():
            output_target(output)  # a device, a FIFO, a directory: refused before any work
    with errors_exit_2():
        overrides = rule_options(rules, set_)
        shown = Game(read_record(game)).position(
            line, turn=turn, rules=rules, overrides=overrides,
            spelling=spelling.value if spelling else None, tiles=tiles, board=board).shown
    if output_format is not Format.text:  # (the picture's module only for a picture)
        from adjudicate.picture import render_html, render_svg

        text = (render_svg if output_format is Format.svg else render_html)(shown)
    else:
        text = render_text(shown, color=use_color(no_color, output)) + "\n"
    if output:
        from adjudicate.atomicfile import write_atomic

        with errors_exit_2():  # OutputError: the path changed since it was checked
            try:
                write_atomic(output, text.encode("utf-8"))  # a failure leaves any previous file intact
            except OSError as err:
                fail(f"{output}: {err.strerror or err}", EXIT_ERROR)
        typer.echo(f"wrote {output}", err=True)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
