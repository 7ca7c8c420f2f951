"""Building a lexicon (``adjudicate.lexicon.build``): the same words give the same bytes, and
nothing the user gave is lost or replaced silently.

An empty source is an error, not an empty lexicon in place of a real one; an existing lexicon
directory is replaced only when it holds nothing but what a build writes or keeps; a symlinked
``-o`` keeps its link; the id written is one the loader reads; a build that fails halfway leaves
the previous lexicon as it was.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import shutil
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicate import forked, tiles
from adjudicate import lexicon as lx
from adjudicate.errors import LexiconError
from adjudicate.lexicon import build, build_lexicon, dawgfile, wordlist
from adjudicate.lexicon.store import plain_name

pytestmark = pytest.mark.slow  # (lexicon builds)

WORDS = Path(__file__).resolve().parent / "data" / "words"
ES = WORDS / "lex_es.txt"  # UTF-8 with BOM, CRLF; 10 words
EN_OLD = WORDS / "lex_en_old.txt"
EN_NEW = WORDS / "lex_en_new.txt"
REPO = Path(__file__).resolve().parent.parent
DISC = Path(os.environ.get("ADJUDICATE_DISC", REPO.parent / "shared" / "lexicons" / "disc" / "words.txt.gz"))


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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no words (the list is empty"),
        ("# only a comment\n\n", "no words (the list is empty"),
        ("kiwi\nwhy\n", "no words: all 2 entries were rejected"),
    ],
    ids=["empty", "comments", "all-rejected"],
)
def test_a_source_of_no_words_does_not_replace_a_lexicon(tmp_path: Path, built: Path, text: str, message: str,
                                                         cli, words_of) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(tmp_path)
    empty = tmp_path / "empty.txt"
    empty.write_text(text)
    before["empty.txt"] = text.encode()
    result = cli(["lexicon", "build", str(empty), "-a", "catalan", "-n", "X", "-o", str(built)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"Error: {empty}: {message}") and "nothing written" in result.stderr
    assert snapshot(tmp_path) == before  # the lexicon untouched, no temporary directory left
    assert words_of(built) == ["CASA", "COSA", "GAT"]


def test_an_empty_stdin_does_not_replace_a_lexicon(tmp_path: Path, built: Path, cli) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(tmp_path)
    result = cli(["lexicon", "build", "-", "-a", "catalan", "-n", "X", "-o", str(built)], stdin=b"")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: <stdin>: no words") and "nothing written" in result.stderr
    assert snapshot(tmp_path) == before


def test_a_source_of_no_words_creates_no_lexicon(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(LexiconError, match="no words"):
        lx.build_lexicon(str(empty), "english", "X", out_dir=str(tmp_path / "new" / "lx"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]


def test_a_rebuild_says_it_replaced_the_lexicon(tmp_path: Path, source: Path, cli, words_of) -> None:  # type: ignore[no-untyped-def]
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
    tmp_path: Path, built: Path, source: Path, extra: dict[str, str], named: str, cli
) -> None:  # type: ignore[no-untyped-def]
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


def test_a_symlinked_output_keeps_its_link_and_leaves_nothing_behind(tmp_path: Path, source: Path, cli,
                                                                     words_of) -> None:  # type: ignore[no-untyped-def]
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


def test_a_dangling_symlink_is_not_followed(tmp_path: Path, source: Path, cli) -> None:  # type: ignore[no-untyped-def]
    link = tmp_path / "lx"
    link.symlink_to(tmp_path / "gone" / "lx")
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(link)])
    assert result.exit_code == 2 and "is a symlink to" in result.stderr and "which does not exist" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lx", "src.txt"] and link.is_symlink()


def test_a_replaced_lexicon_that_cannot_be_removed_is_reported(
    tmp_path: Path, built: Path, source: Path, monkeypatch: pytest.MonkeyPatch, cli, words_of
) -> None:  # type: ignore[no-untyped-def]
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


def test_an_empty_output_directory_is_used_and_not_called_a_lexicon(tmp_path: Path, source: Path, cli,
                                                                    words_of) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "lx"
    out.mkdir()
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(out), "--json"])
    assert result.exit_code == 0 and '"replaced": false' in result.stdout
    assert words_of(out) == ["CASA", "COSA", "GAT"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lx", "src.txt"]


@pytest.mark.parametrize("name", ["a\\b", "tab\there", "new\nline", "x" * 201], ids=["backslash", "tab", "newline", "long"])
def test_an_output_directory_whose_name_is_no_lexicon_id_is_refused(tmp_path: Path, source: Path, name: str,
                                                                    cli) -> None:  # type: ignore[no-untyped-def]
    assert not plain_name(name)  # the loader's rule: it would refuse the manifest's id
    result = cli(["lexicon", "build", str(source), "-a", "catalan", "-n", "X", "-o", str(tmp_path / name)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"Error: the output directory {name!r} (in {tmp_path}) cannot be a lexicon id: an id is a plain name "
        "(1 to 200 printable characters, no / or \\, not . or ..)\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["src.txt"]  # nothing written, no temporary left


def test_an_output_directory_with_a_plain_but_unusual_name_builds_and_loads(tmp_path: Path, source: Path, cli) -> None:  # type: ignore[no-untyped-def]
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


# -- 4. the same words, the same bytes ----------------------------------------------------------


def test_build_writes_a_lexicon(es_lex: Path, words_of) -> None:  # type: ignore[no-untyped-def]
    assert sorted(os.listdir(es_lex)) == ["manifest.json", "words.dawg", "words.txt.gz"]
    spanish = tiles.get_alphabet("spanish")
    assert words_of(es_lex) == [tiles.format_word(tiles.from_key(key, spanish), spanish)
                                for key in lx.check_word_list(str(ES), spanish).keys]
    manifest = json.loads((es_lex / "manifest.json").read_text("utf-8"))
    assert manifest["id"] == "es-test" and manifest["name"] == "Test ES" and manifest["edition"] == "1"
    assert (manifest["alphabet"], manifest["language"], manifest["word_count"]) == ("spanish", "es", 10)
    assert manifest["histogram"] == {"2": 1, "4": 6, "5": 3}
    assert manifest["source"]["file"] == "lex_es.txt"
    text = gzip.decompress((es_lex / "words.txt.gz").read_bytes())
    assert manifest["text_sha256"] == hashlib.sha256(text).hexdigest()
    assert manifest["dawg_sha256"] == hashlib.sha256((es_lex / "words.dawg").read_bytes()).hexdigest()
    assert set(manifest["builder"]) == {"adjudicate", "DAWG2", "python"}


def test_same_words_in_any_order_build_byte_identical(tmp_path: Path) -> None:
    lines = ES.read_text("utf-8-sig").splitlines()
    random.Random(7).shuffle(lines)
    shuffled = tmp_path / "src" / "lex_es.txt"  # same file name: the manifest records it
    shuffled.parent.mkdir()
    shuffled.write_text("\n".join(line.lower() for line in lines) + "\n", encoding="latin-1", errors="strict")
    a, b, c = (str(tmp_path / n / "es") for n in ("a", "b", "c"))  # the id is the directory's name
    lx.build_lexicon(str(ES), "spanish", "Test ES", out_dir=a)
    lx.build_lexicon(str(ES), "spanish", "Test ES", out_dir=c)
    report = lx.build_lexicon(str(shuffled), "spanish", "Test ES", out_dir=b)
    assert report.encoding == "latin-1" and report.word_count == 10
    for name in ("words.dawg", "words.txt.gz", "manifest.json"):
        assert Path(a, name).read_bytes() == Path(c, name).read_bytes(), name
    assert Path(a, "words.dawg").read_bytes() == Path(b, "words.dawg").read_bytes()
    assert Path(a, "words.txt.gz").read_bytes() == Path(b, "words.txt.gz").read_bytes()
    ma, mb = (json.loads(Path(d, "manifest.json").read_text("utf-8")) for d in (a, b))
    assert ma["source"]["sha256"] != mb["source"]["sha256"]  # the source file itself differs
    ma.pop("source"), mb.pop("source")
    assert ma == mb


FAST_VS_GENERAL = [
    # Catalan: every spelling of L·L, Ç, accents, lower case, duplicates, CRLF below.
    ("catalan", ["CEL·LA", "cel.la", "ANY", "QUATRE", "Garçó", "NYAP", "L·LAMP", "ABAC", "abac", "ZA", "QÜESTIO"]),
    # Spanish: plain and bracketed digraphs, digit aliases, Ñ, an overlap of LL forms (CALLLE).
    ("spanish", ["CHARRO", "[CH]A[RR]O", "1A3O", "calle", "CALLLE", "ñandú", "Ñandu", "[ch]ico", "RRR", "ZA"]),
    ("english", ["QI", "za", "QUIXOTIC", "qi", "AA", "ZYZZYVA"]),
]


@pytest.mark.parametrize(("alphabet", "words"), FAST_VS_GENERAL)
def test_a_list_with_a_comment_builds_what_the_clean_list_builds(
    alphabet: str, words: list[str], tmp_path: Path
) -> None:
    """A clean list, and the same words reversed with a comment line (which the keyer cannot read:
    the careful reading of its line skips it): the same DAWG, text and counts."""

    clean = tmp_path / "clean.txt"
    clean.write_bytes(("\r\n".join(words * 2) + "\r\n").encode("utf-8"))
    commented = tmp_path / "commented.txt"
    commented.write_text("# a comment forces the line-by-line reader\n" + "\n".join(reversed(words)) + "\n", "utf-8")
    fast = lx.build_lexicon(str(clean), alphabet, "x", out_dir=str(tmp_path / "fast"))
    slow = lx.build_lexicon(str(commented), alphabet, "x", out_dir=str(tmp_path / "slow"))
    for name in ("words.dawg", "words.txt.gz"):
        assert (tmp_path / "fast" / name).read_bytes() == (tmp_path / "slow" / name).read_bytes(), name
    assert fast.word_count == slow.word_count and fast.histogram == slow.histogram and not fast.rejected
    assert (fast.entries, fast.duplicates) == (2 * len(words), 2 * len(words) - fast.word_count)
    assert lx.check_word_list(str(clean), alphabet).keys == lx.check_word_list(str(commented), alphabet).keys


def test_build_refuses_a_directory_that_is_not_a_lexicon(tmp_path: Path) -> None:
    target = tmp_path / "notes"
    target.mkdir()
    (target / "todo.txt").write_text("keep me")
    with pytest.raises(LexiconError, match="not a lexicon directory"):
        lx.build_lexicon(str(ES), "spanish", "x", out_dir=str(target))
    assert (target / "todo.txt").read_text() == "keep me"


def test_build_never_replaces_its_source(tmp_path: Path) -> None:
    out = tmp_path / "lex"
    lx.build_lexicon(str(ES), "spanish", "x", out_dir=str(out))
    inside = out / "words.txt"
    shutil.copy(EN_OLD, inside)
    with pytest.raises(LexiconError, match="inside the output directory"):
        lx.build_lexicon(str(inside), "english", "x", out_dir=str(out))
    assert inside.read_bytes() == EN_OLD.read_bytes()


def test_rebuild_replaces_a_lexicon_and_keeps_its_licence(tmp_path: Path, words_of) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "lex"
    lx.build_lexicon(str(EN_OLD), "english", "x", out_dir=str(out), licence_text="L", attribution="A")
    lx.build_lexicon(str(EN_NEW), "english", "x", out_dir=str(out))
    assert (out / "LICENSE").read_text() == "L" and (out / "ATTRIBUTION").read_text() == "A"
    assert words_of(out) == ["CAT", "CATS", "DOG", "EMU", "FISH", "QI", "XU", "ZA"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp dirs left


@pytest.mark.skipif(not DISC.is_file(), reason=f"DISC list not found at {DISC} (set ADJUDICATE_DISC)")
def test_disc_builds_and_verifies_against_its_source(tmp_path: Path) -> None:
    report = lx.build_lexicon(str(DISC), "catalan", "DISC", out_dir=str(tmp_path / "disc"))
    assert (report.word_count, len(report.rejected), report.duplicates) == (583013, 0, 0)
    verified = lx.verify_lexicon(str(tmp_path / "disc"), str(DISC))
    assert verified.ok, verified.failures
    lex = lx.open_lexicon(str(tmp_path / "disc"))
    assert lex.contains_word("CEL·LA") and lex.contains_word("quatre") and not lex.contains_word("QUATREZ")


@pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")
@pytest.mark.parametrize("compressed", [False, True])
def test_a_build_split_with_a_child_process_writes_the_bytes_one_process_writes(
    compressed: bool, catalan_words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child reads every other chunk and builds the DAWG; with no fork, this process does it
    all: the same three files, byte for byte."""
    import gzip

    words = catalan_words
    listed = words + words[::7]  # some twice: the duplicates are counted
    text = ("\n".join(reversed(listed)) + "\n").encode("utf-8")
    source = tmp_path / ("list.txt.gz" if compressed else "list.txt")
    source.write_bytes(gzip.compress(text, mtime=0) if compressed else text)
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 499)
    monkeypatch.setattr(wordlist, "_STEP", 97)
    forks = []

    def counted(*args):  # type: ignore[no-untyped-def]
        child = start(*args)
        forks.append(child is not None)
        return child

    start = forked.start
    monkeypatch.setattr(forked, "start", counted)
    built = {}
    for fork in (True, False):
        monkeypatch.setattr(forked, "AVAILABLE", fork)
        assert len(wordlist.scan(source.read_bytes(), str(source), tiles.get_alphabet("catalan")).blocks) > 5
        forks.clear()
        out = tmp_path / str(fork) / "lex"
        report = build_lexicon(str(source), "catalan", "x", out_dir=str(out))
        assert forks == [fork, fork]  # the scan's child, the DAWG's child
        assert (report.entries, report.word_count, report.duplicates) == (len(listed), len(words), len(words[::7]))
        built[fork] = {name: (out / name).read_bytes() for name in ("words.dawg", "words.txt.gz", "manifest.json")}
    assert built[True] == built[False]


def _kill_child(monkeypatch: pytest.MonkeyPatch, which: int) -> None:
    """The ``which``-th child process started (1: the scan's, 2: the DAWG's) ends as SIGKILL would."""
    start, started, parent = forked.start, [], os.getpid()

    def killed(function):  # type: ignore[no-untyped-def]
        def wrapper(*args):  # type: ignore[no-untyped-def]
            if os.getpid() != parent:
                os.kill(os.getpid(), signal.SIGKILL)
            return function(*args)

        return wrapper

    def counted(function, *args):  # type: ignore[no-untyped-def]
        started.append(function)
        return start(killed(function) if len(started) == which else function, *args)

    monkeypatch.setattr(forked, "start", counted)


@pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")
def test_a_scan_child_killed_leaves_its_share_to_this_process(catalan_words: list[str], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    words = catalan_words
    source = tmp_path / "list.txt"
    source.write_bytes(("\n".join(reversed(words)) + "\n").encode("utf-8"))
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 499)
    reference = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "a" / "lex"))
    _kill_child(monkeypatch, 1)
    report = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "b" / "lex"))
    assert (report.entries, report.word_count, report.histogram) == (
        reference.entries, reference.word_count, reference.histogram)
    for name in ("words.dawg", "words.txt.gz"):
        assert (tmp_path / "a" / "lex" / name).read_bytes() == (tmp_path / "b" / "lex" / name).read_bytes()


@pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")
def test_a_dawg_child_killed_is_an_error_and_the_old_lexicon_stays(catalan_words: list[str], tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    words = catalan_words
    source = tmp_path / "list.txt"
    source.write_bytes(("\n".join(words) + "\n").encode("utf-8"))
    lexicon = tmp_path / "lex"
    build_lexicon(str(source), "catalan", "x", out_dir=str(lexicon))
    before = {p.name: p.read_bytes() for p in lexicon.iterdir()}
    source.write_bytes(("\n".join(words[:100]) + "\n").encode("utf-8"))
    _kill_child(monkeypatch, 2)
    with pytest.raises(LexiconError, match="building words.dawg failed: .* status -9"):
        build_lexicon(str(source), "catalan", "x", out_dir=str(lexicon))
    assert {p.name: p.read_bytes() for p in lexicon.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lex", "list.txt"]  # no building directory left


# -- 5. a build that fails halfway, or is refused, writes nothing --------------------------------


@pytest.mark.parametrize(("option", "value"), [("--name", "X\x1b[2J"), ("--edition", "1\n2")])
def test_lexicon_build_refuses_a_control_character_in_a_text_field(tmp_path: Path, option: str, value: str,
                                                                   cli, error_line) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "words.txt"
    source.write_text("qi\nza\n")
    args = ["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(tmp_path / "lex"), option, value]
    result = cli(args)
    field = option.lstrip("-")
    assert result.exit_code == 2 and f"the manifest's {field} would hold a control character" in error_line(result)
    assert "\x1b" not in result.stderr and not (tmp_path / "lex").exists()


def test_lexicon_build_does_not_write_over_its_source(tmp_path: Path, lexicon_of: Callable[..., Path], cli,
                                                      error_line) -> None:  # type: ignore[no-untyped-def]
    # -o a directory that holds the source (here: an existing lexicon directory)
    lexicon = lexicon_of(tmp_path / "lex", ["cat", "dog"], name="LEX", edition="1")
    source = lexicon / "mine.txt"
    source.write_text("qi\nza\n")
    result = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(lexicon)])
    assert result.exit_code == 2 and "inside the output directory" in error_line(result)
    assert source.read_text() == "qi\nza\n"
    # -o an existing directory that is not a lexicon
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("keep me\n")
    source = tmp_path / "words.txt"
    source.write_text("qi\nza\n")
    result = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(notes)])
    assert result.exit_code == 2 and "is not a lexicon directory" in error_line(result)
    assert sorted(p.name for p in notes.iterdir()) == ["todo.txt"]
    # -o the source file itself
    result = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(source)])
    assert result.exit_code == 2 and "is not a directory" in error_line(result)
    assert source.read_text() == "qi\nza\n"


def _failing_second_call(real):  # type: ignore[no-untyped-def]
    calls = []

    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(args)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        return real(*args, **kwargs)

    return wrapper


@pytest.mark.parametrize("where", ["writing the DAWG", "the exchange"])
def test_a_lexicon_build_that_fails_halfway_leaves_the_old_lexicon(tmp_path: Path, monkeypatch, where: str,  # type: ignore[no-untyped-def]
                                                                   lexicon_of: Callable[..., Path], leftovers) -> None:  # type: ignore[no-untyped-def]
    lexicon = lexicon_of(tmp_path / "lex", ["cat", "dog"], name="LEX", edition="1")
    files = {p.name: p.read_bytes() for p in lexicon.iterdir()}
    source = tmp_path / "new.txt"
    source.write_text("qi\nza\nquixotic\n")

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    if where == "writing the DAWG":
        monkeypatch.setattr(dawgfile, "build", boom)
    else:
        monkeypatch.setattr(build, "exchange", boom)
    with pytest.raises(OSError):
        build_lexicon(str(source), "english", "LEX", out_dir=str(lexicon))
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in lexicon.iterdir()} == files
    assert leftovers(tmp_path) == []
    assert lx.load_lexicon(str(lexicon)).contains_word("CAT")


def test_a_lexicon_build_without_exchange_that_fails_halfway_leaves_the_old_lexicon(tmp_path: Path, monkeypatch,  # type: ignore[no-untyped-def]
                                                                                   lexicon_of: Callable[..., Path], leftovers) -> None:  # type: ignore[no-untyped-def]
    """Where directories cannot be exchanged, the files are replaced one by one: the second
    failing puts the first back."""
    lexicon = lexicon_of(tmp_path / "lex", ["cat", "dog"], name="LEX", edition="1")
    files = {p.name: p.read_bytes() for p in lexicon.iterdir()}
    source = tmp_path / "new.txt"
    source.write_text("qi\nza\n")
    monkeypatch.setattr(build, "exchange", lambda a, b: False)
    monkeypatch.setattr(os, "replace", _failing_second_call(os.replace))
    with pytest.raises(OSError):
        build_lexicon(str(source), "english", "LEX", out_dir=str(lexicon))
    monkeypatch.undo()
    assert lexicon.is_dir() and {p.name: p.read_bytes() for p in lexicon.iterdir()} == files
    assert leftovers(tmp_path) == []


_CRASH = """
import os, sys
from adjudicate.lexicon import build
if sys.argv[3] == "files":  # (no exchange here: the files one by one)
    build.exchange = lambda a, b: False
calls = []
def crash(real):  # the Nth rename in the lexicons' directory done, then a crash (power lost, SIGKILL)
    def call(*args, **kwargs):
        done = real(*args, **kwargs)
        if os.path.dirname(sys.argv[2]) in os.fspath(args[0]):
            calls.append(args)
            if len(calls) == int(sys.argv[4]):
                os._exit(9)  # (no finally clause runs)
        return done
    return call
if sys.argv[3] == "files":
    os.replace = crash(os.replace)
else:
    os.rename = crash(os.rename)
build.build_lexicon(sys.argv[1], "english", "MINE", out_dir=sys.argv[2])
"""


@pytest.mark.parametrize(("how", "at"), [("exchange", 1), ("files", 1), ("files", 2)])
def test_a_crash_while_a_lexicon_is_replaced_never_leaves_its_id_to_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lexicon_of: Callable[..., Path], how: str, at: int
) -> None:
    """Issue 26: the build replaced a lexicon in two renames (the old one aside, the new one in);
    killed between them, the user's en-kjxqz was gone and the id resolved to the shipped
    en-kjxqz, silently. Now the directory is there at every moment: the old lexicon, the new
    one, or (files replaced one by one, where there is no exchange) a mix that a load refuses."""
    import subprocess
    import sys

    from adjudicate.lexicon.store import find_lexicon

    home = tmp_path / "lexicons"
    home.mkdir()
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(home))
    mine = lexicon_of(home / "en-kjxqz", ["cat", "dog"], name="MINE", edition="1")
    source = tmp_path / "new.txt"
    source.write_text("qi\nza\n")
    crashed = subprocess.run([sys.executable, "-c", _CRASH, str(source), str(mine), how, str(at)],
                             capture_output=True, text=True, timeout=120)
    assert crashed.returncode == 9, crashed.stderr
    assert find_lexicon("en-kjxqz") == (str(mine), "env")
    try:
        lexicon = lx.load_lexicon(str(mine))
    except LexiconError as err:  # a mix of the two: refused, never another lexicon's verdict
        assert how == "files" and "corrupted" in str(err)
    else:
        assert lexicon.name == "MINE" and lexicon.contains_word("CAT") != lexicon.contains_word("QI")


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_a_german_list_with_sharp_s_builds_it_as_two_s_tiles(tmp_path: Path, encoding: str, cli,  # type: ignore[no-untyped-def]
                                                             words_of) -> None:
    """German Scrabble writes ß as SS (german.tsv's @written): a director's own list keeps its ß
    words, as the keys of the same words written SS (every entry used to be rejected)."""
    source = tmp_path / "de.txt"
    source.write_bytes("straße\nFuß\nMüsli\nhaus\n".encode(encoding))
    out = tmp_path / "de-own"
    result = cli(["lexicon", "build", str(source), "-a", "german", "-n", "Own", "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert words_of(out) == ["FUSS", "HAUS", "MÜSLI", "STRASSE"]
