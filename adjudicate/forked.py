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

``imap(function, count, jobs=N)`` is the batch's pool (``rescore --jobs``): ``function(i)`` for
every ``i`` below ``count``, computed by N forked workers and given back in order. A worker
ignores Ctrl-C (the terminal sends it to the whole process group: this process decides), takes
SIGTERM as the default does, and ends when this process closes its task pipe or is gone, so no
worker outlives it; one that dies (killed, out of memory) makes its item a :class:`WorkerDied`,
not a broken pool. Leaving the iteration early (an exception, a signal's handler raising, the
consumer stopping) kills and reaps every worker at once.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
from collections import deque
from collections.abc import Callable, Iterator
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


def _can_fork() -> bool:
    """Fork is to be had: Linux, and no other thread (a lock one of them holds at the fork stays
    held for ever in the child: Python 3.12 warns of it)."""
    threading = sys.modules.get("threading")  # (never imported: no other Python thread)
    return AVAILABLE and (threading is None or threading.active_count() <= 1)


def _fork(child: Callable[[], None], close: tuple[int, ...], *, sigint: Any = signal.SIG_DFL) -> int | None:
    """Fork a child that runs ``child()`` and ends with ``os._exit`` (0 when it returned), never
    returning into the caller's code; ``close``: this process's descriptors the child must not
    hold. The child's SIGINT is ``sigint``, its SIGTERM the default (never a handler of this
    process). None when the system refuses a fork (too many processes, no memory)."""
    # Signals wait until the child is inside its guard: a Ctrl-C right after the fork must not
    # raise KeyboardInterrupt in the child's copy of the caller's code.
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        pid = os.fork()
    except BaseException as err:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        if isinstance(err, OSError):
            return None
        raise
    if pid == 0:  # pragma: no cover - the child (coverage does not follow it)
        status = 1
        try:
            signal.signal(signal.SIGINT, sigint)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            for fd in close:
                os.close(fd)
            child()
            status = 0
        finally:
            os._exit(status)
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    return pid


def _pickled(outcome: tuple[Any, ...]) -> bytes:
    """``(..., done, value)`` pickled (``imap`` puts the item's index first); an exception (or a
    value) pickle cannot take as a ChildFailed, the leading fields kept."""
    try:
        return pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL)
    except Exception as err:  # noqa: BLE001
        what = repr(outcome[-1])[:200]
        return pickle.dumps((*outcome[:-2], False, ChildFailed(f"{what} ({err})")),
                            pickle.HIGHEST_PROTOCOL)


def _outcome(function: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
    """``(True, function(*args))``, or ``(False, the exception it raised)``."""
    try:
        return True, function(*args)
    except BaseException as err:  # noqa: BLE001 - sent, raised again in the parent
        return False, err


def start(function: Callable[..., Any], *args: Any) -> Forked | None:
    """``function(*args)`` started in a forked child; None where there is no fork to be had (see
    :func:`_can_fork`, :func:`_fork`). The child takes Ctrl-C as the default does (it ends,
    silently); the parent's own Ctrl-C kills it (``__exit__``)."""
    if not _can_fork():
        return None
    try:
        read, write = os.pipe()
    except OSError:
        return None

    def child() -> None:
        payload = _pickled(_outcome(function, *args))
        with open(write, "wb") as pipe:
            pipe.write(payload)

    try:
        pid = _fork(child, (read,))
    except BaseException:
        os.close(read)
        raise
    finally:
        os.close(write)
    if pid is None:
        os.close(read)
        return None
    return Forked(pid, read)


# -- the batch's pool --------------------------------------------------------------------------

_TASK = struct.Struct("<QQ")  # a chunk of items to compute: start, end
_FRAME = struct.Struct("<Q")  # a result's length, before its pickled (index, done, value)


class WorkerDied:
    """:func:`imap`'s item in place of a result: the worker computing item ``index`` ended
    without sending it (``reason``: killed by which signal, or its exit status)."""

    __slots__ = ("index", "reason")

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason

    def __repr__(self) -> str:
        return f"WorkerDied({self.index}, {self.reason!r})"


def _died(status: int | None) -> str:
    if status is not None and status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"the worker process was killed ({name})"
    return f"the worker process ended with status {status}" if status is not None else "the worker process ended"


def _serve(function: Callable[[int], Any], tasks: int, results: int) -> None:
    """A worker's loop: read chunks of items, send each item's outcome as it is done; end when the
    task pipe ends (the parent closed it, or is gone) or the results cannot be sent."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)  # never the batch's stdout: a pipeline waits for every holder of it
    os.dup2(devnull, 1)
    os.close(devnull)
    with open(tasks, "rb") as reader, open(results, "wb", buffering=0) as writer:
        while True:
            header = reader.read(_TASK.size)
            if len(header) < _TASK.size:
                return
            first, end = _TASK.unpack(header)
            for index in range(first, end):
                done, value = _outcome(function, index)
                payload = _pickled((index, done, value))
                try:
                    writer.write(_FRAME.pack(len(payload)) + payload)
                except BrokenPipeError:
                    return


class _Worker:
    __slots__ = ("pid", "tasks", "results", "pending", "buffer")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid = pid
        self.tasks = tasks  # the write end of its task pipe
        self.results = results  # the read end of its result pipe
        self.pending: deque[int] = deque()  # items sent, in the order their results will come
        self.buffer = bytearray()


def imap(function: Callable[[int], Any], count: int, *, jobs: int, chunk: int = 1) -> Iterator[Any]:
    """``function(i)`` for ``i`` in ``range(count)``, in order, computed by ``jobs`` forked workers
    (see the module docstring); ``chunk`` items at a time per message. An exception the function
    raised is raised here at its item; a worker that died gives :class:`WorkerDied` for the item
    it was computing (its other items go to the other workers; a new one takes its place).
When the system gives no pipe (out of file descriptors, ``ulimit -n``) or no fork, fewer workers
are started, or none: then each chunk is computed here, in order, as without fork.
    Without fork (see :func:`_can_fork`) the items are computed here, one by one.
    """
    # Kept whole: a generator whose state is its locals (the workers, the chunks to do, the results
    # held for their turn, the selector), which spawn, here and bury share; its one `finally` reaps
    # every worker however the generator ends (exhausted, closed early, a signal's exception at any
    # yield). Cut apart, that state and that cleanup would be spread over several frames.
    if jobs <= 1 or count <= 1 or not _can_fork():
        for index in range(count):
            yield function(index)
        return
    import selectors

    try:
        selector = selectors.DefaultSelector()
    except OSError:  # (out of file descriptors: EMFILE) every item here, as without fork
        for index in range(count):
            yield function(index)
        return
    todo: deque[tuple[int, int]] = deque((i, min(i + chunk, count)) for i in range(0, count, chunk))
    window = jobs * chunk * 4  # results held for their turn: memory stays bounded
    workers: dict[int, _Worker] = {}  # by result fd
    done: dict[int, tuple[bool, Any]] = {}

    def spawn() -> bool:
        """A worker more; False when the system gives no pipe (EMFILE: ``ulimit -n``) or no fork."""
        try:
            tasks_read, tasks_write = os.pipe()
        except OSError:
            return False
        try:
            results_read, results_write = os.pipe()
        except OSError:
            os.close(tasks_read)
            os.close(tasks_write)
            return False
        inherited = tuple(fd for w in workers.values() for fd in (w.tasks, w.results))
        pid = _fork(lambda: _serve(function, tasks_read, results_write),
                    (tasks_write, results_read, *inherited), sigint=signal.SIG_IGN)
        os.close(tasks_read)
        os.close(results_write)
        if pid is None:
            os.close(tasks_write)
            os.close(results_read)
            return False
        worker = _Worker(pid, tasks_write, results_read)
        workers[results_read] = worker
        selector.register(results_read, selectors.EVENT_READ, worker)
        return True

    def here() -> None:
        """No worker, and none can be started: the first chunk left (it holds the item due
        next) is computed in this process, so the batch goes on, one process at a time."""
        first, end = todo.popleft()
        for index in range(first, end):
            done[index] = _outcome(function, index)

    def bury(worker: _Worker) -> None:
        selector.unregister(worker.results)
        del workers[worker.results]
        os.close(worker.results)
        os.close(worker.tasks)
        try:
            os.kill(worker.pid, signal.SIGKILL)
        except ProcessLookupError:  # pragma: no cover
            pass
        try:
            _, status = os.waitpid(worker.pid, 0)
            worker.pid = 0
            code: int | None = os.waitstatus_to_exitcode(status)
        except ChildProcessError:  # pragma: no cover - reaped by the system (SIGCHLD ignored)
            code = None
        if worker.pending:  # the item it was computing fails; the rest go to the others
            lost = worker.pending.popleft()
            done[lost] = (True, WorkerDied(lost, _died(code)))
            rest = list(worker.pending)
            todo.extendleft(reversed([(i, i + 1) for i in rest]))
            worker.pending.clear()

    try:
        for _ in range(min(jobs, len(todo))):
            if not spawn():
                break  # (as many as the system gives, or none: here() does the work)
        next_out = 0
        while True:
            while next_out in done:
                ok, value = done.pop(next_out)
                next_out += 1
                if not ok:
                    raise value
                yield value
            if next_out >= count:
                break
            # Two chunks ahead each, within the window from the next item due (so that item, when
            # not being computed, is given out here: todo is in order).
            for worker in list(workers.values()):
                while todo and len(worker.pending) < 2 * chunk and todo[0][0] < next_out + window:
                    first, end = todo[0]
                    try:
                        os.write(worker.tasks, _TASK.pack(first, end))
                    except BrokenPipeError:  # it died: its results pipe ends, and bury() follows
                        break
                    todo.popleft()
                    worker.pending.extend(range(first, end))
            if not workers:
                if not spawn():
                    here()
                continue
            for key, _ in selector.select():
                worker = key.data
                data = os.read(worker.results, 1 << 16)
                if not data:
                    bury(worker)
                    if todo and len(workers) < jobs:
                        spawn()
                    continue
                buffer = worker.buffer
                buffer += data
                while len(buffer) >= _FRAME.size:
                    (size,) = _FRAME.unpack_from(buffer)
                    if len(buffer) < _FRAME.size + size:
                        break
                    index, ok, value = pickle.loads(buffer[_FRAME.size:_FRAME.size + size])
                    del buffer[:_FRAME.size + size]
                    worker.pending.popleft()
                    done[index] = (ok, value)
    finally:
        for worker in list(workers.values()):
            worker.pending.clear()
            bury(worker)
        selector.close()
