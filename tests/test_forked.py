"""``adjudicate.forked``: a function run in a forked child, its result or exception read back."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from adjudicate import forked

pytestmark = pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")


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
