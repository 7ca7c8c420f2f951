"""The command-line interface: a thin Typer layer over the library.

Only this package prints or exits. One module per command group; each registers itself on ``app``.
"""

from __future__ import annotations

import typer

from adjudicate import __version__

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
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Scrabble tournament adjudication: challenges, rescoring, end-game, clocks, lexicons.

    Example: adjudicate challenge --rules fise CHARRO ÑANDÚ
    """


from adjudicate.cli import challenge as _challenge  # noqa: E402,F401  (registers commands)
from adjudicate.cli import lexicon as _lexicon  # noqa: E402,F401
from adjudicate.cli import rescore as _rescore  # noqa: E402,F401
from adjudicate.cli import endgame as _endgame  # noqa: E402,F401
from adjudicate.cli import judge as _judge  # noqa: E402,F401
from adjudicate.cli import show as _show  # noqa: E402,F401
from adjudicate.cli import rules as _rules  # noqa: E402,F401
from adjudicate.cli import correct as _correct  # noqa: E402,F401


def run(args: list[str]) -> None:
    """Run the app on ``args``; usage errors exit 2 (Typer's own convention)."""
    app(args=args, prog_name="adjudicate")
