"""The command-line interface: a thin Typer layer over the library.

Only this package prints or exits. The Typer app is :data:`adjudicate.cli.root.app`; each command
group is one module that registers its commands on it (``challenge``, ``lexicon``, ``rescore``,
``endgame`` with ``clock``, ``judge``, ``show``, ``correct``, ``rules``), with the options every command shares in
``options`` and the helpers in ``common``. Importing this package registers them all, in the order
``adjudicate --help`` lists them; no module here imports the package back.

The command modules do without ``from __future__ import annotations``: Typer reads a command's
annotations three times as it builds it, and with strings it compiled and evaluated each one
every time (building the 14 commands for ``--help`` took 15.5 ms, 5.6 ms now; 16% of the
instructions of ``adjudicate --help``, 368M to 310M, for 1% more on a command built alone, whose
module's annotations are now evaluated at import). Names imported only for type checking are
written in quotes there.
"""

from __future__ import annotations

import typer

from adjudicate.cli.root import app

# Each import registers its commands on ``app``; ``adjudicate --help`` lists them in this order.
from adjudicate.cli import challenge  # noqa: E402,F401,I001
from adjudicate.cli import lexicon  # noqa: E402,F401
from adjudicate.cli import rescore  # noqa: E402,F401
from adjudicate.cli import endgame  # noqa: E402,F401
from adjudicate.cli import judge  # noqa: E402,F401
from adjudicate.cli import show  # noqa: E402,F401
from adjudicate.cli import correct  # noqa: E402,F401
from adjudicate.cli import rules  # noqa: E402,F401

__all__ = ["app", "run"]


def run(args: list[str]) -> None:
    """Run the app on ``args``; usage errors exit 2 (Typer's own convention).

    A command line that starts with a command's name runs an app of that command alone: Typer
    makes a click command of every registered function (reading its signature and annotations)
    before it runs one, which cost each command more than it cost to import Typer's own modules
    beyond ``import typer``. The root's help, its options, a name that is no command (Typer
    suggests one) and shell completion (``_ADJUDICATE_COMPLETE``) get the whole app."""
    import os

    name = args[0] if args else ""
    only = None if name.startswith("-") or "_ADJUDICATE_COMPLETE" in os.environ else _only(name)
    (only or app)(args=args, prog_name="adjudicate")


def _only(name: str) -> typer.Typer | None:
    """A copy of :data:`app` with its command or group called ``name`` alone (None: no such)."""
    import copy

    from typer.main import get_command_name

    commands = [c for c in app.registered_commands if c.callback is not None and (
        c.name or get_command_name(c.callback.__name__)) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not commands and not groups:
        return None
    one = copy.copy(app)
    one.registered_commands, one.registered_groups = commands, groups
    return one
