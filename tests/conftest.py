"""Shared fixtures: where the third-party corpus lives (never copied into the project), small
lexicons built for a test and their words read back, the command line run in-process, the
project's game records read, and a process's children (a pool's workers) found in /proc."""

from __future__ import annotations

import gzip
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adjudicate import tiles

REPO = Path(__file__).resolve().parent.parent
WORDS = Path(__file__).resolve().parent / "data" / "words"
GAMES = Path(__file__).resolve().parent / "data" / "games"


def corpus_dir() -> Path:
    return Path(os.environ.get("ADJUDICATE_CORPUS", REPO.parent / "shared" / "corpus"))


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = corpus_dir()
    if not (path / "gcg").is_dir():
        pytest.skip(f"corpus not found at {path} (set ADJUDICATE_CORPUS)")
    return path


# -- lexicons -------------------------------------------------------------------------------------


def _lexicon_of(directory: Path, words: list[str], alphabet: str = "english", *, name: str = "Test",
                **options: Any) -> Path:
    from adjudicate.lexicon import build_lexicon

    source = directory.with_name(directory.name + ".txt")
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    build_lexicon(str(source), alphabet, name, out_dir=str(directory), **options)
    return directory


@pytest.fixture(scope="session")
def lexicon_of() -> Callable[..., Path]:
    """``lexicon_of(directory, words, alphabet="english", *, name="Test", **build_options)``: a
    lexicon of ``words`` built into ``directory`` (its id is the directory's name) from a list
    written beside it (``<directory>.txt``)."""
    return _lexicon_of


def _words_of(directory: Path) -> list[str]:
    return gzip.decompress((directory / "words.txt.gz").read_bytes()).decode("utf-8").splitlines()


@pytest.fixture(scope="session")
def words_of() -> Callable[[Path], list[str]]:
    """``words_of(directory)``: the words of the lexicon in ``directory``, as its words.txt.gz lists
    them (canonical labels, sorted)."""
    return _words_of


@pytest.fixture
def small(tmp_path: Path, lexicon_of: Callable[..., Path]) -> Path:
    """An English lexicon of CAT DOG QI ZA, id ``small``, name SMALL, edition 1."""
    return lexicon_of(tmp_path / "small", ["cat", "dog", "qi", "za"], name="SMALL", edition="1")


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty $ADJUDICATE_LEXICONS dir and user data dir (the shipped lexicons stay visible)."""
    (tmp_path / "lexicons").mkdir()
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(tmp_path / "lexicons"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "lexicons"


@pytest.fixture
def es_lex(env: Path) -> Path:
    """tests/data/words/lex_es.txt built as ``es-test`` on $ADJUDICATE_LEXICONS (10 words)."""
    from adjudicate.lexicon import build_lexicon

    build_lexicon(str(WORDS / "lex_es.txt"), "spanish", "Test ES", edition="1", out_dir=str(env / "es-test"))
    return env / "es-test"


@pytest.fixture(scope="session")
def catalan_words() -> list[str]:
    """About 600 Catalan words of QU, NY, L·L and Ç tiles (keys that sort before A), sorted."""
    alphabet = tiles.get_alphabet("catalan")
    rng = random.Random(7)
    stems = ["ABA", "DEQU", "DENY", "CEL·L", "QUA", "NYA", "ÇA", "ESQU"]
    endings = ["", "CO", "QUE", "NY", "L·LA", "S", "ÇA", "A", "EN"]
    words = sorted({rng.choice(stems) + rng.choice(endings) + rng.choice(endings) for _ in range(1200)})
    return [w for w in words if 2 <= len(tiles.parse_word(w, alphabet)) <= 15]


# -- the command line, in-process -----------------------------------------------------------------


def _cli(args: list[str], stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    """Run a command in-process; an exception that is not SystemExit would be exit 3: re-raised."""
    from typer.testing import CliRunner

    from adjudicate.cli import app

    result = CliRunner().invoke(app, args, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def _error_line(result) -> str:  # type: ignore[no-untyped-def]
    lines = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert lines, result.output
    return lines[-1]


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


@pytest.fixture(scope="session")
def cli() -> Callable[..., Any]:
    """``cli(args, stdin=None)``: ``adjudicate ARGS`` run in-process (click's result); an exception
    that is not SystemExit, which the console script would turn into exit 3, is re-raised."""
    return _cli


@pytest.fixture(scope="session")
def error_line() -> Callable[[Any], str]:
    """``error_line(result)``: the last ``Error: ...`` line a command wrote on stderr (there is one)."""
    return _error_line


@pytest.fixture(scope="session")
def leftovers() -> Callable[[Path], list[str]]:
    """``leftovers(directory)``: the names of its hidden files (a temporary file left behind)."""
    return _leftovers


@pytest.fixture
def runner():  # type: ignore[no-untyped-def]
    """A click ``CliRunner``: ``runner.invoke(app, args)`` returns what happened, an exception
    included (``cli`` re-raises it)."""
    from typer.testing import CliRunner

    return CliRunner()


# -- the project's game records (tests/data/games) ---------------------------------------------


def _record_of(name: str):  # type: ignore[no-untyped-def]
    from adjudicate.gcg import read_gcg

    return read_gcg((GAMES / name).read_bytes(), name=name)


def _messages(report) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.message for d in report.discrepancies]


def _totals(report) -> dict[str, tuple[int | None, int]]:  # type: ignore[no-untyped-def]
    return {p.nick: (p.recorded_final, p.computed_final) for p in report.players}


@pytest.fixture(scope="session")
def record_of() -> Callable[[str], Any]:
    """``record_of(name)``: tests/data/games/NAME read (``read_gcg``, named NAME)."""
    return _record_of


@pytest.fixture(scope="session")
def messages() -> Callable[[Any], list[str]]:
    """``messages(report)``: the messages of a rescore report's discrepancies, in order."""
    return _messages


@pytest.fixture(scope="session")
def totals() -> Callable[[Any], dict[str, tuple[int | None, int]]]:
    """``totals(report)``: each player's nick -> (the record's final score, the rules' final score)."""
    return _totals


# -- processes (/proc) ----------------------------------------------------------------------------


def _children(pid: int) -> list[int]:
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


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="session")
def children() -> Callable[[int], list[int]]:
    """``children(pid)``: the processes whose parent is ``pid`` (a pool's workers)."""
    return _children


@pytest.fixture(scope="session")
def alive() -> Callable[[int], bool]:
    """``alive(pid)``: the process runs (a zombie waiting to be reaped does not count)."""
    return _alive


# doug and emely, NASPA, six scoreless turns, each subtracts their own tiles (issue 25's example).
# 8D WINDY: W 4 x DL (D8) = 8 + I 1 + N 1 + D 2 + Y 4 = 16, x2 (H8, DW) = 32; recorded +16.
# 7C QUEER: Q 10 x DL = 20 + U 1 + E 1 + E 1 + R 1 x DL = 2 = 25, and the cross words UW 5, EI 2,
# EN 2, RD 4 (R on a DL: 2 + D 2): 25 + 13 = 38; recorded +48.
# doug's rack AEINOTV: 1+1+1+1+1+1+4 = 10; emely's BIJKOXZ: 3+1+8+5+1+8+10 = 36.
# The record's totals: doug 16 - 10 = 6, emely 48 - 36 = 12: emely wins.
# The rules':          doug 32 - 10 = 22, emely 38 - 36 = 2: doug wins.
@pytest.fixture(scope="session")
def doug_emely() -> str:
    """A hand-made NASPA record whose winner changes (issue 25): the record's totals give emely,
    the rules doug (the arithmetic above)."""
    return """#character-encoding UTF-8
#lexicon NWL23
#player1 doug Doug
#player2 emely Emely
>doug: DINNVWY 8D WINDY +16 16
>emely: EEIOQRU 7C QUEER +48 48
>doug: AEINOTV - +0 16
>emely: BIJKOXZ - +0 48
>doug: AEINOTV - +0 16
>emely: BIJKOXZ - +0 48
>doug: AEINOTV - +0 16
>emely: BIJKOXZ - +0 48
>doug: AEINOTV (AEINOTV) -10 6
>emely: BIJKOXZ (BIJKOXZ) -36 12
"""


# A Catalan record whose second play cannot be placed (issue 25, item 5). Catalan values (RULES.md
# §4.3 of the project's sources: A 1, C 2, D 2, S 1, U 1).
# Line 5: 8G CASA: C 2 + A 1 + S 1 + A 1 = 5, x2 (H8, the centre) = 10.
# Line 6: H4 ANY. (A at H4, NY at H5, then a tile played through at H6, which is empty): no play;
#   its A and NY are kept where written, rescore reports the line ("later plays are checked on
#   the board without it") and counts +12 as recorded.
# Line 7: 6G E.S (E at G6, a tile played through at H6, S at I6): H6 is still empty, which
#   follows from line 6: not reported, its E and S kept where written, +5 counted as recorded.
# Line 8: 9G DU: D 2 x DL (G9) = 4 + U 1 = 5; cross words CD (C) 2 + D 4 = 6, AU (A) 1 + U 1 = 2;
#   13, recorded 5: information ("not checked: the board lacks the play at line 6"), no finding.
@pytest.fixture(scope="session")
def unplaced_catalan() -> bytes:
    return b"""#character-encoding UTF-8
#lexicon DISC
#player1 anna Anna
#player2 jordi Jordi
>anna: ACASEIO 8G CASA +10 10
>jordi: ANYBDGM H4 ANY. +12 12
>anna: EIORTSN 6G E.S +5 15
>jordi: BDGMRTU 9G DU +5 17
"""
