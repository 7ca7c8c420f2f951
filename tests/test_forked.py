"""``adjudicate.forked``: a function run in a forked child, its result or exception read back; the
``rescore --jobs`` pool (``imap``): results in order, a dead worker's item, its workers killed when
the iteration is left."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from adjudicate import forked

pytestmark = [pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux"),
              pytest.mark.slow]  # (children and signals)


def _pid_and(value: int) -> tuple[int, int]:
    return os.getpid(), value * 2


def _fail(path: str) -> None:
    raise OSError(28, "No space left on device", path)


class _Odd(Exception):
    def __init__(self, a: int, b: int) -> None:  # pickle cannot rebuild it from its args
        super().__init__(f"{a}/{b}")


def _odd() -> None:
    raise _Odd(1, 2)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_function_runs_in_another_process_and_its_value_comes_back() -> None:
    child = forked.start(_pid_and, 21)
    assert child is not None
    with child:
        pid, value = child.result()
    assert value == 42
    assert pid != os.getpid()
    assert _gone(pid)  # reaped: no zombie left


def test_the_functions_exception_is_raised_by_result() -> None:
    child = forked.start(_fail, "/lexicons/x")
    assert child is not None
    with child, pytest.raises(OSError) as raised:
        child.result()
    assert (raised.value.errno, raised.value.filename) == (28, "/lexicons/x")


def test_an_exception_that_will_not_unpickle_is_reported_as_the_child_failing() -> None:
    child = forked.start(_odd)
    assert child is not None
    with child, pytest.raises(forked.ChildFailed, match="could not be read"):
        child.result()


def test_a_child_killed_by_a_signal_is_a_failure_not_a_result() -> None:
    child = forked.start(time.sleep, 30)
    assert child is not None
    with child:
        os.kill(child._pid, signal.SIGKILL)  # type: ignore[arg-type]
        with pytest.raises(forked.ChildFailed, match="status -9"):
            child.result()
        with pytest.raises(forked.ChildFailed, match="already read"):
            child.result()


def test_leaving_the_block_early_kills_and_reaps_the_child() -> None:
    child = forked.start(time.sleep, 30)
    assert child is not None
    pid = child._pid
    started = time.monotonic()
    with pytest.raises(KeyError), child:
        raise KeyError("Ctrl-C, say")
    assert time.monotonic() - started < 20
    assert pid is not None and _gone(pid)


def test_the_child_never_returns_into_the_callers_code(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Whatever the function does, the child ends in ``os._exit``: the caller's code after
    ``start`` (and its ``finally`` clauses) runs once, in this process, and the child prints no
    traceback."""
    trace = tmp_path / "trace"
    try:
        child = forked.start(_fail, "x")
        assert child is not None
        with child, pytest.raises(OSError):
            child.result()
    finally:
        with open(trace, "a") as handle:
            handle.write(f"{os.getpid()}\n")
    assert trace.read_text() == f"{os.getpid()}\n"
    assert "Traceback" not in capfd.readouterr().err


def test_without_fork_start_returns_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "AVAILABLE", False)
    assert forked.start(_pid_and, 1) is None


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def test_an_interrupt_while_waiting_for_the_result_kills_the_child_at_once() -> None:
    child = forked.start(time.sleep, 30)
    assert child is not None
    pid = child._pid
    previous = signal.signal(signal.SIGALRM, _interrupt)
    started = time.monotonic()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt), child:
            child.result()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - started < 20
    assert pid is not None and _gone(pid)


def _sigint_handler_and_mask() -> tuple[object, set[int]]:
    return signal.getsignal(signal.SIGINT), set(signal.pthread_sigmask(signal.SIG_BLOCK, []))


def test_the_child_ends_on_ctrl_c_as_a_plain_process_does_and_the_callers_signals_are_untouched() -> None:
    mask = set(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    child = forked.start(_sigint_handler_and_mask)
    assert child is not None
    with child:
        handler, child_mask = child.result()
    assert handler == signal.SIG_DFL  # no KeyboardInterrupt raised into the caller's code there
    assert child_mask == mask
    assert set(signal.pthread_sigmask(signal.SIG_BLOCK, [])) == mask
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_with_sigchld_ignored_the_result_still_comes_back() -> None:
    """A daemon may ignore SIGCHLD: the system then reaps the child itself."""
    previous = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        child = forked.start(_pid_and, 4)
        assert child is not None
        with child:
            assert child.result()[1] == 8
    finally:
        signal.signal(signal.SIGCHLD, previous)


@pytest.mark.parametrize("error", [BlockingIOError(11, "Resource temporarily unavailable"),
                                   RuntimeError("fork at interpreter shutdown")])
def test_when_the_system_refuses_a_fork_start_returns_none(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    """An OSError: no fork to be had (None). Anything else is raised. Either way the signals are
    unblocked again and the pipe closed."""
    mask = set(signal.pthread_sigmask(signal.SIG_BLOCK, []))

    def refuse() -> int:
        raise error

    monkeypatch.setattr(os, "fork", refuse)
    opened = len(os.listdir("/proc/self/fd"))
    if isinstance(error, OSError):
        assert forked.start(_pid_and, 1) is None
    else:
        with pytest.raises(RuntimeError):
            forked.start(_pid_and, 1)
    assert len(os.listdir("/proc/self/fd")) == opened  # the pipe closed again
    assert set(signal.pthread_sigmask(signal.SIG_BLOCK, [])) == mask


def test_in_a_process_running_another_thread_start_returns_none() -> None:
    import threading

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert forked.start(_pid_and, 1) is None
    finally:
        stop.set()
        thread.join()
    child = forked.start(_pid_and, 1)
    assert child is not None
    with child:
        assert child.result()[1] == 2


# -- imap: the `rescore --jobs` pool ---------------------------------------------------------------

# Results in the order of the items; a worker killed from outside loses its item only, which comes
# back as a WorkerDied; leaving the iteration early (a signal, say) kills every worker. What
# `rescore --jobs` makes of it, whole processes signalled: test_cli_rescore.py.


def _square(i: int) -> int:
    return i * i


def _die_at_7(i: int) -> int:
    if i == 7:
        os.kill(os.getpid(), signal.SIGKILL)
    return i


def test_imap_gives_results_in_order_and_a_dead_worker_s_item_as_worker_died() -> None:
    assert list(forked.imap(_square, 500, jobs=2, chunk=7)) == [i * i for i in range(500)]
    results = list(forked.imap(_die_at_7, 40, jobs=2, chunk=3))
    assert [r for r in results if isinstance(r, forked.WorkerDied)][0].index == 7
    assert [r for r in results if not isinstance(r, forked.WorkerDied)] == [i for i in range(40) if i != 7]


def test_leaving_imap_early_kills_its_workers(children, alive) -> None:  # type: ignore[no-untyped-def]
    import os as _os

    results = forked.imap(_square, 10_000, jobs=2, chunk=10)
    assert next(results) == 0
    workers = children(_os.getpid())
    assert len(workers) == 2
    results.close()
    assert not [pid for pid in workers if alive(pid)]
