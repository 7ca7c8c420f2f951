"""Process entry point: the fast path for ``challenge``, Typer for everything else.

Importing Typer costs several times a bare interpreter's start-up, so a plain
``adjudicate challenge WORD...`` is parsed here by hand and never imports it. Anything unusual
(``-h``, an unknown option, a typo) falls through to the Typer app, which gives the usual help and
usage errors. Any exception that is not an AdjudicateError is a bug: one line, exit 3.

A reader that goes away (``adjudicate rescore --format csv *.gcg | head -2``) ends the process as it
ends ``cat`` and ``grep``: quietly, by SIGPIPE (status 141 in a shell), never exit 1, which is the
tool's "a discrepancy" (:func:`end_by_sigpipe`). Python ignores SIGPIPE, so that a write to a worker
that died is an error and not the end of the batch (``forked.py``); the write to stdout raises
BrokenPipeError instead, which Typer (click) turns into exit 1 once the command's ``finally``
clauses have run: it is found here, in the exit's context, and the process then ends by the signal.
"""

from __future__ import annotations

import os
import signal
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
    except SystemExit as stop:
        if _broken_pipe(stop):
            end_by_sigpipe()
        try:
            if sys.stdout is not None:  # (here, not at the interpreter's exit, where it would be exit 120)
                sys.stdout.flush()
        except BrokenPipeError:
            end_by_sigpipe()
        raise
    except BrokenPipeError:
        end_by_sigpipe()
    except MemoryError:  # (a record's is named where it is read: cli.common.out_of_memory)
        sys.stderr.write("Error: out of memory (this process may use too little memory: ulimit -v)\n")
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    except BaseException as err:  # noqa: BLE001 - the one place a bug becomes exit 3
        sys.stderr.write(f"{BUG}{type(err).__name__}: {err}\n")
        raise SystemExit(3) from None


def _broken_pipe(stop: BaseException) -> bool:
    """Whether ``stop`` (an exit) was raised while a broken pipe was being handled: click's exit 1
    for EPIPE, or a command's own exit on one (its context, or that context's context)."""
    seen: BaseException | None = stop
    while seen is not None:
        if isinstance(seen, BrokenPipeError):
            return True
        seen = seen.__context__
    return False


def end_by_sigpipe() -> None:
    """End this process by SIGPIPE, as a write to a closed pipe ends ``cat``: what stderr holds is
    written first, and stdout is pointed at /dev/null so that nothing is flushed to the closed pipe
    on the way out. Where there is no SIGPIPE (Windows): exit 141, the status a shell shows for it."""
    try:
        sys.stderr.flush()
    except OSError:
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    sigpipe = getattr(signal, "SIGPIPE", None)
    if sigpipe is not None:
        signal.signal(sigpipe, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [sigpipe])
        os.kill(os.getpid(), sigpipe)
    raise SystemExit(141)
