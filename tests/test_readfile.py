"""What a reader of a named file will open (``adjudicate.readfile.open_regular``): a regular file,
else an error at once.

A FIFO with no writer given as a game or a word list blocked `rescore`, `show` and `lexicon
check`/`build` for ever: every reader of a named file refuses what is not a regular file at once
(readfile.open_regular; the lexicon loader's files and `judge --verify-log` too, tested in
test_lexicon_open.py and test_judgelog.py), naming its kind; a pipe is read as `-` on stdin. Whole
processes, with a timeout a hundred times what a refusal takes, so that a hang fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
