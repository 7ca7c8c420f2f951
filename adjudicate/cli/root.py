"""The root Typer app of ``adjudicate``: its settings, ``--version`` and the top-level help.

Every command module registers its commands on :data:`app` as it is imported; ``adjudicate.cli``
imports the one a command line names, or all of them.
This module imports no command module, so nothing in ``adjudicate.cli`` imports its own package
back (no cycle).
"""

from typing import Annotated, Any

import typer
import typer.core

from adjudicate import __version__

_typer_metavar = typer.core.TyperArgument.make_metavar


def _usage_metavar(self: typer.core.TyperArgument, ctx: Any, *, usage: bool = False) -> str:
    """A required argument in a usage line as click writes it (``GAMES...``): Typer 0.26-0.28 put
    braces round it (``{GAMES...}``), which reads as a choice of words (issue 26)."""
    var: str = _typer_metavar(self, ctx, usage=usage)
    return var[1:-1] if usage and var.startswith("{") and var.endswith("}") else var


typer.core.TyperArgument.make_metavar = _usage_metavar  # type: ignore[method-assign]

app = typer.Typer(
    name="adjudicate",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"adjudicate {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Show the version and exit.")] = False,
) -> None:
    """Scrabble tournament adjudication: challenges, rescoring, end-game, clocks, lexicons.

    Example: adjudicate challenge --rules fise CHARRO ÑANDÚ
    """
