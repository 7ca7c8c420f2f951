"""Helpers shared by the CLI modules: errors to exit codes, stdin as ``-``, JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

from adjudicate.errors import AdjudicateError

EXIT_OK, EXIT_NO, EXIT_ERROR, EXIT_BUG = 0, 1, 2, 3


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``Error: message`` on stderr and exit (2 by default: could not adjudicate)."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def errors_exit_2() -> Iterator[None]:
    """Turn the library's AdjudicateError (and unreadable files) into exit code 2."""
    try:
        yield
    except AdjudicateError as err:
        fail(str(err))
    except OSError as err:
        fail(f"{err.filename or ''}: {err.strerror or err}".lstrip(": "))


def read_input(path: str) -> bytes:
    """The bytes of ``path``, or of stdin for ``-``. OSError is left to errors_exit_2."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def emit_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))
