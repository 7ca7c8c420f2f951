"""`adjudicate correct`: a recorded game rewritten with every number the rules give."""

import sys
from typing import Annotated, Optional

import typer

from adjudicate.cli.root import app
from adjudicate.cli.common import (
    EXIT_NO,
    EXIT_OK,
    errors_exit_2,
    fail,
    read_input,
    record_name,
    rule_options,
)
from adjudicate.cli.options import BoardOption, RulesOption, SetOption, SpellingOption, TilesOption


@app.command()
def correct(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A GCG file, or - for stdin.")],
    output: Annotated[Optional[str], typer.Option(
        "--output", "-o", metavar="FILE", help="Write the corrected record here (- or none: stdout).")] = None,
    in_place: Annotated[bool, typer.Option(
        "--in-place", help="Replace GAME with the corrected record (atomic), the original kept as "
        "GAME.orig, which must not exist yet: an existing GAME.orig is refused (exit 2, nothing "
        "written), never overwritten nor numbered. A record that is already right is left as it is. "
        "GAME becomes a new file: another hard link to the old one keeps the old record.")
    ] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Print a unified diff of the record and the corrected record instead "
        "(writes nothing: not with -o or --in-place).")] = False,
    rules: RulesOption = None,
    set_: SetOption = None,
    spelling: SpellingOption = None,
    tiles: TilesOption = None,
    board: BoardOption = None,
) -> None:
    """Rewrite a recorded game (GCG) with every number the rules give: scores and cumulatives
    recomputed, missing end-of-game lines added, points the rules do not give taken out; each
    changed line followed by a #note saying what the record said and why. The result is canonical
    GCG and rescores with no finding. A record whose faults are not numbers (a play that cannot be
    placed, a move out of turn, a line that cannot be read) is refused with the reason.

    Where the rules do not fix a number (a per-word challenge bonus, a time penalty with no
    overtime note) the number is the one the record's cumulative shows; when it shows none the rules
    allow, the record is refused naming the line. A correction that would change how the game ends
    or who wins is refused.

    Exit 0: the record was right (written as canonical GCG; with --in-place, nothing written);
    1: corrected; 2: cannot be corrected, or nothing written (GAME.orig exists, a file that cannot
    be replaced as it is).

    Example: adjudicate correct round7.gcg -o round7.corrected.gcg

    Example: adjudicate correct round7.gcg --diff
    """
    from adjudicate.api import Game, correct as correct_game
    from adjudicate.gcg import read_gcg
    from adjudicate.printable import printable

    if in_place and (output not in (None, game) or game == "-"):
        fail("--in-place rewrites GAME itself: give no -o, and a file, not -")
    if diff and (in_place or output is not None):
        fail(f"--diff prints the changes and writes nothing: not with {'--in-place' if in_place else '-o'}")
    target = game if in_place else output
    with errors_exit_2():
        if target not in (None, "-"):
            from adjudicate.atomicfile import output_target, same_file

            output_target(target)  # a device, a FIFO, a directory: refused before any work
            if not in_place and game != "-" and same_file(game, target):
                fail(f"-o {target} is the game record being read; use --in-place to replace it")
        overrides = rule_options(rules, set_)
        name = record_name(game)
        data = read_input(game)
        corrected = correct_game(Game(read_gcg(data, name=name)), rules, overrides=overrides,
                                 spelling=spelling.value if spelling else None, tiles=tiles, board=board)
    for change in corrected.changes:
        typer.echo(f"line {change.line}: {printable(change.note)}", err=True)
    code = EXIT_NO if corrected.changes else EXIT_OK
    if in_place and not corrected.changes:
        typer.echo(f"{name}: nothing to correct; {game} left as it is", err=True)
        raise typer.Exit(EXIT_OK)
    if diff:
        import difflib

        original = data.decode("utf-8", errors="replace").splitlines(keepends=True)
        lines = difflib.unified_diff(original, corrected.text.splitlines(keepends=True),
                                     fromfile=name, tofile=f"{name} (corrected)")
        sys.stdout.write("".join(lines))
        raise typer.Exit(code)
    if target in (None, "-"):
        sys.stdout.write(corrected.text)
        raise typer.Exit(code)
    _write(target, corrected.text.encode("utf-8"), f"{game}.orig" if in_place else None, data)
    typer.echo(f"wrote {target}" + (f" (the original: {game}.orig)" if in_place else ""), err=True)
    raise typer.Exit(code)


def _write(target: str, text: bytes, original: str | None, data: bytes) -> None:
    """Write ``text`` over ``target``, and with ``original`` first create that file holding
    ``data`` (never over an existing one). Whatever fails (another user's file, a directory that
    cannot be written, ``original`` existing) is exit 2 with nothing written and nothing left."""
    import os

    from adjudicate.atomicfile import PendingFile, write_new

    with errors_exit_2():
        pending = PendingFile(target, text)  # (another user's file: refused here, nothing written)
        created = False
        try:
            if original is not None:
                try:
                    write_new(original, data)
                except FileExistsError:
                    fail(f"{original} exists: --in-place keeps the original there and never "
                         f"overwrites one; move it away first ({target} not written)")
                created = True
            pending.commit()
        except BaseException:
            pending.discard()
            if created and original is not None:
                os.unlink(original)
            raise
