"""Writing a file so that a failure halfway leaves the previous one intact. Standard library only.

:func:`write_atomic` writes a temporary file in the target's directory, flushes and fsyncs it, and
renames it over the target with ``os.replace`` (atomic on POSIX and Windows), then fsyncs the
directory: a reader sees the old file or the new one, never a mix, and a crash, a full disk or an
exception at any point leaves the old file as it was and no temporary file behind.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
>>> write_atomic(path, b"new\\n"); open(path, "rb").read()
b'new\\n'
"""

from __future__ import annotations

import os
import tempfile

__all__ = ["write_atomic", "same_file"]


def write_atomic(path: str, data: bytes) -> None:
    """Replace ``path`` by a file holding ``data``, atomically (see the module docstring).

    The new file keeps the old one's permission bits (a new one gets ``0o666`` less the umask). A
    symlink at ``path`` is replaced by the file, never followed: what it pointed to is untouched.
    Raises ``OSError`` (the old file intact) when the directory cannot be written.
    """
    directory = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path, follow_symlinks=False).st_mode & 0o7777 if not os.path.islink(path) else None
    except FileNotFoundError:
        mode = None
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    _sync_directory(directory)


def _sync_directory(directory: str) -> None:
    """fsync a directory so that a rename in it survives a crash (best effort: not on Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def same_file(a: str, b: str) -> bool:
    """Whether two paths name the same existing file (hard links and symlinks included)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
