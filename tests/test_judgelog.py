"""The judge's log: format, chain, tampering caught by verify_log, locking across processes; its
default name kept in the log directory whatever the lexicon id, its directory by the XDG rules, and
no default log without a home; a symlink, a lexicon's file or
another JSON Lines file refused as a log; a write that fails halfway taken back; `judge
--verify-log` reading line by line in constant memory (whole processes under an address-space
limit), and only regular files."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicate import judgelog
from adjudicate import lexicon as lx
from adjudicate.judgelog import (
    GENESIS,
    JudgeLog,
    JudgeLogError,
    default_log_path,
    format_entry,
    line_hash,
    verify_log,
)
from adjudicate.lexicon import store

SHA = "ab" * 32


def write_entries(path: Path, n: int, *, words: tuple[str, ...] = ("qi", "zax")) -> None:
    with JudgeLog(str(path)) as log:
        for i in range(n):
            log.append(
                lexicon="en-test",
                lexicon_sha256=SHA,
                words=list(words),
                canonical=[w.upper() for w in words],
                acceptable=i % 3 != 0,
                lang="en",
            )


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def test_line_format_and_chain(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_entries(path, 3, words=("ñandú", "charro"))
    raw = lines_of(path)
    entries = [json.loads(line) for line in raw]
    assert list(entries[0]) == [
        "seq", "time", "lexicon", "lexicon_sha256", "words", "canonical", "verdict", "lang",
        "prev", "hash",
    ]
    assert [e["seq"] for e in entries] == [1, 2, 3]
    assert entries[0]["prev"] == GENESIS
    assert entries[1]["prev"] == hashlib.sha256(raw[0]).hexdigest()
    assert entries[2]["prev"] == hashlib.sha256(raw[1]).hexdigest()
    assert entries[0]["verdict"] == "UNACCEPTABLE" and entries[1]["verdict"] == "ACCEPTABLE"
    assert entries[0]["words"] == ["ñandú", "charro"]
    assert "ñandú".encode() in raw[0]  # UTF-8, not \u escapes
    assert entries[0]["time"].endswith("Z") and entries[0]["time"][10] == "T"
    check = verify_log(str(path))
    assert check.ok and check.entries == 3 and check.head == hashlib.sha256(raw[2]).hexdigest()


def test_reopening_continues_the_chain_and_never_truncates(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_entries(path, 2)
    before = path.read_bytes()
    write_entries(path, 2)
    assert path.read_bytes().startswith(before)
    check = verify_log(str(path))
    assert check.ok and check.entries == 4


def test_empty_log_is_intact(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    check = verify_log(str(path))
    assert check.ok and check.entries == 0 and check.head == GENESIS


def flip(line: bytes) -> bytes:
    if b'"UNACCEPTABLE"' in line:
        return line.replace(b'"UNACCEPTABLE"', b'"ACCEPTABLE"')
    return line.replace(b'"ACCEPTABLE"', b'"UNACCEPTABLE"')


def tamper(path: Path, how: str) -> None:
    raw = lines_of(path)
    if how == "edited verdict":
        raw[4] = flip(raw[4])
    elif how == "edited word":
        raw[4] = raw[4].replace(b'"qi"', b'"qa"', 1)
    elif how == "edited last":
        raw[-1] = flip(raw[-1])
    elif how == "deleted line":
        del raw[4]
    elif how == "deleted first":
        del raw[0]
    elif how == "swapped pair":
        raw[4], raw[5] = raw[5], raw[4]
    elif how == "malformed":
        raw[4] = raw[4][:-3]
    elif how == "rehashed edit":  # the edit's own hash recomputed: the next link breaks
        entry = json.loads(raw[4])
        entry["verdict"] = "ACCEPTABLE" if entry["verdict"] == "UNACCEPTABLE" else "UNACCEPTABLE"
        raw[4] = format_entry(**{k: v for k, v in entry.items() if k != "hash"})
    path.write_bytes(b"".join(line + b"\n" for line in raw))


@pytest.mark.parametrize(
    ("how", "line", "words"),
    [
        ("edited verdict", 5, "edited"),
        ("edited word", 5, "edited"),
        ("edited last", 9, "edited"),
        ("deleted line", 5, "removed"),
        ("deleted first", 1, "removed"),
        ("swapped pair", 5, "reordered"),
        ("malformed", 5, "malformed"),
        ("rehashed edit", 6, "altered"),
    ],
)
def test_verify_names_the_first_broken_link(tmp_path: Path, how: str, line: int, words: str) -> None:
    path = tmp_path / "log.jsonl"
    write_entries(path, 9)
    tamper(path, how)
    check = verify_log(str(path))
    assert not check.ok
    assert check.line == line
    assert words in (check.problem or "")
    assert check.entries == line - 1


def test_incomplete_last_line(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_entries(path, 3)
    with open(path, "ab") as handle:
        handle.write(b'{"seq":4,"ti')
    check = verify_log(str(path))
    assert (check.line, check.entries) == (4, 3) and "incomplete" in (check.problem or "")
    with pytest.raises(JudgeLogError, match="incomplete"):
        JudgeLog(str(path))
    assert path.read_bytes().endswith(b'{"seq":4,"ti')  # left as evidence


def test_symlink_refused(tmp_path: Path) -> None:
    target = tmp_path / "real.jsonl"
    write_entries(target, 1)
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    with pytest.raises(JudgeLogError, match="symlink"):
        JudgeLog(str(link))
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "nowhere.jsonl")
    with pytest.raises(JudgeLogError, match="symlink"):
        JudgeLog(str(dangling))
    assert not (tmp_path / "nowhere.jsonl").exists()


def test_directory_refused(tmp_path: Path) -> None:
    with pytest.raises((JudgeLogError, IsADirectoryError)):
        JudgeLog(str(tmp_path))


def test_default_path_respects_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_log_path("es-aosw") == str(tmp_path / "adjudicate" / "logs" / "es-aosw.jsonl")
    assert default_log_path("../x") == str(tmp_path / "adjudicate" / "logs" / "_x.jsonl")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_log_path("en").endswith(os.path.join(".local", "share", "adjudicate", "logs", "en.jsonl"))


WRITER = """
import sys
from adjudicate.judgelog import JudgeLog
with JudgeLog(sys.argv[1]) as log:
    for i in range(200):
        log.append(lexicon="en-test", lexicon_sha256="ab" * 32, words=[sys.argv[2], str(i)],
                   canonical=[sys.argv[2].upper(), str(i)], acceptable=True, lang="en")
"""


def test_two_processes_append_400_intact_entries(tmp_path: Path) -> None:
    path = tmp_path / "shared.jsonl"
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), name]) for name in ("aa", "bb")
    ]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    check = verify_log(str(path))
    assert check.ok and check.entries == 400
    entries = [json.loads(line) for line in lines_of(path)]
    for name in ("aa", "bb"):
        mine = [int(e["words"][1]) for e in entries if e["words"][0] == name]
        assert mine == list(range(200))


@pytest.mark.parametrize("deep", [b"[" * 100_000, b'{"seq":' + b"[" * 100_000])
def test_deeply_nested_line_is_not_an_entry(tmp_path: Path, deep: bytes) -> None:
    path = tmp_path / "log.jsonl"
    write_entries(path, 1)
    with open(path, "ab") as handle:
        handle.write(deep + b"\n")
    check = verify_log(str(path))
    assert (check.line, check.entries) == (2, 1) and "not a JSON log entry" in (check.problem or "")
    with pytest.raises(JudgeLogError, match="not a log entry"):
        JudgeLog(str(path))


# -- the judge log's name, from a lexicon id ------------------------------------------------------------


def test_the_default_judge_log_name_stays_in_the_log_directory(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from adjudicate.judgelog import default_log_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    logs = tmp_path / "adjudicate" / "logs"
    for lexicon_id in ("../../etc/passwd", "..", "/abs", "a\\..\\b", ".hidden"):
        path = Path(default_log_path(lexicon_id))
        assert path.parent == logs and not path.name.startswith("."), path


# -- no home directory: the XDG rules, and no default log ---------------------------------------

# With `HOME=""` the default judge log went to `/.local/share/...`: the XDG rules (a relative
# XDG_DATA_HOME or HOME is none), and an error (exit 2) when no home can be found; the shipped
# lexicons still answer, --log still works, and `lexicon build` asks for -o.


@pytest.mark.parametrize("home", ["", "relative/home", None])
def test_no_home_no_default_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, home: str | None, cli) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    monkeypatch.chdir(tmp_path)
    assert store.user_data_dir() is None and lx.user_lexicon_dir() is None
    result = cli(["judge"], "QI\n")
    assert result.exit_code == 2
    assert "no place for the default log: neither XDG_DATA_HOME nor HOME is an absolute path; " \
        "give the log's file with --log" in result.stderr
    assert list(tmp_path.iterdir()) == []
    # the shipped lexicons still answer, and --log still works
    logged = cli(["judge", "--log", str(tmp_path / "j.jsonl")], "QI\n")
    assert logged.exit_code == 0 and logged.stdout.startswith("ACCEPTABLE")
    source = tmp_path / "w.txt"
    source.write_text("qi\n")
    built = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X"])
    assert built.exit_code == 2 and "give the output directory with -o" in built.stderr


def test_the_xdg_rules(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative")  # ignored: not absolute
    assert default_log_path("en") == str(tmp_path / "home" / ".local" / "share" / "adjudicate" / "logs" / "en.jsonl")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", "")
    assert default_log_path("en") == str(tmp_path / "data" / "adjudicate" / "logs" / "en.jsonl")
    assert lx.user_lexicon_dir() == str(tmp_path / "data" / "adjudicate" / "lexicons")


# -- the judge log: a symlink, another file, a write that fails halfway ---------------------------------


def test_a_log_that_is_a_symlink_is_refused(tmp_path: Path, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"precious\n")
    link = tmp_path / "log.jsonl"
    link.symlink_to(elsewhere)
    result = cli(["judge", "--log", str(link)], b"QI\n")
    assert result.exit_code == 2
    assert "the log is a symlink; refusing to follow it" in error_line(result)
    assert elsewhere.read_bytes() == b"precious\n"
    dangling = tmp_path / "dangling.jsonl"  # a symlink to a file that does not exist yet: not created
    dangling.symlink_to(tmp_path / "created-by-following.jsonl")
    assert cli(["judge", "--log", str(dangling)], b"QI\n").exit_code == 2
    assert not (tmp_path / "created-by-following.jsonl").exists()


@pytest.mark.parametrize("filename", ["manifest.json", "words.dawg", "words.txt.gz", "LICENSE"])
def test_a_log_given_as_a_lexicon_file_is_refused(small: Path, filename: str, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    target = small / filename
    if not target.exists():
        target.write_text("Some licence text.\n")
    before = target.read_bytes()
    result = cli(["judge", "--lexicon", str(small), "--log", str(target)], b"QI\n")
    assert result.exit_code == 2, result.output
    assert error_line(result).startswith(f"Error: {target}: the last line is")
    assert target.read_bytes() == before


def test_a_json_lines_file_that_is_not_a_log_is_refused(tmp_path: Path, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "events.jsonl"
    other.write_bytes(b'{"seq": 1, "event": "something else"}\n')
    result = cli(["judge", "--log", str(other)], b"QI\n")
    assert result.exit_code == 2
    assert "the last line is not a log entry" in error_line(result)
    assert other.read_bytes() == b'{"seq": 1, "event": "something else"}\n'


def test_a_log_write_that_fails_halfway_is_taken_back(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "log.jsonl"
    log = judgelog.JudgeLog(str(path))
    log.append(lexicon="x", lexicon_sha256="0" * 64, words=["QI"], canonical=["QI"], acceptable=True, lang="en")
    before = path.read_bytes()
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:  # the disk fills up halfway through the line
        real_write(fd, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(judgelog.os, "write", half_then_full)
    with pytest.raises(OSError, match="No space left"):
        log.append(lexicon="x", lexicon_sha256="0" * 64, words=["ZA"], canonical=["ZA"], acceptable=True, lang="en")
    monkeypatch.setattr(judgelog.os, "write", real_write)
    assert path.read_bytes() == before  # the half line was taken back
    log.append(lexicon="x", lexicon_sha256="0" * 64, words=["ZA"], canonical=["ZA"], acceptable=True, lang="en")
    log.close()
    check = judgelog.verify_log(str(path))
    assert check.ok and check.entries == 2


# -- the log verified as a stream, in constant memory; only regular files ---------------------------

# `judge --verify-log` reads line by line in constant memory, and only regular files (issue 22,
# item 7).
#
# It read the whole file (a 285 MB log took 617 MB; `/dev/zero` ran until memory ran out). Whole
# processes here run under an address-space limit, so that a reader that holds the log fails
# (exit 3, MemoryError) instead of taking the machine's memory, and with timeouts far above what
# the streamed reader needs.

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
