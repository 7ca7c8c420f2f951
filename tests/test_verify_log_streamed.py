"""`judge --verify-log` reads line by line in constant memory, and only regular files (issue 22, item 7).

It read the whole file (a 285 MB log took 617 MB; `/dev/zero` ran until memory ran out). Whole
processes here run under an address-space limit, so that a reader that holds the log fails
(exit 3, MemoryError) instead of taking the machine's memory, and with timeouts far above what
the streamed reader needs.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicate.judgelog import GENESIS, format_entry, line_hash, verify_log

LIMIT = 400 << 20  # bytes of address space for the child: an interpreter needs well under this


def limited() -> None:  # (preexec_fn: the child's own limit)
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def verify(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run([sys.executable, "-m", "adjudicate", "judge", "--verify-log", *args],
                          capture_output=True, text=True, timeout=120, preexec_fn=limited, **kwargs)


def long_log(path: Path, size: int, repeat: int = 200) -> int:
    """A valid log of at least ``size`` bytes; its entry count."""
    prev, seq, written = GENESIS, 0, 0
    with open(path, "wb") as out:
        while written < size:
            seq += 1
            line = format_entry(seq=seq, time="2025-03-01T14:02:11.532Z", lexicon="en-kjxqz",
                                lexicon_sha256="ab" * 32, words=["qi", "zax"] * repeat,
                                canonical=["QI", "ZAX"] * repeat, verdict="ACCEPTABLE", lang="en", prev=prev)
            out.write(line + b"\n")
            written += len(line) + 1
            prev = line_hash(line)
    return seq


# Runs a command (stdin: this one's) and prints the peak RSS (KiB) of that child alone.
LAUNCHER = ("import resource, subprocess, sys\n"
            "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
            "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.stdout)\n")


def peak_kib(path: Path, *, stdin: bool = False) -> tuple[int, str]:
    """(peak RSS in KiB, stdout) of `judge --verify-log PATH` (or `-` with PATH on stdin)."""
    command = [sys.executable, "-c", LAUNCHER, sys.executable, "-m", "adjudicate", "judge", "--verify-log",
               "-" if stdin else str(path)]
    with open(path, "rb") as handle:
        out = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True,
                             stdin=handle if stdin else None).stdout
    code, peak, text = out.split(" ", 2)
    assert code == "0", out
    return int(peak), text


def test_a_long_log_is_verified_in_the_memory_of_a_short_one(tmp_path: Path) -> None:
    short, long = tmp_path / "short.jsonl", tmp_path / "long.jsonl"
    long_log(short, 1000)
    entries = long_log(long, 40 << 20)
    baseline, _ = peak_kib(short)
    for stdin in (False, True):
        peak, text = peak_kib(long, stdin=stdin)
        assert f"{entries} entries, chain intact" in text
        assert peak < baseline + (12 << 10), (stdin, peak, baseline)  # (it held the 40 MB twice over)


def test_endless_stdin_is_a_broken_first_line_not_a_memory_blow_up() -> None:
    with open("/dev/zero", "rb") as zero:
        done = verify(["-"], stdin=zero)
    assert done.returncode == 1, done.stderr
    assert "line 1: not a log entry (a line of more than 1,048,576 bytes)" in done.stdout


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "directory"])
def test_what_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    if kind == "dev-zero":
        path, what = "/dev/zero", "a character device"
    elif kind == "fifo":
        path, what = str(tmp_path / "log.fifo"), "a FIFO (named pipe)"
        os.mkfifo(path)
    else:
        path, what = str(tmp_path), "a directory"
    done = verify([path])
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"Error: {path} is not a regular file but {what}; not reading it" + (
        " (a pipe is read as - on stdin)\n" if kind == "fifo" else "\n")


def test_a_removed_entry_is_still_told_from_a_reordered_one(tmp_path: Path) -> None:
    """The look-ahead (is the missing entry further down?) reads the rest of the log as a stream."""
    path = tmp_path / "log.jsonl"
    long_log(path, 3000, repeat=1)
    lines = path.read_bytes().split(b"\n")[:-1]
    (tmp_path / "removed.jsonl").write_bytes(b"\n".join(lines[:2] + lines[3:]) + b"\n")
    (tmp_path / "swapped.jsonl").write_bytes(b"\n".join(lines[:2] + [lines[3], lines[2]] + lines[4:]) + b"\n")
    assert "removed before this line" in str(verify_log(str(tmp_path / "removed.jsonl")).problem)
    assert "reordered or duplicated" in str(verify_log(str(tmp_path / "swapped.jsonl")).problem)
    (tmp_path / "cut.jsonl").write_bytes(path.read_bytes()[:-5])
    cut = verify_log(str(tmp_path / "cut.jsonl"))
    assert (cut.line, cut.problem) == (len(lines), "incomplete last line (no newline)")
