"""Helpers shared by the CLI modules: errors to exit codes, stdin as ``-``, game records read,
--rules/--set checked before any work, JSON output."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from adjudicate.errors import AdjudicateError, GcgError
from adjudicate.printable import printable
from adjudicate.readfile import open_regular

if TYPE_CHECKING:
    from adjudicate.gcg import GameRecord

EXIT_OK, EXIT_NO, EXIT_ERROR = 0, 1, 2


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``Error: message`` on stderr, control characters escaped, and exit (2 by default:
    could not adjudicate)."""
    typer.echo(f"Error: {printable(message)}", err=True)
    raise typer.Exit(code)


@contextmanager
def errors_exit_2(said: Callable[[AdjudicateError], str] = str) -> Iterator[None]:
    """Turn the library's AdjudicateError (and unreadable files) into exit code 2; ``said`` is the
    error's message (the judge's session says it in its language)."""
    try:
        yield
    except AdjudicateError as err:
        fail(said(err))
    except OSError as err:
        fail(f"{err.filename or ''}: {err.strerror or err}".lstrip(": "))


def rule_options(rules: str | None, settings: list[str] | None, *,
                 lexicon: str | None = None) -> dict[str, object]:
    """``--rules``, ``--lexicon`` and ``--set`` checked before any work, so that a usage error is
    exit 2 before any file is read: an unknown or empty ruleset (an empty one is never the
    record's), an empty lexicon name (never the default), then the overrides. Returns the
    overrides, typed (:func:`adjudicate.rules.parse_overrides`). Errors: AdjudicateError, for
    :func:`errors_exit_2`."""
    from adjudicate.rules import find_ruleset, parse_overrides

    if rules is not None:
        find_ruleset(rules)
    if lexicon == "":
        from adjudicate.lexicon import open_lexicon

        open_lexicon(lexicon)  # (the error: an empty name is never the default)
    return parse_overrides(settings or [])


def record_name(path: str) -> str:
    """How reports and messages name the game record at ``path``: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def read_record(path: str, data: bytes | None = None) -> GameRecord:
    """The game record at ``path`` (``-``: stdin), or in ``data`` already read from it, named by
    :func:`record_name`. Errors: GcgError (out of memory reading it too: :func:`out_of_memory`),
    OSError, for :func:`errors_exit_2`."""
    from adjudicate.gcg import read_gcg

    with out_of_memory(record_name(path)):
        return read_gcg(read_input(path) if data is None else data, name=record_name(path))


@contextmanager
def out_of_memory(name: str) -> Iterator[None]:
    """A MemoryError in the block (a memory limit, ``ulimit -v``, that a record of up to 16 MiB
    and its events exceed) as a GcgError naming the file: exit 2, never a bug's exit 3."""
    try:
        yield
    except MemoryError:
        raise GcgError(f"{name}: out of memory reading it (this process may use too little "
                       "memory: ulimit -v)") from None


def read_input(path: str, limit: int | None = None) -> bytes:
    """The bytes of a game record at ``path``, or on stdin for ``-``. OSError is left to errors_exit_2.

    Memory stays bounded: a file over ``limit`` bytes (default ``gcg.MAX_BYTES``, 16 MiB) is refused
    from its size before anything is read, and no more than ``limit + 1`` bytes are ever read (stdin,
    a pipe, a file that grows): over the limit is a GcgError (exit 2), never a partial read.
    """
    from adjudicate.gcg import MAX_BYTES, read_limited, too_large

    limit = MAX_BYTES if limit is None else limit
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise GcgError(too_large("<stdin>", None))
        return data
    with open_regular(path) as handle:  # (a FIFO with no writer, a device: refused, exit 2)
        return read_limited(handle, path, limit)


def emit_json(value: Any) -> None:
    """``value`` as JSON on stdout (:func:`adjudicate.jsontext.json_pieces`), and a newline."""
    from adjudicate.jsontext import json_pieces

    for piece in json_pieces(value):
        typer.echo(piece, nl=False)
    typer.echo("")
