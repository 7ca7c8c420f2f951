"""`lexicon build` and what it writes over: nothing the user gave is lost or replaced silently.

An empty source is an error, not an empty lexicon in place of a real one; an existing lexicon
directory is replaced only when it holds nothing but what a build writes or keeps; a symlinked
``-o`` keeps its link; the id written is one the loader reads.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate import lexicon as lx
from adjudicate import lexiconbuild as lb
from adjudicate.cli import app
from adjudicate.errors import LexiconError


def cli(args: list[str], stdin: str | None = None):  # type: ignore[no-untyped-def]
    """Run a command in-process; an exception that is not SystemExit (exit 3) is re-raised."""
    result = CliRunner().invoke(app, args, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def snapshot(directory: Path) -> dict[str, bytes | str]:
    """Every entry under ``directory`` (not following symlinks): file bytes, ``->target``, ``dir``."""
    out: dict[str, bytes | str] = {}
    for path in sorted(directory.rglob("*")):
        name = path.relative_to(directory).as_posix()
        if path.is_symlink():
            out[name] = "->" + str(path.readlink())
        elif path.is_dir():
            out[name] = "dir"
        else:
            out[name] = path.read_bytes()
    return out


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "src.txt"
    path.write_text("casa\ncosa\ngat\n")
    return path


@pytest.fixture
def built(tmp_path: Path, source: Path) -> Path:
    """A Catalan lexicon of CASA COSA GAT at tmp_path/lx."""
    out = tmp_path / "lx"
    lb.build_lexicon(str(source), "catalan", "X", out_dir=str(out))
    return out


def words_of(directory: Path) -> list[str]:
    return gzip.decompress((directory / "words.txt.gz").read_bytes()).decode("utf-8").splitlines()


# -- 1. a build of no words writes nothing ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no words (the list is empty"),
        ("# only a comment\n\n", "no words (the list is empty"),
        ("kiwi\nwhy\n", "no words: all 2 entries were rejected"),
    ],
    ids=["empty", "comments", "all-rejected"],
)
def test_a_source_of_no_words_does_not_replace_a_lexicon(tmp_path: Path, built: Path, text: str, message: str) -> None:
    before = snapshot(tmp_path)
    empty = tmp_path / "empty.txt"
    empty.write_text(text)
    before["empty.txt"] = text.encode()
    result = cli(["lexicon", "build", str(empty), "-a", "catalan", "-n", "X", "-o", str(built)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"Error: {empty}: {message}") and "nothing written" in result.stderr
    assert snapshot(tmp_path) == before  # the lexicon untouched, no temporary directory left
    assert words_of(built) == ["CASA", "COSA", "GAT"]


def test_an_empty_stdin_does_not_replace_a_lexicon(tmp_path: Path, built: Path) -> None:
    before = snapshot(tmp_path)
    result = cli(["lexicon", "build", "-", "-a", "catalan", "-n", "X", "-o", str(built)], stdin="")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: <stdin>: no words") and "nothing written" in result.stderr
    assert snapshot(tmp_path) == before


def test_a_source_of_no_words_creates_no_lexicon(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(LexiconError, match="no words"):
        lb.build_lexicon(str(empty), "english", "X", out_dir=str(tmp_path / "new" / "lx"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]
