"""Issue 22, item 9: a FIFO given as a file to read, --jobs beyond the CPUs, no home directory.

* A FIFO with no writer given as a game or a word list blocked `rescore`, `show` and `lexicon
  check`/`build` for ever: every reader of a named file refuses what is not a regular file at once
  (readfile.open_regular; the lexicon loader's files and `judge --verify-log` too). Whole
  processes, with a timeout a hundred times what a refusal takes, so that a hang fails.
* `--jobs 100` started 100 processes on 2 cores: capped at the CPUs and at the games.
* With `HOME=""` the default judge log went to `/.local/share/...`: the XDG rules, and an error
  (exit 2) when no home can be found.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate import lexicon as lx
from adjudicate.lexicon import store
from adjudicate.cli import app
from adjudicate.cli import rescore as cli_rescore
from adjudicate.judgelog import default_log_path

GAME = Path(__file__).parent / "data" / "games" / "fx_fise_outplay.gcg"
REFUSED = "is not a regular file but a FIFO (named pipe); not reading it (a pipe is read as - on stdin)"


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run([sys.executable, "-m", "adjudicate", *args], capture_output=True, text=True,
                          timeout=60, **kwargs)


@pytest.mark.parametrize("args", [
    ["rescore", "{fifo}"],
    ["rescore", "--format", "json", "{game}", "{fifo}"],
    ["show", "{fifo}"],
    ["lexicon", "check", "{fifo}", "-a", "english"],
    ["lexicon", "build", "{fifo}", "-a", "english", "-n", "X", "-o", "{out}"],
], ids=["rescore", "rescore-batch", "show", "lexicon-check", "lexicon-build"])
def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path: Path, args: list[str]) -> None:
    fifo = tmp_path / "input.fifo"
    os.mkfifo(fifo)
    done = run([a.format(fifo=fifo, game=GAME, out=tmp_path / "lex") for a in args])
    assert done.returncode == 2, done.stderr
    assert f"{fifo} {REFUSED}" in done.stderr
    assert not (tmp_path / "lex").exists()


@pytest.mark.parametrize("kind", ["directory", "device"])
def test_a_directory_or_a_device_given_as_a_game_is_refused(tmp_path: Path, kind: str) -> None:
    path = str(tmp_path) if kind == "directory" else "/dev/zero"
    done = run(["rescore", path])
    assert done.returncode == 2
    assert f"{path} is not a regular file but {'a directory' if kind == 'directory' else 'a character device'}" \
        in done.stderr


def test_a_pipe_is_read_on_stdin() -> None:
    done = run(["rescore", "-"], input=GAME.read_text("utf-8"))
    assert done.returncode == 0, done.stderr


def test_jobs_are_capped_at_the_cpus_and_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert cli_rescore.workers(100, 1000) == 2
    assert cli_rescore.workers(100, 1) == 1
    assert cli_rescore.workers(1, 1000) == 1
    # Not given: one per CPU from POOL_THRESHOLD games; below it one process, whatever is asked.
    assert cli_rescore.workers(None, cli_rescore.POOL_THRESHOLD) == 2
    assert cli_rescore.workers(None, cli_rescore.POOL_THRESHOLD - 1) == 1
    assert cli_rescore.workers(2, cli_rescore.POOL_THRESHOLD - 1) == 1
    seen = []

    def imap(function, count, *, jobs, chunk):  # type: ignore[no-untyped-def]
        seen.append(jobs)
        return (function(i) for i in range(count))

    monkeypatch.setattr("adjudicate.forked.imap", imap)
    games = [str(GAME)] * (cli_rescore.POOL_THRESHOLD + 6)
    result = CliRunner().invoke(app, ["rescore", "--jobs", "100", "--format", "csv", *games])
    assert result.exit_code == 0, result.output
    assert seen == [2]
    result = CliRunner().invoke(app, ["rescore", "--format", "csv", *games])  # (the default)
    assert result.exit_code == 0, result.output
    assert seen == [2, 2]
    result = CliRunner().invoke(app, ["rescore", "--format", "csv", *games[:cli_rescore.POOL_THRESHOLD - 1]])
    assert result.exit_code == 0, result.output
    assert seen == [2, 2]  # (no pool)


@pytest.mark.parametrize("home", ["", "relative/home", None])
def test_no_home_no_default_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, home: str | None) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    monkeypatch.chdir(tmp_path)
    assert store.user_data_dir() is None and lx.user_lexicon_dir() is None
    result = CliRunner().invoke(app, ["judge"], input="QI\n")
    assert result.exit_code == 2
    assert "no place for the default log: neither XDG_DATA_HOME nor HOME is an absolute path; " \
        "give the log's file with --log" in result.stderr
    assert list(tmp_path.iterdir()) == []
    # the shipped lexicons still answer, and --log still works
    logged = CliRunner().invoke(app, ["judge", "--log", str(tmp_path / "j.jsonl")], input="QI\n")
    assert logged.exit_code == 0 and logged.stdout.startswith("ACCEPTABLE")
    source = tmp_path / "w.txt"
    source.write_text("qi\n")
    built = CliRunner().invoke(app, ["lexicon", "build", str(source), "-a", "english", "-n", "X"])
    assert built.exit_code == 2 and "give the output directory with -o" in built.stderr


def test_the_xdg_rules(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative")  # ignored: not absolute
    assert default_log_path("en") == str(tmp_path / "home" / ".local" / "share" / "adjudicate" / "logs" / "en.jsonl")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", "")
    assert default_log_path("en") == str(tmp_path / "data" / "adjudicate" / "logs" / "en.jsonl")
    assert lx.user_lexicon_dir() == str(tmp_path / "data" / "adjudicate" / "lexicons")
