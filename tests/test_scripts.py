"""The contract a script relies on (issue 26, "Scripts" and "From the third attack"): a closed pipe
ends the process as it ends ``cat`` (SIGPIPE, 141 in a shell), conflicting options are usage
errors, ``judge`` without a terminal answers every input line (``--json``), a record under the
ruleset of another tile set is refused with the right advice, JSON never holds a raw line
separator, the CSV's file column is the file's name; and the third attack's reproductions: a
password byte that is not UTF-8, ``--jobs`` out of file descriptors, out of memory, a bare
lexicon id beside the session, the help of ``--in-place``.

Whole processes where the behaviour is the process's (its exit status, its signals, its limits):
``python -m adjudicate``, the console script's entry point."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

GAMES = Path(__file__).parent / "data" / "games"
CLEAN = sorted(str(p) for p in GAMES.glob("fx_*.gcg"))
ENGLISH = GAMES / "fx_wespa_challenge.gcg"  # #lexicon CSW21: wespa, the english tile set
SPANISH = GAMES / "fx_fise_outplay.gcg"  # #lexicon FILE2017, BUÑUELO at line 14


def adjudicate(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "adjudicate", *args], timeout=120, **kwargs)


# -- a reader that goes away ----------------------------------------------------------------------


def closed_pipe_run(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``adjudicate ARGS`` writing into a pipe whose reader has already closed it (``| head``
    once it has read what it wanted, with no race: the first write fails)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return adjudicate(args, stdout=write, stderr=subprocess.PIPE, input=stdin)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [
    ["challenge", "QI", "ZA"],  # (the path without Typer)
    ["challenge", "--json", "QI"],
    ["rescore", "--format", "csv", *CLEAN],
    ["rescore", "--format", "jsonl", *CLEAN],
    ["rescore", "--json", *CLEAN],
    ["rescore", str(ENGLISH)],
    ["show", str(ENGLISH), "--line", "5"],
    ["endgame", "--rules", "naspa", "A=380", "B=402:IQ", "--went-out", "A"],
    ["clock", "--rules", "naspa", "A=520@-10:01", "B=380@+02:00"],
    ["rules", "fise"],
    ["lexicon", "list"],
    ["--help"],
], ids=lambda args: " ".join(a if "/" not in a else "GAME" for a in args[:3]))
def test_a_closed_stdout_ends_the_command_by_sigpipe_quietly(args: list[str]) -> None:
    """Under ``set -o pipefail`` the status is 141 (128 + SIGPIPE), as for ``cat``: before, it was
    exit 1, the tool's "a discrepancy" (click's answer to EPIPE)."""
    done = closed_pipe_run(args)
    assert done.returncode == -signal.SIGPIPE, done.stderr
    assert b"Error" not in done.stderr and b"Traceback" not in done.stderr


def test_a_closed_stdout_ends_judge_by_sigpipe_after_logging(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    done = closed_pipe_run(["judge", "--log", str(log)], stdin=b"QI ZA\n")
    assert done.returncode == -signal.SIGPIPE, done.stderr
    assert len(log.read_text().splitlines()) == 1  # (logged before it was shown)


def test_a_batch_table_cut_off_by_a_closed_pipe_still_writes_its_summary() -> None:
    done = closed_pipe_run(["rescore", *CLEAN])
    assert done.returncode == -signal.SIGPIPE
    assert done.stderr.decode().splitlines()[-1].startswith(f"{len(CLEAN)} games: ")


# -- usage errors -------------------------------------------------------------------------------


@pytest.mark.parametrize("given", ["csv", "jsonl", "table"])
def test_json_with_another_format_is_a_usage_error(cli, error_line, given: str) -> None:  # type: ignore[no-untyped-def]
    result = cli(["rescore", "--json", "--format", given, str(ENGLISH)])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"cannot go with --format {given}" in error_line(result)


def test_json_with_format_json_or_alone_is_json(cli) -> None:  # type: ignore[no-untyped-def]
    for args in (["--json"], ["--json", "--format", "json"]):
        result = cli(["rescore", *args, str(ENGLISH)])
        assert result.exit_code == 0 and json.loads(result.stdout)[0]["ruleset"] == "wespa"


def test_stdin_twice_is_a_usage_error(cli, error_line) -> None:  # type: ignore[no-untyped-def]
    result = cli(["rescore", "-", "-"], stdin=ENGLISH.read_bytes())
    assert result.exit_code == 2 and result.stdout == ""
    assert "- (stdin) is given more than once" in error_line(result)


# -- judge without a terminal ------------------------------------------------------------------


def test_judge_json_answers_every_line_in_english_tokens(tmp_path: Path, small: Path) -> None:
    """One object per input line, in order, whatever the session's language: a blank line is an
    error in its place (it was skipped, so output line N was not input line N)."""
    lines = "cat dog\n\nqi xx\nc4t\n  \nza\n"
    done = adjudicate(["judge", "--lexicon", str(small), "--lang", "es", "--log", str(tmp_path / "l.jsonl"),
                       "--json"], input=lines.encode(), capture_output=True)
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [a["verdict"] for a in answers] == ["acceptable", "error", "unacceptable", "error", "error",
                                               "acceptable"]
    assert answers[0] == {"words": ["cat", "dog"], "read_as": ["CAT", "DOG"], "verdict": "acceptable",
                          "reason": None, "lexicon": "small"}
    assert answers[1]["words"] == [] and answers[1]["reason"] == "ninguna palabra en la jugada"
    assert answers[3]["words"] == ["c4t"] and answers[3]["read_as"] is None and "c4t" in answers[3]["reason"]
    assert done.returncode == 2  # (an error line: exit 2, as before for ERROR lines)


def test_judge_lines_one_answer_per_input_line(tmp_path: Path, small: Path) -> None:
    done = adjudicate(["judge", "--lexicon", str(small), "--log", str(tmp_path / "l.jsonl")],
                      input=b"cat\n\nqi xx", capture_output=True)
    assert done.stdout.decode().splitlines() == ["ACCEPTABLE", "ERROR: no word in the play", "UNACCEPTABLE"]


# -- the wrong ruleset on a record ---------------------------------------------------------------


def test_an_english_record_under_fise_is_refused_with_advice(cli, error_line) -> None:  # type: ignore[no-untyped-def]
    """It was exit 1 with some 30 findings, every play read with Spanish tiles."""
    result = cli(["rescore", "--rules", "fise", str(ENGLISH)])
    assert result.exit_code == 2 and result.stdout == ""
    assert error_line(result) == (
        f"Error: {ENGLISH}: this record is of the english tile set (from the record's #lexicon CSW21); "
        "--rules fise is Spanish: leave --rules out (the record's ruleset is wespa), give --rules naspa, "
        "or give --tiles spanish to read it with spanish tiles")


def test_a_spanish_record_under_catalan_is_refused_with_advice(cli, error_line, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli(["rescore", "--rules", "catalan", str(SPANISH)])
    assert result.exit_code == 2
    assert "this record is of the spanish tile set (from the record's #lexicon FILE2017); --rules " \
        "catalan is Catalan: leave --rules out (the record's ruleset is fise)" in error_line(result)
    # Without the headers, its Ñ tells: "give --rules" was advice to give the option already given.
    bare = tmp_path / "bare.gcg"
    bare.write_text("".join(line for line in SPANISH.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.startswith("#lexicon")), encoding="utf-8")
    result = cli(["rescore", "--rules", "catalan", str(bare)])
    assert result.exit_code == 2
    assert "this record is of the spanish tile set (from the letters of its plays and racks (Ñ)); " \
        "--rules catalan is Catalan: leave --rules out (the record's ruleset is fise)" in error_line(result)


def test_a_record_under_a_ruleset_of_its_tile_set_is_rescored(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli(["rescore", "--rules", "naspa", str(ENGLISH)]).exit_code in (0, 1)


# -- JSON and CSV text ---------------------------------------------------------------------------


def test_line_and_paragraph_separators_are_escaped_in_json(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Valid JSON either way, but str.splitlines() (and JavaScript before ES2019) split a line of
    JSON Lines at a raw U+2028: one game read as two lines."""
    game = tmp_path / "sep.gcg"
    game.write_text(ENGLISH.read_text().replace("Alice Smith", "Alice\u2028Smith\u2029Jr"), encoding="utf-8")
    for output in ("jsonl", "json"):
        result = cli(["rescore", "--format", output, str(game), str(ENGLISH)])
        assert "\u2028" not in result.stdout and "\u2029" not in result.stdout
        assert "Alice\\u2028Smith\\u2029Jr" in result.stdout
        text = result.stdout.splitlines()
        games = [json.loads(line) for line in text] if output == "jsonl" else json.loads(result.stdout)
        assert games[0]["players"][0]["name"] == "Alice\u2028Smith\u2029Jr" and len(games) == 2
        if output == "jsonl":
            assert len(text) == 2


def test_the_csv_file_column_is_the_files_name(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Quoted, not escaped: a program reads the column to open the file (a tab was \\t)."""
    name = tmp_path / 'round 1,\t"board" 2.gcg'
    shutil.copy(ENGLISH, name)
    result = cli(["rescore", "--format", "csv", str(name)])
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[1][0] == str(name) and Path(rows[1][0]).is_file()


# -- the third attack ----------------------------------------------------------------------------


def test_a_password_byte_that_is_not_utf8_is_exit_2_and_never_shown(tmp_path: Path) -> None:
    """It was exit 3, "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff": a byte of the
    password on the screen."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.environ.update(PYTHONUTF8="1", XDG_DATA_HOME=str(tmp_path))
        os.execv(sys.executable, [sys.executable, "-m", "adjudicate", "judge", "--password-prompt",
                                  "--log", str(tmp_path / "log.jsonl")])
    out = b""
    try:
        while b"session: " not in out:
            out += os.read(fd, 1024)
        os.write(fd, b"s3cr\xffet\n")
        while True:
            chunk = os.read(fd, 1024)
            if not chunk:
                break
            out += chunk
    except OSError:  # (the child ended: EIO on the pty)
        pass
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    shown = out.split(b"session: ", 1)[1]
    assert os.waitstatus_to_exitcode(status) == 2, out
    assert b"Error: --password-prompt: the password typed is not text" in shown
    for leak in (b"\xff", b"0xff", b"\\xff", b"s3cr", b"et"):
        assert leak not in shown.replace(b"text", b"").replace(b"Start", b"").replace(b"type", b""), shown


def test_jobs_out_of_file_descriptors_falls_back_to_one_process(tmp_path: Path) -> None:
    """``ulimit -n 8``: os.pipe for the workers failed with EMFILE, exit 3. Now the batch is done
    with the workers the system gives (here, fewer), or in this process: the same output."""
    import resource

    from adjudicate.cli.rescore import POOL_THRESHOLD

    games = []
    for i in range(POOL_THRESHOLD + 20):
        games.append(str(tmp_path / f"g{i:03}.gcg"))
        shutil.copy(ENGLISH, games[-1])
    whole = adjudicate(["rescore", "--format", "csv", *games], capture_output=True)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (8, 8))

    done = adjudicate(["rescore", "--jobs", "2", "--format", "csv", *games], capture_output=True,
                      preexec_fn=limit)
    assert done.returncode == whole.returncode == 0, done.stderr
    assert done.stdout == whole.stdout and len(done.stdout.splitlines()) == len(games) + 1


def test_out_of_memory_reading_a_record_is_exit_2_naming_it(tmp_path: Path) -> None:
    """Under a memory limit (``ulimit -v``) a record of 15 MB cannot be read: it was exit 3
    ("internal error ... MemoryError"); it is exit 2, naming the file."""
    import resource

    big = tmp_path / "big.gcg"
    note = "#note " + "x" * 150 + "\n"  # (95,000 lines: under the reader's 100,000 and 16 MiB)
    big.write_text(ENGLISH.read_text() + note * 95_000)
    cap = 50 << 20

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    small = adjudicate(["rescore", "--format", "csv", str(ENGLISH)], capture_output=True, preexec_fn=limit)
    if small.returncode != 0:
        pytest.skip(f"this Python does not start in {cap >> 20} MiB of address space")
    done = adjudicate(["rescore", "--format", "csv", str(big)], capture_output=True, preexec_fn=limit)
    assert done.returncode == 2
    assert f"Error: {big}: out of memory reading it".encode() in done.stderr, done.stderr


def test_a_bare_lexicon_id_is_never_a_directory_of_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lexicon_of: Callable[..., Path], cli, error_line, env: Path,
) -> None:  # type: ignore[no-untyped-def]
    """docs/trust.md lists where an id is looked up; ./NWL23 in the working directory was loaded
    for --lexicon NWL23 too, so a directory left where the session starts could be the lexicon."""
    lexicon_of(tmp_path / "NWL23", ["cat"], name="PLANTED")
    monkeypatch.chdir(tmp_path)
    result = cli(["challenge", "--lexicon", "NWL23", "CAT"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "unknown lexicon 'NWL23'" in error_line(result)
    assert "give it as a path, ./NWL23" in error_line(result)
    result = cli(["challenge", "--lexicon", "./NWL23", "CAT"])
    assert result.exit_code == 0 and "PLANTED" in result.stdout


def test_in_place_help_says_hard_links_keep_the_old_record(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli(["correct", "--help"])
    assert "another hard link to the old one keeps the old record" in " ".join(result.stdout.split())
