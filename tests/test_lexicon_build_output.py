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
from adjudicate.lexicon import build
from adjudicate.cli import app
from adjudicate.errors import LexiconError
from adjudicate.lexicon.store import plain_name


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
    lx.build_lexicon(str(source), "catalan", "X", out_dir=str(out))
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
        lx.build_lexicon(str(empty), "english", "X", out_dir=str(tmp_path / "new" / "lx"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]


# -- 2. a rebuild replaces a lexicon directory, never the user's other files ------------------------


def test_a_rebuild_says_it_replaced_the_lexicon(tmp_path: Path, source: Path) -> None:
    out = tmp_path / "lx"
    first = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(out)])
    assert first.exit_code == 0 and f"\n  at {out}\n" in first.stdout and "replaced" not in first.stdout
    source.write_text("qui\nnyu\n")
    again = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(out)])
    assert again.exit_code == 0 and f"\n  replaced existing lexicon at {out}\n" in again.stdout
    assert words_of(out) == ["NYU", "QUI"]
    data = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(out), "--json"]).stdout
    assert '"replaced": true' in data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lx", "src.txt"]  # nothing left beside it


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"README.md": "mine"}, "README.md"),
        ({"sub/x": "mine"}, "sub/"),
        ({"README.md": "mine", "sub/x": "mine", "notes.txt": ""}, "README.md, notes.txt, sub/"),
        ({"LICENSE/x": "a directory where the licence file goes"}, "LICENSE/"),
    ],
    ids=["file", "directory", "several", "licence-directory"],
)
def test_a_rebuild_refuses_a_lexicon_directory_holding_other_files(
    tmp_path: Path, built: Path, source: Path, extra: dict[str, str], named: str
) -> None:
    for name, text in extra.items():
        (built / name).parent.mkdir(exist_ok=True)
        (built / name).write_text(text)
    before = snapshot(tmp_path)
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(built)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"Error: {built} holds {named} besides the lexicon;")
    assert snapshot(tmp_path) == before


def test_files_added_while_the_source_is_read_are_not_removed(
    tmp_path: Path, built: Path, source: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The directory is checked again just before it is replaced."""
    scan = build.scan

    def slow_scan(*args, **kwargs):  # type: ignore[no-untyped-def]
        (built / "README.md").write_text("written meanwhile")
        return scan(*args, **kwargs)

    monkeypatch.setattr(build, "scan", slow_scan)
    before = {p.name: p.read_bytes() for p in built.iterdir()}
    with pytest.raises(LexiconError, match="holds README.md besides the lexicon"):
        lx.build_lexicon(str(source), "catalan", "X", out_dir=str(built))
    assert {p.name: p.read_bytes() for p in built.iterdir()} == {**before, "README.md": b"written meanwhile"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lx", "src.txt"]


def test_a_symlinked_output_keeps_its_link_and_leaves_nothing_behind(tmp_path: Path, source: Path) -> None:
    real = tmp_path / "store" / "disc-2024"
    lx.build_lexicon(str(source), "catalan", "X", out_dir=str(real), licence_text="L")
    link = tmp_path / "lexicons" / "disc"
    link.parent.mkdir()
    link.symlink_to(real)
    source.write_text("qui\nnyu\n")
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(link)])
    assert result.exit_code == 0 and link.is_symlink() and str(link.readlink()) == str(real)
    assert f"replaced existing lexicon at {link}\n" in result.stdout
    assert sorted(p.name for p in link.parent.iterdir()) == ["disc"]
    assert sorted(p.name for p in real.parent.iterdir()) == ["disc-2024"]
    assert words_of(real) == ["NYU", "QUI"] and (real / "LICENSE").read_text() == "L"
    assert lx.load_lexicon(str(link)).contains_word("QUI")


def test_a_dangling_symlink_is_not_followed(tmp_path: Path, source: Path) -> None:
    link = tmp_path / "lx"
    link.symlink_to(tmp_path / "gone" / "lx")
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(link)])
    assert result.exit_code == 2 and "is a symlink to" in result.stderr and "which does not exist" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lx", "src.txt"] and link.is_symlink()


def test_a_replaced_lexicon_that_cannot_be_removed_is_reported(
    tmp_path: Path, built: Path, source: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not hidden: the new lexicon is in place, and the message says where the old one was left."""
    import os

    def refuse(real):  # type: ignore[no-untyped-def]
        def wrapper(path, *args, **kwargs):  # type: ignore[no-untyped-def]
            if os.fspath(path) == "words.dawg" or ".lx.old-" in os.fspath(path):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real(path, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(os, "unlink", refuse(os.unlink))
    monkeypatch.setattr(os, "remove", refuse(os.remove))
    source.write_text("qui\nnyu\n")
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(built)])
    monkeypatch.undo()
    assert result.exit_code == 2
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".lx.old-")]
    assert len(left) == 1 and (left[0] / "words.dawg").is_file()
    assert f"could not be removed from {left[0]}" in result.stderr and "remove that directory by hand" in result.stderr
    assert words_of(built) == ["NYU", "QUI"]


def test_an_empty_output_directory_is_used_and_not_called_a_lexicon(tmp_path: Path, source: Path) -> None:
    out = tmp_path / "lx"
    out.mkdir()
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(out), "--json"])
    assert result.exit_code == 0 and '"replaced": false' in result.stdout
    assert words_of(out) == ["CASA", "COSA", "GAT"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lx", "src.txt"]


# -- 3. the id written is one the loader reads -------------------------------------------------------


@pytest.mark.parametrize("name", ["a\\b", "tab\there", "new\nline", "x" * 201], ids=["backslash", "tab", "newline", "long"])
def test_an_output_directory_whose_name_is_no_lexicon_id_is_refused(tmp_path: Path, source: Path, name: str) -> None:
    assert not plain_name(name)  # the loader's rule: it would refuse the manifest's id
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(tmp_path / name)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"Error: the output directory {name!r} (in {tmp_path}) cannot be a lexicon id: an id is a plain name "
        "(1 to 200 printable characters, no / or \\, not . or ..)\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["src.txt"]  # nothing written, no temporary left


def test_an_output_directory_with_a_plain_but_unusual_name_builds_and_loads(tmp_path: Path, source: Path) -> None:
    out = tmp_path / "DISC 2024 (ça)"
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(out)])
    assert result.exit_code == 0 and result.stdout.startswith("built DISC 2024 (ça): 3 words")
    assert lx.load_lexicon(str(out)).id == "DISC 2024 (ça)"


def test_check_of_a_list_of_no_words_says_so_and_exits_1(tmp_path: Path) -> None:
    """`build` refuses a list of no words; `check`, the same validation, said exit 0."""
    from typer.testing import CliRunner

    from adjudicate.cli import app

    source = tmp_path / "empty.txt"
    source.write_text("# only a comment\n\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["lexicon", "check", str(source), "-a", "catalan"])
    assert result.exit_code == 1
    assert "no words" in result.stderr
