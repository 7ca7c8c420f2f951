"""The command-line interface: a thin Typer layer over the library.

Only this package prints or exits. The Typer app is :data:`adjudicate.cli.root.app`; each command
group is one module that registers its commands on it (``challenge``, ``lexicon``, ``rescore``,
``endgame`` with ``clock``, ``judge``, ``show``, ``correct``, ``rules``), with the options every command shares in
``options`` and the helpers in ``common``. Importing this package registers them all, in the order
``adjudicate --help`` lists them; no module here imports the package back.
"""

from __future__ import annotations

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
    """Run the app on ``args``; usage errors exit 2 (Typer's own convention)."""
    app(args=args, prog_name="adjudicate")
