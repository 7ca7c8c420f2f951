"""The command-line interface: a thin Typer layer over the library.

Only this package prints or exits. The Typer app is :data:`adjudicate.cli.root.app`; each command
group is one module that registers its commands on it (``challenge``, ``lexicon``, ``rescore``,
``endgame`` with ``clock``, ``judge``, ``show``, ``correct``, ``rules``), with the options every command shares in
``options`` and the helpers in ``common``. A command line that names a command imports that
command's module alone (:func:`run`); :data:`app`, read from this package, has them all, in the
order ``adjudicate --help`` lists them (:func:`register_all`); no module here imports the
package back.

The command modules do without ``from __future__ import annotations``: Typer reads a command's
annotations three times as it builds it, and with strings it compiled and evaluated each one
every time (building the 14 commands for ``--help`` took 15.5 ms, 5.6 ms now; 16% of the
instructions of ``adjudicate --help``, 368M to 310M, for 1% more on a command built alone, whose
module's annotations are now evaluated at import). Names imported only for type checking are
written in quotes there.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import typer

from adjudicate.cli.root import app as _app

__all__ = ["app", "register_all", "run"]

app: typer.Typer  # (set by register_all, which __getattr__ calls on first use)

#: The command modules, in the order ``adjudicate --help`` lists their commands.
MODULES = ("challenge", "lexicon", "rescore", "endgame", "judge", "show", "correct", "rules")
#: A command whose module is named otherwise.
_MODULE_OF = {"clock": "endgame"}


def register_all() -> typer.Typer:
    """The app with every command registered, in :data:`MODULES` order whichever was first."""
    for module in MODULES:
        import_module(f"adjudicate.cli.{module}")
    rank = {f"adjudicate.cli.{module}": n for n, module in enumerate(MODULES)}
    _app.registered_commands.sort(key=lambda c: rank.get(getattr(c.callback, "__module__", ""), 0))
    globals()["app"] = _app  # (read from here after this, without __getattr__)
    return _app


def __getattr__(name: str) -> Any:
    """``app`` with every command registered, and each command module, on first use."""
    if name == "app" or name in MODULES:
        register_all()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run(args: list[str]) -> None:
    """Run the app on ``args``; usage errors exit 2 (Typer's own convention).

    A command line that starts with a command's name imports that command's module alone (each
    module imports what its commands show as defaults and choices: the others' cost every
    command 3-5 ms) and runs an app of that command alone: Typer makes a click command of every
    registered function (reading its signature and annotations) before it runs one, which cost
    each command more than it cost to import Typer's own modules beyond ``import typer``. The
    root's help, its options, a name that is no command (Typer suggests one) and shell
    completion (``_ADJUDICATE_COMPLETE``) get the whole app."""
    import os

    name = args[0] if args else ""
    only = None
    if not name.startswith("-") and "_ADJUDICATE_COMPLETE" not in os.environ:
        module = _MODULE_OF.get(name, name)
        if module in MODULES:
            import_module(f"adjudicate.cli.{module}")
        only = _only(name)
    (only or register_all())(args=args, prog_name="adjudicate")


def _only(name: str) -> typer.Typer | None:
    """A copy of :data:`app` with its command or group called ``name`` alone (None: no such)."""
    import copy

    from typer.main import get_command_name

    commands = [c for c in _app.registered_commands if c.callback is not None and (
        c.name or get_command_name(c.callback.__name__)) == name]
    groups = [g for g in _app.registered_groups if g.name == name]
    if not commands and not groups:
        return None
    one = copy.copy(_app)
    one.registered_commands, one.registered_groups = commands, groups
    return one
