"""Opening a file the tool reads: a regular file, or an error at once. Standard library only.

A path given to read (a game record, a word list, a judge log, a lexicon's files) can name a FIFO
with no writer (``open`` blocks for ever), a device (``/dev/zero`` never ends; ``/dev/tty`` waits
for a key), a directory or a socket. :func:`open_regular` opens it without blocking, looks at what
it is, and refuses anything but a regular file with :class:`~adjudicate.errors.InputError`, naming
the kind; a pipe is read as ``-`` on stdin where a command takes ``-``. Every reader of a named
file goes through it (the lexicon loader too: this module imports what a bare interpreter has).

>>> import os
>>> open_regular(os.devnull)
Traceback (most recent call last):
...
adjudicate.errors.InputError: /dev/null is not a regular file but a character device; not reading it
"""

from __future__ import annotations

import io
import os
import stat

from adjudicate.errors import InputError

__all__ = ["open_regular", "file_kind", "decode_line"]

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISREG, "a regular file"),
)
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def file_kind(mode: int) -> str:
    """``a directory``, ``a character device``, ``a FIFO (named pipe)``...: for messages."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def open_regular(path: str) -> io.BufferedReader:
    """``path`` opened for reading in binary, when it is a regular file (a symlink is followed).

    Opened without blocking (a FIFO with no writer, a terminal), then looked at: anything else is
    refused before a byte is read.

    :raises InputError: a FIFO, a device, a directory, a socket (``path`` and the kind named).
    :raises OSError: the file is missing or cannot be opened.
    """
    fd = os.open(path, _FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            hint = " (a pipe is read as - on stdin)" if stat.S_ISFIFO(mode) else ""
            raise InputError(f"{path} is not a regular file but {file_kind(mode)}; not reading it{hint}")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def decode_line(raw: bytes) -> tuple[str, bool]:
    """One line of text as UTF-8 or, when it is not valid UTF-8, as ISO-8859-1 (where every byte is
    a character): ``(text, True when read as ISO-8859-1)``. How the tool reads text whose lines may
    come in either encoding: a game record declared UTF-8 with a line pasted in Latin-1, the
    judge's plays on stdin.

    >>> decode_line("Ñandú".encode()), decode_line("Ñandú".encode("latin-1"))
    (('Ñandú', False), ('Ñandú', True))
    """
    try:
        return raw.decode("utf-8"), False
    except UnicodeDecodeError:
        return raw.decode("latin-1"), True
