"""Signals in a batch (issue 22, item 2): `rescore --jobs N` on SIGINT or SIGTERM stops its workers,
closes what it has written (the JSON array, whole CSV rows), says how far it got and exits 130 or
143; a worker killed from outside is an error for its game (exit 2), not a broken pool (exit 3).

Whole processes, signalled once the first output has arrived (so the batch is under way); every
wait has a generous timeout, and nothing depends on how fast the machine is.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicate import forked

HERE = Path(__file__).resolve().parent
CORPUS = Path(os.environ.get("ADJUDICATE_CORPUS", HERE.parent.parent / "shared" / "corpus"))
CORPUS_GAME = CORPUS / "gcg" / "macondo" / "doug_v_emely.gcg"
GAME = CORPUS_GAME if CORPUS_GAME.is_file() else HERE / "data" / "games" / "fx_naspa_scoreless.gcg"
GAMES = 20_000  # far more than are done before the signal comes
WAIT = 60  # seconds: generous; a stopped batch ends in well under one

pytestmark = pytest.mark.skipif(not forked.AVAILABLE, reason="the pool forks only on Linux")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start(tmp_path: Path, output: str, jobs: int) -> subprocess.Popen[bytes]:
    (tmp_path / "g.gcg").symlink_to(GAME)
    args = [sys.executable, "-m", "adjudicate", "rescore", "--format", output, "--jobs", str(jobs), "-q",
            *["g.gcg"] * GAMES]
    return subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def first_output(process: subprocess.Popen[bytes]) -> bytes:
    """Some of stdout: the batch has started (and its workers with it)."""
    assert process.stdout is not None
    return os.read(process.stdout.fileno(), 1 << 16)


def workers_of(process: subprocess.Popen[bytes], jobs: int) -> list[int]:
    deadline = time.monotonic() + WAIT
    while len(found := children(process.pid)) < jobs and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(found) == jobs, found
    return found


def finish(process: subprocess.Popen[bytes], head: bytes) -> tuple[int, bytes, str]:
    try:
        out, err = process.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the batch (or a worker holding its stdout) still runs {WAIT} s after the signal")
    return process.returncode, head + out, err.decode()


def cleanup(process: subprocess.Popen[bytes]) -> None:
    """Whatever is left of the batch's process group (nothing, when all went well)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def stopped(games: int) -> list[str]:
    """The last lines of a batch of clean games stopped after ``games``: how far it got, then the
    tally of the games done (none when none was)."""
    tally = (f"{games} game{'s' * (games != 1)}: {games} agree{'s' * (games == 1)}, 0 with discrepancies, "
             "0 could not be adjudicated; no winner changes")
    return [f"interrupted after {games} of {GAMES} games", *([tally] if games else [])]


@pytest.mark.parametrize(("signum", "code", "group"), [
    (signal.SIGTERM, 143, False),  # the parent alone: it must take its workers with it
    (signal.SIGINT, 130, True),  # Ctrl-C: the terminal signals the whole process group
    (signal.SIGTERM, 143, True),
])
def test_a_signal_stops_the_workers_and_closes_the_json(tmp_path: Path, signum: int, code: int, group: bool) -> None:
    process = start(tmp_path, "json", 2)
    try:
        head = first_output(process)
        workers = workers_of(process, 2)
        if group:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        returncode, out, err = finish(process, head)
        survivors = [pid for pid in workers if alive(pid)]
    finally:
        cleanup(process)
    assert survivors == []
    assert returncode == code, err
    reports = json.loads(out)  # well-formed: the array closed after the last whole game
    assert 0 < len(reports) < GAMES
    assert all(r["file"] == "g.gcg" and r["ok"] for r in reports)
    assert err.splitlines()[-2:] == stopped(len(reports))
    assert "Traceback" not in err and "internal error" not in err


def test_a_signal_leaves_whole_csv_rows(tmp_path: Path) -> None:
    process = start(tmp_path, "csv", 2)
    try:
        head = first_output(process)
        workers_of(process, 2)
        process.send_signal(signal.SIGTERM)
        returncode, out, err = finish(process, head)
    finally:
        cleanup(process)
    assert returncode == 143
    text = out.decode()
    assert text.endswith("\n")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "file" and all(row == rows[1] for row in rows[1:])
    assert err.splitlines()[-2:] == stopped(len(rows) - 1)[-2:]


def test_without_workers_a_signal_closes_the_json_too(tmp_path: Path) -> None:
    process = start(tmp_path, "json", 1)
    try:
        head = first_output(process)
        assert children(process.pid) == []
        process.send_signal(signal.SIGTERM)
        returncode, out, err = finish(process, head)
    finally:
        cleanup(process)
    assert returncode == 143
    assert err.splitlines()[-2:] == stopped(len(json.loads(out)))[-2:]


def test_a_worker_killed_from_outside_is_an_error_for_its_game(tmp_path: Path) -> None:
    (tmp_path / "g.gcg").symlink_to(GAME)
    games = 3000
    args = [sys.executable, "-m", "adjudicate", "rescore", "--format", "json", "--jobs", "2", "-q",
            *["g.gcg"] * games]
    process = subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        head = first_output(process)
        victim = workers_of(process, 2)[0]
        os.kill(victim, signal.SIGKILL)
        returncode, out, err = finish(process, head)
    finally:
        cleanup(process)
    reports = json.loads(out)
    assert len(reports) == games
    failed = [r for r in reports if "error" in r]
    if not failed:  # it had finished its part before the signal reached it: nothing lost either way
        assert returncode == 0, err
        return
    assert returncode == 2, err
    assert len(failed) == 1 and failed[0]["error"] == "g.gcg: not rescored: the worker process was killed (SIGKILL)"
    tally = (f"{games} games: {games - 1} agree, 0 with discrepancies, 1 could not be adjudicated; "
             "no winner changes")
    assert err.splitlines() == [f"Error: {failed[0]['error']}", tally]


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


def test_leaving_imap_early_kills_its_workers() -> None:
    import os as _os

    results = forked.imap(_square, 10_000, jobs=2, chunk=10)
    assert next(results) == 0
    workers = children(_os.getpid())
    assert len(workers) == 2
    results.close()
    assert not [pid for pid in workers if alive(pid)]
