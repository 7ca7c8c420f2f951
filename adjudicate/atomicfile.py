"""Where the tool writes, and writing there so that a failure halfway leaves the previous file intact.

Every writer of the tool (``show -o``, ``lexicon build -o``, and any later one) goes through
:func:`output_target`, which says what a path given as output really names and refuses what is not
a file to write: a symlink is followed (the file it points to is replaced; the link stays a link;
a link to nothing is refused); a directory, a device (``/dev/null``, ``/dev/full``, ``/dev/stdout``
on a terminal), a FIFO or a socket is an :class:`~adjudicate.errors.OutputError`. A replaced file
keeps its mode and its owner (:func:`keep_owner_and_mode`: when the owner cannot be kept, the file
is not replaced); a new one gets the default mode less the umask.

:func:`write_atomic` writes a temporary file in the target's directory, flushes and fsyncs it, and
renames it over the target with ``os.replace`` (atomic on POSIX and Windows), then fsyncs the
directory: a reader sees the old file or the new one, never a mix, and a crash, a full disk or an
exception at any point leaves the old file as it was and no temporary file behind.

:func:`exchange` swaps two paths in one step (Linux ``renameat2(RENAME_EXCHANGE)``): a directory
is replaced by another with no moment at which its name is missing (``lexicon build``).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
>>> write_atomic(path, b"new\\n"); open(path, "rb").read()
b'new\\n'
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from typing import NamedTuple

from adjudicate.errors import OutputError
from adjudicate.readfile import file_kind

__all__ = ["OutputTarget", "PendingFile", "exchange", "output_target", "keep_owner_and_mode", "write_atomic",
           "write_new", "same_file"]

class OutputTarget(NamedTuple):
    """What an output path names: ``path``, the file to replace (the path itself, or the file a
    symlink points to), and ``existing``, its status now (None: a new file)."""

    path: str
    existing: os.stat_result | None


def output_target(path: str, *, directory: bool = False) -> OutputTarget:
    """What writing to ``path`` replaces, checked: a regular file (with ``directory``: a
    directory), or nothing yet. A symlink is followed to the file it points to.

    :raises OutputError: ``path`` is a device, a FIFO, a socket, a directory (or, with
        ``directory``, a file), a symlink to nothing, a symlink loop, or cannot be looked at.
    """
    try:
        info: os.stat_result | None = os.stat(path)  # follows links: /dev/stdout is what it is now
    except FileNotFoundError:
        info = None
        if os.path.islink(path):
            raise OutputError(f"{path} is a symlink to {os.readlink(path)}, which does not exist; "
                              "not writing through it") from None
    except OSError as err:
        raise OutputError(f"{path}: {err.strerror or err}") from None
    if info is not None:
        wanted = stat.S_ISDIR if directory else stat.S_ISREG
        if not wanted(info.st_mode):
            what = "a directory" if directory else "a regular file"
            hint = "" if directory else " (-o - writes to stdout)"
            raise OutputError(f"{path} is not {what} but {file_kind(info.st_mode)}; not writing to it{hint}")
    return OutputTarget(os.path.realpath(path), info)


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def keep_owner_and_mode(new: str, target: OutputTarget, *, default: int = 0o666) -> None:
    """Give ``new`` (the file or directory about to replace ``target``) the mode and owner of the
    one it replaces; a new one gets ``default`` less the umask.

    :raises OutputError: the replaced file's owner (user or group) cannot be given to ``new``
        (another user's file in a directory this user may write): replacing it would change it.
    """
    existing = target.existing
    if existing is None:
        os.chmod(new, default & ~_umask())
        return
    mine = os.stat(new)
    if (mine.st_uid, mine.st_gid) != (existing.st_uid, existing.st_gid):
        try:
            os.chown(new, existing.st_uid, existing.st_gid)
        except OSError:
            raise OutputError(
                f"{target.path} belongs to user {existing.st_uid}, group {existing.st_gid}; written "
                f"anew it would belong to user {mine.st_uid}, group {mine.st_gid}: not replacing it"
            ) from None
    os.chmod(new, stat.S_IMODE(existing.st_mode))


# A temporary file's name: "." + at most this many bytes of the target's name + "." + mkstemp's
# 8 random characters + ".tmp", within the 255 bytes a name may have (NAME_MAX): a target named
# with 242 to 255 bytes can be written too.
_TEMP_NAME_BYTES = 200


class PendingFile:
    """The file that will replace what ``path`` names (see :func:`output_target`), written and
    fsynced under a temporary name in its directory, with its mode and owner: :meth:`commit` puts it
    in place (atomically), :meth:`discard` removes it. Whatever fails while it is made leaves no
    temporary file behind.

    :raises OutputError: ``path`` is not a file that may be written (:func:`output_target`,
        :func:`keep_owner_and_mode`); nothing is written.
    :raises OSError: the directory cannot be written.
    """

    def __init__(self, path: str, data: bytes) -> None:
        self.target = output_target(path)
        self.directory = os.path.dirname(self.target.path)
        base = os.fsdecode(os.fsencode(os.path.basename(self.target.path))[:_TEMP_NAME_BYTES])
        fd, self.temp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "wb") as handle:
                keep_owner_and_mode(self.temp, self.target)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except BaseException:
            self.discard()
            raise

    def commit(self) -> None:
        """Rename the temporary file over the target (the temporary file is gone on a failure)."""
        try:
            os.replace(self.temp, self.target.path)
        except BaseException:
            self.discard()
            raise
        _sync_directory(self.directory)

    def discard(self) -> None:
        try:
            os.unlink(self.temp)
        except FileNotFoundError:
            pass


def write_atomic(path: str, data: bytes) -> None:
    """Replace what ``path`` names (see :func:`output_target`) by a file holding ``data``,
    atomically (see the module docstring), keeping its mode and owner.

    :raises OutputError: ``path`` is not a file that may be written (:func:`output_target`,
        :func:`keep_owner_and_mode`); nothing is written.
    :raises OSError: the directory cannot be written; the old file is intact.
    """
    PendingFile(path, data).commit()


def write_new(path: str, data: bytes) -> None:
    """Create ``path`` holding ``data``, whole or not at all, only if nothing has that name yet:
    the data is written under a temporary name and hard-linked to ``path`` (where the file system
    has no hard links, ``path`` is created with ``O_EXCL`` and written). Of two processes creating
    one name at once, one succeeds and the other gets :class:`FileExistsError`; nothing is ever
    overwritten.

    :raises FileExistsError: something is named ``path`` (a file, a directory, a dangling symlink).
    :raises OSError: the directory cannot be written; nothing is left.
    """
    directory = os.path.dirname(os.path.abspath(path))
    base = os.fsdecode(os.fsencode(os.path.basename(path))[:_TEMP_NAME_BYTES])
    fd, temp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.chmod(temp, 0o666 & ~_umask())
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (some network or FAT file systems)
            _create_exclusive(path, data)
    finally:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
    _sync_directory(directory)


def _create_exclusive(path: str, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        os.unlink(path)
        raise


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


_RENAME_EXCHANGE = 2  # (linux/fs.h)
_AT_FDCWD = -100


def exchange(a: str, b: str) -> bool:
    """Swap what the paths ``a`` and ``b`` name (both exist, on one file system), atomically:
    ``renameat2(RENAME_EXCHANGE)``, through ctypes, where the C library has it (glibc 2.28, Linux
    3.15). Each name names something throughout, the old or the new, even across a crash. False
    when it cannot be done here (another system, an old C library or kernel, a file system
    without it): nothing changed, the caller replaces the other way. Other errors: OSError."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    import ctypes.util
    import errno

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):  # (no renameat2 in this C library)
        return False
    renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    renameat2.restype = ctypes.c_int
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        _sync_directory(os.path.dirname(os.path.abspath(b)))
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):  # (not on this kernel or file system)
        return False
    raise OSError(code, os.strerror(code), a, None, b)

