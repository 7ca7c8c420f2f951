"""Work done by a forked child process while this one goes on with its own: the lexicon build
uses the second core this way (half of a word list's scan; the DAWG, while this process writes
the compressed text). Python threads cannot share that work: it holds the GIL.

``start(function, *args)`` forks a child that runs ``function(*args)`` and sends its return value
(or the exception it raised) back, pickled, through a pipe; :meth:`Forked.result` reads it. The
child sees this process's memory as it was at the fork (copy-on-write), so ``args`` are not copied
or pickled; it ends with ``os._exit`` however the function ends, never returning into the caller's
code (not even into its ``finally`` clauses). Only on Linux, in a process with no other
thread: elsewhere fork is missing or (macOS) unsafe once system libraries have started threads,
and ``start`` returns None, as it does when the system refuses a fork. The caller then does the
work itself.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections.abc import Callable
from typing import Any

AVAILABLE = hasattr(os, "fork") and sys.platform.startswith("linux")


class ChildFailed(Exception):
    """The child process ended without sending a result or an exception (killed by a signal...), or
    sent one that cannot be read here."""


class Forked:
    """A child process running one function; use as a context manager, so that leaving the block
    early (an exception, Ctrl-C, even while :meth:`result` waits) kills and reaps a child whose
    result was not read."""

    def __init__(self, pid: int, read: int) -> None:
        self._pid: int | None = pid  # until reaped
        self._read: int | None = read  # until closed
        self._taken = False

    def result(self) -> Any:
        """The function's return value, once the child sends it; the exception it raised, raised
        here (without the child's traceback); :class:`ChildFailed` if the child ended without
        sending either (killed by a signal...)."""
        if self._taken:
            raise ChildFailed("the result was already read")
        self._taken = True
        read, self._read = self._read, None
        assert read is not None
        unreadable = None
        try:
            with open(read, "rb") as pipe:
                try:  # read as it comes: the payload and its objects are never both held
                    done, value = pickle.load(pipe)
                except Exception as err:  # noqa: BLE001 - cut short, or a class that will not unpickle
                    done, value, unreadable = False, None, err
            status = self._reap()
        except BaseException:  # Ctrl-C while waiting: the child goes too
            self._kill()
            raise
        if status not in (0, None):
            raise ChildFailed(f"the child process ended with status {status} and no result")
        if unreadable is not None:
            raise ChildFailed(f"the child process sent what could not be read ({unreadable})")
        if done:
            return value
        raise value

    def _reap(self) -> int | None:
        """The child's exit code (negative: the signal that ended it); None when the system reaped
        it already (SIGCHLD ignored): the result read, or not, says how it went."""
        assert self._pid is not None
        try:
            _, status = os.waitpid(self._pid, 0)
        except ChildProcessError:
            self._pid = None
            return None
        self._pid = None
        return os.waitstatus_to_exitcode(status)

    def _kill(self) -> None:
        if self._read is not None:
            os.close(self._read)
            self._read = None
        if self._pid is not None:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:  # pragma: no cover - reaped by the system already
                pass
            self._reap()

    def __enter__(self) -> Forked:  # noqa: PYI034 - not subclassed
        return self

    def __exit__(self, *exc: object) -> None:
        self._kill()  # (nothing left to do once the result was read)


def start(function: Callable[..., Any], *args: Any) -> Forked | None:
    """``function(*args)`` started in a forked child; None where there is no fork to be had, and in
    a process running other threads (a lock one of them holds at the fork stays held for ever in
    the child: Python 3.12 warns of it)."""
    threading = sys.modules.get("threading")  # (never imported: no other Python thread)
    if not AVAILABLE or (threading is not None and threading.active_count() > 1):
        return None
    try:
        read, write = os.pipe()
    except OSError:
        return None
    # Signals wait until the child is inside its guard: a Ctrl-C right after the fork must not
    # raise KeyboardInterrupt in the child's copy of the caller's code. The child takes Ctrl-C as
    # the default does (it ends, silently); the parent's own Ctrl-C kills it (``__exit__``).
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        pid = os.fork()
    except BaseException as err:  # too many processes, no memory (then: do it here)...
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(read)
        os.close(write)
        if isinstance(err, OSError):
            return None
        raise
    if pid == 0:  # pragma: no cover - the child (coverage does not follow it)
        status = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            os.close(read)
            try:
                outcome: tuple[bool, Any] = (True, function(*args))
            except BaseException as err:  # noqa: BLE001 - sent, raised again by result()
                outcome = (False, err)
            try:
                payload = pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL)
            except Exception as err:  # noqa: BLE001 - an exception (or a value) pickle cannot take
                what = repr(outcome[1])[:200]
                payload = pickle.dumps((False, ChildFailed(f"{what} ({err})")), pickle.HIGHEST_PROTOCOL)
            with open(write, "wb") as pipe:
                pipe.write(payload)
            status = 0
        finally:
            os._exit(status)
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    os.close(write)
    return Forked(pid, read)
