"""Process entry point: the fast path for ``challenge``, Typer for everything else.

Importing Typer costs several times a bare interpreter's start-up, so a plain
``adjudicate challenge WORD...`` is parsed here by hand and never imports it. Anything unusual
(``-h``, an unknown option, a typo) falls through to the Typer app, which gives the usual help and
usage errors. Any exception that is not an AdjudicateError is a bug: one line, exit 3.
"""

from __future__ import annotations

import sys

BUG = "internal error (a bug in adjudicate; please report it with the command line): "


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show Ñ gets \xd1, not exit 3
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        if args and args[0] == "challenge":
            from adjudicate.fastchallenge import run_fast

            code = run_fast(args[1:])
            if code is not None:
                sys.stdout.flush()
                raise SystemExit(code)
        from adjudicate.cli import run

        run(args)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    except BaseException as err:  # noqa: BLE001 - the one place a bug becomes exit 3
        sys.stderr.write(f"{BUG}{type(err).__name__}: {err}\n")
        raise SystemExit(3) from None
